import Foundation

/// The timing last evaluated for a plain-value animation (`StateFieldAnimation`), kept by whoever
/// evaluates many layers' animations in one frame (a flattener, for one thread): where each of N
/// layers runs its own animation with the same timing (Apple's way of animating many layers:
/// the same `duration`, `beginTime` and timing function, added in one transaction), the sample
/// of the active interval and the timing function's solve are the same for all of them, and are
/// computed once a frame instead of once a layer.
///
/// Keyed by the animation's `TimingIdentity` (the same number only for the same bits of timing
/// and curve) and the bits of the parent time, so a hit gives the result bit for bit. One entry
/// for each of an animation's first two places in its layer's list (a layer's turn and slide
/// keep theirs; a third animation shares the second's entry). An animation without an
/// identity (0: a spring) is evaluated at every call.
package struct AnimationTimingMemo: Sendable {
    /// The progress and iteration of an animation at a time, or nil when nothing shows.
    typealias Result = (progress: Double, iteration: Int)?

    /// One timing and its result.
    private struct Entry: Sendable {
        /// The timing's identity; 0: none yet.
        var identity = 0
        var parentTime: UInt64 = 0
        var result: Result = nil
    }

    private var first = Entry()
    private var second = Entry()

    /// A memo that holds nothing.
    package init() {}

    /// `evaluate()`, the progress and iteration of an animation whose timing has the identity
    /// `identity`, at `parentTime`: evaluated once for the animations with that identity at that
    /// time in the same `slot` (the animation's place in its layer's list). `evaluate` is called
    /// at one place only, where it is inlined once (each copy makes the caller larger, and less
    /// of what it calls inlined).
    @inline(__always)
    mutating func progress(identity: Int, atParentTime parentTime: CFTimeInterval, slot: Int,
                           evaluate: () -> Result) -> Result {
        let time = parentTime.bitPattern
        if identity != 0 {
            if slot == 0 {
                if first.identity == identity, first.parentTime == time { return first.result }
            } else if second.identity == identity, second.parentTime == time {
                return second.result
            }
        }
        let result = evaluate()
        if identity != 0 {
            if slot == 0 {
                first = Entry(identity: identity, parentTime: time, result: result)
            } else {
                second = Entry(identity: identity, parentTime: time, result: result)
            }
        }
        return result
    }
}
