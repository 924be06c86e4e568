import Foundation
import QuartzCore

/// A gesture a `CATouchGestureRecognizer` recognised. (Linux addition: the kiosk's counterpart
/// of what UITapGestureRecognizer and UISwipeGestureRecognizer report.)
public struct CATouchGesture: Sendable, Equatable {
    /// The direction of a swipe, in the content's space (y grows downwards).
    public enum Direction: Sendable, Equatable {
        /// Towards smaller x.
        case left
        /// Towards larger x.
        case right
        /// Towards smaller y.
        case up
        /// Towards larger y.
        case down
    }

    /// What was recognised.
    public enum Kind: Sendable, Equatable {
        /// A finger touched and lifted without moving further than the slop, within the tap duration.
        case tap
        /// A finger moved far and fast enough in `direction`.
        case swipe(Direction)
    }

    /// What was recognised.
    public var kind: Kind
    /// The touch that made it (`CAInputEvent.Kind.touch(id:phase:)`), or `pointerTouchID` for
    /// the left mouse button.
    public var touchID: Int
    /// The `touchID` of gestures made with the left mouse button, which the recogniser follows as
    /// one more finger (as iPadOS gesture recognisers take pointer clicks as touches).
    public static let pointerTouchID = -1
    /// Where the finger went down, in the content's coordinates (hit-test this for a tap's target).
    public var startLocation: CGPoint
    /// Where the finger lifted.
    public var endLocation: CGPoint
    /// The average velocity from touch down to lift, in points per second on each axis (a point, as
    /// UIPanGestureRecognizer's `velocity(in:)` reports it).
    public var velocity: CGPoint

    /// Creates a gesture.
    public init(kind: Kind, touchID: Int, startLocation: CGPoint, endLocation: CGPoint, velocity: CGPoint) {
        self.kind = kind
        self.touchID = touchID
        self.startLocation = startLocation
        self.endLocation = endLocation
        self.velocity = velocity
    }
}

/// Recognises taps and swipes in touch events, each finger on its own, so two fingers make two
/// gestures. A touch the system cancels (`TouchPhase.cancelled`, sent for every finger down when
/// the seat is disabled) makes none. The left mouse button, pressed, dragged and released, counts
/// as one more finger (`CATouchGesture.pointerTouchID`), so a kiosk tried out with a mouse taps
/// and swipes as it will under a finger. (Linux addition.)
///
/// A touch is a tap when it lifts within `maximumTapDuration` of touching down and never
/// strayed more than `tapSlop` from where it went down; it is a swipe when it lifts at least
/// `minimumSwipeDistance` from where it went down, having moved at `minimumSwipeVelocity` or
/// faster on average, its direction the axis it moved most along. Anything else (a press held,
/// a slow drag) is no gesture.
public struct CATouchGestureRecognizer: Sendable {
    /// How far, in points, a finger may move and still tap. Default 10, UILongPressGestureRecognizer's
    /// documented `allowableMovement`.
    public var tapSlop: CGFloat = 10
    /// The longest touch, in seconds, that taps. Default 0.5: UILongPressGestureRecognizer's
    /// documented `minimumPressDuration`, from which on a press is a long press, not a tap.
    public var maximumTapDuration: CFTimeInterval = 0.5
    /// The shortest distance, in points, from touch down to lift that swipes. Default 50.
    public var minimumSwipeDistance: CGFloat = 50
    /// The slowest average speed, in points per second, that swipes. Default 200.
    public var minimumSwipeVelocity: CGFloat = 200

    private struct Track: Sendable {
        var start: CGPoint
        var startTime: CFTimeInterval
        var last: CGPoint
        var strayed: Bool
    }

    private var tracks: [Int: Track] = [:]

    /// Creates a recogniser with the default thresholds.
    public init() {}

    /// The touches being followed (fingers down).
    public var activeTouchIDs: [Int] { tracks.keys.sorted() }

    /// Follows an input event; returns the gesture it completes, if any. Events other than
    /// touches and the left mouse button's presses and moves are ignored.
    public mutating func handle(_ event: CAInputEvent) -> CATouchGesture? {
        guard let (id, phase) = touchPhase(of: event) else { return nil }
        let p = event.location
        switch phase {
        case .began:
            tracks[id] = Track(start: p, startTime: event.timestamp, last: p, strayed: false)
            return nil
        case .moved:
            guard var track = tracks[id] else { return nil }
            track.last = p
            if hypot(p.x - track.start.x, p.y - track.start.y) > tapSlop { track.strayed = true }
            tracks[id] = track
            return nil
        case .cancelled:
            tracks[id] = nil
            return nil
        case .ended:
            guard let track = tracks.removeValue(forKey: id) else { return nil }
            // A lifted finger reports no position of its own (the router gives it the last one);
            // a released button reports where the pointer is.
            return recognise(track, id: id, end: p, time: event.timestamp)
        }
    }

    /// The touch an event continues: a finger's own, or the left mouse button's as a touch with
    /// `pointerTouchID` (moves count only while the button is down).
    private func touchPhase(of event: CAInputEvent) -> (Int, CAInputEvent.TouchPhase)? {
        switch event.kind {
        case .touch(let id, let phase):
            return (id, phase)
        case .pointerButton(CAKeyCode.leftButton, let isDown):
            return (CATouchGesture.pointerTouchID, isDown ? .began : .ended)
        case .pointerMoved where tracks[CATouchGesture.pointerTouchID] != nil:
            return (CATouchGesture.pointerTouchID, .moved)
        default:
            return nil
        }
    }

    /// Forgets every touch in progress without a gesture (the devices went away).
    public mutating func cancelAll() {
        tracks = [:]
    }

    private func recognise(_ track: Track, id: Int, end: CGPoint, time: CFTimeInterval) -> CATouchGesture? {
        let dx = end.x - track.start.x, dy = end.y - track.start.y
        let duration = max(time - track.startTime, 0)
        let distance = hypot(dx, dy)
        // A duration of zero (one report) moves at no measurable speed: only taps can come of it.
        let velocity = duration > 0 ? CGPoint(x: dx / duration, y: dy / duration) : .zero
        func gesture(_ kind: CATouchGesture.Kind) -> CATouchGesture {
            CATouchGesture(kind: kind, touchID: id, startLocation: track.start, endLocation: end, velocity: velocity)
        }
        if !track.strayed, distance <= tapSlop, duration <= maximumTapDuration {
            return gesture(.tap)
        }
        guard distance >= minimumSwipeDistance, duration > 0, distance / duration >= minimumSwipeVelocity else { return nil }
        let direction: CATouchGesture.Direction = abs(dx) >= abs(dy) ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down)
        return gesture(.swipe(direction))
    }
}
