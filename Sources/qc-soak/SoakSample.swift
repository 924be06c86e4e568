import CompositorCore

/// One quantity the soak watches, read from a frame's statistics.
struct WatchedQuantity: Sendable {
    /// The name printed and reported.
    let name: String
    /// Whether the value is a byte count (printed in MiB).
    let isBytes: Bool
    /// How far above its warm-up maximum the value may go before it counts as growth: a
    /// fraction of that maximum, and at least `slack` (bytes or entries).
    let tolerance: Double
    let slack: Int
    /// Whether the value is held by the caches' byte limit (a cache's entries or bytes), so
    /// that it may grow with that limit (`GrowthCheck`).
    var followsCacheLimit = false
    let read: @Sendable (RenderStatistics) -> Int

    /// The most `value` may reach after warm-up when its warm-up maximum was `baseline`.
    func allowance(over baseline: Int) -> Int {
        baseline + max(slack, Int((Double(baseline) * tolerance).rounded(.up)))
    }

    /// `value` as printed.
    func format(_ value: Int) -> String {
        isBytes ? String(format: "%.1f MiB", Double(value) / 1_048_576) : "\(value)"
    }

    /// Every quantity: the process's resident memory (5 % or `rssToleranceMiB` of slack, for
    /// the allocator's noise), the live GL objects and each cache's entries (25 % or 4: how
    /// many past pictures and images fit the byte limit varies with their sizes, by a fifth
    /// within one 3,000-frame run on llvmpipe; a leak of one a frame passes that within a few
    /// dozen frames), and each cache's bytes (5 % or 256 KiB).
    static func all(rssToleranceMiB: Int) -> [WatchedQuantity] {
        var quantities = [
            WatchedQuantity(name: "rss", isBytes: true, tolerance: 0.05, slack: rssToleranceMiB << 20) { $0.residentMemoryBytes },
            WatchedQuantity(name: "gl.textures", isBytes: false, tolerance: 0.25, slack: 4) { $0.glTextures },
            WatchedQuantity(name: "gl.framebuffers", isBytes: false, tolerance: 0.25, slack: 4) { $0.glFramebuffers },
            WatchedQuantity(name: "gl.buffers", isBytes: false, tolerance: 0.25, slack: 4) { $0.glBuffers },
        ]
        let caches: [(String, @Sendable (RenderStatistics) -> CacheUsage)] = [
            ("images", { $0.contentImages }), ("rasterized", { $0.rasterizedGroups }),
            ("targets", { $0.offscreenTargets }), ("pictures", { $0.layerPictures }),
            ("subtrees", { $0.flattenedSubtrees }),
        ]
        for (name, usage) in caches {
            quantities.append(WatchedQuantity(name: "\(name).entries", isBytes: false, tolerance: 0.25, slack: 4,
                                              followsCacheLimit: true) { usage($0).entries })
            quantities.append(WatchedQuantity(name: "\(name).bytes", isBytes: true, tolerance: 0.05, slack: 256 << 10,
                                              followsCacheLimit: true) { usage($0).bytes })
        }
        return quantities
    }
}

/// Watches the quantities frame after frame and finds those that grow after warm-up.
///
/// Warm-up is the first `warmUpFrames` frames: caches fill to their budgets and the allocator
/// settles. Each quantity's baseline is its largest value over the second half of warm-up
/// (so that every phase of the scene's periodic changes is seen). A quantity grows when, in
/// any frame after warm-up, it exceeds its baseline by more than its tolerance.
///
/// Under a memory ceiling the caches' byte limit moves with the memory in use (a few hundred
/// KiB of allocator noise moves it by a third under a tight budget), and what the caches hold
/// follows it, some frames behind: a limit that rises for a frame or two leaves the entries
/// where they were, one that stays up lets them fill it. So a cache's entries and bytes may
/// grow in proportion to its limit, past the smallest limit of the baseline frames (whose
/// largest values may have been held under it). A leak still grows past any such allowance
/// within a few hundred frames. Without a ceiling the limit stands still and the allowance is
/// the baseline's.
struct GrowthCheck {
    /// One quantity past its allowance after warm-up.
    struct Excess {
        let value: Int
        let allowed: Int
        let frame: Int
    }

    let quantities: [WatchedQuantity]
    let warmUpFrames: Int
    private(set) var baseline: [Int]
    /// The smallest per-cache byte limit over the baseline frames (0 until one is seen).
    private(set) var baselineCacheLimit = 0
    /// For each quantity, the frame after warm-up that went furthest past its allowance.
    private(set) var worst: [Excess?]

    init(quantities: [WatchedQuantity], warmUpFrames: Int) {
        self.quantities = quantities
        self.warmUpFrames = warmUpFrames
        baseline = Array(repeating: 0, count: quantities.count)
        worst = Array(repeating: nil, count: quantities.count)
    }

    /// Notes the statistics of frame `frame` (1 for the first).
    mutating func observe(_ statistics: RenderStatistics, frame: Int) {
        if frame <= warmUpFrames {
            guard frame > warmUpFrames / 2 else { return }
            if statistics.cacheByteLimit > 0 {
                baselineCacheLimit = baselineCacheLimit == 0 ? statistics.cacheByteLimit : min(baselineCacheLimit, statistics.cacheByteLimit)
            }
            for (index, quantity) in quantities.enumerated() {
                baseline[index] = max(baseline[index], quantity.read(statistics))
            }
            return
        }
        for (index, quantity) in quantities.enumerated() {
            let value = quantity.read(statistics)
            let allowed = allowance(forQuantityAt: index, cacheByteLimit: statistics.cacheByteLimit)
            guard value > allowed else { continue }
            if let worst = worst[index], worst.value - worst.allowed >= value - allowed { continue }
            worst[index] = Excess(value: value, allowed: allowed, frame: frame)
        }
    }

    /// The most quantity `index` may reach after warm-up in a frame whose caches followed
    /// `cacheByteLimit` bytes each.
    func allowance(forQuantityAt index: Int, cacheByteLimit: Int) -> Int {
        let quantity = quantities[index], allowed = quantity.allowance(over: baseline[index])
        guard quantity.followsCacheLimit, baselineCacheLimit > 0, cacheByteLimit > baselineCacheLimit else { return allowed }
        return Int((Double(allowed) * Double(cacheByteLimit) / Double(baselineCacheLimit)).rounded(.up))
    }

    /// One line per quantity that grew past its allowance after warm-up.
    var growth: [String] {
        quantities.indices.compactMap { index in
            guard let excess = worst[index] else { return nil }
            let quantity = quantities[index]
            return "\(quantity.name) grew to \(quantity.format(excess.value)) at frame \(excess.frame), "
                + "above its warm-up maximum \(quantity.format(baseline[index])) (allowed \(quantity.format(excess.allowed)))"
        }
    }
}
