import CompositorCore
import XCTest

/// `AlphaHull`: the octagon outside which nearest and bilinear sampling read only zero texels.
final class AlphaHullTests: XCTestCase {
    private func hull(width: Int, height: Int, _ texel: (Int, Int) -> UInt32) -> AlphaHull {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { pixels[y * width + x] = texel(x, y) } }
        return pixels.withUnsafeBufferPointer { AlphaHull(pixels: $0.baseAddress!, width: width, height: height, rowLength: width) }
    }

    func testOneTexelIsItsSquareGrownByHalfATexel() {
        // Texel (2, 1) of an 8x4 image spans u 2/8...3/8 and v 1/4...2/4.
        let h = hull(width: 8, height: 4) { x, y in x == 2 && y == 1 ? 0x0100_0000 : 0 }
        XCTAssertEqual(h.minU, 1.5 / 8); XCTAssertEqual(h.maxU, 3.5 / 8)
        XCTAssertEqual(h.minV, 0.5 / 4); XCTAssertEqual(h.maxV, 2.5 / 4)
        XCTAssertEqual(h.minSum, 1.5 / 8 + 0.5 / 4); XCTAssertEqual(h.maxSum, 3.5 / 8 + 2.5 / 4)
        XCTAssertEqual(h.minDifference, 1.5 / 8 - 2.5 / 4); XCTAssertEqual(h.maxDifference, 3.5 / 8 - 0.5 / 4)
        XCTAssertFalse(h.isEmpty)
    }

    func testAnyNonZeroChannelCounts() {
        // Colour without alpha is not validly premultiplied, but an additive blend would show it.
        let h = hull(width: 4, height: 4) { x, y in x == 3 && y == 0 ? 0x0000_0001 : 0 }
        XCTAssertEqual(h.maxU, 4.5 / 4)
        XCTAssertEqual(h.minV, -0.5 / 4)
    }

    func testClearImageIsEmptyAndOpaqueImageCoversItsSquare() {
        XCTAssertTrue(hull(width: 5, height: 3) { _, _ in 0 }.isEmpty)
        let opaque = hull(width: 4, height: 2) { _, _ in 0xFFFF_FFFF }
        XCTAssertEqual(opaque.minU, -0.125); XCTAssertEqual(opaque.maxU, 1.125)
        XCTAssertEqual(opaque.minV, -0.25); XCTAssertEqual(opaque.maxV, 1.25)
        XCTAssertEqual(opaque.minSum, -0.375); XCTAssertEqual(opaque.maxSum, 2.375)
        XCTAssertTrue(opaque.contains(u: 0, v: 0) && opaque.contains(u: 1, v: 1) && opaque.contains(u: 1, v: 0))
    }

    func testDiscCutsItsCornersDiagonally() {
        // A disc inscribed in a 64x64 image: the corners beyond the diagonal tangents are outside.
        let size = 64
        let h = hull(width: size, height: size) { x, y in
            let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
            return dx * dx + dy * dy < 32 * 32 ? 0xFFFF_FFFF : 0
        }
        XCTAssertFalse(h.contains(u: 0.02, v: 0.02))
        XCTAssertFalse(h.contains(u: 0.98, v: 0.02))
        XCTAssertFalse(h.contains(u: 0.02, v: 0.98))
        XCTAssertFalse(h.contains(u: 0.98, v: 0.98))
        XCTAssertTrue(h.contains(u: 0.5, v: 0.01))
        XCTAssertTrue(h.contains(u: 0.5, v: 0.5))
        // The tangent x + y = 1/2 - r/sqrt(2) (r = 1/2 in unit coordinates) grown by two texels at most.
        XCTAssertEqual(h.minSum, 1 - 0.5.squareRoot(), accuracy: 2.5 / 64)
        XCTAssertLessThanOrEqual(h.minSum, 1 - 0.5.squareRoot())
    }

    func testUnionAndGrowth() {
        let a = AlphaHull(minU: 0, maxU: 0.5, minV: 0, maxV: 0.5, minSum: 0, maxSum: 1, minDifference: -0.5, maxDifference: 0.5)
        let b = AlphaHull(minU: 0.25, maxU: 1, minV: 0.25, maxV: 1, minSum: 0.5, maxSum: 2, minDifference: -0.75, maxDifference: 0.75)
        XCTAssertEqual(a.union(b), AlphaHull(minU: 0, maxU: 1, minV: 0, maxV: 1, minSum: 0, maxSum: 2, minDifference: -0.75, maxDifference: 0.75))
        XCTAssertEqual(a.union(.nowhere), a)
        XCTAssertEqual(AlphaHull.nowhere.union(b), b)
        let grown = a.grown(du: 0.1, dv: 0.2)
        XCTAssertEqual(grown.minU, -0.1); XCTAssertEqual(grown.maxV, 0.7)
        XCTAssertEqual(grown.minSum, -0.1 - 0.2, accuracy: 1e-15)
        XCTAssertEqual(grown.maxDifference, 0.5 + 0.1 + 0.2, accuracy: 1e-15)
        XCTAssertTrue(AlphaHull.nowhere.grown(du: 1, dv: 1).isEmpty)
        XCTAssertTrue(AlphaHull.everywhere.contains(u: -1e9, v: 1e9))
    }
}
