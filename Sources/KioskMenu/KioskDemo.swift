import QuartzCore

/// A full-screen demo that qc-kiosk can show: a root layer, laid out for the display's size,
/// driven by keys, taps and swipes the app has recognised and hit-tested.
public protocol KioskDemo: AnyObject {
    /// The layer the demo shows, sized to the display.
    var rootLayer: CALayer { get }
    /// Lays the tree out for a root of `size` points.
    func layout(for size: CGSize)
    /// Handles a key going down (a Linux key code, `KioskKey`); returns whether it was used.
    @discardableResult
    func handleKey(_ code: UInt32) -> Bool
    /// Handles a tap (a finger lifted where it touched, or a mouse click) at `point` in the root
    /// layer's coordinates, on `hitLayer`, the deepest layer there.
    func handleTap(on hitLayer: CALayer?, at point: CGPoint)
    /// Handles a swipe (`CATouchGesture.Kind.swipe`): a press that moved by (`dx`, `dy`) points
    /// before it was released.
    func handleSwipe(dx: CGFloat, dy: CGFloat)
    /// The video frames passed over unseen so far (nil: the demo plays no video); the status
    /// overlay shows them.
    var droppedVideoFrames: Int? { get }
}

extension KioskDemo {
    /// Demos without video have no dropped frames to show.
    public var droppedVideoFrames: Int? { nil }
}

/// The Linux key codes (linux/input-event-codes.h) the demos read.
public enum KioskKey {
    /// Return.
    public static let enter: UInt32 = 28
    /// The keypad's Enter.
    public static let keypadEnter: UInt32 = 96
    /// Up arrow.
    public static let up: UInt32 = 103
    /// Left arrow.
    public static let left: UInt32 = 105
    /// Right arrow.
    public static let right: UInt32 = 106
    /// Down arrow.
    public static let down: UInt32 = 108
    /// The S key: shows or hides the status overlay.
    public static let s: UInt32 = 31
    /// F1: shows or hides the status overlay.
    public static let f1: UInt32 = 59
}
