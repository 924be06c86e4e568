import Foundation

/// Timings of a run of frames, measured the way ../bench/SCENES.md asks: whole frames (build,
/// submit, rasterise, wait for completion), after warm-up frames, without read-back.
public struct FrameBenchmarkResult: Sendable, Equatable {
    /// The median frame time, in milliseconds.
    public var medianMilliseconds: Double
    /// The 90th-percentile frame time, in milliseconds.
    public var p90Milliseconds: Double
    /// The number of frames timed (warm-up frames excluded).
    public var frames: Int
    /// Draw calls of the last frame timed.
    public var drawCalls: Int
    /// Offscreen passes of the last frame timed.
    public var offscreenPasses: Int

    /// Creates a result.
    public init(medianMilliseconds: Double, p90Milliseconds: Double, frames: Int, drawCalls: Int, offscreenPasses: Int = 0) {
        self.medianMilliseconds = medianMilliseconds; self.p90Milliseconds = p90Milliseconds
        self.frames = frames; self.drawCalls = drawCalls; self.offscreenPasses = offscreenPasses
    }
}

extension FrameRenderer {
    /// Renders `warmUpFrames` untimed frames, then `frames` timed ones; `makeList(i)` builds frame
    /// `i` (its time is part of the frame, as building the draw list is). The renderer must wait
    /// for completion in `render(_:)`.
    public func benchmark(frames: Int = 120, warmUpFrames: Int = 10,
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
}
