import XCTest
import QuartzCore

/// `hitTest(_:)` and `contains(_:)` as the book's Listings 3.4 and 3.5 use them (001:1281-1392):
/// the deepest layer wins, hidden layers are skipped, masksToBounds clips sublayers, and 3D
/// transforms are hit where the layer appears. Siblings are tried by zPosition, then tree order,
/// as Apple's QuartzCore measurably does (GNUstep libs-quartzcore
/// `Tests/quartzcore/CALayer/hittest.m`), not by tree order alone as the book says (001:1387).
final class HitTestTests: XCTestCase {
    private var viewLayer: CALayer!
    private var white: CALayer!
    private var blue: CALayer!

    /// The Listing 3.4 tree: a white layer at (20, 20, 200, 200) in the view's layer, and a blue
    /// sublayer at (50, 50, 100, 100) in the white one.
    override func setUp() {
        super.setUp()
        viewLayer = CALayer()
        viewLayer.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        white = CALayer()
        white.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        blue = CALayer()
        blue.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        viewLayer.addSublayer(white)
        white.addSublayer(blue)
    }

    /// Listing 3.4: convert the touch into each layer's space in turn and ask `contains`.
    func testContainsPointAfterConversion() {
        let touch = CGPoint(x: 100, y: 100)
        let inWhite = white.convert(touch, from: viewLayer)
        XCTAssertEqual(inWhite, CGPoint(x: 80, y: 80))
        XCTAssertTrue(white.contains(inWhite))
        XCTAssertTrue(blue.contains(blue.convert(inWhite, from: white)))
        let edge = CGPoint(x: 30, y: 30)
        XCTAssertTrue(white.contains(white.convert(edge, from: viewLayer)))
        XCTAssertFalse(blue.contains(blue.convert(white.convert(edge, from: viewLayer), from: white)))
        XCTAssertFalse(white.contains(CGPoint(x: -1, y: 50)))
        XCTAssertFalse(white.contains(CGPoint(x: 201, y: 50)))
    }

    /// Listing 3.5: `hitTest` takes a point in the superlayer's space and returns the deepest layer.
    func testHitTestReturnsDeepestLayerOrNil() {
        XCTAssertTrue(white.hitTest(CGPoint(x: 100, y: 100)) === blue)
        XCTAssertTrue(white.hitTest(CGPoint(x: 30, y: 30)) === white)
        XCTAssertNil(white.hitTest(CGPoint(x: 10, y: 10)), "outside the outermost layer")
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 100, y: 100)) === blue)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 300, y: 400)) === viewLayer)
    }

    func testDeeperDescendantWins() {
        let dot = CALayer()
        dot.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        blue.addSublayer(dot)
        // The dot's centre: view (20 + 50 + 15, 20 + 50 + 15).
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 85, y: 85)) === dot)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 95, y: 95)) === blue)
    }

    /// A sublayer outside its superlayer's bounds is still hit when the superlayer does not mask.
    func testSublayerOutsideBoundsIsHitUnlessMasked() {
        let outside = CALayer()
        outside.frame = CGRect(x: 180, y: 180, width: 50, height: 50)
        white.addSublayer(outside)
        let point = CGPoint(x: 20 + 210, y: 20 + 210)
        XCTAssertTrue(viewLayer.hitTest(point) === outside)
        white.masksToBounds = true
        XCTAssertTrue(viewLayer.hitTest(point) === viewLayer)
        // The part inside the bounds is still hit.
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 20 + 190, y: 20 + 190)) === outside)
    }

    /// Among siblings at the same zPosition the later one is hit first; a greater zPosition
    /// lifts an earlier sibling above a later one (GNUstep hittest.m, run against Apple's).
    func testZPositionThenTreeOrderDecideBetweenSiblings() {
        let first = CALayer()
        first.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let second = CALayer()
        second.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        blue.removeFromSuperlayer()
        white.addSublayer(first)
        white.addSublayer(second)
        let overlap = CGPoint(x: 20 + 75, y: 20 + 75)
        XCTAssertTrue(viewLayer.hitTest(overlap) === second)
        first.zPosition = 10
        XCTAssertTrue(viewLayer.hitTest(overlap) === first)
        // Outside the overlap each sibling takes its own hits.
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 20 + 125, y: 20 + 125)) === second)
        // Below zero sinks a later sibling under an earlier one at zero.
        first.zPosition = 0
        second.zPosition = -1
        XCTAssertTrue(viewLayer.hitTest(overlap) === first)
        // Equal again: tree order, and reordering the tree changes the result.
        second.zPosition = 0
        white.insertSublayer(first, above: second)
        XCTAssertTrue(viewLayer.hitTest(overlap) === first)
    }

    /// The facts of GNUstep's hittest.m, which its CI checks against Apple's QuartzCore.
    func testAppleMeasuredHitTesting() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        l.position = CGPoint(x: 500, y: 500)
        XCTAssertTrue(l.contains(CGPoint(x: 0, y: 0)))
        XCTAssertTrue(l.contains(CGPoint(x: 99.9, y: 99.9)))
        XCTAssertFalse(l.contains(CGPoint(x: 100, y: 100)), "the far corner is outside")
        XCTAssertFalse(l.contains(CGPoint(x: -0.1, y: 50)))
        XCTAssertFalse(l.contains(CGPoint(x: 500, y: 500)), "measured against the bounds, not the position")
        let shifted = CALayer()
        shifted.bounds = CGRect(x: 10, y: 10, width: 100, height: 100)
        XCTAssertFalse(shifted.contains(CGPoint(x: 5, y: 5)))
        XCTAssertTrue(shifted.contains(CGPoint(x: 15, y: 15)))
        XCTAssertTrue(shifted.contains(CGPoint(x: 109, y: 109)))

        let root = CALayer(), lower = CALayer(), upper = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        for layer in [lower, upper] {
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.position = CGPoint(x: 50, y: 50)
            root.addSublayer(layer)
        }
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === upper, "the one added last")
        XCTAssertTrue(root.hitTest(CGPoint(x: 5, y: 5)) === root)
        XCTAssertNil(root.hitTest(CGPoint(x: 100, y: 100)), "the far edge is outside")
        upper.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === lower, "a hidden layer is passed over")
        upper.isHidden = false
        lower.zPosition = 10
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === lower, "a higher z position lifts a layer")

        let outside = CALayer()
        outside.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        outside.position = CGPoint(x: 150, y: 150)
        root.addSublayer(outside)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150)) === outside, "found outside its superlayer")
        root.masksToBounds = true
        XCTAssertNil(root.hitTest(CGPoint(x: 150, y: 150)), "unless the superlayer masks to bounds")
    }

    func testHiddenLayersAndTheirSublayersAreIgnored() {
        blue.isHidden = true
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 100, y: 100)) === white)
        blue.isHidden = false
        white.isHidden = true
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 100, y: 100)) === viewLayer)
        XCTAssertNil(white.hitTest(CGPoint(x: 100, y: 100)))
    }

    /// A layer turned 45° in the plane is hit inside its rotated square, not its bounding box.
    func testRotatedLayerIsHitWhereItAppears() {
        blue.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let centre = CGPoint(x: 20 + 100, y: 20 + 100)
        // Along the x axis the turned square reaches 50·√2 ≈ 70.7 points from the centre.
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + 65, y: centre.y)) === blue)
        // At (45, 45) from the centre the point is inside the frame but 63.6 points along the square's axis.
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + 45, y: centre.y + 45)) === white)
    }

    /// Turned 60° about y without perspective the layer appears half as wide.
    func testLayerRotatedAboutYIsHitWhereItAppears() {
        blue.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let centre = CGPoint(x: 120, y: 120)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + 24, y: centre.y)) === blue)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + 26, y: centre.y)) === white)
    }

    /// Under perspective the near edge of a card turned about y appears farther out than 50 cos θ.
    func testPerspectiveCardIsHitWhereItAppears() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        white.sublayerTransform = perspective
        let angle = CGFloat.pi / 3
        blue.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        // The left edge (x = -50 from the anchor) comes towards the viewer: z' = 50 sin θ,
        // w = 1 - z'/500, so it appears at -50 cos θ / w from the centre; the right edge at +50 cos θ / w'.
        let nearW = 1 - 50 * sin(angle) / 500, farW = 1 + 50 * sin(angle) / 500
        let nearEdge = -50 * cos(angle) / nearW, farEdge = 50 * cos(angle) / farW
        let centre = CGPoint(x: 120, y: 120)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + nearEdge + 0.5, y: centre.y)) === blue)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + nearEdge - 0.5, y: centre.y)) === white)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + farEdge - 0.5, y: centre.y)) === blue)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: centre.x + farEdge + 0.5, y: centre.y)) === white)
    }

    /// A layer turned to show its back is still hit, even when it is not double-sided.
    func testBackFacingLayerIsHitEvenWhenNotDoubleSided() {
        blue.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        blue.isDoubleSided = false
        let sub = CALayer()
        sub.frame = CGRect(x: 0, y: 0, width: 20, height: 100)
        blue.addSublayer(sub)
        // Mirrored: the sublayer on the blue layer's left now appears on its right.
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 120 + 40, y: 120)) === sub)
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 120 - 40, y: 120)) === blue)
    }

    func testHitTestFollowsBoundsOrigin() {
        blue.bounds.origin = CGPoint(x: 50, y: 50)
        let sub = CALayer()
        sub.frame = CGRect(x: 50, y: 50, width: 10, height: 10)
        blue.addSublayer(sub)
        // The sublayer sits at blue's top-left corner: view (20 + 50, 20 + 50).
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 75, y: 75)) === sub)
    }
}

/// Hit testing in a superlayer whose geometry is flipped.
final class HitTestFlippedTests: XCTestCase {
    func testFlippedSuperlayerPlacesSublayersFromTheBottom() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        let sub = CALayer()
        sub.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        parent.addSublayer(sub)
        XCTAssertTrue(parent.hitTest(CGPoint(x: 20, y: 30)) === sub)
        parent.isGeometryFlipped = true
        // Flipped: the sublayer spans y in [200 - 60, 200 - 20] = [140, 180].
        XCTAssertTrue(parent.hitTest(CGPoint(x: 20, y: 30)) === parent)
        XCTAssertTrue(parent.hitTest(CGPoint(x: 20, y: 170)) === sub)
    }
}
