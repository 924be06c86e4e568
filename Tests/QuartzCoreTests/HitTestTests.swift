import XCTest
import QuartzCore

/// `hitTest(_:)` and `contains(_:)` as the book's Listings 3.4 and 3.5 use them (001:1281-1392):
/// the deepest layer wins, tree order decides over zPosition, hidden layers are skipped,
/// masksToBounds clips sublayers, and 3D transforms are hit where the layer appears.
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

    /// Tree order decides, not zPosition: a later sibling is hit before an earlier one even when
    /// the earlier one has the greater zPosition (001:1387-1390).
    func testLaterSiblingWinsRegardlessOfZPosition() {
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
        XCTAssertTrue(viewLayer.hitTest(overlap) === second)
        // Outside the overlap each sibling takes its own hits.
        XCTAssertTrue(viewLayer.hitTest(CGPoint(x: 20 + 25, y: 20 + 25)) === first)
        // Reordering the tree changes the result.
        white.insertSublayer(first, above: second)
        XCTAssertTrue(viewLayer.hitTest(overlap) === first)
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
