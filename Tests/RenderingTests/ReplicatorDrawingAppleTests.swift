import QuartzCore
import XCTest

/// What a replicator layer draws through `render(in:)`, as Apple's QuartzCore measurably draws
/// it (GNUstep libs-quartzcore `Tests/quartzcore/CAReplicatorLayer/drawing.m`, which its CI runs
/// against Apple's): a 20 x 20 red sublayer at the corner of a 100 x 100 replicator at the
/// origin of a bare 200 x 100 bitmap context (y up). Only the sublayers are repeated.
final class ReplicatorDrawingAppleTests: XCTestCase {
    private func redChild() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.position = CGPoint(x: 10, y: 10)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return layer
    }

    private func replicator(_ count: Int, _ transform: CATransform3D, side: CGFloat = 100) -> CAReplicatorLayer {
        let layer = CAReplicatorLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        layer.addSublayer(redChild())
        layer.instanceCount = count
        layer.instanceTransform = transform
        return layer
    }

    private func drawn(_ layer: CALayer) throws -> PaintedPixels {
        try PaintedPixels(width: 200, height: 100) { layer.render(in: $0) }
    }

    func testOneInstanceIsJustTheSublayer() throws {
        let box = try XCTUnwrap(try drawn(replicator(1, CATransform3DIdentity)).paintedBox)
        XCTAssertLessThan(box.x1, 25)
    }

    func testEveryInstanceIsDrawn() throws {
        let step = CATransform3DMakeTranslation(30, 0, 0)
        let one = try drawn(replicator(1, step)), three = try drawn(replicator(3, step))
        let a = try XCTUnwrap(one.paintedBox), b = try XCTUnwrap(three.paintedBox)
        XCTAssertGreaterThan(three.count, one.count)
        XCTAssertGreaterThan(b.x1, a.x1 + 50, "the third instance two offsets further across")
        XCTAssertEqual(b.x0, a.x0, "the first where one instance was")
    }

    func testZeroInstancesDrawNothing() throws {
        XCTAssertEqual(try drawn(replicator(0, CATransform3DIdentity)).count, 0)
    }

    func testTheBackgroundIsDrawnOnceAndTheSublayersRepeated() throws {
        let layer = replicator(3, CATransform3DMakeTranslation(60, 0, 0), side: 40)
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let pixels = try drawn(layer)
        XCTAssertTrue(pixels.isPainted(30, 30), "its own background")
        XCTAssertTrue(pixels.isPainted(130, 10), "its sublayers repeated past its bounds")
        XCTAssertFalse(pixels.isPainted(90, 30), "its background not once per instance")
    }
}
