/// The `CAMediaTiming` fields of a layer or an animation as a Sendable value, with the timing
/// maths that turn a parent time into a position inside the animation.
///
/// The rules, with the lines that document them (000: the Core Animation Programming Guide,
/// 001: "iOS Core Animation: Advanced Techniques"):
/// - local time is `(parentTime - beginTime) * speed + timeOffset`; `beginTime` is in the
///   parent's time space (000:1336-1362; where the documents disagree, as Apple's current QuartzCore does);
/// - one iteration lasts `duration`; an autoreversing iteration plays forwards then backwards, so
///   it lasts `2 * duration` and "repeat count 1.0 ... stop[s] on its starting value, 1.5 ... on
///   its end value" (000:1333);
/// - the active duration is `repeatDuration` when it is non-zero, otherwise `repeatCount`
///   iterations, where 0 means one iteration and fractions are allowed ("3.5 ... 2 seconds ...
///   7 seconds", 001:5629-5633);
/// - `timeOffset` fast-forwards but the animation "will still play for the same total duration;
///   the animation simply loops around" (001:5775): the active interval is measured without the
///   offset and the offset position wraps around inside it;
/// - outside the active interval the fill mode decides: the start value before, the end value
///   after, or nothing (the model value) (001:5866-5885).
package struct MediaTimingParameters: Sendable, Equatable {
    /// The begin time, in the parent's time space.
    package var beginTime: CFTimeInterval = 0
    /// The duration of one (forward) pass; already resolved, so 0 is not "default" here.
    var duration: CFTimeInterval = 0
    /// The time multiplier.
    var speed: Double = 1
    /// The offset added to local time.
    var timeOffset: CFTimeInterval = 0
    /// The number of iterations; 0 means one.
    var repeatCount: Double = 0
    /// The repeat duration; 0 means "use `repeatCount`".
    var repeatDuration: CFTimeInterval = 0
    /// Whether iterations play forwards then backwards.
    var autoreverses: Bool = false
    /// Whether the start value fills the time before the active interval (`fillMode`
    /// `backwards` or `both`). Kept as flags rather than the fill mode's string, so that the
    /// parameters are plain values: a compiled animation's are read in place at every frame,
    /// where a string would be retained and released.
    private(set) var fillsBackwards = false
    /// Whether the end value fills the time after the active interval (`forwards` or `both`).
    private(set) var fillsForwards = false

    /// What fills the time outside the active interval (a fill mode Apple does not define
    /// fills nothing, as `removed`).
    var fillMode: CAMediaTimingFillMode {
        get {
            switch (fillsBackwards, fillsForwards) {
            case (true, true): return .both
            case (true, false): return .backwards
            case (false, true): return .forwards
            case (false, false): return .removed
            }
        }
        set {
            fillsBackwards = newValue.fillsBackwards
            fillsForwards = newValue.fillsForwards
        }
    }

    init(beginTime: CFTimeInterval = 0, duration: CFTimeInterval = 0, speed: Double = 1,
         timeOffset: CFTimeInterval = 0, repeatCount: Double = 0, repeatDuration: CFTimeInterval = 0,
         autoreverses: Bool = false, fillMode: CAMediaTimingFillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Captures the timing of `timing`, with `duration` replacing its duration (the caller
    /// resolves 0 to the default or to a group's duration).
    init(_ timing: CAMediaTiming, duration: CFTimeInterval) {
        self.init(beginTime: timing.beginTime, duration: duration, speed: Double(timing.speed),
                  timeOffset: timing.timeOffset, repeatCount: Double(timing.repeatCount),
                  repeatDuration: timing.repeatDuration, autoreverses: timing.autoreverses,
                  fillMode: timing.fillMode)
    }

    /// Converts a time in the parent's time space to local time:
    /// `(parentTime - beginTime) * speed + timeOffset` (000:1336-1362).
    func localTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// Converts a local time back to the parent's time space; nil when `speed` is 0 (every
    /// parent time maps to the same local time).
    func parentTime(fromLocal localTime: CFTimeInterval) -> CFTimeInterval? {
        guard speed != 0 else { return nil }
        return (localTime - timeOffset) / speed + beginTime
    }

    /// The length of one iteration: `duration`, doubled when autoreversing (000:1333).
    var iterationDuration: CFTimeInterval { autoreverses ? 2 * duration : duration }

    /// The length of the active interval in local time: `repeatDuration` when non-zero,
    /// otherwise `repeatCount` iterations (0 meaning one; 001:5629-5633). Infinite when
    /// repeating forever.
    var activeDuration: CFTimeInterval {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? repeatCount : 1
        return count.isInfinite ? .infinity : count * iterationDuration
    }

    /// The position inside the animation at `parentTime`, or nil when nothing shows: before
    /// the start without a backwards fill, or after the end without a forwards fill.
    func sample(atParentTime parentTime: CFTimeInterval) -> TimingSample? {
        let elapsed = (parentTime - beginTime) * speed
        let active = activeDuration
        if elapsed < 0 {
            guard fillsBackwards else { return nil }
            return sample(activeTime: wrapped(timeOffset, in: active, atEnd: false), phase: .before)
        }
        if elapsed >= active {
            guard fillsForwards else { return nil }
            return sample(activeTime: wrapped(active + timeOffset, in: active, atEnd: true), phase: .after)
        }
        return sample(activeTime: wrapped(elapsed + timeOffset, in: active, atEnd: false), phase: .active)
    }

    /// Where `parentTime` lies relative to the active interval.
    package func phase(atParentTime parentTime: CFTimeInterval) -> TimingPhase {
        let elapsed = (parentTime - beginTime) * speed
        if elapsed < 0 { return .before }
        return elapsed >= activeDuration ? .after : .active
    }

    /// Brings a time offset by `timeOffset` back inside `[0, active)` — or `(0, active]` for the
    /// end of the interval — as the book's wrap-around describes (001:5775).
    @inline(__always)
    private func wrapped(_ time: CFTimeInterval, in active: CFTimeInterval, atEnd: Bool) -> CFTimeInterval {
        guard active.isFinite, active > 0 else { return max(time, 0) }
        var t = time.truncatingRemainder(dividingBy: active)
        if t < 0 { t += active }
        if atEnd && t == 0 { t = active }
        return t
    }

    /// Splits a time inside the active interval into an iteration and a position in it.
    /// (Inlined into `sample(atParentTime:)`: a running animation whose timing no other shares,
    /// S1-anim's slide, is sampled once a layer and frame, and the call cost about 20
    /// instructions of the 150.)
    @inline(__always)
    private func sample(activeTime t: CFTimeInterval, phase: TimingPhase) -> TimingSample {
        guard duration > 0 else {
            return TimingSample(time: 0, fraction: phase == .before ? 0 : 1, iteration: 0, phase: phase)
        }
        let iterationLength = iterationDuration
        var iteration = (t / iterationLength).rounded(.down)
        var inIteration = t - iteration * iterationLength
        // The very end of an iteration belongs to that iteration, not to the start of the next:
        // a 2-iteration animation ends on its end value, not its start value.
        if inIteration <= 0, iteration > 0, phase == .after || t >= activeDuration {
            iteration -= 1
            inIteration = iterationLength
        }
        // Autoreversing: the second half of each iteration plays backwards (000:1333).
        if autoreverses, inIteration > duration { inIteration = 2 * duration - inIteration }
        let time = min(max(inIteration, 0), duration)
        return TimingSample(time: time, fraction: time / duration,
                            iteration: Self.wholeIteration(iteration), phase: phase)
    }

    /// An iteration number as an integer: NaN (from non-finite timing values) counts as the
    /// first iteration, and values beyond what `Int` holds are clamped instead of trapping.
    @inline(__always)
    private static func wholeIteration(_ iteration: Double) -> Int {
        iteration.isNaN ? 0 : Int(min(max(iteration, 0), Double(Int.max / 2)))
    }
}

/// Where a time lies relative to an animation's active interval.
package enum TimingPhase: Sendable, Equatable {
    /// Before the active interval (`beginTime` not yet reached).
    case before
    /// Inside the active interval.
    case active
    /// After the active interval: the animation has finished.
    case after
}

/// A position inside an animation: what its timing maths produce for one parent time.
struct TimingSample: Sendable, Equatable {
    /// Seconds into the current pass, 0...duration (already reversed on autoreversing halves).
    var time: CFTimeInterval
    /// `time / duration`, 0...1, before any timing function.
    var fraction: Double
    /// The zero-based iteration (an autoreversing iteration counts forwards and back as one).
    var iteration: Int
    /// Whether the sample is a fill before, an active time, or a fill after.
    var phase: TimingPhase
}
