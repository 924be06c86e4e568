import Foundation

extension FrameRenderer {
    /// Redraws the damaged rectangles of `list` (from `DamageTracker`) and waits until done: the
    /// default for renderers that redraw one rectangle at a time.
    ///
    /// No damage costs nothing. Rectangles that together cover most of their union are drawn as
    /// that union in one pass; scattered ones one pass each, since each pass costs about its
    /// pixels plus a walk of the list. The statistics add up over the passes.
    public func render(_ list: DrawList, damageRegion rects: [PixelRect]) throws -> RenderStatistics {
        let rects = rects.filter { !$0.isEmpty }
        guard let first = rects.first else { return RenderStatistics() }
        let union = rects.dropFirst().reduce(first) { $0.union($1) }
        let damagedArea = rects.reduce(0) { $0 + $1.width * $1.height }
        if rects.count == 1 || 2 * damagedArea >= union.width * union.height {
            return try render(list, damage: union)
        }
        var total = RenderStatistics()
        for rect in rects {
            let statistics = try render(list, damage: rect)
            total.drawCalls += statistics.drawCalls
            total.quads += statistics.quads
            total.offscreenPasses += statistics.offscreenPasses
            total.textureUploads += statistics.textureUploads
        }
        return total
    }

    /// Like `benchmark(frames:warmUpFrames:makeList:)`, but each frame redraws only what changed
    /// since the previous one (the first frame, a warm-up frame, redraws everything).
    ///
    /// Set `QC_DEBUG=damage` to log the median time of each part (making the list, tracking,
    /// rendering) and the damaged share of the canvas.
    public func benchmarkWithDamage(frames: Int = 120, warmUpFrames: Int = 10,
                                    makeList: (Int) throws -> DrawList) throws -> FrameBenchmarkResult {
        var tracker = DamageTracker()
        var times: [Double] = [], parts: [[Double]] = [[], [], [], []]
        var last = RenderStatistics()
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        for index in 0..<(max(warmUpFrames, 1) + max(frames, 1)) {
            let start = now()
            let list = try makeList(index)
            let made = now()
            let damage = tracker.damage(for: list)
            let tracked = now()
            let statistics = try render(list, damageRegion: damage)
            let end = now()
            if index >= max(warmUpFrames, 1) {
                times.append(Double(end - start) / 1e6); last = statistics
                parts[0].append(Double(made - start) / 1e6); parts[1].append(Double(tracked - made) / 1e6)
                parts[2].append(Double(end - tracked) / 1e6)
                let area = damage.reduce(0) { $0 + $1.width * $1.height }
                parts[3].append(100 * Double(area) / Double(max(1, list.pixelWidth * list.pixelHeight)))
            }
        }
        if DebugOptions.isEnabled(.damage) {
            let medians = parts.map { $0.sorted()[$0.count / 2] }
            let report = String(format: "damage: list %.2f ms, tracker %.2f ms, render %.2f ms, region %.2f%% of the canvas in %d rectangles",
                                medians[0], medians[1], medians[2], medians[3], tracker.lastDamage.count)
            CompositorCoreLog.logger.info("\(report)")
        }
        return FrameBenchmarkResult(times: times, last: last)
    }
}

extension FrameBenchmarkResult {
    /// The median and 90th percentile of `times` (milliseconds), with the last frame's statistics.
    init(times: [Double], last: RenderStatistics) {
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        self.init(medianMilliseconds: percentile(0.5), p90Milliseconds: percentile(0.9), frames: sorted.count,
                  drawCalls: last.drawCalls, offscreenPasses: last.offscreenPasses)
    }
}
