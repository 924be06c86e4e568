import QuartzCore
import XCTest

/// What a layer holds for its constraints and how it answers `contentsAreFlipped()`, as Apple's
/// QuartzCore measurably does: the facts of GNUstep libs-quartzcore
/// `Tests/quartzcore/CAConstraint/constraint.m` and `Tests/quartzcore/CALayer/archiving.m`
/// (both run against Apple's framework in GNUstep's CI).
final class ConstraintsAndFlippingAppleTests: XCTestCase {
    // MARK: contentsAreFlipped (archiving.m)

    func testALoneLayerFlipsItsContentsWithItsGeometry() {
        let layer = CALayer()
        XCTAssertFalse(layer.contentsAreFlipped())
        layer.isGeometryFlipped = true
        XCTAssertTrue(layer.contentsAreFlipped())
    }

    func testFlipsAlongThePathToTheRootCancelInPairs() {
        let a = CALayer(), b = CALayer(), c = CALayer()
        a.addSublayer(b)
        b.addSublayer(c)
        XCTAssertFalse(c.contentsAreFlipped())
        a.isGeometryFlipped = true
        XCTAssertTrue(b.contentsAreFlipped())
        XCTAssertTrue(c.contentsAreFlipped())
        b.isGeometryFlipped = true
        XCTAssertFalse(b.contentsAreFlipped())
        XCTAssertFalse(c.contentsAreFlipped())
        c.isGeometryFlipped = true
        XCTAssertTrue(c.contentsAreFlipped())
        c.removeFromSuperlayer()
        XCTAssertTrue(c.contentsAreFlipped(), "on its own, only its own flip counts")
    }

    // MARK: Constraints (constraint.m)

    func testTheThreeArgumentFormHasScaleOneAndNoOffset() {
        let c = CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midY)
        XCTAssertEqual(c.attribute, .midX)
        XCTAssertEqual(c.sourceAttribute, .midY)
        XCTAssertEqual(c.sourceName, "superlayer")
        XCTAssertEqual(c.scale, 1)
        XCTAssertEqual(c.offset, 0)
    }

    func testTheOffsetAndScaleForms() {
        let withOffset = CAConstraint(attribute: .minX, relativeTo: "other", attribute: .maxX, offset: 7)
        XCTAssertEqual(withOffset.offset, 7)
        XCTAssertEqual(withOffset.scale, 1)
        let withBoth = CAConstraint(attribute: .minX, relativeTo: "other", attribute: .maxX, scale: 0.25, offset: 7)
        XCTAssertEqual(withBoth.scale, 0.25)
        XCTAssertEqual(withBoth.offset, 7)
    }

    func testHorizontalAttributesComeBeforeVerticalOnes() {
        let order: [CAConstraintAttribute] = [.minX, .midX, .maxX, .width, .minY, .midY, .maxY, .height]
        XCTAssertEqual(order.map(\.rawValue), Array(0...7))
    }

    func testALayerHoldsACopyOfTheConstraintsItIsGiven() {
        let layer = CALayer()
        XCTAssertNil(layer.name)
        layer.name = "a"
        XCTAssertEqual(layer.name, "a")
        XCTAssertNil(layer.constraints)
        let c = CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX)
        var given = [c]
        layer.constraints = given
        given.removeAll()
        XCTAssertEqual(layer.constraints?.count, 1)
        XCTAssertTrue(layer.constraints?.first === c)
        layer.constraints = nil
        XCTAssertNil(layer.constraints)
    }

    func testAddingAppendsInOrder() {
        let layer = CALayer()
        let first = CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX)
        let second = CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY)
        layer.addConstraint(first)
        XCTAssertEqual(layer.constraints?.count, 1)
        layer.addConstraint(second)
        XCTAssertEqual(layer.constraints?.count, 2)
        XCTAssertTrue(layer.constraints?[0] === first)
        XCTAssertTrue(layer.constraints?[1] === second)
    }

    func testAddingAConstraintAsksTheSuperlayerForALayout() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertFalse(root.needsLayout())
        child.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX))
        XCTAssertTrue(root.needsLayout())
    }
}
