import CPURendererKernels

/// The spans of a `SpanRegion` for a run of rows, solved in one go: by the AVX2 kernel
/// (`qc_region_spans_avx2`, four rows a register) where the processor runs it, otherwise by
/// `SpanRegion.span` row by row. The values are the same either way (`CPURegionSpanKernelTests`).
/// The region is read where it lies (a copy of its 192 bytes for every row cost as much as
/// solving a span).
enum RegionRowSpans {
    /// Whether a `SpanRegion` is laid out as the kernels read it: a, b and c, eight doubles each,
    /// one after the other (`CPURegionSpanKernelTests` checks it).
    static let regionLayoutIsTheKernels = MemoryLayout<SpanRegion>.offset(of: \SpanRegion.a) == 0
        && MemoryLayout<SpanRegion>.offset(of: \SpanRegion.b) == 64 && MemoryLayout<SpanRegion>.offset(of: \SpanRegion.c) == 128
        && MemoryLayout<SpanRegion>.size == 192

    /// The region at `region` as the kernels read it: its 24 doubles.
    @inline(__always)
    static func planes(_ region: UnsafePointer<SpanRegion>) -> UnsafePointer<Double> {
        UnsafeRawPointer(region).assumingMemoryBound(to: Double.self)
    }

    /// Writes the spans of the region at `region` on rows `rows` within columns `x0..<x1` to
    /// `spans`, two a row (first column, end; `(x0, x0)` where a row has none): the values of
    /// `span(row:from:to:)`. `spans` has room for `2 × rows.count` values. The columns and rows
    /// are a canvas's (within 32 bits); `wide`: the AVX2 kernel solves them (only where
    /// `processorRunsWideSpriteKernel`).
    @inline(__always)
    static func write(_ region: UnsafePointer<SpanRegion>, rows: Range<Int>, from x0: Int, to x1: Int, wide: Bool,
                      into spans: UnsafeMutablePointer<Int32>) {
        guard !rows.isEmpty else { return }
        if wide {
            assert(regionLayoutIsTheKernels)
            qc_region_spans_avx2(planes(region), Int32(rows.lowerBound), Int32(rows.count), Int32(x0), Int32(x1), spans)
            return
        }
        writeEach(rows: rows, into: spans) { region.pointee.span(row: $0, from: x0, to: x1) }
    }

    /// Writes `span(y)` for each row `y` of `rows` to `spans`, two a row: the kernels' spans as
    /// the Swift code solves them, where the kernels do not (columns within 32 bits).
    @inline(__always)
    static func writeEach(rows: Range<Int>, into spans: UnsafeMutablePointer<Int32>, _ span: (Int) -> (lower: Int, upper: Int)) {
        var at = spans
        for y in rows {
            let (lower, upper) = span(y)
            at[0] = Int32(truncatingIfNeeded: lower)
            at[1] = Int32(truncatingIfNeeded: upper)
            at += 2
        }
    }
}
