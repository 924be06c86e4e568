import Foundation

/// How the time of a keyframe animation divides among its segments: the key times (one more
/// than the segments, from 0 to 1) and a timing function per segment (000:917-925).
struct KeyframeTimeline: Sendable, Equatable {
    /// Segment boundaries as fractions of the duration, non-decreasing, `segmentCount + 1` long.
    let keyTimes: [Double]
    /// One timing function per segment; a missing or nil one is linear.
    let timingFunctions: [CAMediaTimingFunction?]

    /// The number of segments.
    var segmentCount: Int { keyTimes.count - 1 }

    /// A timeline of `segmentCount` segments that uses `keyTimes` when they are usable —
    /// `segmentCount + 1` non-decreasing fractions in 0...1 — and evenly spaced times otherwise
    /// (Apple: "If they do not [match], the timing of your animation might not be what you
    /// expect"; here mismatched key times are ignored rather than misapplied).
    init(segmentCount: Int, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction?]) {
        let count = max(segmentCount, 1)
        if let keyTimes, keyTimes.count == count + 1,
           zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }),
           keyTimes.allSatisfy({ $0 >= 0 && $0 <= 1 }) {
            self.keyTimes = keyTimes
        } else {
            self.keyTimes = (0...count).map { Double($0) / Double(count) }
        }
        self.timingFunctions = timingFunctions
    }

    /// A timeline whose segments take time in proportion to `lengths`, for constant velocity
    /// (paced modes ignore `keyTimes` and `timingFunctions`, 000:921). All-zero lengths give
    /// evenly spaced times.
    init(pacedLengths lengths: [Double]) {
        let total = lengths.reduce(0, +)
        guard total > 0 else {
            self.init(segmentCount: lengths.count, keyTimes: nil, timingFunctions: [])
            return
        }
        var times = [0.0]
        var sum = 0.0
        for length in lengths {
            sum += length
            times.append(sum / total)
        }
        times[times.count - 1] = 1
        self.init(segmentCount: lengths.count, keyTimes: times, timingFunctions: [])
    }

    /// The segment that `fraction` of the duration falls in, and how far into it (0...1) after
    /// the segment's timing function. Before the first key time: segment 0 at 0; after the last:
    /// the last segment at 1.
    func locate(_ fraction: Double) -> (segment: Int, t: Double) {
        let last = segmentCount - 1
        if fraction <= keyTimes[0] { return (0, 0) }
        if fraction >= keyTimes[keyTimes.count - 1] { return (last, 1) }
        var segment = 0
        while segment < last && keyTimes[segment + 1] <= fraction { segment += 1 }
        let start = keyTimes[segment], span = keyTimes[segment + 1] - start
        let linear = span > 0 ? (fraction - start) / span : 1
        guard segment < timingFunctions.count, let function = timingFunctions[segment] else { return (segment, linear) }
        return (segment, function.value(at: linear))
    }

    /// The index of the last key time at or before `fraction` (discrete mode: each value holds
    /// from its key time until the next, Apple's `discrete` documentation).
    func discreteIndex(_ fraction: Double) -> Int {
        var index = 0
        while index + 1 < keyTimes.count && keyTimes[index + 1] <= fraction { index += 1 }
        return index
    }
}
