import CPURendererKernels

/// A `SpanRegion` solved once for its rows: each half plane `a x + b y + c >= 0` with `a != 0`
/// bounds the columns of a row by `x >= s y + t` (or `<=`), a line through the rows' centres, and
/// each with `a == 0` bounds the rows; so a row's span is a few multiply-adds, where
/// `SpanRegion.span` divides eight times per row.
///
/// The bounds are widened by a millionth of a pixel against the rounding of the rewritten
/// planes, so the span holds every pixel `SpanRegion.span` gives (and at most one more at an end,
/// where a pixel centre lies on an edge within that margin). Up to four planes bound each side
/// (a sprite's region has opposite planes in pairs); a fifth is left open, which only widens the
/// spans. Kept in the C layout the AVX2 kernels read (`QCRowBounds`), solved by `qc_row_bounds`.
struct RowBounds {
    /// What solving planes for rows did with each of them (`QCRowPlan`), for solving them again moved.
    typealias Plan = QCRowPlan

    /// Lower column bounds at a row centre `y`: `lowSlope × y + lowOffset` (lanes without a plane
    /// bound nothing: a slope of zero and the lowest offset); upper ones (inclusive) likewise; the
    /// row centres inside the planes parallel to the rows; and whether no row has any column.
    private var kernelForm = QCRowBounds()

    init(_ region: SpanRegion) { Self.solve(region, into: &self) }

    /// Solves `region` into `bounds`, every field written in place (`SpriteSampling.write(into:…)`
    /// solves a sprite's rows into its record where the record lies).
    @inline(__always)
    static func solve(_ region: SpanRegion, into bounds: inout RowBounds) {
        solve(region, into: &bounds, plan: nil)
    }

    /// Solves `region` into `bounds` and, with `plan`, writes there what was done with each
    /// plane (`QCRowPlan`), for `solveMoved(offsets:plan:into:)`.
    @inline(__always)
    static func solve(_ region: SpanRegion, into bounds: inout RowBounds, plan: UnsafeMutablePointer<Plan>?) {
        var a = region.a, b = region.b, c = region.c
        withUnsafePointer(to: &a) { a in
            withUnsafePointer(to: &b) { b in
                withUnsafePointer(to: &c) { c in
                    a.withMemoryRebound(to: Double.self, capacity: 8) { a in
                        b.withMemoryRebound(to: Double.self, capacity: 8) { b in
                            c.withMemoryRebound(to: Double.self, capacity: 8) { c in qc_row_bounds_planned(a, b, c, &bounds.kernelForm, plan) }
                        }
                    }
                }
            }
        }
    }

    /// Solves again, into `bounds` (which holds their last solution), the planes `plan` was
    /// made from, moved so that only their constants `c` changed: the same bits as `solve`
    /// with the moved region. Answers false where `plan` is not valid or a bound is no longer
    /// finite (then `bounds` is partly written, and `solve` must solve the region).
    @inline(__always)
    static func solveMoved(offsets c: SIMD8<Double>, plan: UnsafePointer<Plan>, into bounds: inout RowBounds) -> Bool {
        guard plan.pointee.isValid else { return false }
        var c = c
        return withUnsafePointer(to: &c) { c in
            c.withMemoryRebound(to: Double.self, capacity: 8) { c in qc_row_bounds_moved(c, plan, &bounds.kernelForm) }
        }
    }

    /// Every field of the C form, bit for bit (for tests and diagnostics; not the C struct's
    /// bytes, whose padding is undefined).
    var fieldBits: [UInt64] {
        let k = kernelForm
        var values: [Double] = []
        for four in [k.lowSlope, k.lowOffset, k.highSlope, k.highOffset] {
            values += [four.0, four.1, four.2, four.3]
        }
        return (values + [k.firstCentre, k.lastCentre]).map(\.bitPattern) + [k.isEmpty ? 1 : 0]
    }

    /// The C form of the bounds at `pointer`, read in place (`kernelForm` is the only stored property).
    @inline(__always)
    static func kernelForm(_ pointer: UnsafePointer<RowBounds>) -> UnsafePointer<QCRowBounds> {
        UnsafeRawPointer(pointer).assumingMemoryBound(to: QCRowBounds.self)
    }

    /// Writes the spans of `rows` within `x0..<x1` to `spans`, two a row (first column, end): the
    /// values of `span(row:from:to:)`, solved by the AVX2 kernel. Only where
    /// `processorRunsWideSpriteKernel`.
    func writeWideSpans(rows: Range<Int>, from x0: Int, to x1: Int, into spans: UnsafeMutablePointer<Int32>) {
        withUnsafePointer(to: self) { qc_row_spans_avx2(Self.kernelForm($0), Int32(rows.lowerBound), Int32(rows.count), Int32(x0), Int32(x1), spans) }
    }

    /// The columns of row `y` inside every half plane, within `x0..<x1` (empty when `lower >= upper`).
    @inline(__always)
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        let k = kernelForm
        guard !k.isEmpty, k.firstCentre <= centre, centre <= k.lastCentre else { return (x0, x0) }
        // Every lane at once (the bounds are finite or infinite, never NaN), then the largest
        // lower and smallest upper bound, without the generic `max` the loop used to call.
        let lowSlope = SIMD4(k.lowSlope.0, k.lowSlope.1, k.lowSlope.2, k.lowSlope.3)
        let lowOffset = SIMD4(k.lowOffset.0, k.lowOffset.1, k.lowOffset.2, k.lowOffset.3)
        let highSlope = SIMD4(k.highSlope.0, k.highSlope.1, k.highSlope.2, k.highSlope.3)
        let highOffset = SIMD4(k.highOffset.0, k.highOffset.1, k.highOffset.2, k.highOffset.3)
        let lows = lowSlope * centre + lowOffset, highs = highSlope * centre + highOffset
        @inline(__always) func larger(_ a: Double, _ b: Double) -> Double { a > b ? a : b }
        @inline(__always) func smaller(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
        let low = larger(larger(Double(x0), larger(lows[0], lows[1])), larger(lows[2], lows[3]))
        let high = smaller(smaller(Double(x1) - 1, smaller(highs[0], highs[1])), smaller(highs[2], highs[3]))
        let lower = SpanRegion.ceiling(low), upper = SpanRegion.floor(high) + 1
        guard lower < upper else { return (x0, x0) }
        return (Int(lower), Int(upper))
    }
}
