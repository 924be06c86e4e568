import KioskMenu
import QuartzCore
import XCTest

/// The cover-flow showcase: perspective, placement of the side pictures, reflections, springs,
/// swipes and taps.
final class CoverFlowTests: XCTestCase {
    private let size = CGSize(width: 1920, height: 1080)

    /// Pictures 40% of 1080 = 432 points square, centred at (960, 454); the carousel's
    /// perspective is m34 = -1/1500.
    func testPerspectiveAndPictureGeometry() {
        let flow = CoverFlow(size: size)
        XCTAssertEqual(flow.coverLayers.count, 8)
        XCTAssertEqual(flow.coverSide, 432)
        XCTAssertEqual(flow.carouselLayer.sublayerTransform.m34, -1.0 / 1500, accuracy: 1e-15)
        for cover in flow.coverLayers {
            XCTAssertEqual(cover.position, CGPoint(x: 960, y: 454))
            XCTAssertEqual(cover.bounds.size, CGSize(width: 432, height: 432))
        }
        XCTAssertEqual(flow.captionLayer.string as? String, "Sunrise   1 / 8")
    }

    /// The front picture faces the viewer; the next one stands 0.72 of a picture to the right,
    /// each further one 0.3 beyond, all 0.6 of a picture back and turned 60° (sin 60° = 0.866),
    /// the left ones the other way.
    func testSidePicturesStandTurnedOnEitherSide() {
        let flow = CoverFlow(size: size)
        flow.select(3)
        let t = flow.coverLayers.map(\.transform)
        XCTAssertTrue(CATransform3DIsIdentity(t[3]))
        for index in [0, 1, 2, 4, 5, 6, 7] {
            let right = index > 3
            XCTAssertEqual(t[index].m41, (right ? 1 : -1) * (311.04 + 129.6 * CGFloat(abs(index - 3) - 1)), accuracy: 1e-9)
            XCTAssertEqual(t[index].m43, -259.2, accuracy: 1e-9)
            XCTAssertEqual(t[index].m11, 0.5, accuracy: 1e-12, "cos 60°")
            XCTAssertEqual(t[index].m13, right ? 0.8660254 : -0.8660254, accuracy: 1e-6, "turned the other way on each side")
        }
        XCTAssertEqual(flow.coverLayers.map(\.zPosition), [-3, -2, -1, 0, -1, -2, -3, -4], "nearer drawn over farther")
    }

    /// Each picture's replicator draws it twice: the second instance moved down one picture and
    /// a 2% gap (432 + 8.64) and flipped, at 30% opacity.
    func testReflectionsAreReplicatedFlippedInstances() {
        let flow = CoverFlow(size: size)
        for cover in flow.coverLayers {
            XCTAssertEqual(cover.instanceCount, 2)
            XCTAssertEqual(cover.instanceAlphaOffset, -0.7, accuracy: 1e-6)
            XCTAssertEqual(cover.instanceTransform.m22, -1)
            XCTAssertEqual(cover.instanceTransform.m42, 440.64, accuracy: 1e-9)
            let picture = cover.sublayers?.first
            XCTAssertNotNil(picture?.contents)
            XCTAssertEqual(picture?.shadowOpacity ?? 0, 0.8, accuracy: 1e-6)
            XCTAssertEqual(picture?.shadowRadius, 18)
        }
    }

    /// A move springs each picture from where it is (mass 1, stiffness 170, damping 16),
    /// running until the spring settles.
    func testMovesSpringIntoPlace() throws {
        let flow = CoverFlow(size: size)
        CATransaction.flush()
        XCTAssertTrue(flow.handleKey(KioskKey.right))
        XCTAssertEqual(flow.selectedIndex, 1)
        let spring = try XCTUnwrap(flow.coverLayers[1].animation(forKey: "flow") as? CASpringAnimation)
        XCTAssertEqual(spring.keyPath, "transform")
        XCTAssertEqual([spring.mass, spring.stiffness, spring.damping], [1, 170, 16])
        XCTAssertEqual(spring.duration, spring.settlingDuration)
        XCTAssertTrue(CATransform3DIsIdentity(try XCTUnwrap(spring.toValue as? CATransform3D)))
        XCTAssertTrue(CATransform3DIsIdentity(flow.coverLayers[1].transform), "the model is at the end value")
        XCTAssertTrue(flow.handleKey(KioskKey.left))
        XCTAssertEqual(flow.selectedIndex, 0)
        XCTAssertFalse(flow.handleKey(KioskKey.up))
        CATransaction.flush()
    }

    /// One picture per half a picture's width swiped (216 points here), at least one; leftwards
    /// brings later pictures; short or vertical swipes do nothing; the ends clamp.
    func testSwipesAdvanceTheIndex() {
        let flow = CoverFlow(size: size)
        flow.handleSwipe(dx: -120, dy: 10)
        XCTAssertEqual(flow.selectedIndex, 1)
        flow.handleSwipe(dx: -450, dy: 0)
        XCTAssertEqual(flow.selectedIndex, 3)
        flow.handleSwipe(dx: 30, dy: 0)
        XCTAssertEqual(flow.selectedIndex, 3, "shorter than 40 points")
        flow.handleSwipe(dx: 100, dy: -300)
        XCTAssertEqual(flow.selectedIndex, 3, "more vertical than horizontal")
        flow.handleSwipe(dx: 250, dy: 0)
        XCTAssertEqual(flow.selectedIndex, 2)
        flow.handleSwipe(dx: -5000, dy: 0)
        XCTAssertEqual(flow.selectedIndex, 7, "clamped at the last picture")
        XCTAssertEqual(flow.captionLayer.string as? String, "Midnight   8 / 8")
    }

    /// The caption sits on a frosted panel: 60% of the width, centred, 16 points around the
    /// caption's line (907...963 at 1080), blurring what is behind it by 20 points and raising
    /// its saturation to 1.8, drawn between the floor and the caption.
    func testTheCaptionSitsOnAFrostedPanel() throws {
        let flow = CoverFlow(size: size)
        XCTAssertEqual(flow.captionPanel.frame, CGRect(x: 384, y: 891, width: 1152, height: 88))
        let filters = try XCTUnwrap(flow.captionPanel.backgroundFilters as? [CIFilter])
        XCTAssertEqual(filters.map(\.name), ["frost", "saturation"])
        XCTAssertEqual(flow.captionPanel.value(forKeyPath: "backgroundFilters.frost.inputRadius") as? CGFloat, 20)
        XCTAssertEqual(flow.captionPanel.value(forKeyPath: "backgroundFilters.saturation.inputSaturation") as? CGFloat, 1.8)
        let order = try XCTUnwrap(flow.rootLayer.sublayers)
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: flow.captionPanel)), try XCTUnwrap(order.firstIndex(of: flow.captionLayer)))
    }

    /// A tap on a picture (or its picture layer) brings it to the front.
    func testTapOnAPictureBringsItToTheFront() throws {
        let flow = CoverFlow(size: size)
        let picture = try XCTUnwrap(flow.coverLayers[5].sublayers?.first)
        flow.handleTap(on: picture, at: .zero)
        XCTAssertEqual(flow.selectedIndex, 5)
        flow.handleTap(on: flow.rootLayer, at: .zero)
        XCTAssertEqual(flow.selectedIndex, 5)
    }
}
