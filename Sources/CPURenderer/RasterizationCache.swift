import CompositorCore

/// Rasterized group contents kept under their key and pixel size, each with the shadow blurred
/// from it (a rasterized layer's shadow is part of what rasterizing saves), least recently used
/// first out when the total exceeds `byteLimit`.
final class RasterizationCache {
    private struct Key: Hashable {
        var key: RasterizationKey
        var width: Int, height: Int
    }
    private struct Entry {
        var texture: Texture
        /// The shadow blurred from `texture`, and the blur and colour it was made with.
        var shadow: (texture: Texture, sigma: Float, color: SIMD4<Float>)?
        var lastUse: UInt64
        var byteCount: Int { texture.byteCount + (shadow?.texture.byteCount ?? 0) }
    }

    var byteLimit: Int { didSet { evict() } }
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    /// The bytes held.
    private(set) var byteCount = 0

    init(byteLimit: Int) { self.byteLimit = max(0, byteLimit) }

    /// The number of contents held.
    var count: Int { entries.count }

    /// The content kept for `key` at this size, marked as just used.
    func texture(for key: RasterizationKey, width: Int, height: Int) -> Texture? {
        let k = Key(key: key, width: width, height: height)
        guard entries[k] != nil else { return nil }
        clock += 1
        entries[k]!.lastUse = clock
        return entries[k]!.texture
    }

    /// Keeps `texture` for `key`; older versions of the same layer are dropped. A content larger
    /// than the whole limit is not kept.
    func store(_ texture: Texture, for key: RasterizationKey, width: Int, height: Int) {
        for stale in entries.keys where stale.key.layerID == key.layerID {
            byteCount -= entries.removeValue(forKey: stale)!.byteCount
        }
        guard texture.byteCount <= byteLimit else { return }
        clock += 1
        entries[Key(key: key, width: width, height: height)] = Entry(texture: texture, lastUse: clock)
        byteCount += texture.byteCount
        evict()
    }

    /// The shadow of the content kept for `key` at this size, blurred with `sigma` in
    /// `color`: kept from an earlier frame, or made by `make` and kept with the content. Nil
    /// when no content is kept for `key` (the caller blurs without keeping).
    func shadow(for key: RasterizationKey, width: Int, height: Int, sigma: Float, color: SIMD4<Float>,
                make: () -> Texture) -> Texture? {
        let k = Key(key: key, width: width, height: height)
        guard let entry = entries[k] else { return nil }
        if let kept = entry.shadow, kept.sigma == sigma, kept.color == color { return kept.texture }
        let shadow = make()
        byteCount -= entry.byteCount
        entries[k]!.shadow = (shadow, sigma, color)
        byteCount += entries[k]!.byteCount
        evict()
        return shadow
    }

    private func evict() {
        while byteCount > byteLimit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            byteCount -= entries.removeValue(forKey: oldest.key)!.byteCount
        }
    }
}
