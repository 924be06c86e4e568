import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The AVX2 kernel that solves a region's spans for a run of rows (`qc_region_spans_avx2`,
/// through `RegionRowSpans`) gives `SpanRegion.span`'s values row by row, for the regions the
/// renderer prepares and for planes of any value (NaN, infinite, huge, subnormal, signed zeros),
/// over any rows and columns, and writes no value beyond its rows'; a band's clip cache that
/// solves with it (`ClipSpanCache`, a clip's rows at a time) holds the spans of solving each
/// row anew.
final class CPURegionSpanKernelTests: XCTestCase {
    private static func unit(_ random: inout SeededGenerator) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    /// A plane coefficient: mostly ordinary, sometimes one of the values a broken transform makes.
    private static func coefficient(_ random: inout SeededGenerator) -> Double {
        switch random.next(16) {
        case 0: return 0
        case 1: return -0.0
        case 2: return .nan
        case 3: return random.next(2) == 0 ? .infinity : -.infinity
        case 4: return (unit(&random) - 0.5) * 1e300
        case 5: return (unit(&random) - 0.5) * Double(sign: .plus, exponent: -1030, significand: 1)  // subnormal
        case 6: return (unit(&random) - 0.5) * 1e16
        default: return (unit(&random) - 0.5) * 400
        }
    }

    /// A region of random planes: some lanes left without a plane (zero slopes, an offset of at
    /// least zero), as most prepared regions' last four are.
    private static func randomRegion(_ random: inout SeededGenerator) -> SpanRegion {
        var region = SpanRegion.everywhere
        for lane in 0..<8 where random.next(3) != 0 {
            region.a[lane] = random.next(5) == 0 ? 0 : coefficient(&random)
            region.b[lane] = random.next(4) == 0 ? 0 : coefficient(&random)
            region.c[lane] = coefficient(&random)
        }
        return region
    }

    /// The regions of prepared clips: turned, at fractional positions, rounded; some under
    /// perspective, some with a transform that is not finite, some of zero width.
    private static func clipRegions(_ random: inout SeededGenerator) -> [SpanRegion] {
        let prepared = PreparedClip(clip(&random), index: 0, count: 1)
        return [prepared.outer, prepared.inner, prepared.innerCross, prepared.octagon]
    }

    private static func clip(_ random: inout SeededGenerator) -> Clip {
        let width = random.next(10) == 0 ? 0 : 4 + unit(&random) * 150, height = 4 + unit(&random) * 150
        let angle = random.next(3) == 0 ? 0 : unit(&random) * 6.3
        var placement = Matrix4.translation(-width / 2, -height / 2)
        var turn = Matrix4.identity
        turn.m11 = cos(angle); turn.m12 = sin(angle); turn.m21 = -sin(angle); turn.m22 = cos(angle)
        placement = placement.concatenating(turn).concatenating(.translation(unit(&random) * 200 - 20, unit(&random) * 200 - 20))
        switch random.next(10) {
        case 0: placement.m14 = (unit(&random) - 0.5) * 0.01; placement.m24 = (unit(&random) - 0.5) * 0.01
        case 1: placement.m41 = random.next(2) == 0 ? .nan : .infinity
        default: break
        }
        return Clip(transform: placement, rect: CGRect(x: 0, y: 0, width: width, height: height),
                    cornerRadii: CornerRadii(uniform: Float(unit(&random) * 40)), parentIndex: nil)
    }

    /// Compares the kernel's spans of `region` on `rows` within `x0..<x1` with `SpanRegion.span`
    /// row by row, and checks that the four values after its rows' are left as they were.
    /// Returns the number of rows with a span.
    private static func compare(_ region: SpanRegion, rows: Range<Int>, from x0: Int, to x1: Int, _ what: String) -> Int {
        let guardValue: Int32 = 0x5A5A_5A5A
        var spans = [Int32](repeating: guardValue, count: 2 * rows.count + 4)
        var region = region
        withUnsafePointer(to: &region) { pointer in
            spans.withUnsafeMutableBufferPointer { RegionRowSpans.write(pointer, rows: rows, from: x0, to: x1, wide: true, into: $0.baseAddress!) }
        }
        var nonEmpty = 0
        for (r, y) in rows.enumerated() {
            let expected = region.span(row: y, from: x0, to: x1)
            let solved = (Int(spans[2 * r]), Int(spans[2 * r + 1]))
            if solved != expected {
                XCTFail("\(what): row \(y) of \(rows), columns \(x0)..<\(x1): \(solved) != \(expected)")
                return nonEmpty
            }
            if expected.lower < expected.upper { nonEmpty += 1 }
        }
        XCTAssertEqual(Array(spans.suffix(4)), [Int32](repeating: guardValue, count: 4), "\(what): written beyond its rows")
        return nonEmpty
    }

    /// Random runs of rows (1 to 40, so that every remainder of four is met) and columns (empty
    /// and reversed ones included) over 1,500 prepared clips' four regions and 3,000 regions of
    /// random planes.
    func testKernelGivesSpanRegionsSpans() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only SpanRegion.span runs")
        var random = SeededGenerator(seed: 30)
        var nonEmpty = 0, rowsCompared = 0
        func runs(of region: SpanRegion, _ what: String) {
            for _ in 0..<4 {
                let first = random.next(260) - 30, count = 1 + random.next(40)
                let x0 = random.next(240) - 20
                let x1 = random.next(8) == 0 ? x0 - random.next(3) : x0 + random.next(260)
                nonEmpty += Self.compare(region, rows: first..<first + count, from: x0, to: x1, what)
                rowsCompared += count
            }
        }
        for k in 0..<1_500 {
            for (index, region) in Self.clipRegions(&random).enumerated() { runs(of: region, "clip \(k) region \(index)") }
        }
        for k in 0..<3_000 { runs(of: Self.randomRegion(&random), "random region \(k)") }
        // Tens of thousands of the rows compared hold a span (64,964 with this seed), so the
        // kernel's bounds are checked, not only its empty rows.
        XCTAssertGreaterThan(rowsCompared, 300_000)
        XCTAssertGreaterThan(nonEmpty, 50_000)
    }

    /// Rows at the ends of the 32-bit range and regions whose bounds round beyond the columns:
    /// each row's span or its absence is the Swift code's.
    func testKernelAtTheLimits() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only SpanRegion.span runs")
        // x >= 3.25 (a = 1, c = -3.75 at pixel centres) and x <= 9.5 + y / 4: widening spans.
        let slanted = SpanRegion(a: SIMD8(1, -4, 0, 0, 0, 0, 0, 0), b: SIMD8(0, 1, 0, 0, 0, 0, 0, 0), c: SIMD8(-3.75, 40, 1, 1, 1, 1, 1, 1))
        XCTAssertGreaterThan(Self.compare(slanted, rows: 0..<37, from: 0, to: 64, "slanted"), 30)
        XCTAssertGreaterThan(Self.compare(slanted, rows: 0..<37, from: 5, to: 12, "slanted, cut"), 30)
        XCTAssertEqual(Self.compare(slanted, rows: -1_000..<(-990), from: 0, to: 64, "slanted, above"), 0)
        _ = Self.compare(slanted, rows: Int(Int32.max) - 9..<Int(Int32.max) - 1, from: 0, to: 64, "slanted, far below")
        _ = Self.compare(slanted, rows: Int(Int32.min)..<Int(Int32.min) + 9, from: 0, to: 64, "slanted, far above")
        // Bounds near the 4e15 where the Swift rounding leaves values as they are.
        let far = SpanRegion(a: SIMD8(1, -1, 0, 0, 0, 0, 0, 0), b: .zero, c: SIMD8(-4.1e15, 4.2e15, 1, 1, 1, 1, 1, 1))
        XCTAssertEqual(Self.compare(far, rows: 0..<9, from: 0, to: 64, "far"), 0)
        let wide = SpanRegion(a: SIMD8(1, -1, 0, 0, 0, 0, 0, 0), b: .zero, c: SIMD8(4.1e15, 4.2e15, 1, 1, 1, 1, 1, 1))
        XCTAssertEqual(Self.compare(wide, rows: 0..<9, from: -5, to: 64, "wide"), 9)
        // Rows bounded by planes parallel to them (a = 0): rows 3 to 6 only.
        let band = SpanRegion(a: .zero, b: SIMD8(1, -1, 0, 0, 0, 0, 0, 0), c: SIMD8(-3, 7, 1, 1, 1, 1, 1, 1))
        XCTAssertEqual(Self.compare(band, rows: 0..<11, from: 2, to: 9, "band"), 4)
        XCTAssertEqual(Self.compare(.everywhere, rows: 0..<5, from: 2, to: 9, "everywhere"), 5)
        XCTAssertEqual(Self.compare(SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: -1)), rows: 0..<5, from: 2, to: 9, "nowhere"), 0)
    }

    /// The kernels read a `SpanRegion` and write a `ClipRowSpans` where they lie.
    func testLayoutsAreTheKernels() {
        XCTAssertTrue(RegionRowSpans.regionLayoutIsTheKernels)
        XCTAssertTrue(ClipRowSpans.layoutIsTheKernels)
    }

    /// A band's cache solving with the kernel (from a clip's first row asked for to its last)
    /// gives every clip's spans on every row as `ClipRowSpans` solves them row by row: 300 clips
    /// (perspective, non-finite and zero-width ones among them) in bands of random rows and
    /// columns, their rows asked in order and at random, four clips sharing each cache.
    func testWideClipCacheHoldsEachRowsSpans() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only SpanRegion.span runs")
        var random = SeededGenerator(seed: 31)
        var nonEmpty = 0
        for _ in 0..<75 {
            let clips = (0..<4).map { PreparedClip(Self.clip(&random), index: $0, count: 4) }
            let top = random.next(200) - 20, bandRows = top..<top + 1 + random.next(120)
            let left = random.next(200) - 20, columns = left..<left + random.next(220)
            let cache = ClipSpanCache(columns: columns, rows: bandRows, solvesWide: true)
            defer { cache.deallocate() }
            clips.withUnsafeBufferPointer { pointer in
                for _ in 0..<3 {
                    let index = random.next(4)
                    let clip = pointer.baseAddress! + index
                    let asked = random.next(2) == 0 ? Array(bandRows) : (0..<bandRows.count).map { _ in bandRows.lowerBound + random.next(bandRows.count) }
                    for y in asked {
                        let cached = cache.spans(of: clip, index: Int32(index), row: y)
                        let solved = ClipRowSpans(clip, row: y, from: columns.lowerBound, to: columns.upperBound)
                        let x0 = columns.lowerBound + random.next(max(1, columns.count)), x1 = x0 + random.next(max(1, columns.upperBound - x0 + 1))
                        for (from, to) in [(columns.lowerBound, columns.upperBound), (x0, x1)] {
                            XCTAssertTrue(cached.outer(from: from, to: to) == solved.outer(from: from, to: to), "outer, row \(y)")
                            XCTAssertTrue(cached.inner(from: from, to: to) == solved.inner(from: from, to: to), "inner, row \(y)")
                            XCTAssertTrue(cached.cover(from: from, to: to) == solved.cover(from: from, to: to), "cover, row \(y)")
                        }
                        let outer = solved.outer(from: columns.lowerBound, to: columns.upperBound)
                        if outer.lower < outer.upper { nonEmpty += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(nonEmpty, 2_000)
    }
}
