import Foundation
import RendererTestSupport
@testable import RenderServer
import XCTest

/// `DepthSorter.byDepth(_:)` reads the depths through their buffer and merges their runs when
/// they are few (`byDepthInRuns`): its order must be exactly the one the array's comparison
/// gave (increasing depth, equal depths by index, NaN and the infinities as the sort's steps
/// leave them), for few and many depths, runs and ties.
final class DepthSorterByDepthTests: XCTestCase {
    private var random = SeededGenerator(seed: 0xB7_DE97)

    /// The order as `byDepth` found it before: Swift's sort of the indices, the array's subscript.
    private func arrayOrder(_ depths: [Double]) -> [Int] {
        depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
    }

    private func assertSameOrder(_ depths: [Double], _ what: String, line: UInt = #line) {
        XCTAssertEqual(DepthSorter.byDepth(depths), arrayOrder(depths), "\(what), \(depths.count) depths", line: line)
    }

    /// Depths drawn from a few values (many ties), with NaN, ±∞ and ±0 among them.
    func testRandomDepthsWithTiesAndSpecialValues() {
        let values: [Double] = [-.infinity, -2.5, -0.0, 0.0, 1, 1.5, 3, .infinity, .nan]
        for count in [0, 1, 2, 3, 31, 32, 33, 64, 100, 1000] {
            for round in 0..<8 {
                let depths = (0..<count).map { _ in values.randomElement(using: &random)! }
                assertSameOrder(depths, "values, round \(round)")
                let noNaN = depths.map { $0.isNaN ? 0.25 : $0 }
                assertSameOrder(noNaN, "without NaN, round \(round)")
            }
        }
    }

    /// `DepthSorter.sortInRuns` with a scratch buffer of its own.
    private static func sortInRuns(_ d: UnsafeBufferPointer<Double>, _ range: Range<Int>,
                                   order: UnsafeMutableBufferPointer<Int>) -> Bool {
        var scratch = [Int](repeating: 0, count: order.count)
        return scratch.withUnsafeMutableBufferPointer { DepthSorter.sortInRuns(d, range, order: order, scratch: $0) }
    }

    /// The parts' orders `source` (each `source[bounds[k]..<bounds[k + 1]]` by depth) merged by
    /// `DepthSorter.mergeRuns`, into a new array.
    private static func merged(_ d: UnsafeBufferPointer<Double>, _ source: [Int], bounds: [Int]) -> [Int] {
        var order = source, scratch = source
        let inScratch = order.withUnsafeMutableBufferPointer { order in
            scratch.withUnsafeMutableBufferPointer { DepthSorter.mergeRuns(d, bounds: bounds, order: order, scratch: $0) }
        }
        return inScratch ? scratch : order
    }

    /// The order of parts each sorted on its own (`sortInRuns`, as the parts of
    /// `FrameFlattener.sortedByDepth` sort their cards) and merged (`merged`): `byDepth`'s, ties
    /// across parts included; a part with NaN or too many runs says so.
    func testPartsSortedAloneThenMerged() {
        for count in [2, 64, 600, 10_000] {
            for partCount in [2, 3, 4] where count >= partCount {
                let bounds = (0...partCount).map { count * $0 / partCount }
                for round in 0..<4 {
                    // Six falls and rises (a run each), equal depths in every part.
                    let period = max(2, count / 6), shift = round * period / 4
                    var depths = (0..<count).map { k in Double(abs((k + shift) % period - period / 2)) }
                    var order = [Int](repeating: -1, count: count)
                    var sorted = depths.withUnsafeBufferPointer { d in
                        order.withUnsafeMutableBufferPointer { order in
                            (0..<partCount).allSatisfy { Self.sortInRuns(d, bounds[$0]..<bounds[$0 + 1], order: order) }
                        }
                    }
                    guard sorted else { return XCTFail("\(count) in \(partCount) parts, round \(round): not sorted") }
                    let merged = depths.withUnsafeBufferPointer { Self.merged($0, order, bounds: bounds) }
                    XCTAssertEqual(merged, arrayOrder(depths), "\(count) in \(partCount) parts, round \(round)")
                    // NaN in the last part: that part says it could not sort.
                    depths[count - 1] = .nan
                    sorted = depths.withUnsafeBufferPointer { d in
                        order.withUnsafeMutableBufferPointer { order in
                            Self.sortInRuns(d, bounds[partCount - 1]..<count, order: order)
                        }
                    }
                    XCTAssertFalse(sorted)
                }
            }
        }
        // Too many runs in a part.
        let zigzag = (0..<200).map { Double($0 % 2) }
        var order = [Int](repeating: 0, count: 200)
        XCTAssertFalse(zigzag.withUnsafeBufferPointer { d in
            order.withUnsafeMutableBufferPointer { Self.sortInRuns(d, 100..<200, order: $0) }
        })
    }

    /// S3's pattern: cards at evenly spread phases of one turn, the depth rising and falling
    /// with the phase's squared sine (ties where two phases mirror each other).
    func testTurningCardsDepths() {
        for count in [10, 257, 10_000] {
            for time in [0.0, 0.1, 0.37, 1.25] {
                let depths = (0..<count).map { k -> Double in
                    let s = sin(2 * Double.pi * (time * 0.25 + Double(k) / Double(count)))
                    return s * s / (1 - s * s / 64)
                }
                assertSameOrder(depths, "turning cards at \(time)")
                // The runs merged, not Swift's sort, gave it.
                XCTAssertNotNil(depths.withUnsafeBufferPointer(DepthSorter.byDepthInRuns), "runs at \(time)")
            }
        }
    }
}
