import XCTest
@testable import CompositorCore
@testable import RenderServer

/// Moved layers' quads are written into the storages of quads made two frames before when
/// nothing else holds them (`SpareQuadPool`, `MovedQuadRecycler`), and never into one that a
/// list still holds. A recycler with a key (a run part's first sublayer) gets back the chunk it
/// gave two frames ago, whichever order the recyclers ask in, so each quad is written into its
/// own quad's storage of two frames ago.
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

    /// What one keyed recycler made in a frame: its quads' storages, and how many it wrote in place.
    private typealias PartFrame = (storages: [ObjectIdentifier], writtenInPlace: Int)

    /// The storages of the quads two keyed recyclers (two parts of a run) make of three quads
    /// each in one frame, recycler after recycler in `order`.
    private func frame(_ pool: SpareQuadPool, parts order: [UInt64], x: Double) -> [UInt64: PartFrame] {
        var made: [UInt64: PartFrame] = [:]
        for key in order {
            var recycler = MovedQuadRecycler(pool: pool, key: key)
            var storages: [ObjectIdentifier] = []
            for index in 0..<3 {
                var quad = source
                quad.opacity = Float(key) + Float(index) / 10
                storages.append(ObjectIdentifier(recycler.quad(quad, movedTo: .translation(x, 0)).storage))
            }
            made[key] = (storages, recycler.writtenInPlace)
            recycler.finish()
        }
        pool.endFrame()
        return made
    }

    func testAPartGetsItsOwnChunkBackWhicheverOrderThePartsAsk() {
        let pool = SpareQuadPool()
        // The order alternates: taking the last chunk given, the first part would get the other's.
        var frames: [[UInt64: PartFrame]] = []
        for frame in 0..<5 {
            frames.append(self.frame(pool, parts: frame % 2 == 0 ? [1, 2] : [2, 1], x: Double(frame)))
        }
        for frame in 2..<5 {
            for key: UInt64 in [1, 2] {
                XCTAssertEqual(frames[frame][key]?.writtenInPlace, 3, "frame \(frame), part \(key)")
                XCTAssertEqual(frames[frame][key]?.storages, frames[frame - 2][key]?.storages,
                               "frame \(frame), part \(key): each quad in its own storage of two frames ago")
            }
        }
    }

    func testAPartWithoutAChunkOfItsOwnTakesAnother() {
        let pool = SpareQuadPool()
        _ = frame(pool, parts: [1], x: 1)
        _ = frame(pool, parts: [1], x: 2)
        XCTAssertEqual(frame(pool, parts: [3], x: 3)[3]?.writtenInPlace, 3, "part 1's chunk, written")
    }
}
