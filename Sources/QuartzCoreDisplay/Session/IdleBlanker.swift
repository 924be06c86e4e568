import Foundation
import QuartzCore

/// Decides when a kiosk's display is blanked for want of input and when it wakes: after
/// `delay` seconds without input the display is blanked; the next input wakes it. Pure: the
/// output tells it the time, so tests run it on made-up clocks.
struct IdleBlanker: Equatable {
    /// What the output must do.
    enum Action: Equatable {
        /// Turn the display off (DPMS off, or a black frame where the connector has no DPMS property).
        case blank
        /// Turn it back on and redraw.
        case wake
    }

    /// Seconds without input before the display is blanked; nil never blanks.
    let delay: CFTimeInterval?
    /// When input last arrived (or the blanker started).
    private(set) var lastActivity: CFTimeInterval
    /// Whether the display is blanked now.
    private(set) var isBlanked = false

    /// A blanker whose idle time starts at `now`. A delay that is not a positive finite number never blanks.
    init(delay: CFTimeInterval?, now: CFTimeInterval) {
        self.delay = delay.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        lastActivity = now
    }

    /// Input arrived at `now` (or the user came back some other way, like a VT switch back):
    /// the idle time starts again, and a blanked display wakes.
    mutating func activity(at now: CFTimeInterval) -> Action? {
        lastActivity = max(lastActivity, now)
        guard isBlanked else { return nil }
        isBlanked = false
        return .wake
    }

    /// Whether the display should be blanked at `now`.
    mutating func tick(now: CFTimeInterval) -> Action? {
        guard let delay, !isBlanked, now - lastActivity >= delay else { return nil }
        isBlanked = true
        return .blank
    }

    /// Seconds from `now` until the display blanks, 0 when overdue; nil when it never will (no
    /// delay, or blanked already).
    func timeUntilBlank(now: CFTimeInterval) -> CFTimeInterval? {
        guard let delay, !isBlanked else { return nil }
        return max(0, lastActivity + delay - now)
    }
}
