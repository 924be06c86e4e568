import Foundation
import QuartzCore
import XCTest

/// The messages a layer sends its delegate and its layout manager, as Apple's QuartzCore
/// measurably sends them (GNUstep libs-quartzcore `Tests/quartzcore/CALayer/protocols.m`, which
/// its CI runs against Apple's): a drawing delegate hears `layerWillDraw` before `draw(_:in:)`;
/// a layout manager hears `invalidateLayout(of:)` when a good layout turns bad (a sublayer
/// added, the bounds resized, not a move) and only then; a layer prefers its own size unless a
/// layout manager says otherwise.
final class LayerProtocolsAppleTests: XCTestCase {
    /// What the delegate and the manager were sent, in order.
    private final class Log {
        var sent: [String] = []
    }

    private final class Drawer: CALayerDelegate {
        let log: Log
        init(_ log: Log) { self.log = log }
        func layerWillDraw(_ layer: CALayer) { log.sent.append("layerWillDraw") }
        func draw(_ layer: CALayer, in ctx: CGContext) { log.sent.append("draw") }
    }

    private final class Manager: CALayoutManager {
        let log: Log
        init(_ log: Log) { self.log = log }
        func layoutSublayers(of layer: CALayer) { log.sent.append("layoutSublayers") }
        func invalidateLayout(of layer: CALayer) { log.sent.append("invalidateLayout") }
        func preferredSize(of layer: CALayer) -> CGSize {
            log.sent.append("preferredSize")
            return CGSize(width: 11, height: 22)
        }
    }

    /// A 50x50 layer under a layout manager, laid out, so that the next change to it is one
    /// that turns a good layout into a bad one.
    private func settled(_ log: Log, _ manager: Manager) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.layoutManager = manager
        layer.layoutIfNeeded()
        log.sent.removeAll()
        return layer
    }

    func testADrawingDelegateIsToldTheLayerWillDrawThenAskedToDraw() {
        let log = Log()
        let drawer = Drawer(log)
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.delegate = drawer
        log.sent.removeAll()
        layer.display()
        XCTAssertEqual(log.sent, ["layerWillDraw", "draw"])
    }

    func testTheManagerIsToldOnceWhenTheLayoutStopsBeingGood() {
        let log = Log()
        let manager = Manager(log)
        let layer = settled(log, manager)
        layer.setNeedsLayout()
        XCTAssertTrue(log.sent.contains("invalidateLayout"))
        log.sent.removeAll()
        layer.setNeedsLayout()
        XCTAssertFalse(log.sent.contains("invalidateLayout"), "not again while the layout is still not good")
    }

    func testASublayerOrAResizeInvalidatesTheLayoutAndAMoveDoesNot() {
        let log = Log()
        let manager = Manager(log)
        settled(log, manager).addSublayer(CALayer())
        XCTAssertTrue(log.sent.contains("invalidateLayout"), "a sublayer arriving")
        settled(log, manager).bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        XCTAssertTrue(log.sent.contains("invalidateLayout"), "the layer resized")
        settled(log, manager).position = CGPoint(x: 5, y: 5)
        XCTAssertFalse(log.sent.contains("invalidateLayout"), "moving it: its sublayers sit where they did")
    }

    func testALaidOutLayerLaysOutNoFurther() {
        let log = Log()
        let layer = settled(log, Manager(log))
        layer.layoutIfNeeded()
        XCTAssertEqual(log.sent, [])
    }

    func testALayerPrefersItsOwnSizeUnlessItsManagerSaysOtherwise() {
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 30, height: 40)
        XCTAssertEqual(plain.preferredFrameSize(), CGSize(width: 30, height: 40))
        let log = Log()
        let managed = CALayer()
        managed.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        managed.layoutManager = Manager(log)
        log.sent.removeAll()
        XCTAssertEqual(managed.preferredFrameSize(), CGSize(width: 11, height: 22))
        XCTAssertTrue(log.sent.contains("preferredSize"), "the manager is the one asked")
    }
}
