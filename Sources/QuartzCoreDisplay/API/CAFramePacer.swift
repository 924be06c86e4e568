import Foundation
import QuartzCore

/// How many frames an output lets the renderer work ahead of the display. (Linux addition.)
///
/// With double buffering the renderer starts a frame only when the previous one has flipped:
/// the lowest latency, but a frame that takes longer than one refresh to render misses every
/// other vblank, and 60 fps falls to 30 (the renderer then waits a whole refresh for each flip).
/// Triple buffering lets one finished frame wait behind the pending flip, so the renderer never
/// waits for the display and the rate falls only to 1 / render time (18 ms frames give ~55 fps,
/// not 30), for one more refresh of latency. Adaptive uses double buffering while frames render
/// well inside a refresh and triple buffering for a while after a slow one.
public enum CAFramePacingPolicy: String, Sendable, CaseIterable {
    /// At most one frame in flight: render after each flip.
    case doubleBuffered = "double"
    /// At most two frames in flight: one on the way to the display, one finished behind it.
    case tripleBuffered = "triple"
    /// Double buffering until a frame renders slower than `slowFrameFraction` of a refresh, then
    /// triple buffering until `recoveryFrames` fast frames in a row.
    case adaptive
}

/// The frame pacing state machine of a display output: which frame is on its way to the display,
/// which finished frame waits behind it, when to render next and for which presentation time.
/// Page-flip events drive it; it knows nothing of KMS, so tests drive it with a fake clock.
public struct CAFramePacer<Frame> {
    /// What to do with a frame the renderer just finished.
    public enum Submission {
        /// Queue it for the next vblank now (nothing is pending).
        case submit(Frame)
        /// Keep it: it goes to the display when the pending flip completes.
        case queued
    }

    /// The pacing policy.
    public var policy: CAFramePacingPolicy
    /// The display's refresh period, in seconds.
    public var refreshPeriod: CFTimeInterval
    /// The frame submitted to the display and not yet flipped.
    public private(set) var pendingFlip: Frame?
    /// A finished frame waiting for the pending flip to complete.
    public private(set) var queuedFrame: Frame?
    /// The time of the last page flip, or nil before the first.
    public private(set) var lastFlipTime: CFTimeInterval?
    /// Whether the adaptive policy currently allows a frame to wait behind the pending flip.
    public private(set) var isTripleBuffering: Bool
    /// The share of a refresh above which a frame counts as slow (adaptive policy).
    public var slowFrameFraction: Double = 0.75
    /// Fast frames in a row after which the adaptive policy returns to double buffering.
    public var recoveryFrames: Int = 120
    private var fastFramesInARow = 0

    /// Creates a pacer for a display of `refreshPeriod` seconds.
    public init(policy: CAFramePacingPolicy, refreshPeriod: CFTimeInterval) {
        self.policy = policy
        self.refreshPeriod = refreshPeriod > 0 && refreshPeriod.isFinite ? refreshPeriod : 1.0 / 60
        isTripleBuffering = policy == .tripleBuffered
    }

    /// The number of frames between the renderer and the display (0, 1 or 2).
    public var framesInFlight: Int { (pendingFlip == nil ? 0 : 1) + (queuedFrame == nil ? 0 : 1) }

    /// The most frames the current policy allows between the renderer and the display.
    public var maximumFramesInFlight: Int { isTripleBuffering ? 2 : 1 }

    /// Whether the renderer may start a frame now.
    public var canRender: Bool { framesInFlight < maximumFramesInFlight }

    /// The time at which a frame started `now` will be shown: the vblank after the pending
    /// flip's (or the next one), never one already past.
    public func presentationTime(now: CFTimeInterval) -> CFTimeInterval {
        guard let last = lastFlipTime else { return now + refreshPeriod }
        var t = last + refreshPeriod * Double(1 + framesInFlight)
        if t <= now { t += ((now - t) / refreshPeriod).rounded(.down) * refreshPeriod + refreshPeriod }
        return t
    }

    /// Records a finished frame and its render time; returns whether to submit it now.
    public mutating func rendered(_ frame: Frame, renderDuration: CFTimeInterval) -> Submission {
        adapt(toRenderDuration: renderDuration)
        if pendingFlip == nil {
            pendingFlip = frame
            return .submit(frame)
        }
        queuedFrame = frame
        return .queued
    }

    /// Records the completion of the pending flip at `time`; returns the frame to submit next
    /// (the one that waited) and the frame now on screen (the caller releases the one before it).
    public mutating func flipped(at time: CFTimeInterval) -> (submit: Frame?, onScreen: Frame?) {
        lastFlipTime = time
        let onScreen = pendingFlip
        pendingFlip = queuedFrame
        queuedFrame = nil
        return (pendingFlip, onScreen)
    }

    /// Forgets every frame in flight (the display was disabled or the mode changed); the
    /// returned frames are released by the caller.
    public mutating func reset() -> [Frame] {
        let frames = [pendingFlip, queuedFrame].compactMap { $0 }
        pendingFlip = nil
        queuedFrame = nil
        lastFlipTime = nil
        return frames
    }

    private mutating func adapt(toRenderDuration duration: CFTimeInterval) {
        guard policy == .adaptive else { return }
        if duration > slowFrameFraction * refreshPeriod {
            isTripleBuffering = true
            fastFramesInARow = 0
        } else if isTripleBuffering {
            fastFramesInARow += 1
            if fastFramesInARow >= recoveryFrames { isTripleBuffering = false; fastFramesInARow = 0 }
        }
    }
}
