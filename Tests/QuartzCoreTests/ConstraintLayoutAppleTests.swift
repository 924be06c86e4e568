import XCTest
import QuartzCore

/// `CAConstraintLayoutManager` as Apple's QuartzCore measurably lays out. Every expected frame
/// comes from GNUstep libs-quartzcore `Tests/quartzcore/CAConstraint/layout.m` (measured against
/// Apple's framework): the superlayer's bounds are (0, 0, 200, 100) and each sublayer starts at
/// (3, 5, 40, 20).
final class ConstraintLayoutAppleTests: XCTestCase {
    private func root() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.layoutManager = CAConstraintLayoutManager.layoutManager()
        return root
    }

    /// A constraint on the superlayer.
    private func c(_ attribute: CAConstraintAttribute, _ sourceAttribute: CAConstraintAttribute,
                   scale: CGFloat = 1, offset: CGFloat = 0) -> CAConstraint {
        CAConstraint(attribute: attribute, relativeTo: "superlayer", attribute: sourceAttribute, scale: scale, offset: offset)
    }

    /// A constraint on the layer named `source`.
    private func c(_ attribute: CAConstraintAttribute, _ source: String, _ sourceAttribute: CAConstraintAttribute,
                   offset: CGFloat = 0) -> CAConstraint {
        CAConstraint(attribute: attribute, relativeTo: source, attribute: sourceAttribute, offset: offset)
    }

    /// The frame of one sublayer named "child" laid out under `constraints`.
    private func laidOut(_ constraints: [CAConstraint]) -> CGRect {
        let root = root()
        let child = CALayer()
        child.name = "child"
        child.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        root.addSublayer(child)
        child.constraints = constraints
        root.layoutSublayers()
        return child.frame
    }

    func testTheSharedLayoutManager() {
        XCTAssertTrue(CAConstraintLayoutManager.layoutManager() === CAConstraintLayoutManager.layoutManager())
    }

    func testOneEdgeOnAnAxisKeepsTheSizeTheLayerHas() {
        let min = laidOut([c(.minX, .minX)])
        XCTAssertEqual(min, CGRect(x: 0, y: 5, width: 40, height: 20), "placed, same width, other axis alone")
        XCTAssertEqual(laidOut([c(.midX, .midX)]).minX, 80)
        XCTAssertEqual(laidOut([c(.maxX, .maxX)]).minX, 160)
        XCTAssertEqual(laidOut([c(.minY, .minY)]).minY, 0)
        XCTAssertEqual(laidOut([c(.maxY, .maxY)]).minY, 80)
    }

    /// A layer whose preferred size differs from its bounds still keeps its bounds size.
    func testOneEdgeIgnoresThePreferredFrameSize() {
        final class Preferring: CALayer {
            override func preferredFrameSize() -> CGSize { CGSize(width: 7, height: 7) }
        }
        let root = root()
        let child = Preferring()
        child.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        child.constraints = [c(.maxX, .maxX)]
        root.addSublayer(child)
        root.layoutSublayers()
        XCTAssertEqual(child.frame, CGRect(x: 160, y: 5, width: 40, height: 20))
    }

    func testASizeOnItsOwnDoesNothing() {
        XCTAssertEqual(laidOut([c(.width, .width, scale: 0.5)]), CGRect(x: 3, y: 5, width: 40, height: 20))
    }

    func testTwoConstraintsOnAnAxis() {
        XCTAssertEqual(laidOut([c(.minX, .minX), c(.maxX, .maxX)]).minX, 0)
        XCTAssertEqual(laidOut([c(.minX, .minX), c(.maxX, .maxX)]).width, 200)
        XCTAssertEqual(laidOut([c(.minX, .minX), c(.width, .width, scale: 0.5)]), CGRect(x: 0, y: 5, width: 100, height: 20))
        XCTAssertEqual(laidOut([c(.maxX, .maxX), c(.width, .width, scale: 0.5)]), CGRect(x: 100, y: 5, width: 100, height: 20))
        XCTAssertEqual(laidOut([c(.midX, .midX), c(.width, .width, scale: 0.5)]), CGRect(x: 50, y: 5, width: 100, height: 20))
        XCTAssertEqual(laidOut([c(.minX, .minX, offset: 20), c(.midX, .midX)]), CGRect(x: 20, y: 5, width: 160, height: 20))
        XCTAssertEqual(laidOut([c(.midX, .midX), c(.maxX, .maxX, offset: -20)]), CGRect(x: 20, y: 5, width: 160, height: 20))
    }

    /// The constraint given last decides, paired with the lowest other attribute.
    func testMoreRelationshipsThanAnAxisNeeds() {
        let quarter = c(.width, .width, scale: 0.25)
        XCTAssertEqual(laidOut([c(.maxX, .maxX), c(.minX, .minX), quarter]).minX, 0)
        XCTAssertEqual(laidOut([c(.maxX, .maxX), c(.minX, .minX), quarter]).width, 50)
        XCTAssertEqual(laidOut([c(.maxX, .maxX), c(.midX, .midX, offset: -30), quarter]).minX, 45)
        XCTAssertEqual(laidOut([quarter, c(.maxX, .maxX), c(.midX, .midX, offset: -30)]), CGRect(x: -60, y: 5, width: 260, height: 20))
        XCTAssertEqual(laidOut([c(.maxX, .maxX), c(.midX, .midX, offset: -30), c(.minX, .minX)]),
                       CGRect(x: 0, y: 5, width: 140, height: 20))
        XCTAssertEqual(laidOut([c(.minX, .minX), c(.midX, .midX, offset: -30), c(.maxX, .maxX), quarter]),
                       CGRect(x: 0, y: 5, width: 50, height: 20))
    }

    func testRelationshipsThatDescribeNothing() {
        XCTAssertEqual(laidOut([c(.minX, .minX, offset: 10), c(.minX, .minX, offset: 40)]),
                       CGRect(x: 3, y: 5, width: 40, height: 20), "the same edge twice takes neither value")
        XCTAssertEqual(laidOut([c(.minX, "nobody", .minX)]).minX, 3, "a name nothing answers to")
        XCTAssertEqual(laidOut([c(.minX, "child", .minX, offset: 10)]).minX, 3, "the layer naming itself")
    }

    func testScaleOffsetAndTheOtherAxis() {
        XCTAssertEqual(laidOut([c(.minX, .maxX, scale: 0.25, offset: 7)]).minX, 57)
        XCTAssertEqual(laidOut([c(.minX, .maxY)]).minX, 100)
    }

    func testTheSuperlayerIsMeasuredByItsBounds() {
        let root = CALayer()
        root.bounds = CGRect(x: 30, y: 70, width: 200, height: 100)
        root.layoutManager = CAConstraintLayoutManager.layoutManager()
        let child = CALayer()
        child.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        root.addSublayer(child)
        child.constraints = [c(.minX, .minX), c(.minY, .minY)]
        root.layoutSublayers()
        XCTAssertEqual(child.frame.origin, CGPoint(x: 30, y: 70))
    }

    /// Two siblings, `a` at (10, 0, 30, 20) and `b` at (0, 0, 50, 20), `b.minX = a.maxX + 5`.
    private func siblings(aConstraints: [CAConstraint]) -> (CALayer, CALayer) {
        let root = root()
        let a = CALayer(), b = CALayer()
        a.name = "a"
        a.frame = CGRect(x: 10, y: 0, width: 30, height: 20)
        a.constraints = aConstraints
        b.name = "b"
        b.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        b.constraints = [c(.minX, "a", .maxX, offset: 5)]
        root.addSublayer(a)
        root.addSublayer(b)
        root.layoutSublayers()
        return (a, b)
    }

    func testASiblingAsTheSource() {
        XCTAssertEqual(siblings(aConstraints: [c(.minX, .minX, offset: 10)]).1.frame.minX, 45)
        XCTAssertEqual(siblings(aConstraints: []).1.frame.minX, 0, "a sibling with no constraints offers nothing")
        XCTAssertEqual(siblings(aConstraints: [c(.minY, .minY)]).1.frame.minX, 0,
                       "a sibling laid out on the other axis only offers nothing on this one")
    }

    func testOrderOfSublayersDoesNotMatterAndCyclesAreLeftAlone() {
        let root = root()
        let a = CALayer(), b = CALayer()
        a.name = "a"
        a.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        a.constraints = [c(.minX, .midX)]
        b.name = "b"
        b.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        b.constraints = [c(.minX, "a", .minX, offset: 10)]
        root.addSublayer(b)
        root.addSublayer(a)
        root.layoutSublayers()
        XCTAssertEqual(a.frame.minX, 100)
        XCTAssertEqual(b.frame.minX, 110)

        let ring = self.root()
        let x = CALayer(), y = CALayer()
        x.name = "x"
        x.frame = CGRect(x: 0, y: 0, width: 50, height: 20)
        x.constraints = [c(.minX, "y", .maxX, offset: 1)]
        y.name = "y"
        y.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        y.constraints = [c(.minX, "x", .maxX, offset: 1)]
        ring.addSublayer(x)
        ring.addSublayer(y)
        ring.layoutSublayers()
        XCTAssertEqual(x.frame.minX, 0)
        XCTAssertEqual(y.frame.minX, 0)
    }

    /// Apple's own example: two layers each half the width, filling the superlayer between them.
    func testTwoHalves() {
        let root = root()
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        right.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.addSublayer(left)
        root.addSublayer(right)
        let shared = [c(.height, .height), c(.width, .width, scale: 0.5), c(.minY, .minY)]
        left.constraints = shared + [c(.minX, .minX)]
        right.constraints = shared + [c(.maxX, .maxX)]
        root.layoutSublayers()
        XCTAssertEqual(left.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(right.frame, CGRect(x: 100, y: 0, width: 100, height: 100))
    }

    func testLayoutIsAskedForAndReachesTheTree() {
        let plain = CALayer()
        plain.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        plain.addSublayer(child)
        child.constraints = [c(.midX, .midX)]
        CAConstraintLayoutManager.layoutManager().layoutSublayers(of: plain)
        XCTAssertEqual(child.frame.minX, 80, "the manager lays out a layer that is not its own")

        let asked = root()
        asked.layoutIfNeeded()
        let added = CALayer()
        added.frame = CGRect(x: 3, y: 5, width: 40, height: 20)
        asked.addSublayer(added)
        asked.layoutIfNeeded()
        added.addConstraint(c(.midX, .midX))
        XCTAssertTrue(asked.needsLayout(), "adding a constraint asks the superlayer for a layout")
        asked.layoutIfNeeded()
        XCTAssertEqual(added.frame.minX, 80)
        XCTAssertFalse(asked.needsLayout())

        let top = root()
        let middle = CALayer(), deep = CALayer()
        middle.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        middle.layoutManager = CAConstraintLayoutManager.layoutManager()
        deep.frame = CGRect(x: 1, y: 1, width: 10, height: 10)
        top.addSublayer(middle)
        middle.addSublayer(deep)
        deep.constraints = [c(.maxX, .maxX)]
        top.layoutIfNeeded()
        XCTAssertEqual(deep.frame.minX, 90, "a layer two levels down is laid out by its own superlayer")
    }
}
