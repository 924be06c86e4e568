import Foundation
import CoreGraphics

/// An offscreen pass of the flattened frame: the commands between `.beginGroup` and its
/// `.endGroup` draw into a transparent intermediate image, which is then composited as one
/// textured quad into the image that encloses the group.
///
/// Group opacity, masks, shadows of composited content, `shouldRasterize` and the before and
/// after states of a transition all take this form. Commands inside the group use the group's
/// pixel space: their transforms (and those of the clips they reference) map into
/// `0...pixelWidth` x `0...pixelHeight`, y down, where pixel (0, 0) shows `rect.origin` of the
/// group's local space. Compositing maps the intermediate image back onto `rect` through
/// `transform`, like a quad with that rect and a texture of the whole image.
public struct CompositingGroup: Sendable, Equatable {
    /// Maps the group's local space to the pixels of the enclosing image (the canvas, or the
    /// intermediate image of an enclosing group).
    public var transform: Matrix4
    /// The rectangle of local space that the intermediate image covers.
    public var rect: CGRect
    /// The width of the intermediate image, in pixels.
    public var pixelWidth: Int
    /// The height of the intermediate image, in pixels.
    public var pixelHeight: Int
    /// Multiplies the composited result (content and shadow).
    public var opacity: Float
    /// Index into `DrawList.clips` of the clip applied when compositing, in the enclosing space.
    public var clipIndex: Int32?
    /// When false, the composited quad is not drawn if it faces away.
    public var isDoubleSided: Bool
    /// When false, only the shadow is composited: the content is the shadow's source
    /// (a `shadowPath` rasterized into the group, for example), not part of the picture.
    public var drawsContent: Bool
    /// A shadow computed from the alpha of the group's (masked) content, drawn beneath it.
    public var shadow: GroupShadow?
    /// When set, the renderer may keep the group's content image under this key and reuse it,
    /// without drawing the group's commands, while key and pixel size stay the same.
    public var rasterizationKey: RasterizationKey?
    /// How the intermediate image is sampled when composited.
    public var filter: TextureFilter
    /// How the composited result combines with what is beneath it (`.plusLighter` sums two
    /// groups exactly: a crossfade of two states drawn into an enclosing group).
    public var blendMode: BlendMode = .sourceOver
    /// The layer's `filters`, applied in order to the intermediate image before its mask,
    /// shadow and opacity (see `GroupFilter`); none by default.
    public var filters: [GroupFilter] = []
    /// When set, the content is blended with what lies behind it by this formula (a layer's
    /// `compositingFilter` blend mode, one of `CGBlendMode.isBlendFormula`'s), then composited
    /// source-over; `blendMode` is ignored.
    /// Renderers blend a group whose transform keeps axes aligned (scale and translation);
    /// another is composited source-over and logged.
    public var blendFormula: CGBlendMode?

    /// Creates a group; it composites its content at full opacity with no shadow unless told.
    public init(transform: Matrix4, rect: CGRect, pixelWidth: Int, pixelHeight: Int, opacity: Float = 1,
                clipIndex: Int32? = nil, isDoubleSided: Bool = true, drawsContent: Bool = true,
                shadow: GroupShadow? = nil, rasterizationKey: RasterizationKey? = nil,
                filter: TextureFilter = .linear) {
        self.transform = transform; self.rect = rect
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
        self.opacity = opacity; self.clipIndex = clipIndex; self.isDoubleSided = isDoubleSided
        self.drawsContent = drawsContent; self.shadow = shadow
        self.rasterizationKey = rasterizationKey; self.filter = filter
    }

    /// Maps the group's local space to its intermediate image's pixels: the transform that the
    /// commands inside the group compose with instead of the enclosing one.
    public var localToPixels: Matrix4 {
        let sx = rect.width > 0 ? Double(pixelWidth) / Double(rect.width) : 1
        let sy = rect.height > 0 ? Double(pixelHeight) / Double(rect.height) : 1
        return Matrix4.translation(-Double(rect.minX), -Double(rect.minY))
            .concatenating(Matrix4.scale(sx, sy))
    }
}

/// A drop shadow of a group: its content's alpha, blurred, tinted and offset.
///
/// Offset and blur are in the group's intermediate-image pixels. The blur is a Gaussian whose
/// standard deviation is `sigma`; layers map `shadowRadius` to sigma = shadowRadius (points)
/// times the pixels per point of the group, as CSS and design tools map Apple's radius.
public struct GroupShadow: Sendable, Equatable {
    /// The shadow colour with `shadowOpacity` applied, premultiplied.
    public var color: PremultipliedColor
    /// Horizontal offset in intermediate-image pixels (positive right).
    public var offsetX: Float
    /// Vertical offset in intermediate-image pixels (positive down).
    public var offsetY: Float
    /// Standard deviation of the Gaussian blur, in intermediate-image pixels.
    public var sigma: Float

    /// Creates a shadow.
    public init(color: PremultipliedColor, offsetX: Float, offsetY: Float, sigma: Float) {
        self.color = color; self.offsetX = offsetX; self.offsetY = offsetY; self.sigma = sigma
    }

    /// The largest blur either renderer performs, in intermediate-image pixels (a
    /// `shadowRadius` of 64 points at 2x, 384 pixels of padding on each side): the CPU
    /// renderer's full-resolution blur costs in proportion to sigma per pixel, and a malformed
    /// list must not stall a frame for seconds.
    public static let maximumSigma: Float = 128

    /// The sigma renderers blur with: `sigma` clamped to 0...`maximumSigma`, and 0 (no blur)
    /// when it is not a number, so that a malformed list cannot size a blur beyond memory.
    public var renderedSigma: Float { sigma.isNaN ? 0 : min(max(sigma, 0), Self.maximumSigma) }
}

/// Identifies a rasterized group's content: the layer and a version that changes whenever
/// anything drawn inside the group changes.
public struct RasterizationKey: Sendable, Hashable {
    /// The layer whose subtree the group holds.
    public var layerID: UInt64
    /// Changes whenever the subtree's picture changes.
    public var contentVersion: UInt64
    /// Creates a key.
    public init(layerID: UInt64, contentVersion: UInt64) {
        self.layerID = layerID; self.contentVersion = contentVersion
    }
}

/// A rectangle of whole pixels, origin top-left, y down.
public struct PixelRect: Sendable, Equatable {
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width (0 for an empty rectangle).
    public var width: Int
    /// The height (0 for an empty rectangle).
    public var height: Int

    /// Creates a rectangle; negative sizes become empty.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }

    /// The empty rectangle.
    public static let empty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether it covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The smallest rectangle of whole pixels that contains `rect` (nil-safe for empty rects).
    public init(enclosing rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite,
              rect.maxX.isFinite, rect.maxY.isFinite else { self = .empty; return }
        let x0 = Int(rect.minX.rounded(.down)), y0 = Int(rect.minY.rounded(.down))
        let x1 = Int(rect.maxX.rounded(.up)), y1 = Int(rect.maxY.rounded(.up))
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(x + width, other.x + other.width) - x0,
                         height: max(y + height, other.y + other.height) - y0)
    }

    /// The pixels in both.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return .empty }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
