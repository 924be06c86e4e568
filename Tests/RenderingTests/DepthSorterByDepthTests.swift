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
