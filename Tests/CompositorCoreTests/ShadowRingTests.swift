import CompositorCore
import CoreGraphics
import XCTest

/// The ring a shadow is drawn as around the opaque body that casts it: the body's interior, the
/// hole left undrawn under a transform, the strips around it, and the mask pieces cut into them.
final class ShadowRingTests: XCTestCase {
    private func rotation(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    private func assertRect(_ rect: CGRect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
        guard let rect else { return XCTFail("no rect", file: file, line: line) }
        // Radii are Float: 1e-5 of a unit.
        XCTAssertEqual(rect.minX, x, accuracy: 1e-5, file: file, line: line)
        XCTAssertEqual(rect.minY, y, accuracy: 1e-5, file: file, line: line)
        XCTAssertEqual(rect.width, w, accuracy: 1e-5, file: file, line: line)
        XCTAssertEqual(rect.height, h, accuracy: 1e-5, file: file, line: line)
    }

    func testTheInteriorIsTheBoundsInsetByTheLargerRadiusOnEachSide() {
        let bounds = CGRect(x: 10, y: 20, width: 100, height: 60)
        assertRect(ShadowRing.interior(of: bounds, radii: CornerRadii(uniform: 8)), 18, 28, 84, 44)
        // Left: max(4, 2); right: max(10, 6); top: max(4, 10); bottom: max(2, 6).
        let mixed = CornerRadii(minXMinY: 4, maxXMinY: 10, maxXMaxY: 6, minXMaxY: 2)
        assertRect(ShadowRing.interior(of: bounds, radii: mixed), 14, 30, 86, 44)
        assertRect(ShadowRing.interior(of: bounds, radii: .zero), 10, 20, 100, 60)
        // A circle's corners meet: nothing is left between them.
        XCTAssertNil(ShadowRing.interior(of: CGRect(x: 0, y: 0, width: 20, height: 20), radii: CornerRadii(uniform: 10)))
    }

    func testTheHoleKeepsAPixelAndAHalfOfTheBodyAtItsSmallestScale() {
        let interior = CGRect(x: 18, y: 28, width: 84, height: 44)
        XCTAssertEqual(ShadowRing.edgeMarginPixels, 1.5)
        assertRect(ShadowRing.hole(in: interior, transform: .identity), 19.5, 29.5, 81, 41)
        // Two pixels a unit: 0.75 units.
        assertRect(ShadowRing.hole(in: interior, transform: .scale(2, 2)), 18.75, 28.75, 82.5, 42.5)
        // A turn keeps the scale; moving changes nothing.
        assertRect(ShadowRing.hole(in: interior, transform: rotation(0.7).concatenating(.translation(300, -40))), 19.5, 29.5, 81, 41)
        // Half a pixel a unit along y: 3 units on every side, turned or not.
        assertRect(ShadowRing.hole(in: interior, transform: .scale(2, 0.5)), 21, 31, 78, 38)
        assertRect(ShadowRing.hole(in: interior, transform: Matrix4.scale(2, 0.5).concatenating(rotation(1.1))), 21, 31, 78, 38)
        // w homogeneous but constant: the plane is scaled by 1 / m44.
        var halved = Matrix4.identity
        halved.m44 = 2
        assertRect(ShadowRing.hole(in: interior, transform: halved), 21, 31, 78, 38)
        // Perspective or a flattened plane: no hole.
        var perspective = Matrix4.identity
        perspective.m14 = 0.001
        XCTAssertNil(ShadowRing.hole(in: interior, transform: perspective))
        XCTAssertNil(ShadowRing.hole(in: interior, transform: .scale(1, 0)))
        // A margin wider than the interior leaves nothing.
        XCTAssertNil(ShadowRing.hole(in: CGRect(x: 0, y: 0, width: 2.5, height: 40), transform: .identity))
    }

    func testTheStripsDrawEverythingButTheHole() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 80)
        let ring = ShadowRing.pieces(of: rect, around: CGRect(x: 20, y: 30, width: 50, height: 20))
        XCTAssertEqual(ring.count, 4)
        assertRect(ring[0], 0, 0, 100, 30)
        assertRect(ring[1], 0, 50, 100, 30)
        assertRect(ring[2], 0, 30, 20, 20)
        assertRect(ring[3], 70, 30, 30, 20)
        XCTAssertEqual(ring.area, 8000 - 1000, accuracy: 1e-9)
        // A hole across the left edge: no left strip; the hole is cut to the rect.
        let edge = ShadowRing.pieces(of: rect, around: CGRect(x: -10, y: 30, width: 40, height: 20))
        XCTAssertEqual(edge.count, 3)
        assertRect(edge[2], 30, 30, 70, 20)
        XCTAssertEqual(edge.area, 8000 - 600, accuracy: 1e-9)
        // Outside: the rect whole; over all of it: nothing.
        let outside = ShadowRing.pieces(of: rect, around: CGRect(x: 200, y: 0, width: 10, height: 10))
        XCTAssertEqual(outside.count, 1)
        assertRect(outside[0], 0, 0, 100, 80)
        XCTAssertEqual(ShadowRing.pieces(of: rect, around: rect.insetBy(dx: -1, dy: -1)).count, 0)
    }

    func testAHoleIsCutOnlyWhereItSavesMoreThanTheSeamsAndPiecesCost() {
        XCTAssertEqual(ShadowRing.piecePixels, 512)
        // A pixel a unit: half a unit beyond every piece. A 160-unit hole in a 200-unit rect
        // keeps 159 x 159 = 25281 and costs 4 x 0.5 x (40 + 2) = 84 along the seams, more
        // than 3 x 512 for the three extra pieces.
        let large = CGRect(x: 0, y: 0, width: 200, height: 200)
        XCTAssertEqual(ShadowRing.pieces(of: large, around: CGRect(x: 20, y: 20, width: 160, height: 160), unitsPerPixel: 1).count, 4)
        // A 50 x 20 hole in a 100 x 80 rect keeps 49 x 19 - 4 x 0.5 x (50 + 2) = 827 < 1536: whole.
        let rect = CGRect(x: 0, y: 0, width: 100, height: 80)
        let hole = CGRect(x: 20, y: 30, width: 50, height: 20)
        XCTAssertEqual(ShadowRing.pieces(of: rect, around: hole, unitsPerPixel: 1).count, 1)
        // At two pixels a unit the same hole keeps 49.5 x 19.5 - 4 x 0.25 x (50 + 1) = 914.25
        // units, 3657 pixels, against 1536 / 4 = 384 units: cut.
        XCTAssertEqual(ShadowRing.pieces(of: rect, around: hole, unitsPerPixel: 0.5).count, 4)
        // Narrower than the two seams: whole.
        XCTAssertEqual(ShadowRing.pieces(of: large, around: CGRect(x: 40, y: 0, width: 0.9, height: 200), unitsPerPixel: 1).count, 1)
    }

    func testAMaskedShadowIsCutAroundItsCoveredInteriorWithTheSameTexelsPerUnit() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 20))
        cache.beginFrame()
        defer { cache.endFrame() }
        // A 100 x 90 card (radius 5.4) with its shadow 4 units down, blurred by 12: shorter
        // than a nine-patch's prototype (2 x 5.4 + 8 x 12 + 4 units), so one piece.
        let card = CGRect(x: 0, y: 0, width: 100, height: 90)
        var shadow = Quad(transform: rotation(0.4), rect: card.offsetBy(dx: 0, dy: 4),
                          fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5),
                          cornerRadii: CornerRadii(uniform: 5.4), blurSigma: 12)
        let whole = try XCTUnwrap(cache.shadowQuads(for: shadow))
        XCTAssertEqual(whole.count, 1)
        let interior = try XCTUnwrap(ShadowRing.interior(of: card, radii: CornerRadii(uniform: 5.4)))
        assertRect(interior, 5.4, 5.4, 89.2, 79.2)
        shadow.coveredRect = interior
        let pieces = try XCTUnwrap(cache.shadowQuads(for: shadow))
        XCTAssertEqual(pieces.count, 4)
        // The hole: the interior less 1.5 units (a turn keeps the scale).
        let hole = CGRect(x: 6.9, y: 6.9, width: 86.2, height: 76.2)
        let drawn = whole[0].rect
        let area = pieces.reduce(0.0) { $0 + $1.rect.width * $1.rect.height }
        XCTAssertEqual(area, drawn.width * drawn.height - hole.width * hole.height, accuracy: 1e-4)
        for piece in pieces {
            XCTAssertFalse(piece.rect.intersection(hole.insetBy(dx: 1e-5, dy: 1e-5)).width > 0, "\(piece.rect)")
            XCTAssertTrue(piece.texture?.image === whole[0].texture?.image)
            XCTAssertEqual(piece.textureTint, whole[0].textureTint)
            // The same texels per unit as the whole quad, at the same place.
            let unit = try XCTUnwrap(piece.texture?.unitRect), wholeUnit = try XCTUnwrap(whole[0].texture?.unitRect)
            XCTAssertEqual(unit.width / piece.rect.width, wholeUnit.width / drawn.width, accuracy: 1e-12)
            XCTAssertEqual(unit.minX, wholeUnit.minX + (piece.rect.minX - drawn.minX) / drawn.width * wholeUnit.width, accuracy: 1e-12)
            XCTAssertEqual(unit.minY, wholeUnit.minY + (piece.rect.minY - drawn.minY) / drawn.height * wholeUnit.height, accuracy: 1e-12)
        }
        // Asked not to cut, the cache draws the shadow whole.
        cache.cutsCoveredInteriors = false
        XCTAssertEqual(try XCTUnwrap(cache.shadowQuads(for: shadow)).map(\.rect), whole.map(\.rect))
    }

    func testTheShadedAreaIsTheQuadsAreaOnTheCanvas() {
        let canvas = SIMD4<Double>(0, 0, 100, 100)
        let square = CGRect(x: 0, y: 0, width: 1, height: 1)
        XCTAssertEqual(ShadedArea.pixels(of: square, transform: Matrix4.scale(10, 10).concatenating(.translation(5, 5)), within: canvas),
                       100, accuracy: 1e-9)
        XCTAssertEqual(ShadedArea.pixels(of: CGRect(x: -5, y: -5, width: 10, height: 10), transform: .identity, within: canvas),
                       25, accuracy: 1e-9)
        // A diamond centred on the canvas's corner: a quarter of it.
        XCTAssertEqual(ShadedArea.pixels(of: CGRect(x: -5, y: -5, width: 10, height: 10), transform: rotation(.pi / 4), within: canvas),
                       25, accuracy: 1e-9)
        // Within a damage rectangle only.
        XCTAssertEqual(ShadedArea.pixels(of: CGRect(x: 0, y: 0, width: 50, height: 50), transform: .identity,
                                         within: SIMD4(40, 10, 90, 20)), 100, accuracy: 1e-9)
        // Behind the eye: nothing.
        var behind = Matrix4.identity
        behind.m44 = -1
        XCTAssertEqual(ShadedArea.pixels(of: square, transform: behind, within: canvas), 0)
    }
}
