import XCTest
import QuartzCoreTesting

/// `renderImage(of:...)`: geometry, the snapshot clock and bad input, on both renderers.
final class RenderImageTests: XCTestCase {
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        guard let p = image.premultipliedPixel(x: x, y: y) else { return [] }
        return [p.r, p.g, p.b, p.a]
    }

    func testSlidingSquareIsWhereTheAnimationPutsItAtTheRequestedTime() throws {
        for renderer in SnapshotRenderer.allCases {
            // position.x runs 20 -> 80 over 1 s: at 0.5 s the 20-wide square spans x 40..<60.
            let image = try renderImage(of: SampleTrees.slidingSquare(), at: 0.5, renderer: renderer)
            XCTAssertEqual(image.width, 100, "\(renderer)")
            XCTAssertEqual(image.height, 100, "\(renderer)")
            XCTAssertEqual(pixel(image, 41, 50), [255, 0, 0, 255], "\(renderer)")
            XCTAssertEqual(pixel(image, 58, 50), [255, 0, 0, 255], "\(renderer)")
            XCTAssertEqual(pixel(image, 38, 50), [255, 255, 255, 255], "\(renderer)")
            XCTAssertEqual(pixel(image, 61, 50), [255, 255, 255, 255], "\(renderer)")
            // The model position (x 10..<30) is not drawn while the animation runs.
            XCTAssertEqual(pixel(image, 20, 50), [255, 255, 255, 255], "\(renderer)")
        }
    }

    func testTheSameTreeRenderedAgainAtAnotherTimeUsesTheSameClock() throws {
        let tree = SampleTrees.slidingSquare()
        let start = try renderImage(of: tree, at: 0)
        // At 0.25 s position.x is 20 + 60 x 0.25 = 35: the square spans x 25..<45.
        let quarter = try renderImage(of: tree, at: 0.25)
        XCTAssertEqual(pixel(start, 11, 50), [255, 0, 0, 255])
        XCTAssertEqual(pixel(start, 31, 50), [255, 255, 255, 255])
        XCTAssertEqual(pixel(quarter, 26, 50), [255, 0, 0, 255])
        XCTAssertEqual(pixel(quarter, 44, 50), [255, 0, 0, 255])
        XCTAssertEqual(pixel(quarter, 23, 50), [255, 255, 255, 255])
        // After the animation's end the model value (x 10..<30) shows again.
        let after = try renderImage(of: tree, at: 2)
        XCTAssertEqual(pixel(after, 20, 50), [255, 0, 0, 255])
        XCTAssertEqual(pixel(after, 70, 50), [255, 255, 255, 255])
    }

    func testTimeDoesNotDependOnTheMachineClock() throws {
        let first = try renderImage(of: SampleTrees.slidingSquare(), at: 0.37)
        Thread.sleep(forTimeInterval: 0.05)
        let second = try renderImage(of: SampleTrees.slidingSquare(), at: 0.37)
        XCTAssertEqual(first.data, second.data)
    }

    func testSizeScaleOriginAndBackground() throws {
        let root = CALayer()
        root.frame = CGRect(x: 30, y: 40, width: 10, height: 8)
        root.backgroundColor = SampleTrees.colour(0, 0, 1)
        // A 20 x 10 point image at 2x: the layer (its frame origin at the top-left) covers 20 x 16 pixels.
        let image = try renderImage(of: root, size: CGSize(width: 20, height: 10), scale: 2,
                                    backgroundColor: SampleTrees.colour(0, 1, 0))
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 20)
        XCTAssertEqual(pixel(image, 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 19, 15), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 20, 15), [0, 255, 0, 255])
        XCTAssertEqual(pixel(image, 5, 16), [0, 255, 0, 255])
        // No background: transparent.
        let clear = try renderImage(of: root, size: CGSize(width: 20, height: 10))
        XCTAssertEqual(pixel(clear, 15, 2), [0, 0, 0, 0])
    }

    /// Half way through a push from the right, the old (red) square has moved 30 points left
    /// and the new (blue) one sits 30 points right: the before-picture is the tree as committed
    /// before the transition, although no renderer existed when it was added.
    private func assertPushedHalfWay(_ image: CGImage, _ label: String) {
        XCTAssertEqual(pixel(image, 0, 50), [255, 0, 0, 255], label)
        XCTAssertEqual(pixel(image, 49, 50), [255, 0, 0, 255], label)
        XCTAssertEqual(pixel(image, 50, 50), [0, 0, 255, 255], label)
        XCTAssertEqual(pixel(image, 99, 50), [0, 0, 255, 255], label)
        XCTAssertEqual(pixel(image, 50, 20), [255, 255, 255, 255], label)
    }

    func testATransitionRendersMidFlightFromTheCommittedTree() throws {
        for renderer in SnapshotRenderer.allCases {
            let (root, _) = SampleTrees.pushedSquare()
            let start = try renderImage(of: root, at: 0, renderer: renderer)
            XCTAssertEqual(pixel(start, 70, 50), [255, 0, 0, 255], "\(renderer): the start shows the old state")
            assertPushedHalfWay(try renderImage(of: root, at: 0.5, renderer: renderer), "\(renderer)")
            XCTAssertEqual(pixel(try renderImage(of: root, at: 1, renderer: renderer), 30, 50), [0, 0, 255, 255], "\(renderer)")
        }
    }

    func testATransitionAddedBetweenTwoImagesBeginsAtTheEarlierOnesTime() throws {
        for renderer in SnapshotRenderer.allCases {
            let root = SampleTrees.slidingSquare()
            _ = try renderImage(of: root, at: 0, renderer: renderer)
            let square = try XCTUnwrap(root.sublayers?.first)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            square.removeAllAnimations()
            square.frame = CGRect(x: 20, y: 30, width: 60, height: 40)
            CATransaction.commit()
            _ = try renderImage(of: root, at: 0, renderer: renderer)
            SampleTrees.pushBlue(square)
            assertPushedHalfWay(try renderImage(of: root, at: 0.5, renderer: renderer), "\(renderer)")
        }
    }

    func testBadInputThrowsClearErrors() {
        let root = CALayer()
        XCTAssertThrowsError(try renderImage(of: root)) { error in
            XCTAssertEqual(error as? SnapshotError, .invalidSize(width: 0, height: 0, scale: 1))
        }
        XCTAssertThrowsError(try renderImage(of: root, size: CGSize(width: 4, height: 4), scale: 0)) { error in
            XCTAssertEqual(error as? SnapshotError, .invalidSize(width: 4, height: 4, scale: 0))
        }
        XCTAssertThrowsError(try renderImage(of: root, size: CGSize(width: 1e30, height: 4))) { error in
            XCTAssertTrue("\(error)".contains("at most 16384 pixels a side"), "\(error)")
        }
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertThrowsError(try renderImage(of: root, at: .nan)) { error in
            XCTAssertTrue("\(error)".contains("time must be finite"), "\(error)")
        }
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        root.addSublayer(child)
        XCTAssertThrowsError(try renderImage(of: child)) { error in
            XCTAssertEqual(error as? SnapshotError, .notARootLayer)
        }
    }
}
