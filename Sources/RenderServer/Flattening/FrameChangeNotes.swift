import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// What the layers drawn so far say about later frames: whether any animates, when the next
/// change is due, and how many things that change with time (animations, particles, tiles, GL
/// frames) were drawn, so that a subtree during which none was met can be reused next frame.
struct FrameChangeNotes: Sendable {
    /// Global media time of the frame.
    let time: CFTimeInterval
    /// Whether any visited layer had animations (so later frames may differ).
    private(set) var sawAnimations = false
    /// The earliest global media time, at or after `time`, at which a visited animation changes
    /// what is drawn: `time` while one runs, the start of the first one still to come, or
    /// `.infinity` when none will.
    private(set) var nextChangeTime: CFTimeInterval = .infinity
    /// Counts what made the subtrees drawn so far depend on time: a subtree during which it
    /// did not move can be reused.
    private(set) var timeDependencies = 0

    /// Notes for a frame at global media time `time`, nothing drawn yet.
    init(time: CFTimeInterval) {
        self.time = time
    }

    /// Notes a layer's animations, whose parent time is the layer's `localTime`, which advances
    /// `rate` times as fast as global time (0 when paused).
    mutating func noteAnimations(_ animations: [CompiledAnimation], localTime: CFTimeInterval, rate: Double) {
        sawAnimations = true
        timeDependencies += 1
        // A running animation noted already (the next change is now): none comes sooner.
        guard rate != 0, nextChangeTime > time else { return }
        // Each animation read where it lies in the array's storage, through a pointer, not
        // copied out (its parts retained and released) as the array's and the buffer
        // pointer's subscripts do.
        animations.withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return }
            for index in list.indices {
                // The timing read out (plain values): a call on the animation copies it.
                switch animation[index].timing.phase(atParentTime: localTime) {
                case .active:
                    // Nothing comes sooner than now (a later one's start is at least `time`):
                    // the rest are not asked.
                    nextChangeTime = time
                    return
                case .before where rate > 0:
                    let start = time + (animation[index].timing.beginTime - localTime) / rate
                    nextChangeTime = min(nextChangeTime, max(time, start))
                case .before, .after:
                    break
                }
            }
        }
    }

    /// Notes content that changes with every frame while its layer's time runs (particles).
    mutating func noteContinuousChange(rate: Double) {
        sawAnimations = true
        timeDependencies += 1
        if rate != 0 { nextChangeTime = time }
    }

    /// Notes content that does not come from the committed tree (a tiled layer's tile cache,
    /// a GL layer's last frame): the subtree drawing it is flattened again each frame.
    mutating func noteExternalContent() {
        timeDependencies += 1
    }

    /// Notes content that will change at global time `t` (a tile that fades in, say).
    mutating func noteChange(at t: CFTimeInterval) {
        sawAnimations = true
        timeDependencies += 1
        nextChangeTime = min(nextChangeTime, max(time, t))
    }

    /// Adds what the notes of another part of the same frame say.
    mutating func merge(_ other: FrameChangeNotes) {
        sawAnimations = sawAnimations || other.sawAnimations
        nextChangeTime = min(nextChangeTime, other.nextChangeTime)
        timeDependencies += other.timeDependencies
    }
}
