@testable import CPURenderer
import RendererTestSupport
import XCTest

/// The AVX2 row solve (`RowBounds.writeWideSpans`, the sprite kernel's `row_ends`) leaves out the
/// fourth slot of both sides where neither can bound a row; its spans equal
/// `RowBounds.span(row:from:to:)` for every count of column planes a side, each side's fourth
/// plane the one that bounds where it has one.
final class CPURowSpanSlotTests: XCTestCase {
    func testSpansWithEveryCountOfColumnPlanesASide() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only RowBounds.span runs")
        var generator = SeededGenerator(seed: 97)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var checked = 0
        for lows in 0...4 {
            for highs in 0...4 {
                for index in 0..<40 {
                    // Column planes a x + b y + c >= 0: from the left (a > 0) and the right (a < 0),
                    // the later ones of a side cutting deeper, so that the fourth decides where it is;
                    // two row planes keep the rows within 0..<64.
                    var a = SIMD8<Double>(), b = SIMD8<Double>(), c = SIMD8<Double>(repeating: 1)
                    var lane = 0
                    for k in 0..<lows {
                        a[lane] = 1; b[lane] = random(-0.5...0.5); c[lane] = -(10 + 8 * Double(k) + random(0...4)); lane += 1
                    }
                    for k in 0..<highs {
                        a[lane] = -1; b[lane] = random(-0.5...0.5); c[lane] = 200 - 8 * Double(k) - random(0...4); lane += 1
                    }
                    a[6] = 0; b[6] = 1; c[6] = 0
                    a[7] = 0; b[7] = -1; c[7] = 64
                    let bounds = RowBounds(SpanRegion(a: a, b: b, c: c))
                    let rows = -4..<70, x0 = -20, x1 = 260
                    var spans = [Int32](repeating: 0, count: 2 * rows.count)
                    spans.withUnsafeMutableBufferPointer { bounds.writeWideSpans(rows: rows, from: x0, to: x1, into: $0.baseAddress!) }
                    for (i, row) in rows.enumerated() {
                        let expected = bounds.span(row: row, from: x0, to: x1)
                        XCTAssertEqual(Int(spans[2 * i]), expected.lower, "lows \(lows), highs \(highs), case \(index), row \(row): first")
                        XCTAssertEqual(Int(spans[2 * i + 1]), expected.upper, "lows \(lows), highs \(highs), case \(index), row \(row): end")
                        checked += 1
                    }
                }
            }
        }
        XCTAssertEqual(checked, 25 * 40 * 74)
    }
}
