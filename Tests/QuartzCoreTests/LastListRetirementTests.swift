import XCTest
import CompositorCore
import QuartzCore
@testable import RenderServer

/// The flattener's cache frees the commands a frame replaces on another thread
/// (`FlattenedSubtreeCache.endFrame`), and they are freed before the next frame begins
/// (`beginFrame`): the moved quads of that list are the spares the next frame writes into.
final class LastListRetirementTests: XCTestCase {
    /// A list of `count` quads, each drawing `image`.
    private func list(of count: Int, drawing image: CGImage) -> [DrawCommand] {
        var quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 4, height: 4))
        quad.texture = TextureSource(image: image)
        return (0..<count).map { index in
            var moved = quad
            moved.transform = .translation(Double(index), 0)
            return .quad(moved)
        }
    }

    /// A new image.
    private func image() -> CGImage { CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))! }

    /// A cache that ended one frame with a list of `count` quads drawing an image only that list
    /// holds, and a weak reference to the image.
    private func cacheAfterAFrame(of count: Int) -> (cache: FlattenedSubtreeCache, drawn: () -> CGImage?) {
        let cache = FlattenedSubtreeCache()
        let drawn = image()
        weak let weakDrawn = drawn
        cache.beginFrame()
        cache.endFrame(commands: list(of: count, drawing: drawn), clips: [])
        return (cache, { weakDrawn })
    }

    /// A long list replaced at the end of a frame is freed once the next frame has begun.
    func testAReplacedLongListIsFreedWhenTheNextFrameBegins() {
        let (cache, drawn) = cacheAfterAFrame(of: DrawListRetirement.minimumCommands)
        XCTAssertNotNil(drawn(), "the last frame's commands are kept for the next frame")
        cache.beginFrame()
        XCTAssertNotNil(drawn(), "and read during it")
        cache.endFrame(commands: [], clips: [])
        cache.beginFrame()
        XCTAssertNil(drawn(), "replaced, they are freed before the frame after begins")
        XCTAssertTrue(cache.previousCommands.isEmpty)
    }

    /// A short list is freed where it is replaced; the new one is what the next frame reads.
    func testAReplacedShortListIsFreedAtOnce() {
        let (cache, drawn) = cacheAfterAFrame(of: 3)
        let next = list(of: 2, drawing: image())
        cache.endFrame(commands: next, clips: [])
        XCTAssertNil(drawn())
        XCTAssertEqual(cache.previousCommands, next)
    }

    /// Moved quads of a long list are written in place two frames later: the list that held
    /// them was freed on the retirement queue before the frame that takes them began.
    func testTheRetiredListsQuadsAreWrittenInPlace() {
        let cache = FlattenedSubtreeCache()
        let source = list(of: 1, drawing: image())[0]
        guard case .quad(let quad) = source else { return XCTFail("a quad") }
        let count = DrawListRetirement.minimumCommands
        var written: [Int] = []
        // Each quad a layer's, kept in the layer's spares (`MovedLayerSpares`).
        let spares = (0..<count).map { _ in MovedLayerSpares.make(quads: 1) }
        for frame in 0..<4 {
            cache.beginFrame()
            var recycler = MovedQuadRecycler(frame: cache.frame)
            let commands = spares.map { spares in
                _ = spares.begin(frame: cache.frame)
                defer { spares.end(frame: cache.frame, count: 1) }
                return DrawCommand.quad(recycler.quad(quad, movedTo: .translation(Double(frame), 0), index: 0, in: spares,
                                                      sameFields: false))
            }
            written.append(recycler.writtenInPlace)
            cache.endFrame(commands: commands, clips: [])
        }
        XCTAssertEqual(written, [0, 0, count, count])
    }
}
