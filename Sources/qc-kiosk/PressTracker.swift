import KioskMenu
import QuartzCore
import QuartzCoreDisplay

/// Turns presses (a finger, or the left mouse button) into taps and swipes for a demo: a press
/// released within `tapRadius` points of where it began is a tap on the layer it began on;
/// one released farther is a swipe by the distance it moved.
@MainActor
struct PressTracker {
    /// How far a press may move and still be a tap, in points.
    static let tapRadius: CGFloat = 20

    private var start: (location: CGPoint, layer: CALayer?)?
    private var last = CGPoint.zero

    /// Follows `event`; calls the demo when a press ends.
    mutating func handle(_ event: CAInputEvent, hitLayer: CALayer?, demo: KioskDemo) {
        switch event.kind {
        case .pointerButton(CAKeyCode.leftButton, true), .touch(_, .began):
            start = (event.location, hitLayer)
            last = event.location
        case .pointerMoved, .touch(_, .moved):
            last = event.location
        case .pointerButton(CAKeyCode.leftButton, false), .touch(_, .ended):
            guard let began = start else { return }
            start = nil
            let end = isTouchEnd(event) ? last : event.location
            let dx = end.x - began.location.x, dy = end.y - began.location.y
            if dx * dx + dy * dy <= Self.tapRadius * Self.tapRadius {
                demo.handleTap(on: began.layer, at: began.location)
            } else {
                demo.handleSwipe(dx: dx, dy: dy)
            }
        case .touch(_, .cancelled):
            start = nil
        default:
            break
        }
    }

    /// A lifted finger reports no position of its own: the last one it moved to counts.
    private func isTouchEnd(_ event: CAInputEvent) -> Bool {
        if case .touch(_, .ended) = event.kind { return true }
        return false
    }
}
