import CompositorCore
import CoreGraphics
import Foundation

/// Rasterized group contents and their shadows, kept by the shared policy (`RasterizationStore`)
/// over the GLES renderer's offscreen targets; what it lets go of goes back to the
/// `RenderTargetPool` through `onRelease`.
typealias RasterizationCache = RasterizationStore<RenderTarget>

extension RasterizationStore where Image == RenderTarget {
    /// An empty cache following `budget`, counting each target's GPU memory.
    convenience init(budget: CacheBudget) { self.init(budget: budget, byteCount: \.byteCount) }

    /// The content kept for `key` at this pixel size, marked as drawn in this frame.
    func target(for key: RasterizationKey, pixelWidth: Int, pixelHeight: Int) -> RenderTarget? {
        content(for: key, width: pixelWidth, height: pixelHeight)
    }

    /// The shadow kept with the content for `key` at this pixel size, blurred with `sigma`, and
    /// the part of the content's pixel space it covers.
    func shadow(for key: RasterizationKey, pixelWidth: Int, pixelHeight: Int, sigma: Double) -> (RenderTarget, CGRect)? {
        guard let kept = shadow(for: key, width: pixelWidth, height: pixelHeight, sigma: sigma, color: nil) else { return nil }
        return (kept.image, kept.covered)
    }
}
