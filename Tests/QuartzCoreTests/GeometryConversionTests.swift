import XCTest
import QuartzCore

/// `convert(_:from:)` and `convert(_:to:)` between layers of one tree, through 2D and 3D
/// transforms, perspective and flipped geometry.
final class GeometryConversionTests: XCTestCase {
    private var root: CALayer!
    private var a: CALayer!
    private var b: CALayer!
    private var child: CALayer!

    override func setUp() {
        super.setUp()
        root = makeLayer("root", size: CGSize(width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        a = CALayer(); a.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        b = CALayer(); b.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        child = CALayer(); child.frame = CGRect(x: 20, y: 30, width: 40, height: 40)
        root.addSublayer(a)
        root.addSublayer(b)
        b.addSublayer(child)
    }

    func testPointBetweenSiblings() {
        XCTAssertEqual(b.convert(CGPoint(x: 60, y: 60), from: a), CGPoint(x: 10, y: 10))
        XCTAssertEqual(a.convert(CGPoint(x: 10, y: 10), to: b), CGPoint(x: -40, y: -40))
        XCTAssertEqual(a.convert(CGPoint(x: 10, y: 10), from: b), CGPoint(x: 60, y: 60))
    }

    func testPointBetweenParentAndChild() {
        XCTAssertEqual(b.convert(CGPoint(x: 5, y: 5), from: child), CGPoint(x: 25, y: 35))
        XCTAssertEqual(child.convert(CGPoint(x: 25, y: 35), from: b), CGPoint(x: 5, y: 5))
        XCTAssertEqual(child.convert(CGPoint(x: 5, y: 5), to: b), CGPoint(x: 25, y: 35))
        // Two levels: child → b → root.
        XCTAssertEqual(root.convert(CGPoint(x: 5, y: 5), from: child), CGPoint(x: 75, y: 85))
        XCTAssertEqual(a.convert(CGPoint(x: 5, y: 5), from: child), CGPoint(x: 75, y: 85))
    }

    func testBoundsOriginShiftsConvertedPoints() {
        b.bounds.origin = CGPoint(x: 10, y: -10)
        // The child's position is now measured from b's bounds origin: b's local (20, 30) is
        // at (10, 40) from b's top-left corner.
        XCTAssertEqual(root.convert(CGPoint(x: 0, y: 0), from: child), CGPoint(x: 50 + 20 - 10, y: 50 + 30 + 10))
    }

    func testRectConversion() {
        XCTAssertEqual(root.convert(CGRect(x: 0, y: 0, width: 10, height: 20), from: child),
                       CGRect(x: 70, y: 80, width: 10, height: 20))
        XCTAssertEqual(child.convert(child.bounds, to: root), CGRect(x: 70, y: 80, width: 40, height: 40))
        // A rotated layer's rect converts to the bounding box of its corners.
        b.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // b's centre stays at (100, 100); b-local (x, y) → centre + R90(x - 50, y - 50) = (150 - y, x + 50).
        assertRect(root.convert(CGRect(x: 20, y: 30, width: 40, height: 10), from: b),
                   CGRect(x: 110, y: 70, width: 10, height: 40))
    }

    func testNilLayerMeansTheRootsSuperlayerSpace() {
        // The root sits at frame (0, 0, 400, 400): its space and the display's coincide here.
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 70, y: 80))
        root.position = CGPoint(x: 210, y: 220)
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 80, y: 100))
        XCTAssertEqual(child.convert(CGPoint(x: 80, y: 100), from: nil), CGPoint(x: 0, y: 0))
    }

    func testConversionToSelfIsIdentity() {
        XCTAssertEqual(child.convert(CGPoint(x: 3, y: 4), to: child), CGPoint(x: 3, y: 4))
        XCTAssertEqual(child.convert(CGRect(x: 1, y: 2, width: 3, height: 4), from: child), CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    /// A child rotated 60° about y under a parent whose sublayerTransform has m34 = -1/500:
    /// the projected point follows from the perspective divide, and the conversion round-trips.
    func testPerspectiveConversionMatchesProjectionAndRoundTrips() {
        let parent = makeLayer(size: CGSize(width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let card = makeLayer(size: CGSize(width: 200, height: 200), position: CGPoint(x: 200, y: 200))
        let angle = CGFloat.pi / 3
        card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
        parent.addSublayer(card)

        // The card's right-edge top point (200, 0) is (100, -100) from the anchor. Turning about
        // y by θ gives x' = 100 cos θ, z' = -100 sin θ; the perspective divides by w = 1 - z'/500.
        let w = 1 + 100 * sin(angle) / 500
        let expected = CGPoint(x: 200 + 100 * cos(angle) / w, y: 200 - 100 / w)
        assertPoint(parent.convert(CGPoint(x: 200, y: 0), from: card), expected)

        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 0), CGPoint(x: 37.5, y: 161.25), CGPoint(x: 100, y: 100)] {
            let q = card.convert(p, to: parent)
            assertPoint(card.convert(q, from: parent), p)
            let r = parent.convert(p, from: card)
            assertPoint(parent.convert(r, to: card), p)
        }
    }

    /// Round trip between two cards turned in 3D under the same perspective parent.
    func testPerspectiveRoundTripBetweenTwoTransformedSiblings() {
        let parent = makeLayer(size: CGSize(width: 400, height: 400), position: CGPoint(x: 200, y: 200))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let left = makeLayer(size: CGSize(width: 100, height: 100), position: CGPoint(x: 120, y: 200))
        left.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let right = makeLayer(size: CGSize(width: 100, height: 100), position: CGPoint(x: 280, y: 200))
        right.transform = CATransform3DRotate(CATransform3DMakeTranslation(0, 0, 40), -.pi / 5, 1, 1, 0)
        right.zPosition = -30
        parent.addSublayer(left)
        parent.addSublayer(right)
        for p in [CGPoint(x: 10, y: 90), CGPoint(x: 50, y: 50), CGPoint(x: 99, y: 1)] {
            let inRight = right.convert(p, from: left)
            assertPoint(left.convert(inRight, from: right), p)
        }
    }

    /// In a flipped superlayer, sublayers are placed from the bottom edge up.
    func testGeometryFlippedParentFlipsConvertedY() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        let sub = CALayer()
        sub.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        parent.addSublayer(sub)
        XCTAssertEqual(parent.convert(CGPoint(x: 0, y: 0), from: sub), CGPoint(x: 10, y: 20))
        parent.isGeometryFlipped = true
        // y' = 200 - y: the sublayer's origin (10, 20) is now 20 points above the bottom edge.
        XCTAssertEqual(parent.convert(CGPoint(x: 0, y: 0), from: sub), CGPoint(x: 10, y: 180))
        XCTAssertEqual(parent.convert(CGPoint(x: 0, y: 40), from: sub), CGPoint(x: 10, y: 140))
        XCTAssertEqual(sub.convert(CGPoint(x: 10, y: 140), from: parent), CGPoint(x: 0, y: 40))
        // The flip applies to the sublayers, not to the parent itself.
        XCTAssertEqual(parent.frame, CGRect(x: 0, y: 0, width: 100, height: 200))
    }

    /// A mask is positioned in its owner's coordinate space.
    func testMaskConvertsThroughItsOwner() {
        let mask = CALayer()
        mask.frame = CGRect(x: 5, y: 6, width: 10, height: 10)
        child.mask = mask
        XCTAssertEqual(root.convert(CGPoint(x: 0, y: 0), from: mask), CGPoint(x: 75, y: 86))
    }
}
