import Foundation
import CoreGraphics

/// A premultiplied-alpha colour in the encoded sRGB space, the space in which layers blend.
public struct PremultipliedColor: Equatable, Sendable {
    /// The premultiplied components, 0...1.
    public var red: Float, green: Float, blue: Float, alpha: Float
    /// Creates a premultiplied colour from its components.
    public init(red: Float, green: Float, blue: Float, alpha: Float) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Premultiplies a straight-alpha colour.
    public init(straightRed r: Float, green g: Float, blue b: Float, alpha a: Float) {
        self.init(red: r * a, green: g * a, blue: b * a, alpha: a)
    }
    /// Transparent black.
    public static let clear = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// This colour with every component multiplied by `opacity`.
    public func scaled(by opacity: Float) -> PremultipliedColor {
        PremultipliedColor(red: red * opacity, green: green * opacity, blue: blue * opacity, alpha: alpha * opacity)
    }
}

/// The radii of a rounded rectangle's four corners, in the quad's local units.
/// Corners are named in the quad's local space (y down): minX/minY is the top-left corner.
public struct CornerRadii: Equatable, Sendable {
    /// The radius of each corner.
    public var minXMinY: Float, maxXMinY: Float, maxXMaxY: Float, minXMaxY: Float
    /// Creates radii for each corner.
    public init(minXMinY: Float, maxXMinY: Float, maxXMaxY: Float, minXMaxY: Float) {
        self.minXMinY = minXMinY; self.maxXMinY = maxXMinY; self.maxXMaxY = maxXMaxY; self.minXMaxY = minXMaxY
    }
    /// The same radius on every corner.
    public init(uniform r: Float) { self.init(minXMinY: r, maxXMinY: r, maxXMaxY: r, minXMaxY: r) }
    /// Square corners.
    public static let zero = CornerRadii(uniform: 0)
    /// Whether every corner is square.
    public var isZero: Bool { minXMinY == 0 && maxXMinY == 0 && maxXMaxY == 0 && minXMaxY == 0 }
}

/// How a texture is sampled when drawn smaller or larger than its pixel size.
public enum TextureFilter: Sendable, Equatable {
    /// Nearest pixel, no blending.
    case nearest
    /// Bilinear interpolation.
    case linear
    /// Bilinear interpolation between the two nearest mipmap levels.
    case trilinear
}

/// An image drawn into a quad: which part of the image (unit texture coordinates, y down,
/// (0,0) = first pixel of the first row) maps onto the quad's rect.
public struct TextureSource: Sendable, Equatable {
    /// The image; its identity decides when a renderer re-uploads it.
    public var image: CGImage
    /// The sub-rectangle of the image, in unit coordinates, that covers the quad's rect.
    /// Values outside 0...1 clamp to the edge pixels.
    public var unitRect: CGRect
    /// Filter used when the image is drawn smaller than its size.
    public var minificationFilter: TextureFilter
    /// Filter used when the image is drawn larger than its size.
    public var magnificationFilter: TextureFilter
    /// A video frame drawn instead of `image` (then a shared placeholder), or nil.
    public var video: VideoFrameImage?
    /// Creates a texture source.
    public init(image: CGImage, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                minificationFilter: TextureFilter = .linear, magnificationFilter: TextureFilter = .linear) {
        self.image = image; self.unitRect = unitRect
        self.minificationFilter = minificationFilter; self.magnificationFilter = magnificationFilter
    }

    /// Creates a texture source of a video frame (see `VideoFrameImage`).
    public init(video: VideoFrameImage, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                minificationFilter: TextureFilter = .linear, magnificationFilter: TextureFilter = .linear) {
        self.init(image: VideoFrameImage.placeholder, unitRect: unitRect, minificationFilter: minificationFilter,
                  magnificationFilter: magnificationFilter)
        self.video = video
    }

    /// Two sources are equal when they draw the same image (or video frame) object the same way.
    public static func == (a: TextureSource, b: TextureSource) -> Bool {
        a.image === b.image && a.video === b.video && a.unitRect == b.unitRect
            && a.minificationFilter == b.minificationFilter && a.magnificationFilter == b.magnificationFilter
    }
}

/// A clip region: a (rounded) rectangle in its own plane, intersected with its parent clip.
public struct Clip: Sendable, Equatable {
    /// The clip's local space to canvas pixels.
    public var transform: Matrix4
    /// The clip rectangle in its local space.
    public var rect: CGRect
    /// Corner radii of the clip rectangle.
    public var cornerRadii: CornerRadii
    /// Index of the enclosing clip in `DrawList.clips`, or nil.
    public var parentIndex: Int32?
    /// Creates a clip.
    public init(transform: Matrix4, rect: CGRect, cornerRadii: CornerRadii = .zero, parentIndex: Int32? = nil) {
        self.transform = transform; self.rect = rect; self.cornerRadii = cornerRadii; self.parentIndex = parentIndex
    }

    /// The deepest chain of nested clips a renderer applies to one drawable: the innermost
    /// `maximumDepth` clips of a deeper chain (or of one that loops) clip it, the outer ones are
    /// ignored. Both renderers follow this limit, and the GLES quad shader's `maximumClipDepth`
    /// equals it.
    public static let maximumDepth = 8
}

/// One step of a flattened frame, in painter's order.
///
/// Groups nest: every `.beginGroup` is closed by one `.endGroup`, and at most one `.beginMask`
/// may stand between them. Commands inside a group draw into the group's intermediate image, in
/// its pixel space (see `CompositingGroup`).
///
/// A quad keeps its fields in a storage of its own (`Quad`) and a group is kept in a box of its
/// own, so copying a command (a reused subtree's into every frame that draws it) retains one
/// reference instead of copying hundreds of bytes field by field; unchanged commands also compare
/// equal by their bytes (`DamageTracker`).
public enum DrawCommand: Sendable, Equatable {
    /// Draw one quad.
    case quad(Quad)
    /// Start drawing into a new transparent intermediate image described by the group.
    indirect case beginGroup(CompositingGroup)
    /// The commands from here to the group's `.endGroup` draw the group's mask: a second
    /// intermediate image of the same size whose alpha multiplies the group's content.
    case beginMask
    /// Finish the innermost group and composite it (shadow first, then content) into the
    /// image that encloses it.
    case endGroup
}

/// A flattened frame: everything a renderer needs, with no knowledge of layers.
public struct DrawList: Sendable, Equatable {
    /// The canvas size in pixels.
    public var pixelWidth: Int
    /// The canvas height in pixels.
    public var pixelHeight: Int
    /// The colour the canvas is cleared to before drawing.
    public var clearColor: PremultipliedColor
    /// The commands in painter's order (first is bottom-most).
    public var commands: [DrawCommand]
    /// Clip regions referenced by quads.
    public var clips: [Clip]
    /// What the list's producer knows about it against the list it produced before, or nil.
    /// It does not change what the list draws, and equality ignores it.
    public var continuity: DrawListContinuity?
    /// Whether a command may read what the commands before it drew: a quad with a `backdrop`
    /// or a group with a `blendFormula`. True unless the producer knows the list has none (a
    /// frame builder does), so that damage is grown for backdrops (`BackdropFilter.grow`) only
    /// where there may be some, without a walk of the commands. Equality ignores it.
    public var mayReadBackdrop = true
    /// The canvas-level backdrop quads whose backdrop is the same as in the list before,
    /// in command order: set by `DamageTracker.damage(for:)` when given the list to mark (empty
    /// otherwise), so that a renderer may show the filtered backdrop it kept instead of
    /// filtering again. Equality ignores it.
    public var unchangedBackdrops: [UnchangedBackdrop] = []

    /// Creates a draw list.
    public init(pixelWidth: Int, pixelHeight: Int, clearColor: PremultipliedColor = .clear,
                commands: [DrawCommand] = [], clips: [Clip] = []) {
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.clearColor = clearColor
        self.commands = commands; self.clips = clips
    }

    /// Whether two lists draw the same: size, clear colour, commands and clips.
    public static func == (a: DrawList, b: DrawList) -> Bool {
        a.pixelWidth == b.pixelWidth && a.pixelHeight == b.pixelHeight && a.clearColor == b.clearColor
            && a.commands == b.commands && a.clips == b.clips
    }
}

/// Statistics of one rendered frame.
public struct RenderStatistics: Sendable, Equatable {
    /// Draw calls issued.
    public var drawCalls: Int = 0
    /// Quads drawn (after culling).
    public var quads: Int = 0
    /// Fragments shaded: the canvas area of the quads submitted, each clipped to its target (and
    /// to the damage of a damage-limited frame), in pixels; counted only when the renderer is
    /// asked to (`GLESRenderer.countsShadedFragments`), 0 otherwise.
    public var fragmentsShaded: Int = 0
    /// Offscreen passes rendered.
    public var offscreenPasses: Int = 0
    /// Filter passes run (the blurs and blooms of layers' `filters`, the filtering of backdrops);
    /// a still frame whose filtered images are kept runs none.
    public var filterPasses: Int = 0
    /// Texture uploads (whole or partial) this frame.
    public var textureUploads: Int = 0
    /// Of `textureUploads`, those that replaced only an image's changed rectangle
    /// (`CGImage.incrementalUpdate`) in the texture of the image it was redrawn from.
    public var partialTextureUploads: Int = 0

    // What the renderer holds after the frame (a long-running kiosk watches these stay flat);
    // all zero for a damage-limited frame that had nothing to redraw.

    /// The images of layer contents held for drawing (the GLES renderer's textures and atlas
    /// pages, the CPU renderer's converted images), including the pictures of text and shape layers.
    public var contentImages = CacheUsage()
    /// The kept contents of rasterized groups (`CompositingGroup.rasterizationKey`), each with its blurred shadow.
    public var rasterizedGroups = CacheUsage()
    /// The offscreen images the renderer keeps for its passes (`OffscreenPool`), idle and in use:
    /// the GLES renderer's render targets, the CPU renderer's group and shadow images.
    public var offscreenTargets = CacheUsage()
    /// The pictures of text and shape layers rasterized for the renderer (filled by `CARenderer`).
    public var layerPictures = CacheUsage()
    /// The subtrees flattened in earlier frames kept for reuse (filled by `CARenderer`; bytes
    /// are those of the kept commands and clips).
    public var flattenedSubtrees = CacheUsage()
    /// The blurred shadow masks the renderer keeps (`ShadowMaskCache`).
    public var shadowMasks = CacheUsage()
    /// Live GL texture objects the GLES renderer created (0 for the CPU renderer).
    public var glTextures: Int = 0
    /// Live GL framebuffer objects the GLES renderer created (0 for the CPU renderer).
    public var glFramebuffers: Int = 0
    /// Live GL buffer objects the GLES renderer created (0 for the CPU renderer).
    public var glBuffers: Int = 0
    /// The resident set size of the process, in bytes (`ProcessMemory.residentBytes()`, read by
    /// `CARenderer` once every 60 frames; 0 from the renderers of flattened frames alone).
    public var residentMemoryBytes: Int = 0
    /// The memory ceiling the caches follow (`MemoryCeiling`): the cgroup's limit or the declared
    /// budget, in bytes, as last read (filled by `CARenderer`; 0 where there is none).
    public var memoryLimitBytes: Int = 0
    /// The memory in use against `memoryLimitBytes` at the same reading (0 where there is none).
    public var memoryInUseBytes: Int = 0
    /// The byte limit each cache followed after the frame (filled by `CARenderer`): the
    /// configured `cacheByteLimit`, or less under a memory ceiling.
    public var cacheByteLimit: Int = 0

    /// Creates empty statistics.
    public init() {}
}

/// A renderer of flattened frames: the GPU and CPU paths are peers behind this interface.
public protocol FrameRenderer: AnyObject {
    /// Draws `list` into the renderer's current target and waits until it is complete.
    func render(_ list: DrawList) throws -> RenderStatistics
    /// Redraws at least the pixels of `damage` (canvas pixels, clamped to the canvas) from `list`
    /// and waits until it is complete; pixels outside it keep the previous frame's values. The
    /// caller guarantees they are still valid (same size, nothing else drew into the target).
    func render(_ list: DrawList, damage: PixelRect) throws -> RenderStatistics
    /// Redraws at least the pixels of every rectangle of `damage` (from `DamageTracker`), as
    /// `render(_:damage:)` does for one; no rectangle draws nothing.
    func render(_ list: DrawList, damageRegion damage: [PixelRect]) throws -> RenderStatistics
    /// Reads the last rendered frame back as a premultiplied RGBA8 image.
    func readPixels() throws -> CGImage
}

extension FrameRenderer {
    /// Renderers without partial redraw repaint the whole canvas, which covers any damage.
    public func render(_ list: DrawList, damage: PixelRect) throws -> RenderStatistics {
        try render(list)
    }
}

/// The clips a drawable is clipped by, innermost first, walked through `parentIndex` without
/// allocating; a chain that loops ends once it has visited as many clips as the list holds.
public struct ClipChain: Sequence, IteratorProtocol {
    private let clips: [Clip]
    private var index: Int32?
    private var remaining: Int

    init(clips: [Clip], start: Int32?) {
        self.clips = clips; index = start; remaining = clips.count
    }

    /// The next enclosing clip, or nil at the end of the chain.
    public mutating func next() -> Clip? {
        guard remaining > 0, let i = index, i >= 0, Int(i) < clips.count else { return nil }
        remaining -= 1
        let clip = clips[Int(i)]
        index = clip.parentIndex
        return clip
    }
}

extension DrawList {
    /// The clip at `index` and its ancestors, innermost first (empty for nil).
    public func clipChain(from index: Int32?) -> ClipChain { ClipChain(clips: clips, start: index) }
}
