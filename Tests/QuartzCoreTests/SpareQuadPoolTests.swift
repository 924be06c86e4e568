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

    /// Runs frame `frame` of `pool`: `make` makes a quad with a recycler of it, which is then
    /// finished; the quad, and how many spares the recycler wrote after comparing and by tag.
    private func runFrame(_ pool: SpareQuadPool, frame: UInt64 = 0,
                          _ make: (inout MovedQuadRecycler) -> Quad) -> (quad: Quad, writtenInPlace: Int, byTag: Int) {
        var recycler = MovedQuadRecycler(pool: pool, frame: frame)
        let quad = make(&recycler)
        let written = (recycler.writtenInPlace, recycler.writtenByTag)
        recycler.finish()
        pool.endFrame()
        return (quad, written.0, written.1)
    }

    /// Runs one frame: a recycler of `pool` makes a quad of `source` moved to x = `x`.
    private func frame(_ pool: SpareQuadPool, x: Double) -> (quad: Quad, writtenInPlace: Int) {
        let made = runFrame(pool) { $0.quad(source, movedTo: .translation(x, 0)) }
        return (made.quad, made.writtenInPlace)
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

    /// Runs one frame: a recycler of `pool` makes a quad of `source` moved to x = `frame`, made
    /// as quad 0 of layer 7 (of layer `layer`'s on the first frame) in frame `frame`, trusting a
    /// spare made so two frames ago when `trusted`; `takeBack` takes the drawing back afterwards
    /// (`untagLast`).
    private func taggedFrame(_ pool: SpareQuadPool, source: Quad, frame: UInt64, trusted: Bool,
                             layer: UInt64 = 7, takeBack: Bool = false) -> (quad: Quad, byTag: Int) {
        let made = runFrame(pool, frame: frame) { recycler in
            let quad = recycler.quad(source, movedTo: .translation(Double(frame), 0), layer: layer, index: 0,
                                     sameFieldsAsTwoFramesAgo: trusted)
            if takeBack { recycler.untagLast(1) }
            return quad
        }
        return (made.quad, made.byTag)
    }

    /// A spare made as the quad the caller names is written by its transform alone: its fields
    /// are not compared with the source's (the caller's tag is the proof that they are the
    /// same; here, planted, they are not, and the spare's are kept).
    func testASpareMadeAsTheNamedQuadIsWrittenByItsTransformAlone() {
        let pool = SpareQuadPool()
        var other = source
        other.opacity = 0.25
        _ = taggedFrame(pool, source: source, frame: 1, trusted: true)
        _ = taggedFrame(pool, source: source, frame: 2, trusted: true)
        let third = taggedFrame(pool, source: other, frame: 3, trusted: true)
        XCTAssertEqual(third.byTag, 1)
        XCTAssertEqual(third.quad.opacity, 0.75, "the spare's fields, not compared with the source's")
        XCTAssertEqual(third.quad.transform, .translation(3, 0))
        XCTAssertEqual(pool.writtenByTag, 1)
        // Not trusted: compared and copied.
        let fourth = taggedFrame(pool, source: other, frame: 4, trusted: false)
        XCTAssertEqual(fourth.byTag, 0)
        XCTAssertEqual(fourth.quad.opacity, 0.25)
    }

    /// A spare made as another quad (in another frame, of another layer), or in a drawing taken
    /// back, is compared with the source and written with the source's fields.
    func testASpareMadeAsAnotherQuadOrTakenBackIsCompared() {
        var other = source
        other.opacity = 0.25
        for (first, layer, takeBack) in [(UInt64(0), UInt64(7), false), (1, 8, false), (1, 7, true)] {
            let pool = SpareQuadPool()
            _ = taggedFrame(pool, source: source, frame: first, trusted: true, layer: layer, takeBack: takeBack)
            _ = taggedFrame(pool, source: source, frame: 2, trusted: true)
            let third = taggedFrame(pool, source: other, frame: 3, trusted: true)
            XCTAssertEqual(third.byTag, 0)
            XCTAssertEqual(third.quad.opacity, 0.25, "the source's fields")
            XCTAssertEqual(third.quad.transform, .translation(3, 0))
        }
        // An index outside the tags' range is never trusted.
        XCTAssertFalse(MovedQuadTag(layer: 7, frame: 1, index: 256).isSome)
        XCTAssertEqual(MovedQuadTag(layer: 7, frame: 1, index: 256), MovedQuadTag(layer: 7, frame: 3, index: 300))
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
