import Foundation
import QuartzCore

/// An input event delivered to a kiosk app on the main thread, in the content's (rotated)
/// coordinate space. (Linux addition: the kiosk's counterpart of UIEvent/NSEvent.)
public struct CAInputEvent: Sendable, Equatable {
    /// The stage of a touch.
    public enum TouchPhase: Sendable, Equatable {
        /// A finger touched the screen.
        case began
        /// A finger moved.
        case moved
        /// A finger left the screen.
        case ended
        /// The system cancelled the touch.
        case cancelled
    }

    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// A key went down (`isDown`) or up; `code` is the Linux key code (`CAKeyCode`).
        case key(code: UInt32, isDown: Bool)
        /// The pointer moved to `location`.
        case pointerMoved
        /// A pointer button (Linux button code: `CAKeyCode.leftButton`) went down or up at `location`.
        case pointerButton(button: UInt32, isDown: Bool)
        /// A scroll wheel or finger scroll, in points of the content's space.
        case scroll(dx: Double, dy: Double)
        /// A touch, `id` telling fingers apart.
        case touch(id: Int, phase: TouchPhase)
    }

    /// What happened.
    public var kind: Kind
    /// Where, in the root layer's coordinates (for key events, the pointer's location).
    public var location: CGPoint
    /// When the device reported it, in `CACurrentMediaTime()` seconds.
    public var timestamp: CFTimeInterval

    /// Creates an event.
    public init(kind: Kind, location: CGPoint, timestamp: CFTimeInterval) {
        self.kind = kind; self.location = location; self.timestamp = timestamp
    }
}

/// Linux input key and button codes (linux/input-event-codes.h) a kiosk app commonly needs.
public enum CAKeyCode {
    /// Escape.
    public static let escape: UInt32 = 1
    /// Tab.
    public static let tab: UInt32 = 15
    /// Return.
    public static let enter: UInt32 = 28
    /// Space bar.
    public static let space: UInt32 = 57
    /// Up arrow.
    public static let up: UInt32 = 103
    /// Left arrow.
    public static let left: UInt32 = 105
    /// Right arrow.
    public static let right: UInt32 = 106
    /// Down arrow.
    public static let down: UInt32 = 108
    /// The keypad's Enter.
    public static let keypadEnter: UInt32 = 96
    /// The left mouse button.
    public static let leftButton: UInt32 = 0x110
    /// The right mouse button.
    public static let rightButton: UInt32 = 0x111
}

/// An input event as a device reported it, before rotation and hit testing: positions are
/// physical (on the panel), absolute ones normalised to 0...1.
public enum CARawInputEvent: Sendable, Equatable {
    /// A key changed state.
    case key(code: UInt32, isDown: Bool, time: CFTimeInterval)
    /// A relative pointer (mouse) moved by physical pixels.
    case pointerMotion(dx: Double, dy: Double, time: CFTimeInterval)
    /// An absolute pointer (tablet) moved to a normalised panel position.
    case pointerAbsolute(x: Double, y: Double, time: CFTimeInterval)
    /// A pointer button changed state.
    case pointerButton(button: UInt32, isDown: Bool, time: CFTimeInterval)
    /// A scroll, in physical pixels.
    case scroll(dx: Double, dy: Double, time: CFTimeInterval)
    /// A touch at a normalised panel position (nil position for up and cancel).
    case touch(slot: Int, phase: CAInputEvent.TouchPhase, x: Double?, y: Double?, time: CFTimeInterval)

    /// When the device reported it.
    public var time: CFTimeInterval {
        switch self {
        case .key(_, _, let t), .pointerMotion(_, _, let t), .pointerAbsolute(_, _, let t),
             .pointerButton(_, _, let t), .scroll(_, _, let t), .touch(_, _, _, _, let t):
            return t
        }
    }
}
