import CompositorCore
import Foundation
import QuartzCore

/// What an output has asked of its CRTC and what the next frame must do: a modeset (first frame,
/// after a failed commit, a lost flip event or the seat's return) or a page flip; whether a flip
/// awaits its event; whether the seat is away (nothing is submitted). Knows nothing of DRM: the
/// commits go through a `KMSScanout`, so tests drive it with a double that fails on demand.
struct ScanoutState {
    /// How long a flip may go without its event before the output stops waiting for it.
    static let lostFlipTimeout: CFTimeInterval = 1

    /// What `submit` did.
    enum Outcome: Equatable {
        /// The mode was set with the frame (it is on screen now).
        case modeset
        /// A flip was queued; its event will say when the frame is on screen.
        case flipQueued
        /// The seat is away (DRM master dropped): nothing was submitted.
        case paused
    }

    /// Whether the next frame is put on screen by a modeset.
    private(set) var needsModeset = true
    /// When the pending flip was queued, or nil when none is pending.
    private(set) var flipSubmittedAt: CFTimeInterval?
    /// Whether the seat is away: frames are neither rendered nor submitted.
    private(set) var isPaused = false

    /// Whether a flip awaits its event.
    var isFlipPending: Bool { flipSubmittedAt != nil }

    /// Shows `framebuffer`: by a modeset when one is due, otherwise by a page flip. A failed
    /// commit (EBUSY, EINVAL, EACCES…) leaves no flip pending and makes the next frame a modeset;
    /// the error is thrown for the caller to log and to redraw the whole frame.
    mutating func submit(framebuffer: UInt32, damage: [PixelRect], on scanout: KMSScanout,
                         userData: UnsafeMutableRawPointer, now: CFTimeInterval) throws -> Outcome {
        guard !isPaused else { return .paused }
        do {
            if needsModeset {
                try scanout.modeset(framebuffer: framebuffer)
                needsModeset = false
                flipSubmittedAt = nil
                return .modeset
            }
            try scanout.flip(framebuffer: framebuffer, damage: damage, userData: userData)
            flipSubmittedAt = now
            return .flipQueued
        } catch {
            needsModeset = true
            flipSubmittedAt = nil
            throw error
        }
    }

    /// The pending flip's event arrived; returns how long after its submission.
    mutating func flipCompleted(at time: CFTimeInterval) -> CFTimeInterval? {
        defer { flipSubmittedAt = nil }
        return flipSubmittedAt.map { max(0, time - $0) }
    }

    /// Whether the pending flip's event is overdue at `now` (a driver hiccup, a seat change
    /// mid-flip); if so it is given up and the next frame is a modeset.
    mutating func giveUpLostFlip(now: CFTimeInterval) -> Bool {
        guard let submitted = flipSubmittedAt, now - submitted > Self.lostFlipTimeout else { return false }
        flipSubmittedAt = nil
        needsModeset = true
        return true
    }

    /// The frames were released (display detached, output reset): no flip is awaited.
    mutating func forgetPendingFlip() {
        flipSubmittedAt = nil
    }

    /// A new display, mode or CRTC: the next frame sets the mode.
    mutating func requireModeset() {
        needsModeset = true
    }

    /// The seat went away (VT switch, DRM master lost): nothing is submitted until `resume()`.
    mutating func pause() {
        isPaused = true
        flipSubmittedAt = nil
    }

    /// The seat came back: the next frame sets the mode again.
    mutating func resume() {
        isPaused = false
        needsModeset = true
    }
}
