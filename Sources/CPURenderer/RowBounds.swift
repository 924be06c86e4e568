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
/// spans. Kept small: a sprite's quad holds one and is copied whole.
struct RowBounds {
    /// Lower column bounds at a row centre `y`: `lowSlope × y + lowOffset`; lanes without a plane
    /// bound nothing (a slope of zero and the lowest offset).
    private var lowSlope: SIMD4<Double> = .zero, lowOffset = SIMD4<Double>(repeating: -.greatestFiniteMagnitude)
    /// Upper column bounds (inclusive), as the lower ones (lanes without a plane: the highest offset).
    private var highSlope: SIMD4<Double> = .zero, highOffset = SIMD4<Double>(repeating: .greatestFiniteMagnitude)
    /// The row centres inside the planes parallel to the rows.
    private var centres: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    private var isEmpty = false

    init(_ region: SpanRegion) {
        var lowest = -Double.greatestFiniteMagnitude, highest = Double.greatestFiniteMagnitude
        var lowCount = 0, highCount = 0
        // At column x a plane's value is a (x + 0.5) + b y + c: zero at x = -(b y + c) / a - 0.5,
        // and, where a is zero, at row centre y = -c / b. Every lane's quotients at once (the
        // same operations as one lane at a time), used where they apply.
        let slopes = -region.b / region.a, offsets = -region.c / region.a - 0.5, rowCentres = -region.c / region.b
        for lane in 0..<8 {
            let a = region.a[lane], b = region.b[lane], c = region.c[lane]
            if a != 0 {
                let s = slopes[lane], t = offsets[lane]
                // A plane too close to parallel to the columns to solve for x is left open, which
                // only widens the spans.
                guard s.isFinite, t.isFinite else { continue }
                if a > 0, lowCount < 4 {
                    lowSlope[lowCount] = s; lowOffset[lowCount] = t - 1e-6; lowCount += 1
                } else if a < 0, highCount < 4 {
                    highSlope[highCount] = s; highOffset[highCount] = t + 1e-6; highCount += 1
                }
            } else if b != 0 {
                let centre = rowCentres[lane]
                guard centre.isFinite else { continue }
                if b > 0 { lowest = max(lowest, centre - 1e-6) } else { highest = min(highest, centre + 1e-6) }
            } else if c < 0 {
                isEmpty = true
            }
        }
        if lowest <= highest { centres = lowest...highest } else { isEmpty = true }
    }

    /// The columns of row `y` inside every half plane, within `x0..<x1` (empty when `lower >= upper`).
    @inline(__always)
    func span(row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let centre = Double(y) + 0.5
        guard !isEmpty, centres.contains(centre) else { return (x0, x0) }
        // Every lane at once (the bounds are finite or infinite, never NaN), then the largest
        // lower and smallest upper bound, without the generic `max` the loop used to call.
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

extension RowBounds {
    /// The same bounds as the AVX2 kernels read them (`qc_row_spans_avx2`).
    var kernelForm: QCRowBounds {
        QCRowBounds(lowSlope: (lowSlope[0], lowSlope[1], lowSlope[2], lowSlope[3]),
                    lowOffset: (lowOffset[0], lowOffset[1], lowOffset[2], lowOffset[3]),
                    highSlope: (highSlope[0], highSlope[1], highSlope[2], highSlope[3]),
                    highOffset: (highOffset[0], highOffset[1], highOffset[2], highOffset[3]),
                    firstCentre: centres.lowerBound, lastCentre: centres.upperBound, isEmpty: isEmpty)
    }
}
