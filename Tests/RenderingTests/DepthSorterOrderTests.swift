import Foundation
import QuartzCore
import QuartzCoreModel
import RendererTestSupport
@testable import RenderServer
import XCTest

/// Subtrees of more than `DepthSorter.planeTestLimit` quads are ordered by depth alone, found
/// without the corners (`DepthSorter.depth(_:scene:)`, `backToFront(_:scenes:)`, the siblings'
/// `sortedByDepth`): the order must be exactly the one the items' comparison gave before
/// (increasing depth, equal depths by index, NaN as the sort's steps leave it), frame after
/// frame, since it decides which of two overlapping quads is drawn on top.
final class DepthSorterOrderTests: XCTestCase {
    private var random = SeededGenerator(seed: 0xDE97_0)

    /// The order `DepthSorter.backToFront(_:)` gave before for more items than the plane tests
    /// take: the items made with their corners, compared by depth, then index, by Swift's sort.
    private func comparatorOrder(_ rects: [CGRect], _ scenes: [CATransform3D]) -> [Int] {
        let items = zip(rects, scenes).map { DepthSorter.item($0, scene: $1) }
        return items.indices.sorted { items[$0].depth != items[$1].depth ? items[$0].depth < items[$1].depth : $0 < $1 }
    }

    private func assertSameOrder(_ rects: [CGRect], _ scenes: [CATransform3D], _ what: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let items = zip(rects, scenes).map { DepthSorter.item($0, scene: $1) }
        // Few enough for the plane tests: the items' order, with them.
        let expected = rects.count > DepthSorter.planeTestLimit ? comparatorOrder(rects, scenes) : DepthSorter.backToFront(items)
        XCTAssertEqual(DepthSorter.backToFront(rects, scenes: scenes), expected, "\(what), \(rects.count) quads",
                       file: file, line: line)
        XCTAssertEqual(DepthSorter.backToFront(items), expected, "\(what), items", file: file, line: line)
    }

    /// `DepthSorter.item`'s depth as it was found before: the corners through
    /// `CATransform3D.transform(x:y:z:)`, those behind the eye left out, z averaged.
    private func transformedDepth(_ rect: CGRect, _ m: CATransform3D) -> Double {
        var zs: [Double] = []
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)] {
            let h = m.transform(x: x, y: y, z: 0)
            guard h.w > CATransform3D.minimumProjectedW, h.w.isFinite else { continue }
            zs.append(Double(h.z / h.w))
        }
        return zs.isEmpty ? -.infinity : zs.reduce(0, +) / Double(zs.count)
    }

    /// A map into the sorting space: a turn, perspective strong enough to put corners behind
    /// the eye now and then, a translation; now and then infinite, NaN or -0 entries.
    private func randomScene() -> CATransform3D {
        var m = CATransform3DMakeRotation(CGFloat.random(in: -4...4, using: &random), CGFloat.random(in: -1...1, using: &random),
                                          CGFloat.random(in: -1...1, using: &random), 1)
        // The perspective of the plane z = 0 (w from x and y).
        m.m14 = CGFloat.random(in: -0.01...0.01, using: &random)
        m.m24 = CGFloat.random(in: -0.01...0.01, using: &random)
        m.m41 = CGFloat.random(in: -500...500, using: &random)
        m.m43 = CGFloat.random(in: -300...300, using: &random)
        if Int.random(in: 0..<10, using: &random) == 0 {
            let entries: [CGFloat] = [.infinity, -.infinity, .nan, -0.0]
            m.m33 = entries.randomElement(using: &random)!
            m.m31 = entries.randomElement(using: &random)!
            m.m13 = entries.randomElement(using: &random)!
        }
        return m
    }

    private func randomRect() -> CGRect {
        CGRect(x: CGFloat.random(in: -50...50, using: &random), y: CGFloat.random(in: -50...50, using: &random),
               width: CGFloat.random(in: -20...200, using: &random), height: CGFloat.random(in: 0...200, using: &random))
    }

    /// The depth found without corners is the item's, and the one found before, bit for bit,
    /// wherever corners fall behind the eye, whatever the matrix holds.
    func testDepthWithoutCornersIsTheItemsDepth() {
        for _ in 0..<3000 {
            let m = randomScene(), rect = randomRect()
            let depth = DepthSorter.depth(rect, scene: m)
            XCTAssertEqual(depth.bitPattern, DepthSorter.item(rect, scene: m).depth.bitPattern)
            XCTAssertEqual(depth.bitPattern, transformedDepth(rect, m).bitPattern)
        }
    }

    private let counts = [1, 2, 64, 65, 129, 1000, 3000]

    /// Random quads, some sharing a map (equal depths), some with NaN or infinite depths.
    func testRandomQuadsWithTiesAndNaN() {
        for count in counts {
            for _ in 0..<4 {
                let shared = (0..<4).map { _ in randomScene() }
                let scenes = (0..<count).map { _ in Bool.random(using: &random) ? shared.randomElement(using: &random)! : randomScene() }
                let rect = randomRect()
                assertSameOrder(scenes.map { _ in Bool.random(using: &random) ? rect : randomRect() }, scenes, "random")
            }
        }
    }

    /// S3's frames: cards at evenly spread phases turning about y in perspective, so that the
    /// order changes from each frame to the next, cards a half turn apart at equal depths; then
    /// the same quads sorted already, reversed, and nearly sorted.
    func testSpinningCardsFrameAfterFrame() {
        for count in [65, 300, 2000] {
            let rects = (0..<count).map { k in CGRect(x: 0, y: 0, width: 10 + CGFloat(k % 7), height: 10) }
            for frame in 0..<20 {
                let t = Double(frame) / 60
                var scenes = (0..<count).map { k -> CATransform3D in
                    var perspective = CATransform3DIdentity
                    perspective.m34 = -1.0 / 800
                    let turn = CATransform3DMakeRotation(CGFloat(2 * Double.pi * (t * 0.25 + Double(k) / Double(count))), 0, 1, 0)
                    return CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-5, -5, 0), turn), perspective)
                }
                assertSameOrder(rects, scenes, "frame \(frame)")
                let order = comparatorOrder(rects, scenes)
                scenes = order.map { scenes[$0] }
                let sortedRects = order.map { rects[$0] }
                assertSameOrder(sortedRects, scenes, "sorted")
                assertSameOrder(sortedRects.reversed(), scenes.reversed(), "reversed")
                for _ in 0..<(count / 20) { scenes.swapAt(Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random)) }
                assertSameOrder(sortedRects, scenes, "nearly sorted")
            }
        }
    }
}
