import Foundation
import QuartzCore
import QuartzCoreModel
import RendererTestSupport
@testable import RenderServer
import XCTest

/// `DepthOrder.backToFront(_:)` (a radix sort of the depths' bits) must give exactly the order
/// the depth sort's comparison gave before it (increasing depth, equal depths by index), NaN
/// and ±0 included, for every kind of frame: that order decides which of two overlapping
/// quads is drawn on top, so any difference changes pixels.
final class DepthOrderTests: XCTestCase {
    private var random = SeededGenerator(seed: 0xDE97_0)

    /// The order `DepthSorter.backToFront(_:)` gave before the radix sort, written out here as
    /// it was (its comparison of items, by Swift's sort).
    private func comparatorOrder(_ depths: [Double]) -> [Int] {
        let items = depths.map { DepthSorter.Item(corners: nil, depth: $0) }
        return items.indices.sorted { items[$0].depth != items[$1].depth ? items[$0].depth < items[$1].depth : $0 < $1 }
    }

    private func assertSameOrder(_ depths: [Double], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = comparatorOrder(depths)
        XCTAssertEqual(DepthOrder.backToFront(depths), expected, "\(what), \(depths.count) depths", file: file, line: line)
        if depths.count > DepthSorter.planeTestLimit {
            let items = depths.map { DepthSorter.Item(corners: nil, depth: $0) }
            XCTAssertEqual(DepthSorter.backToFront(items), expected, "\(what) through DepthSorter", file: file, line: line)
        }
    }

    private let counts = [0, 1, 2, 3, 63, 64, 65, 127, 128, 129, 257, 1000, 4099]

    func testRandomDepthsInEveryRange() {
        for count in counts {
            for scale in [1e-300, 1e-3, 1, 800, 1e12, 1e300] {
                assertSameOrder((0..<count).map { _ in Double.random(in: -scale...scale, using: &random) }, "uniform ±\(scale)")
            }
            assertSameOrder((0..<count).map { _ in Double.random(in: 100...101, using: &random) }, "one exponent")
        }
    }

    func testNearlySortedReversedAndShiftedFrames() {
        for count in counts {
            var depths = (0..<count).map { Double($0) * 0.37 - 50 }
            assertSameOrder(depths, "sorted")
            assertSameOrder(Array(depths.reversed()), "reversed")
            for _ in 0..<max(1, count / 20) where count > 1 {
                depths.swapAt(Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
            }
            assertSameOrder(depths, "nearly sorted")
            assertSameOrder(Array(depths[(count / 3)...] + depths[..<(count / 3)]), "rotated")
        }
    }

    /// S3's frames: cards at evenly spread phases turning about y in perspective, so that the
    /// order changes from each frame to the next, with many equal depths (cards a half turn
    /// apart).
    func testSpinningCardsFrameAfterFrame() {
        for count in [100, 1000, 5000] {
            for frame in 0..<30 {
                let t = Double(frame) / 60
                let depths = (0..<count).map { k -> Double in
                    let angle = 2 * Double.pi * (t * 0.25 + Double(k) / Double(count))
                    let z = 40 * sin(angle)
                    return (z / (1 + z / 800) - z / (1 - z / 800)) / 2
                }
                assertSameOrder(depths, "frame \(frame)")
            }
        }
    }

    func testTiesZerosAndInfinities() {
        let specials: [Double] = [0, -0.0, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
                                  .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 1, -1]
        for count in counts {
            assertSameOrder((0..<count).map { _ in specials.randomElement(using: &random)! }, "specials")
            assertSameOrder((0..<count).map { _ in Double(Int.random(in: -3...3, using: &random)) }, "few values")
            assertSameOrder([Double](repeating: 2.5, count: count), "all equal")
            assertSameOrder((0..<count).map { $0 % 2 == 0 ? 0 : -0.0 }, "zeros of both signs")
        }
    }

    /// With a NaN the comparison is no order, and the sort's steps decide: it is kept.
    func testNaNKeepsTheComparisonSortsOrder() {
        for count in counts where count > 0 {
            var depths = (0..<count).map { _ in Double.random(in: -10...10, using: &random) }
            for _ in 0..<max(1, count / 50) { depths[Int.random(in: 0..<count, using: &random)] = .nan }
            assertSameOrder(depths, "NaN among depths")
            assertSameOrder([Double](repeating: .nan, count: count), "NaN only")
        }
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

    /// The depth found without corners is the item's, and the one found before, bit for bit,
    /// wherever corners fall behind the eye, whatever the matrix holds.
    func testDepthWithoutCornersIsTheItemsDepth() {
        for _ in 0..<2000 {
            var m = CATransform3DMakeRotation(CGFloat.random(in: -4...4, using: &random), CGFloat.random(in: -1...1, using: &random),
                                              CGFloat.random(in: -1...1, using: &random), 1)
            m.m34 = CGFloat.random(in: -0.02...0.02, using: &random)
            m.m41 = CGFloat.random(in: -500...500, using: &random)
            m.m43 = CGFloat.random(in: -300...300, using: &random)
            let rect = CGRect(x: CGFloat.random(in: -50...50, using: &random), y: CGFloat.random(in: -50...50, using: &random),
                              width: CGFloat.random(in: -20...200, using: &random), height: CGFloat.random(in: 0...200, using: &random))
            if Int.random(in: 0..<10, using: &random) == 0 {
                // Infinite or NaN entries, and -0.
                let entries: [CGFloat] = [.infinity, -.infinity, .nan, -0.0]
                m.m33 = entries.randomElement(using: &random)!
                m.m31 = entries.randomElement(using: &random)!
            }
            let depth = DepthSorter.depth(rect, scene: m)
            XCTAssertEqual(depth.bitPattern, DepthSorter.item(rect, scene: m).depth.bitPattern)
            XCTAssertEqual(depth.bitPattern, transformedDepth(rect, m).bitPattern)
        }
    }
}
