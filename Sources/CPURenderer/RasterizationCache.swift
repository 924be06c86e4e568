import CompositorCore
import CoreGraphics
import Foundation

/// Rasterized group contents and their shadows, kept by the shared policy (`RasterizationStore`)
/// over the CPU renderer's textures.
typealias RasterizationCache = RasterizationStore<Texture>

extension RasterizationStore where Image == Texture {
    /// An empty cache following `budget`.
    convenience init(budget: CacheBudget) { self.init(budget: budget, byteCount: \.byteCount) }

    /// An empty cache of `byteLimit` bytes and the default eviction age.
    convenience init(byteLimit: Int) { self.init(budget: CacheBudget(byteLimit: byteLimit)) }

    /// The bytes held, shadows included.
    var byteCount: Int { bytes }

    /// The content kept for `key` at this size, marked as drawn in this frame.
    func texture(for key: RasterizationKey, width: Int, height: Int) -> Texture? {
        content(for: key, width: width, height: height)
    }

    /// The shadow of the content kept for `key` at this size, blurred with `sigma` in `color`:
    /// kept from an earlier frame, or made by `make` and kept with the content, covering `covered`
    /// of the content's pixel space. Nil when no content is kept for `key` (the caller blurs
    /// without keeping).
    func shadow(for key: RasterizationKey, width: Int, height: Int, sigma: Double, color: SIMD4<Float>, covered: CGRect,
                make: () -> Texture) -> Texture? {
        if let kept = shadow(for: key, width: width, height: height, sigma: sigma, color: color) { return kept.image }
        guard content(for: key, width: width, height: height) != nil else { return nil }
        let made = make()
        keepShadow(RasterizedShadow(image: made, sigma: sigma, color: color, covered: covered), for: key, width: width, height: height)
        return made
    }
}
