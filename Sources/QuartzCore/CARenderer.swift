import CompositorCore
import Foundation
import GLESRenderer
import QuartzCoreModel
import RenderServer

/// Why a renderer could not produce a frame.
public enum CARendererError: Error, CustomStringConvertible {
    /// `render()` was called outside `beginFrame(atTime:timeStamp:)` and `endFrame()`.
    case noFrameInProgress
    /// The renderer has no layer to draw.
    case noLayer
    /// The GPU renderer failed (the underlying GL or EGL error).
    case renderer(Error)

    /// A textual description, for logs and error messages.
    public var description: String {
        switch self {
        case .noFrameInProgress: return "render() called outside beginFrame(atTime:timeStamp:)/endFrame()"
        case .noLayer: return "the renderer has no layer"
        case .renderer(let error): return "renderer failed: \(error)"
        }
    }
}

/// Renders a layer tree into an OpenGL ES context: an offscreen target of a given pixel size, or
/// an EGL context and framebuffer that the caller owns (a GBM surface on a kiosk, say).
///
/// Use it as on Apple platforms: set `layer` and `bounds`, then for each frame call
/// `beginFrame(atTime:timeStamp:)`, `render()` and `endFrame()`. The renderer draws the tree as
/// last committed (`CATransaction.commit()` or `flush()`), with every animation evaluated at the
/// frame's time; frames are deterministic for a given tree and time. Errors of the GPU path are
/// logged and kept in `lastError`; `renderFrame(atTime:)` throws them instead.
public final class CARenderer {
    /// The root layer of the tree to render.
    public var layer: CALayer?
    /// The part of the root layer's superlayer space (points) that the target shows.
    public var bounds: CGRect
    /// Pixels per point of the target.
    public let scale: CGFloat
    /// The width of the target, in pixels.
    public let pixelWidth: Int
    /// The height of the target, in pixels.
    public let pixelHeight: Int
    /// The colour the target is cleared to before each frame (opaque black by default).
    public var clearColor: CGColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// Statistics of the last rendered frame (draw calls, quads, offscreen passes).
    public private(set) var statistics = RenderStatistics()
    /// The error of the last frame that failed, or nil.
    public private(set) var lastError: Error?

    var renderer: FrameRenderer
    /// Makes a new GPU renderer on a new context, for a renderer that owns its context; nil when
    /// the caller owns the context (it recreates the context and this renderer after a reset).
    var makeRenderer: (() throws -> FrameRenderer)?
    /// Set while `tracksDamage` is on: the frames already drawn, to find what changed.
    var damageTracker: DamageTracker?
    private var frameTime: CFTimeInterval?
    private var updateRegion: CGRect = .null
    /// Turns the committed tree into this renderer's draw lists, with its caches of unchanged
    /// subtrees and of the pictures of text and shape layers (`cacheByteLimit`, `cacheEvictionAge`).
    lazy var frames = FrameBuilder(pictureBudget: .default(pixelWidth: pixelWidth, pixelHeight: pixelHeight))
    /// The process's resident memory as last read, and the frames since (see `recordCacheUsage`).
    var residentMemorySample = (bytes: 0, framesSinceRead: Int.max)
    /// The cache budget set through `cacheByteLimit` and `cacheEvictionAge` (or the default),
    /// which the memory ceiling may lower.
    lazy var configuredCacheBudget = CacheBudget.default(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    /// Sizes the caches from the process's memory ceiling (see `applyMemoryCeiling`).
    var memoryGovernor = CacheMemoryGovernor()

    /// Creates a renderer drawing into a new offscreen target of `pixelWidth` x `pixelHeight`.
    ///
    /// - Parameters:
    ///   - pixelWidth: the target's width in pixels.
    ///   - pixelHeight: the target's height in pixels.
    ///   - scale: pixels per point; `bounds` starts as the target's size in points.
    ///   - platform: the EGL platform, or nil for `QC_EGL_PLATFORM` or the default order.
    /// - Throws: `CARendererError.renderer` when no GLES 3 context can be created.
    public init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1, platform: CAEGLPlatform? = nil) throws {
        let make = { () throws -> FrameRenderer in
            try GLESRenderer(pixelWidth: pixelWidth, pixelHeight: pixelHeight, platform: platform?.glesPlatform)
        }
        do {
            renderer = try make()
        } catch {
            throw CARendererError.renderer(error)
        }
        makeRenderer = make
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        bounds = CGRect(x: 0, y: 0, width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale)
    }

    /// Creates a renderer drawing into a target the caller made (an adopted EGL context and its
    /// framebuffer, for example).
    package init(target: OffscreenTarget, scale: CGFloat = 1) throws {
        do {
            renderer = try GLESRenderer(target: target)
        } catch {
            throw CARendererError.renderer(error)
        }
        makeRenderer = nil
        self.scale = scale
        pixelWidth = target.pixelWidth
        pixelHeight = target.pixelHeight
        bounds = CGRect(x: 0, y: 0, width: CGFloat(target.pixelWidth) / scale,
                        height: CGFloat(target.pixelHeight) / scale)
    }

    /// Creates a renderer that draws through `frameRenderer` (the CPU renderer, say) into a
    /// target of `pixelWidth` x `pixelHeight` pixels.
    package init(frameRenderer: FrameRenderer, pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1) {
        renderer = frameRenderer
        makeRenderer = nil
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        bounds = CGRect(x: 0, y: 0, width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale)
    }

    /// Begins a frame at media time `t` (`CACurrentMediaTime()` for now).
    public func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        frameTime = t
    }

    /// Returns the part of `bounds` that must be redrawn for the frame (all of it when the tree
    /// changed or animates, otherwise what `addUpdate(_:)` added).
    public func updateBounds() -> CGRect {
        frames.hasChangedSinceLastFrame ? bounds : updateRegion.intersection(bounds)
    }

    /// Adds a rectangle, in `bounds` coordinates, to the region to redraw.
    public func addUpdate(_ r: CGRect) {
        updateRegion = updateRegion.union(r)
    }

    /// Renders the frame begun by `beginFrame(atTime:timeStamp:)`. Errors are logged and kept in `lastError`.
    public func render() {
        do {
            guard let t = frameTime else { throw CARendererError.noFrameInProgress }
            try renderFrame(atTime: t)
        } catch {
            lastError = error
            QuartzCoreLog.logger.error("CARenderer.render: \(error)")
        }
    }

    /// The media time of the next frame in which anything changes: the last frame's time while
    /// an animation runs (or the tree was committed since), the start of the first animation
    /// still to come, or `.infinity` when the tree is still.
    public func nextFrameTime() -> CFTimeInterval {
        frames.nextFrameTime(lastFrameTime: frameTime ?? CACurrentMediaTime())
    }

    /// Ends the frame.
    public func endFrame() {
        frameTime = nil
        updateRegion = .null
    }

    // MARK: Linux additions

    /// Whether a frame reuses what the subtrees that did not change since the last frame
    /// flattened to (true by default). Turn it off to measure or check the whole walk.
    public var reusesUnchangedSubtrees: Bool {
        get { frames.reusesUnchangedSubtrees }
        set { frames.reusesUnchangedSubtrees = newValue }
    }

    /// How the last flattened frame was made: the subtrees taken from earlier frames, and the
    /// layers flattened again (those that changed, animate, or lie on the path to a change).
    public var lastFrameSubtrees: (reused: Int, flattened: Int) { frames.lastFrameSubtrees }

    /// Called on the drawing thread as soon as each frame has taken its snapshot of the committed
    /// trees, after which a commit no longer changes that frame (for benchmarks that commit the
    /// next frame while this one is flattened and rendered).
    package var didTakeFrameSnapshot: (() -> Void)? {
        get { frames.didTakeFrameSnapshot }
        set { frames.didTakeFrameSnapshot = newValue }
    }

    /// The renderer of flattened frames behind this one (for benchmarks and statistics).
    package var frameRenderer: FrameRenderer { renderer }

    /// Renders the tree at media time `t` and waits until the GPU has finished.
    ///
    /// A frame that fails part-way is abandoned and the next one redraws the whole target. When
    /// the GPU resets (`GLError.contextLost`) a renderer that made its own context makes a new
    /// context and GPU renderer (textures, programs and targets uploaded again) and draws the frame
    /// again, up to `maximumContextRecoveries` times; each recovery is logged.
    /// - Throws: `CARendererError.renderer` with the GL or EGL error.
    @discardableResult
    public func renderFrame(atTime t: CFTimeInterval) throws -> RenderStatistics {
        let list = try drawList(atTime: t)
        var recoveries = 0
        while true {
            do {
                statistics = try draw(list)
                break
            } catch GLError.contextLost(let status) where makeRenderer != nil && recoveries < Self.maximumContextRecoveries {
                recoveries += 1
                QuartzCoreLog.logger.error("CARenderer: GL context lost (reset status 0x\(String(status, radix: 16))); recreating the context and renderer (\(recoveries) of \(Self.maximumContextRecoveries))")
                do {
                    try recreateRenderer()
                } catch {
                    lastError = CARendererError.renderer(error)
                    throw CARendererError.renderer(error)
                }
            } catch {
                lastError = CARendererError.renderer(error)
                throw CARendererError.renderer(error)
            }
        }
        recordCacheUsage(in: &statistics)
        applyMemoryCeiling(to: &statistics)
        lastError = nil
        return statistics
    }

    /// How many times one frame recreates a lost context before it gives up (the next frame tries again).
    public static let maximumContextRecoveries = 2

    /// Throws the lost renderer away with everything it holds and makes a new one on a new
    /// context; the next frame is drawn whole.
    func recreateRenderer() throws {
        guard let makeRenderer else { return }
        damageTracker?.reset()
        renderer = try makeRenderer()
        // The new renderer's caches follow the budget the old one's did (`cacheByteLimit`, as
        // the memory ceiling lowered it), not the default.
        (renderer as? CacheBudgetedRenderer)?.cacheBudget = frames.pictureBudget
    }

    /// The flattened frame for media time `t` (what `renderFrame(atTime:)` draws).
    package func drawList(atTime t: CFTimeInterval) throws -> DrawList {
        guard let layer else { throw CARendererError.noLayer }
        let view = CATransform3DConcat(CATransform3DMakeTranslation(-bounds.minX, -bounds.minY, 0),
                                       CATransform3DMakeScale(scale, scale, 1))
        return frames.drawList(of: layer, atTime: t, viewTransform: view, pixelWidth: pixelWidth,
                               pixelHeight: pixelHeight, clearColor: clearColor)
    }

    /// The last rendered frame as an image (premultiplied RGBA8, top row first).
    public func makeImage() throws -> CGImage {
        do {
            return try renderer.readPixels()
        } catch {
            throw CARendererError.renderer(error)
        }
    }

    /// Writes the last rendered frame to a PNG file.
    public func writePNG(to url: URL) throws {
        try makeImage().writePNG(to: url)
    }
}
