import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The AVX2 kernel that solves a quad's corner discs for a run of rows
/// (`qc_corner_disc_spans_avx2`, through `CornerDiscs.writeSpans`) gives `CornerDiscs.span`'s
/// values row by row, for the discs of prepared quads and for discs of any value (NaN, infinite,
/// huge, zero steps); and a span solved over a band's columns, cut to fewer columns, is the span
/// solved over those (which the painter takes for each row).
final class CPUCornerDiscKernelTests: XCTestCase {
    private static func unit(_ random: inout SeededGenerator) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    /// The discs of a prepared quad: turned, scaled unevenly or sheared, a card, a pill or a circle,
    /// bordered or not, near the origin or far from it (`CPUCornerDiscTests.placement`).
    private static func discs(_ random: inout SeededGenerator) -> (discs: CornerDiscs, centre: (Int, Int))? {
        let width = 8 + unit(&random) * 90
        let (height, radius): (Double, Float) = switch random.next(3) {
        case 0: (width, Float(width / 2))
        case 1: (8 + unit(&random) * 90, Float(width))
        default: (8 + unit(&random) * 90, Float(unit(&random) * 30))
        }
        let (placement, centre) = CPUCornerDiscTests.placement(&random, width: width, height: height)
        let quad = Quad(transform: placement, rect: CGRect(x: 0, y: 0, width: width, height: height),
                        fillColor: PremultipliedColor(red: 0.3, green: 0.6, blue: 0.2, alpha: 1), cornerRadii: CornerRadii(uniform: radius),
                        borderWidth: random.next(3) == 0 ? 0 : Float(0.5 + unit(&random) * 4),
                        borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8))
        let noClips: [PreparedClip] = []
        let discs = noClips.withUnsafeBufferPointer {
            PreparedQuad(quad, texture: nil, clips: $0, canvasWidth: 4_000, canvasHeight: 4_000)?.cornerDiscs
        }
        return discs.map { ($0, (Int(centre.0), Int(centre.1))) }
    }

    /// A value a broken transform could leave in a disc's terms (the last a subnormal).
    private static func broken(_ random: inout SeededGenerator) -> Double {
        [Double.nan, .infinity, -.infinity, 0, -0.0, 1e300, -1e300, Double.leastNormalMagnitude / 4][random.next(8)]
    }

    /// Compares the kernel's spans of `discs` on `rows` within `x0..<x1` with `span(row:from:to:)`
    /// row by row, and each cut to random fewer columns with the span solved over those; checks
    /// that nothing is written beyond the rows' values. Returns the number of rows with a span.
    private static func compare(_ discs: CornerDiscs, rows: Range<Int>, from x0: Int, to x1: Int,
                                _ random: inout SeededGenerator) -> Int {
        let guardValue: Int32 = 0x5A5A_5A5A
        var spans = [Int32](repeating: guardValue, count: 2 * rows.count + 4)
        spans.withUnsafeMutableBufferPointer { discs.writeSpans(rows: rows, from: x0, to: x1, wide: true, into: $0.baseAddress!) }
        XCTAssertEqual(Array(spans.suffix(4)), [Int32](repeating: guardValue, count: 4), "written beyond its rows")
        var nonEmpty = 0
        for (r, y) in rows.enumerated() {
            let solved = (Int(spans[2 * r]), Int(spans[2 * r + 1]))
            let expected = discs.span(row: y, from: x0, to: x1)
            guard solved == expected else {
                XCTFail("row \(y) of \(rows), columns \(x0)..<\(x1): \(solved) != \(expected)")
                return nonEmpty
            }
            if expected.lower < expected.upper { nonEmpty += 1 }
            let lower = x0 + random.next(max(1, x1 - x0 + 1)), upper = lower + random.next(max(1, x1 - lower + 1))
            let cut = ClipRowSpans.cut(solved, from: lower, to: upper), narrow = discs.span(row: y, from: lower, to: upper)
            XCTAssertTrue(cut == narrow, "row \(y), columns \(lower)..<\(upper) of \(x0)..<\(x1): cut \(cut) != \(narrow)")
        }
        return nonEmpty
    }

    /// 2,000 prepared quads' discs and 1,000 with broken terms, over random runs of 1 to 40 rows
    /// (every remainder of four) and columns (empty ones included).
    func testKernelGivesCornerDiscsSpans() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only CornerDiscs.span runs")
        var random = SeededGenerator(seed: 33)
        var nonEmpty = 0, prepared = 0
        for k in 0..<3_000 {
            guard case (var discs, let centre)? = Self.discs(&random) else { continue }
            if k >= 2_000 {
                switch random.next(6) {
                case 0: discs.offsetX[random.next(4)] = Self.broken(&random)
                case 1: discs.offsetY[random.next(4)] = Self.broken(&random)
                case 2: discs.columnStep.x = Self.broken(&random)
                case 3: discs.rowStep.y = Self.broken(&random)
                case 4: discs.columnLengthSquared = Self.broken(&random)
                default: discs.radiusSquared = Self.broken(&random)
                }
            } else {
                prepared += 1
            }
            for _ in 0..<3 {
                // Rows and columns around the quad's centre on the canvas, mostly.
                let first = (random.next(5) == 0 ? 0 : centre.1) + random.next(160) - 100, count = 1 + random.next(40)
                let x0 = (random.next(5) == 0 ? 0 : centre.0) + random.next(160) - 150
                let x1 = random.next(10) == 0 ? x0 : x0 + random.next(300)
                nonEmpty += Self.compare(discs, rows: first..<first + count, from: x0, to: x1, &random)
            }
        }
        // Most quads have discs, and thousands of their rows a span (the kernel's bounds are checked).
        XCTAssertGreaterThan(prepared, 1_000)
        XCTAssertGreaterThan(nonEmpty, 5_000)
    }
}
