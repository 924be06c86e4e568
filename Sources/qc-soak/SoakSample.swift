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
            quantities.append(WatchedQuantity(name: "\(name).entries", isBytes: false, tolerance: 0.25, slack: 4) { usage($0).entries })
            quantities.append(WatchedQuantity(name: "\(name).bytes", isBytes: true, tolerance: 0.05, slack: 256 << 10) { usage($0).bytes })
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
struct GrowthCheck {
    let quantities: [WatchedQuantity]
    let warmUpFrames: Int
    private(set) var baseline: [Int]
    /// The largest value after warm-up, and the frame it was seen in.
    private(set) var peak: [(value: Int, frame: Int)]

    init(quantities: [WatchedQuantity], warmUpFrames: Int) {
        self.quantities = quantities
        self.warmUpFrames = warmUpFrames
        baseline = Array(repeating: 0, count: quantities.count)
        peak = Array(repeating: (0, 0), count: quantities.count)
    }

    /// Notes the statistics of frame `frame` (1 for the first).
    mutating func observe(_ statistics: RenderStatistics, frame: Int) {
        for (index, quantity) in quantities.enumerated() {
            let value = quantity.read(statistics)
            if frame <= warmUpFrames {
                if frame > warmUpFrames / 2 { baseline[index] = max(baseline[index], value) }
            } else if value > peak[index].value {
                peak[index] = (value, frame)
            }
        }
    }

    /// One line per quantity that grew past its allowance after warm-up.
    var growth: [String] {
        quantities.indices.compactMap { index in
            let quantity = quantities[index], allowed = quantity.allowance(over: baseline[index])
            guard peak[index].value > allowed else { return nil }
            return "\(quantity.name) grew to \(quantity.format(peak[index].value)) at frame \(peak[index].frame), "
                + "above its warm-up maximum \(quantity.format(baseline[index])) (allowed \(quantity.format(allowed)))"
        }
    }
}
