@testable import CompositorCore
import CoreGraphics
import Foundation
import XCTest

/// `DrawListTreeCache` frees a long replaced list on its retirement queue and a short one where
/// it is replaced; either way the list is freed, and the trees it gives are those of the lists.
final class DrawListTreeCacheRetirementTests: XCTestCase {
    private func image() -> CGImage {
        CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(count: 16))!
    }

    /// `count` quads, the first textured with `texture`.
    private func list(count: Int, texture: CGImage?, frame: UInt64) -> DrawList {
        var commands: [DrawCommand] = []
        commands.reserveCapacity(count)
        for index in 0..<count {
            commands.append(.quad(Quad(transform: .translation(Double(index % 100), 0),
                                       rect: CGRect(x: 0, y: 0, width: 2, height: 2),
                                       fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1),
                                       texture: index == 0 ? texture.map { TextureSource(image: $0) } : nil)))
        }
        var list = DrawList(pixelWidth: 100, pixelHeight: 10, commands: commands)
        list.continuity = DrawListContinuity(sequence: 7, frame: frame, unchangedRanges: [])
        return list
    }

    /// Gives the cache a list whose first quad holds an image only it references, then the next
    /// list; returns a weak reference to the image.
    private func replaceList(of count: Int, in trees: inout DrawListTreeCache) -> () -> CGImage? {
        weak var weakImage: CGImage?
        do {
            let texture = image()
            weakImage = texture
            _ = trees.tree(for: list(count: count, texture: texture, frame: 1))
        }
        XCTAssertNotNil(weakImage, "the cache holds the list it was given last")
        let next = trees.tree(for: list(count: count, texture: nil, frame: 2))
        XCTAssertEqual(next.commands.count, count)
        return { weakImage }
    }

    func testAShortReplacedListIsFreedAtOnce() {
        var trees = DrawListTreeCache()
        let image = replaceList(of: 10, in: &trees)
        XCTAssertNil(image(), "a short list is freed where it is replaced")
    }

    func testALongReplacedListIsFreedOnTheRetirementQueue() {
        var trees = DrawListTreeCache()
        let image = replaceList(of: 5000, in: &trees)
        DrawListTreeCache.waitUntilReplacedTreesAreFreed()
        XCTAssertNil(image(), "a long list is freed once its retirement is done")
    }

    func testARetiredValueIsFreedOnAnotherThread() {
        let freedOn = ThreadLock<pthread_t?>(nil)
        let box = ThreadLock<FreeingProbe?>(FreeingProbe(freedOn: freedOn))
        DrawListRetirement.shared.retire(box)
        DrawListRetirement.shared.waitUntilFreed()
        let thread = freedOn.withLock { $0 }
        XCTAssertNotNil(thread, "the value is freed")
        XCTAssertEqual(thread.map { pthread_equal($0, pthread_self()) }, 0, "not on the retiring thread")
    }

    func testTreesOfLongListsMatchParsedTrees() {
        var trees = DrawListTreeCache()
        for frame in 1...4 as ClosedRange<UInt64> {
            let given = list(count: 3000, texture: frame == 2 ? image() : nil, frame: frame)
            XCTAssertEqual(trees.tree(for: given), DrawListTree(given.commands))
        }
        DrawListTreeCache.waitUntilReplacedTreesAreFreed()
    }
}

/// Notes the thread it is freed on.
private final class FreeingProbe: Sendable {
    let freedOn: ThreadLock<pthread_t?>
    init(freedOn: ThreadLock<pthread_t?>) { self.freedOn = freedOn }
    deinit { freedOn.withLock { $0 = pthread_self() } }
}
