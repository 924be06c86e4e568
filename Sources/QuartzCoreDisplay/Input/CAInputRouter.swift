import Foundation
import QuartzCore

/// Turns device events into content events: rotates positions into the content's space, keeps
/// the pointer inside it, moves the software cursor, and hit-tests the root layer, on the main
/// thread. (Linux addition.)
public final class CAInputRouter {
    /// The rotation of the display.
    public var rotation: CADisplayRotation
    /// The panel's size in points.
    public var physicalSize: CGSize
    /// The pointer's position in content coordinates.
    public private(set) var pointerLocation: CGPoint
    /// The layer the content is drawn in (its superlayer's space is the panel's).
    public let rootLayer: CALayer
    /// The software cursor, shown while a mouse or tablet is used, hidden on touch; nil for none.
    public let cursorLayer: CALayer?
    private var touches: [Int: CGPoint] = [:]

    /// Creates a router for `rootLayer` shown on a panel of `physicalSize` points.
    public init(rootLayer: CALayer, cursorLayer: CALayer?, rotation: CADisplayRotation, physicalSize: CGSize) {
        self.rootLayer = rootLayer
        self.cursorLayer = cursorLayer
        self.rotation = rotation
        self.physicalSize = physicalSize
        let logical = rotation.logicalSize(forPhysicalSize: physicalSize)
        pointerLocation = CGPoint(x: logical.width / 2, y: logical.height / 2)
    }

    /// The content's size.
    public var logicalSize: CGSize { rotation.logicalSize(forPhysicalSize: physicalSize) }

    /// Converts a device event; returns the content event and the layer under it (nil: nothing hit).
    public func route(_ raw: CARawInputEvent) -> (event: CAInputEvent, hitLayer: CALayer?) {
        let kind: CAInputEvent.Kind
        var location = pointerLocation
        switch raw {
        case .key(let code, let isDown, _):
            kind = .key(code: code, isDown: isDown)
        case .pointerMotion(let dx, let dy, _):
            let d = rotation.logicalDelta(fromPhysical: CGSize(width: dx, height: dy))
            movePointer(to: CGPoint(x: pointerLocation.x + d.width, y: pointerLocation.y + d.height))
            location = pointerLocation
            kind = .pointerMoved
        case .pointerAbsolute(let x, let y, _):
            movePointer(to: logicalPoint(normalisedX: x, y: y))
            location = pointerLocation
            kind = .pointerMoved
        case .pointerButton(let button, let isDown, _):
            kind = .pointerButton(button: button, isDown: isDown)
        case .scroll(let dx, let dy, _):
            let d = rotation.logicalDelta(fromPhysical: CGSize(width: dx, height: dy))
            kind = .scroll(dx: d.width, dy: d.height)
        case .touch(let slot, let phase, let x, let y, _):
            if let x, let y {
                location = logicalPoint(normalisedX: x, y: y)
                touches[slot] = location
            } else {
                location = touches[slot] ?? pointerLocation
            }
            if phase == .ended || phase == .cancelled { touches[slot] = nil }
            setCursorHidden(true)
            kind = .touch(id: slot, phase: phase)
        }
        let event = CAInputEvent(kind: kind, location: location, timestamp: raw.time)
        return (event, hitTest(location))
    }

    /// The deepest layer of the content under `location` (content coordinates), hit-tested
    /// through the root layer's rotated transform as Core Animation does.
    public func hitTest(_ location: CGPoint) -> CALayer? {
        rootLayer.hitTest(rotation.physicalPoint(fromLogical: location, physicalSize: physicalSize))
    }

    /// A normalised panel position (0...1 on both axes) in content coordinates.
    public func logicalPoint(normalisedX x: Double, y: Double) -> CGPoint {
        rotation.logicalPoint(fromPhysical: CGPoint(x: x * physicalSize.width, y: y * physicalSize.height),
                              physicalSize: physicalSize)
    }

    private func movePointer(to p: CGPoint) {
        let size = logicalSize
        pointerLocation = CGPoint(x: min(max(p.x, 0), size.width), y: min(max(p.y, 0), size.height))
        guard let cursorLayer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        cursorLayer.position = rotation.physicalPoint(fromLogical: pointerLocation, physicalSize: physicalSize)
        cursorLayer.isHidden = false
        CATransaction.commit()
    }

    private func setCursorHidden(_ hidden: Bool) {
        guard let cursorLayer, cursorLayer.isHidden != hidden else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        cursorLayer.isHidden = hidden
        CATransaction.commit()
    }
}
