import Foundation
import QuartzCore

/// Timing statistics of the frames a display showed: flip intervals, their histogram in
/// refreshes, missed vblanks, render times and input-to-flip latency. (Linux addition.)
public struct CAFrameStatistics: Sendable, CustomStringConvertible {
    /// The display's refresh period, in seconds.
    public var refreshPeriod: CFTimeInterval
    /// Page flips seen.
    public private(set) var flipCount = 0
    /// Vblanks that passed without a new frame while frames were being produced back to back.
    public private(set) var missedFrames = 0
    /// `histogram[k]` counts flip intervals that spanned k + 1 refreshes; the last bucket
    /// counts `histogram.count` refreshes or more.
    public private(set) var histogram = [Int](repeating: 0, count: 6)
    /// The most recent flip intervals, in seconds (at most `capacity`).
    public private(set) var intervals: [CFTimeInterval] = []
    /// The most recent render durations, in seconds (at most `capacity`).
    public private(set) var renderDurations: [CFTimeInterval] = []
    /// The most recent input-to-flip latencies, in seconds (at most `capacity`).
    public private(set) var inputLatencies: [CFTimeInterval] = []
    /// The share of the screen each of the most recent frames redrew, 0 to 1 (at most `capacity`).
    public private(set) var redrawnFractions: [Double] = []
    /// Frames for which nothing visible changed, so nothing was rendered.
    public private(set) var unchangedFrames = 0
    /// How many samples of each kind are kept.
    public let capacity: Int
    private var lastFlip: CFTimeInterval?

    /// Creates empty statistics for a display of `refreshPeriod` seconds.
    public init(refreshPeriod: CFTimeInterval, capacity: Int = 4096) {
        self.refreshPeriod = refreshPeriod
        self.capacity = max(1, capacity)
    }

    /// Records a page flip at `time`. `continuous` says a frame was ready for every vblank since
    /// the last flip (the app was animating); only then do skipped vblanks count as missed.
    public mutating func recordFlip(at time: CFTimeInterval, continuous: Bool = true) {
        flipCount += 1
        defer { lastFlip = time }
        guard let last = lastFlip, time > last, continuous else { return }
        let interval = time - last
        Self.append(interval, to: &intervals, capacity: capacity)
        let refreshes = max(1, Int((interval / refreshPeriod).rounded()))
        histogram[min(refreshes, histogram.count) - 1] += 1
        missedFrames += refreshes - 1
    }

    /// Records how long a frame took to render and the share of the screen it redrew.
    public mutating func recordRender(duration: CFTimeInterval, redrawnFraction: Double = 1) {
        Self.append(duration, to: &renderDurations, capacity: capacity)
        Self.append(min(max(redrawnFraction, 0), 1), to: &redrawnFractions, capacity: capacity)
    }

    /// Records a frame time at which nothing visible had changed (nothing was rendered).
    public mutating func recordUnchangedFrame() {
        unchangedFrames += 1
    }

    /// Records the time from an input event to the flip that first showed its effect.
    public mutating func recordInputLatency(_ latency: CFTimeInterval) {
        Self.append(latency, to: &inputLatencies, capacity: capacity)
    }

    /// Clears every sample and counter (the refresh period stays).
    public mutating func reset() {
        self = CAFrameStatistics(refreshPeriod: refreshPeriod, capacity: capacity)
    }

    private static func append(_ value: CFTimeInterval, to samples: inout [CFTimeInterval], capacity: Int) {
        if samples.count == capacity { samples.removeFirst(capacity / 4) }
        samples.append(value)
    }

    /// A summary of samples: count, median, 99th percentile, worst, mean (seconds).
    public struct Summary: Sendable, Equatable {
        /// The number of samples.
        public var count: Int
        /// The median.
        public var median: CFTimeInterval
        /// The 99th percentile (nearest rank).
        public var percentile99: CFTimeInterval
        /// The largest sample.
        public var worst: CFTimeInterval
        /// The arithmetic mean.
        public var mean: CFTimeInterval

        /// Summarises `samples`; nil when there are none.
        public init?(_ samples: [CFTimeInterval]) {
            guard !samples.isEmpty else { return nil }
            let sorted = samples.sorted()
            count = sorted.count
            let middle = sorted.count / 2
            median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            percentile99 = sorted[max(0, Int((0.99 * Double(sorted.count)).rounded(.up)) - 1)]
            worst = sorted[sorted.count - 1]
            mean = sorted.reduce(0, +) / Double(sorted.count)
        }
    }

    /// The summary of the flip intervals.
    public var intervalSummary: Summary? { Summary(intervals) }
    /// The summary of the render durations.
    public var renderSummary: Summary? { Summary(renderDurations) }
    /// The summary of the redrawn shares of the screen (fractions, not seconds).
    public var redrawnSummary: Summary? { Summary(redrawnFractions) }
    /// The summary of the input-to-flip latencies.
    public var inputLatencySummary: Summary? { Summary(inputLatencies) }

    /// A multi-line report, milliseconds throughout.
    public var description: String {
        func line(_ name: String, _ s: Summary?) -> String {
            guard let s else { return "\(name): no samples" }
            return String(format: "%@: n=%d median %.2f ms, p99 %.2f ms, worst %.2f ms, mean %.2f ms",
                          name, s.count, s.median * 1000, s.percentile99 * 1000, s.worst * 1000, s.mean * 1000)
        }
        let buckets = histogram.enumerated().map { index, count in
            "\(index + 1)\(index == histogram.count - 1 ? "+" : "")x: \(count)"
        }.joined(separator: "  ")
        return [
            String(format: "flips: %d, refresh %.2f ms, missed vblanks: %d", flipCount, refreshPeriod * 1000, missedFrames),
            line("flip interval", intervalSummary),
            "flip interval histogram (refreshes): \(buckets)",
            line("render time", renderSummary),
            line("input to flip", inputLatencySummary),
            redrawnSummary.map {
                String(format: "redrawn area: median %.1f%%, mean %.1f%% of the screen; unchanged frames (not rendered): %d",
                       $0.median * 100, $0.mean * 100, unchangedFrames)
            } ?? "redrawn area: no samples; unchanged frames (not rendered): \(unchangedFrames)",
        ].joined(separator: "\n")
    }
}
