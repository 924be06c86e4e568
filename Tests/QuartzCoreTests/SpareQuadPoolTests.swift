import XCTest
import CompositorCore
@testable import RenderServer

/// Moved layers' quads are written into the storages of quads made two frames before when
/// nothing else holds them (`SpareQuadPool`, `MovedQuadRecycler`), and never into one that a
/// list still holds.
final class SpareQuadPoolTests: XCTestCase {
    private let source = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 6),
                              fillColor: PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5), opacity: 0.75)

    /// Runs one frame: a recycler of `pool` makes a quad of `source` moved to x = `x`.
    private func frame(_ pool: SpareQuadPool, x: Double) -> (quad: Quad, writtenInPlace: Int) {
        var recycler = MovedQuadRecycler(pool: pool)
        let quad = recycler.quad(source, movedTo: .translation(x, 0))
        let written = recycler.writtenInPlace
        recycler.finish()
        pool.endFrame()
        return (quad, written)
    }

    func testAQuadNothingHoldsIsWrittenTwoFramesLater() {
        let pool = SpareQuadPool()
        XCTAssertEqual(frame(pool, x: 1).writtenInPlace, 0, "nothing to take in the first frame")
        XCTAssertEqual(frame(pool, x: 2).writtenInPlace, 0, "the last frame's quads are not ready")
        let third = frame(pool, x: 3)
        XCTAssertEqual(third.writtenInPlace, 1, "the first frame's quad, let go, is written")
        var expected = source
        expected.transform = .translation(3, 0)
        XCTAssertEqual(third.quad, expected)
        XCTAssertEqual(frame(pool, x: 4).writtenInPlace, 1)
    }

    func testAQuadAListStillHoldsIsNotWritten() {
        let pool = SpareQuadPool()
        let kept = frame(pool, x: 1).quad
        _ = frame(pool, x: 2)
        let third = frame(pool, x: 3)
        XCTAssertEqual(third.writtenInPlace, 0, "the first frame's quad is still held")
        XCTAssertEqual(kept.transform, .translation(1, 0), "and keeps its fields")
        XCTAssertEqual(third.quad.transform, .translation(3, 0))
        XCTAssertEqual(third.quad.opacity, 0.75)
    }

    func testWithoutAPoolAQuadIsCopied() {
        var recycler = MovedQuadRecycler(pool: nil)
        let quad = recycler.quad(source, movedTo: .translation(5, 0))
        XCTAssertEqual(quad.transform, .translation(5, 0))
        XCTAssertEqual(source.transform, .identity)
        XCTAssertEqual(recycler.writtenInPlace, 0)
    }
}
