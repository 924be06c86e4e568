import Foundation
import QuartzCore

/// The touch slots that are down, so that touches in progress can be ended when the devices go
/// away (a seat disable suspends libinput, and the fingers' up events never arrive).
struct TouchSlotTracker: Equatable {
    /// The slots with a finger down, and where each last was (normalised panel position).
    private(set) var active: [Int: (x: Double, y: Double)] = [:]

    static func == (a: TouchSlotTracker, b: TouchSlotTracker) -> Bool {
        a.active.keys.sorted() == b.active.keys.sorted()
    }

    /// Follows a device event: a touch down or motion makes its slot active, an up or a cancel ends it.
    mutating func note(_ event: CARawInputEvent) {
        guard case .touch(let slot, let phase, let x, let y, _) = event else { return }
        switch phase {
        case .began, .moved:
            if let x, let y { active[slot] = (x, y) }
        case .ended, .cancelled:
            active[slot] = nil
        }
    }

    /// Cancels every touch in progress at `time`, in slot order; none is active afterwards.
    mutating func cancelAll(at time: CFTimeInterval) -> [CARawInputEvent] {
        defer { active = [:] }
        return active.keys.sorted().map { .touch(slot: $0, phase: .cancelled, x: nil, y: nil, time: time) }
    }
}
