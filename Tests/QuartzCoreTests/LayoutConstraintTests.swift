import XCTest
import QuartzCore

/// `CAConstraintLayoutManager` with the examples of the programming guides and hand-computed cases.
final class LayoutConstraintTests: XCTestCase {
    private func makeLayer(_ name: String?, bounds: CGRect = .zero) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.bounds = bounds
        return layer
    }

    private func makeContainer(width: CGFloat, height: CGFloat) -> CALayer {
        let container = makeLayer("container", bounds: CGRect(x: 0, y: 0, width: width, height: height))
        container.layoutManager = CAConstraintLayoutManager.layoutManager()
        return container
    }

    private func assertFrame(_ layer: CALayer, _ expected: CGRect, file: StaticString = #filePath, line: UInt = #line) {
        let frame = layer.frame
        XCTAssertEqual(frame.minX, expected.minX, accuracy: 1e-9, "minX", file: file, line: line)
        XCTAssertEqual(frame.minY, expected.minY, accuracy: 1e-9, "minY", file: file, line: line)
        XCTAssertEqual(frame.width, expected.width, accuracy: 1e-9, "width", file: file, line: line)
        XCTAssertEqual(frame.height, expected.height, accuracy: 1e-9, "height", file: file, line: line)
    }

    /// Listing 4-2 of the programming guide (000:1140-1206): layerA centred, layerB below it.
    /// The listing's constraints give the same numbers in either y direction; with iOS-style
    /// geometry layerB ends up above layerA on screen.
    func testGuideListingReproducesItsFrames() {
        let theLayer = makeContainer(width: 300, height: 200)
        let layerA = makeLayer("layerA", bounds: CGRect(x: 0, y: 0, width: 100, height: 25))
        layerA.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layerA.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        theLayer.addSublayer(layerA)
        let layerB = makeLayer("layerB")
        layerB.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))
        layerB.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))
        layerB.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "layerA", attribute: .minY, offset: -10))
        layerB.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10))
        theLayer.addSublayer(layerB)

        theLayer.layoutIfNeeded()

        // layerA: 100×25 centred in 300×200.
        let aFrame = CGRect(x: CGFloat(300 - 100) / 2, y: CGFloat(200 - 25) / 2, width: 100, height: 25)
        assertFrame(layerA, aFrame)
        // layerB: same width and midX as A, from 10 to 10 short of A's minY.
        assertFrame(layerB, CGRect(x: aFrame.minX, y: 10, width: 100, height: aFrame.minY - 10 - 10))
        XCTAssertEqual(layerB.frame, CGRect(x: 100, y: 10, width: 100, height: 67.5))
    }

    /// The same design converted to iOS-style geometry: layerB 10 points below layerA's bottom
    /// edge (its maxY) and 10 points above the superlayer's bottom edge (its maxY).
    func testGuideListingConvertedToYDown() {
        let theLayer = makeContainer(width: 300, height: 200)
        let layerA = makeLayer("layerA", bounds: CGRect(x: 0, y: 0, width: 100, height: 25))
        layerA.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        layerA.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
        let layerB = makeLayer("layerB")
        layerB.addConstraint(CAConstraint(attribute: .width, relativeTo: "layerA", attribute: .width))
        layerB.addConstraint(CAConstraint(attribute: .midX, relativeTo: "layerA", attribute: .midX))
        layerB.addConstraint(CAConstraint(attribute: .minY, relativeTo: "layerA", attribute: .maxY, offset: 10))
        layerB.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -10))
        // B is added first: it must still be laid out after A, which it depends on.
        theLayer.addSublayer(layerB)
        theLayer.addSublayer(layerA)

        theLayer.layoutIfNeeded()

        let aMaxY = (200 - 25) / 2 + 25.0
        assertFrame(layerA, CGRect(x: 100, y: 87.5, width: 100, height: 25))
        assertFrame(layerB, CGRect(x: 100, y: aMaxY + 10, width: 100, height: (200 - 10) - (aMaxY + 10)))
    }

    /// The Kiosk Menu items (003:1604-1641) in a 1024×768 root, converted to y-down: the guide's
    /// `maxY = superlayer.maxY − (i·height + spacing + initialOffset)` measures from the top edge,
    /// which is `minY` here. The items are given the 400×50 size the listing designs for.
    func testKioskMenuLayout() {
        let rootLayer = makeLayer("root", bounds: CGRect(x: 0, y: 0, width: 1024, height: 768))
        rootLayer.position = CGPoint(x: 512, y: 384)
        let menuLayer = CALayer()
        menuLayer.frame = rootLayer.frame
        menuLayer.layoutManager = CAConstraintLayoutManager.layoutManager()
        rootLayer.addSublayer(menuLayer)

        let width: CGFloat = 400, height: CGFloat = 50, spacing: CGFloat = 20
        let initialOffset = rootLayer.bounds.size.height / 2 - (height * 5 + spacing * 4) / 2
        var items: [CALayer] = []
        for i in 0..<5 {
            let item = makeLayer("item\(i)", bounds: CGRect(x: 0, y: 0, width: width, height: height))
            item.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY,
                                            offset: CGFloat(i) * height + spacing + initialOffset))
            item.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
            menuLayer.addSublayer(item)
            items.append(item)
        }
        menuLayer.layoutIfNeeded()

        XCTAssertEqual(initialOffset, 219)
        for (i, item) in items.enumerated() {
            assertFrame(item, CGRect(x: 312, y: 239 + 50 * CGFloat(i), width: 400, height: 50))
            XCTAssertEqual(item.position.x, 512, accuracy: 1e-9)
        }
    }

    /// The Kiosk constraints exactly as written (y-up, on maxY) put each item's maxY where the
    /// mirror image of the converted layout has it.
    func testKioskMenuLiteralConstraintsMirrorTheConvertedLayout() {
        let menuLayer = makeContainer(width: 1024, height: 768)
        let initialOffset: CGFloat = 768 / 2 - (50 * 5 + 20 * 4) / 2
        for i in 0..<5 {
            let item = makeLayer(nil, bounds: CGRect(x: 0, y: 0, width: 400, height: 50))
            item.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY,
                                            offset: -(CGFloat(i) * 50 + 20 + initialOffset)))
            item.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX))
            menuLayer.addSublayer(item)
        }
        menuLayer.layoutIfNeeded()
        for (i, item) in (menuLayer.sublayers ?? []).enumerated() {
            XCTAssertEqual(768 - item.frame.maxY, 239 + 50 * CGFloat(i), accuracy: 1e-9)
            XCTAssertEqual(item.frame.height, 50)
        }
    }

    func testTwoEdgeConstraintsSetTheWidth() {
        let container = makeContainer(width: 200, height: 100)
        let layer = makeLayer("bar", bounds: CGRect(x: 0, y: 0, width: 10, height: 30))
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10))
        layer.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -30))
        container.addSublayer(layer)
        container.layoutIfNeeded()
        assertFrame(layer, CGRect(x: 10, y: layer.frame.minY, width: 200 - 10 - 30, height: 30))
        XCTAssertEqual(layer.bounds.size, CGSize(width: 160, height: 30))
    }

    func testScaleFactorAndOffset() {
        let container = makeContainer(width: 300, height: 120)
        let layer = makeLayer("half")
        layer.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
        layer.addConstraint(CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0.25, offset: 5))
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX))
        layer.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY))
        container.addSublayer(layer)
        container.layoutIfNeeded()
        assertFrame(layer, CGRect(x: 0, y: 0, width: 300 * 0.5, height: 120 * 0.25 + 5))
    }

    func testMidAndWidthAndSingleEdgeKeepingSize() {
        let container = makeContainer(width: 400, height: 300)
        let centred = makeLayer("centred", bounds: CGRect(x: 0, y: 0, width: 10, height: 40))
        centred.addConstraint(CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX, offset: 20))
        centred.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.25, offset: 0))
        centred.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -5))
        container.addSublayer(centred)
        container.layoutIfNeeded()
        // midX 220, width 100; the lone maxY edge keeps the height of 40.
        assertFrame(centred, CGRect(x: 220 - 50, y: 300 - 5 - 40, width: 100, height: 40))
    }

    func testMinAndMidEdgesDefineTheSize() {
        let container = makeContainer(width: 400, height: 300)
        let layer = makeLayer("span", bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 30))
        layer.addConstraint(CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY))
        container.addSublayer(layer)
        container.layoutIfNeeded()
        // From 30 to a midpoint at 150: height 2 × (150 − 30).
        XCTAssertEqual(layer.frame.minY, 30, accuracy: 1e-9)
        XCTAssertEqual(layer.frame.height, 240, accuracy: 1e-9)
        XCTAssertEqual(layer.frame.width, 10, accuracy: 1e-9)
    }

    /// A chain of siblings listed in reverse dependency order: c after b after a.
    func testSiblingChainIsResolvedInDependencyOrder() {
        let container = makeContainer(width: 500, height: 200)
        let a = makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 50, height: 30))
        let b = makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 40, height: 40))
        let c = makeLayer("c", bounds: CGRect(x: 0, y: 0, width: 20, height: 20))
        a.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 20))
        a.addConstraint(CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 15))
        b.addConstraint(CAConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX, offset: 10))
        b.addConstraint(CAConstraint(attribute: .minY, relativeTo: "a", attribute: .minY))
        c.addConstraint(CAConstraint(attribute: .minX, relativeTo: "b", attribute: .maxX, offset: 10))
        c.addConstraint(CAConstraint(attribute: .midY, relativeTo: "b", attribute: .midY))
        container.addSublayer(c)
        container.addSublayer(b)
        container.addSublayer(a)
        container.layoutIfNeeded()
        assertFrame(a, CGRect(x: 20, y: 15, width: 50, height: 30))
        assertFrame(b, CGRect(x: 20 + 50 + 10, y: 15, width: 40, height: 40))
        assertFrame(c, CGRect(x: 80 + 40 + 10, y: 15 + 20 - 10, width: 20, height: 20))
    }

    func testCycleLeavesFramesUnchangedAndLaysOutTheRest() {
        let container = makeContainer(width: 500, height: 200)
        let a = makeLayer("a", bounds: CGRect(x: 0, y: 0, width: 50, height: 30))
        a.position = CGPoint(x: 100, y: 100)
        let b = makeLayer("b", bounds: CGRect(x: 0, y: 0, width: 60, height: 20))
        b.position = CGPoint(x: 300, y: 50)
        a.addConstraint(CAConstraint(attribute: .minX, relativeTo: "b", attribute: .maxX))
        b.addConstraint(CAConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX))
        let follower = makeLayer("follower", bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        follower.addConstraint(CAConstraint(attribute: .minX, relativeTo: "a", attribute: .maxX, offset: 5))
        let free = makeLayer("free", bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        free.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX))
        [a, b, follower, free].forEach(container.addSublayer)
        let aBefore = a.frame, bBefore = b.frame

        container.layoutIfNeeded()

        XCTAssertEqual(a.frame, aBefore)
        XCTAssertEqual(b.frame, bBefore)
        XCTAssertEqual(aBefore, CGRect(x: 75, y: 85, width: 50, height: 30))
        // A layer naming a sibling that was not laid out (here, caught in the cycle) is left
        // alone, as Apple's is (GNUstep Tests/quartzcore/CAConstraint/layout.m).
        XCTAssertEqual(follower.frame.minX, -5, accuracy: 1e-9)
        XCTAssertEqual(free.frame.maxX, 500, accuracy: 1e-9)
    }

    func testUnknownSourceIsIgnored() {
        let container = makeContainer(width: 200, height: 200)
        let layer = makeLayer("x", bounds: CGRect(x: 0, y: 0, width: 30, height: 30))
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "nobody", attribute: .maxX))
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 7))
        container.addSublayer(layer)
        container.layoutIfNeeded()
        XCTAssertEqual(layer.frame.minX, 7, accuracy: 1e-9)
        XCTAssertEqual(layer.frame.width, 30, accuracy: 1e-9)
    }

    func testRelayoutFollowsSuperlayerResize() {
        let container = makeContainer(width: 200, height: 100)
        let layer = makeLayer("fill")
        layer.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10))
        layer.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10))
        container.addSublayer(layer)
        container.layoutIfNeeded()
        XCTAssertEqual(layer.frame.width, 180, accuracy: 1e-9)
        container.bounds = CGRect(x: 0, y: 0, width: 400, height: 100)
        XCTAssertTrue(container.needsLayout())
        container.layoutIfNeeded()
        XCTAssertEqual(layer.frame.width, 380, accuracy: 1e-9)
    }

    func testAssigningLayoutManagerOrConstraintsSchedulesLayout() {
        let container = makeLayer("container", bounds: CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = makeLayer("child", bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        container.addSublayer(layer)
        container.layoutIfNeeded()
        container.layoutIfNeeded()
        XCTAssertFalse(container.needsLayout())
        container.layoutManager = CAConstraintLayoutManager()
        XCTAssertTrue(container.needsLayout())
        container.layoutIfNeeded()
        container.layoutIfNeeded()
        XCTAssertFalse(container.needsLayout())
        layer.addConstraint(CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX))
        XCTAssertTrue(container.needsLayout())
        container.layoutIfNeeded()
        XCTAssertEqual(layer.frame.maxX, 100, accuracy: 1e-9)
    }

    func testConstraintsProperty() {
        let layer = CALayer()
        XCTAssertNil(layer.constraints)
        let constraint = CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .height, scale: 2, offset: 1)
        layer.constraints = [constraint]
        XCTAssertEqual(layer.constraints?.count, 1)
        XCTAssertTrue(layer.constraints?.first === constraint)
        XCTAssertEqual(constraint.scale, 2)
        XCTAssertEqual(constraint.offset, 1)
        XCTAssertEqual(constraint.sourceAttribute, .height)
        layer.constraints = []
        XCTAssertNil(layer.constraints)
    }
}
