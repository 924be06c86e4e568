import CompositorCore
import Foundation

/// Timings of a run of frames, measured the way shared/bench/SCENES.md asks: whole frames (build,
/// submit, rasterise, wait for completion), after warm-up frames, without read-back.
struct FrameBenchmarkResult: Sendable, Equatable {
    /// The median frame time, in milliseconds.
    var medianMilliseconds: Double
    /// The 90th-percentile frame time, in milliseconds.
    var p90Milliseconds: Double
    /// The number of frames timed (warm-up frames excluded).
    var frames: Int
    /// Draw calls of the last frame timed.
    var drawCalls: Int
    /// Offscreen passes of the last frame timed.
    var offscreenPasses: Int
    /// Filter passes of the last frame timed (`RenderStatistics.filterPasses`).
    var filterPasses = 0

    /// Creates a result.
    init(medianMilliseconds: Double, p90Milliseconds: Double, frames: Int, drawCalls: Int, offscreenPasses: Int = 0) {
        self.medianMilliseconds = medianMilliseconds; self.p90Milliseconds = p90Milliseconds
        self.frames = frames; self.drawCalls = drawCalls; self.offscreenPasses = offscreenPasses
    }
}

extension FrameRenderer {
    /// Renders `warmUpFrames` untimed frames, then `frames` timed ones; `makeList(i)` builds frame
    /// `i` (its time is part of the frame, as building the draw list is). The renderer must wait
    /// for completion in `render(_:)`.
    func benchmark(frames: Int = 120, warmUpFrames: Int = 10,
                   makeList: (Int) throws -> DrawList) throws -> FrameBenchmarkResult {
        var times: [Double] = []
        var last = RenderStatistics()
        for index in 0..<(warmUpFrames + max(frames, 1)) {
            let start = DispatchTime.now().uptimeNanoseconds
            let statistics = try render(try makeList(index))
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if index >= warmUpFrames { times.append(elapsed); last = statistics }
        }
        return FrameBenchmarkResult(times: times, last: last)
    }

    /// Like `benchmark(frames:warmUpFrames:makeList:)`, but each frame redraws only what changed
    /// since the previous one (the first frame, a warm-up frame, redraws everything).
    ///
    /// Set `QC_DEBUG=damage` to print the median time of each part (making the list, tracking,
    /// rendering) and the damaged share of the canvas to stderr. Without `keepsBackdrops`, no
    /// frame is told which backdrops did not change (`DrawList.unchangedBackdrops`).
    func benchmarkWithDamage(frames: Int = 120, warmUpFrames: Int = 10, keepsBackdrops: Bool = true,
                             makeList: (Int) throws -> DrawList) throws -> FrameBenchmarkResult {
        var tracker = DamageTracker()
        var times: [Double] = [], parts: [[Double]] = [[], [], [], []]
        var last = RenderStatistics()
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        for index in 0..<(max(warmUpFrames, 1) + max(frames, 1)) {
            let start = now()
            var list = try makeList(index)
            let made = now()
            let damage = tracker.damage(for: &list)
            if !keepsBackdrops { list.unchangedBackdrops = [] }
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
            FileHandle.standardError.write(Data(String(format: "damage: list %.2f ms, tracker %.2f ms, render %.2f ms, region %.2f%% of the canvas in %d rectangles\n",
                                                       medians[0], medians[1], medians[2], medians[3], tracker.lastDamage.count).utf8))
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
        filterPasses = last.filterPasses
    }
}
