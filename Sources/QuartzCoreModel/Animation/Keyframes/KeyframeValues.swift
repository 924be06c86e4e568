import Foundation

/// The keyframe values of an animation and how to compute the value at a fraction of its time:
/// linear, discrete, paced, cubic or cubic paced (000:917-925).
struct KeyframeValues: Sendable, Equatable {
    /// How values between keyframes are computed.
    enum Interpolation: Sendable, Equatable {
        /// Straight lines between keyframes.
        case linear
        /// Each value holds until the next key time.
        case discrete
        /// A Kochanek–Bartels (TCB) spline: per segment, the outgoing tangent at its start and
        /// the incoming tangent at its end; nil where the values have no components.
        case cubic(outgoing: [AnimatableValue?], incoming: [AnimatableValue?])
    }

    let values: [AnimatableValue]
    let timeline: KeyframeTimeline
    let interpolation: Interpolation

    /// Prepares `values` for `mode`. Key times: `values.count` of them for linear and cubic,
    /// `values.count + 1` for discrete (Apple: "one less element in the values array than the
    /// keyTimes array"; `values.count` are accepted too, the last value then holding from its
    /// key time to the end); ignored for paced modes. Timing functions: one per segment.
    init(values: [AnimatableValue], mode: CAAnimationCalculationMode, keyTimes: [Double]?,
         timingFunctions: [CAMediaTimingFunction?], tension: [Double], continuity: [Double], bias: [Double]) {
        self.values = values
        let segments = max(values.count - 1, 1)
        let pacedLengths = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
        switch mode {
        case .discrete:
            var times = keyTimes
            if let t = times, t.count == values.count { times = t + [1] }
            timeline = KeyframeTimeline(segmentCount: values.count, keyTimes: times, timingFunctions: [])
            interpolation = .discrete
        case .paced:
            timeline = values.count > 1 ? KeyframeTimeline(pacedLengths: pacedLengths)
                : KeyframeTimeline(segmentCount: 1, keyTimes: nil, timingFunctions: [])
            interpolation = .linear
        case .cubic, .cubicPaced:
            // Cubic paced uses the chord lengths between keyframes as the pace: constant speed
            // along the polygon, which the spline follows closely.
            timeline = mode == .cubicPaced && values.count > 1 ? KeyframeTimeline(pacedLengths: pacedLengths)
                : KeyframeTimeline(segmentCount: segments, keyTimes: keyTimes, timingFunctions: timingFunctions)
            interpolation = Self.tangents(values, keyTimes: timeline.keyTimes,
                                          tension: tension, continuity: continuity, bias: bias)
        default:
            timeline = KeyframeTimeline(segmentCount: segments, keyTimes: keyTimes, timingFunctions: timingFunctions)
            interpolation = .linear
        }
    }

    /// The value at `fraction` (0...1) of the animation's time.
    func value(at fraction: Double) -> AnimatableValue {
        guard values.count > 1 else { return values[0] }
        if case .discrete = interpolation {
            return values[min(timeline.discreteIndex(fraction), values.count - 1)]
        }
        let (segment, t) = timeline.locate(fraction)
        let a = values[segment], b = values[segment + 1]
        if case let .cubic(outgoing, incoming) = interpolation,
           let m0 = outgoing[segment], let m1 = incoming[segment],
           let value = Self.hermite(a, m0, b, m1, t) {
            return value
        }
        return AnimatableValue.interpolate(a, b, fraction: t)
    }

    /// The first and last values, for cumulative repeats.
    var endpoints: (first: AnimatableValue, last: AnimatableValue) { (values[0], values[values.count - 1]) }

    /// Hermite interpolation `h00 p0 + h10 m0 + h01 p1 + h11 m1`, component-wise.
    private static func hermite(_ p0: AnimatableValue, _ m0: AnimatableValue, _ p1: AnimatableValue,
                                _ m1: AnimatableValue, _ t: Double) -> AnimatableValue? {
        let t2 = t * t, t3 = t2 * t
        let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
        guard let start = p0.combined(with: m0, { h00 * $0 + h10 * $1 }),
              let end = p1.combined(with: m1, { h01 * $0 + h11 * $1 }) else { return nil }
        return start.combined(with: end, +)
    }

    /// The Kochanek–Bartels tangents of every segment. With tension, continuity and bias all 0
    /// (their defaults) this is the Catmull-Rom spline. Keyframe i's tangents combine the chords
    /// before and after it:
    ///   outgoing = (1-T)(1+B)(1+C)/2 · (p[i]-p[i-1]) + (1-T)(1-B)(1-C)/2 · (p[i+1]-p[i])
    ///   incoming = (1-T)(1+B)(1-C)/2 · (p[i]-p[i-1]) + (1-T)(1-B)(1+C)/2 · (p[i+1]-p[i])
    /// scaled for uneven key times so that the speed is continuous across the keyframe. At the
    /// ends the missing chord is taken equal to the existing one.
    private static func tangents(_ p: [AnimatableValue], keyTimes: [Double], tension: [Double],
                                 continuity: [Double], bias: [Double]) -> Interpolation {
        let n = p.count
        guard n > 1 else { return .linear }
        func parameter(_ list: [Double], _ i: Int) -> Double { i < list.count ? list[i] : 0 }
        let chords = (0..<(n - 1)).map { p[$0 + 1].combined(with: p[$0], -) }
        var outgoing: [AnimatableValue?] = [], incoming: [AnimatableValue?] = []
        // Tangents at each keyframe: (incoming, outgoing).
        var atKey: [(incoming: AnimatableValue?, outgoing: AnimatableValue?)] = []
        for i in 0..<n {
            let before = i > 0 ? chords[i - 1] : chords[0]
            let after = i < n - 1 ? chords[i] : chords[n - 2]
            let t = parameter(tension, i), c = parameter(continuity, i), b = parameter(bias, i)
            let spanBefore = i > 0 ? keyTimes[i] - keyTimes[i - 1] : keyTimes[1] - keyTimes[0]
            let spanAfter = i < n - 1 ? keyTimes[i + 1] - keyTimes[i] : spanBefore
            let total = spanBefore + spanAfter
            let outScale = total > 0 ? 2 * spanAfter / total : 1
            let inScale = total > 0 ? 2 * spanBefore / total : 1
            guard let before, let after else {
                atKey.append((nil, nil))
                continue
            }
            let outA = (1 - t) * (1 + b) * (1 + c) / 2, outB = (1 - t) * (1 - b) * (1 - c) / 2
            let inA = (1 - t) * (1 + b) * (1 - c) / 2, inB = (1 - t) * (1 - b) * (1 + c) / 2
            atKey.append((before.combined(with: after, { inScale * (inA * $0 + inB * $1) }),
                          before.combined(with: after, { outScale * (outA * $0 + outB * $1) })))
        }
        for segment in 0..<(n - 1) {
            outgoing.append(atKey[segment].outgoing)
            incoming.append(atKey[segment + 1].incoming)
        }
        return .cubic(outgoing: outgoing, incoming: incoming)
    }
}
