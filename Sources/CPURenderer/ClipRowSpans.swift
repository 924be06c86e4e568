import CPURendererKernels

/// A clip's regions on one row: the columns inside its `outer`, `inner` and `innerCross`
/// regions and its `octagon`, solved over some columns once, from which each quad under the clip
/// cuts the columns it asks for.
///
/// Cutting gives exactly what solving over the narrower columns gives: `SpanRegion.span` rounds
/// its bounds and clamps them to the columns it is given, and for whole `a`, `b`
/// `max(⌈lower⌉, a) = ⌈max(lower, a)⌉` and `min(⌊upper⌋ + 1, b) = ⌊min(upper, b − 1)⌋ + 1`
/// (rounding is monotonic); an empty span is `(a, a)` either way.
struct ClipRowSpans {
    /// The spans solved, in the layout the AVX2 kernel writes (`qc_clip_row_spans_avx2`): outer,
    /// inner, innerCross and octagon, each a first column and an end; and whether the clip is
    /// affine, so that its octagon holds what it surely covers. The only stored property.
    private var kernelForm = QCClipRowSpans()

    /// Whether a `ClipRowSpans` is laid out as the kernel writes it (`CPURegionSpanKernelTests`).
    static let layoutIsTheKernels = MemoryLayout<ClipRowSpans>.size == MemoryLayout<QCClipRowSpans>.size
        && MemoryLayout<ClipRowSpans>.stride == MemoryLayout<QCClipRowSpans>.stride

    private var outerSpan: (lower: Int, upper: Int) { (Int(kernelForm.ends.0.0), Int(kernelForm.ends.0.1)) }
    private var innerSpan: (lower: Int, upper: Int) { (Int(kernelForm.ends.1.0), Int(kernelForm.ends.1.1)) }
    private var crossSpan: (lower: Int, upper: Int) { (Int(kernelForm.ends.2.0), Int(kernelForm.ends.2.1)) }
    private var octagonSpan: (lower: Int, upper: Int) { (Int(kernelForm.ends.3.0), Int(kernelForm.ends.3.1)) }
    private var hasOctagon: Bool { kernelForm.hasOctagon }

    /// The spans of `clip`'s regions on row `y` within columns `x0..<x1` (a canvas's, within 32
    /// bits). Not inlined: the painter asks a band's cache for them, which solves them once per
    /// clip and row (a few rows at a time with the AVX2 kernel, `ClipSpanCache`).
    @inline(never)
    init(_ clip: UnsafePointer<PreparedClip>, row y: Int, from x0: Int, to x1: Int) {
        @inline(__always) func narrow(_ span: (lower: Int, upper: Int)) -> (Int32, Int32) {
            (Int32(truncatingIfNeeded: span.lower), Int32(truncatingIfNeeded: span.upper))
        }
        let hasOctagon = clip.pointee.hasUnitW
        kernelForm.ends = (narrow(clip.pointee.outer.span(row: y, from: x0, to: x1)), narrow(clip.pointee.inner.span(row: y, from: x0, to: x1)),
                           narrow(clip.pointee.innerCross.span(row: y, from: x0, to: x1)),
                           narrow(hasOctagon ? clip.pointee.octagon.span(row: y, from: x0, to: x1) : (x0, x0)))
        kernelForm.hasOctagon = hasOctagon
    }

    /// The columns within `x0..<x1` inside the clip's outer region (beyond which it covers nothing).
    @inline(__always) func outer(from x0: Int, to x1: Int) -> (lower: Int, upper: Int) { Self.cut(outerSpan, from: x0, to: x1) }

    /// The columns within `x0..<x1` inside the clip's plus-shaped inner region: the longer of its
    /// two arms' runs, or their union when they touch.
    @inline(__always) func inner(from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        QuadPainter.union(Self.cut(innerSpan, from: x0, to: x1), Self.cut(crossSpan, from: x0, to: x1))
    }

    /// The columns within `x0..<x1` where the clip's coverage is surely 1: its octagon when
    /// affine, otherwise its plus shape (`inner(from:to:)`).
    @inline(__always) func cover(from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        hasOctagon ? Self.cut(octagonSpan, from: x0, to: x1) : inner(from: x0, to: x1)
    }

    /// `span` cut to `x0..<x1` (whole columns): what solving the span's region over `x0..<x1`
    /// gives, where `span` was solved over columns that hold them (see above).
    @inline(__always) static func cut(_ span: (lower: Int, upper: Int), from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let lower = max(span.lower, x0), upper = min(span.upper, x1)
        return lower < upper ? (lower, upper) : (x0, x0)
    }
}

/// The clips' row spans (`ClipRowSpans`) over the columns of one band, solved the first time a
/// quad under a clip reaches a row and reused by the quads after it: S5's four children of one
/// rounded clip cross its rows two by two, and a nested clip's quads walk its parents' rows
/// again. Each row keeps the spans of up to `slots` clips, a clip's slot being its index modulo
/// `slots` (a later clip of the same slot replaces the earlier one). Where the AVX2 kernel
/// solves spans, a clip's spans are solved from the first row asked for to its last (up to
/// `blockRows`) in one call. Used by one band's thread.
struct ClipSpanCache {
    static let slots = 4
    static let blockRows = 64
    let columns: Range<Int>
    let rows: Range<Int>
    /// Whether the AVX2 kernel solves the spans, a block of rows at a time.
    let solvesWide: Bool
    /// The clip whose spans each slot of each row holds (-1: none yet), slot by slot.
    private let owners: UnsafeMutablePointer<Int32>
    private let spans: UnsafeMutablePointer<ClipRowSpans>

    /// An empty cache for columns `columns` of rows `rows` (a canvas's); `deallocate()` frees it.
    /// `solvesWide`: the AVX2 kernel solves the spans (only where `processorRunsWideSpriteKernel`).
    init(columns: Range<Int>, rows: Range<Int>, solvesWide: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.solvesWide = solvesWide
        let count = Self.slots * rows.count
        owners = .allocate(capacity: count)
        owners.initialize(repeating: -1, count: count)
        spans = .allocate(capacity: count)
    }

    func deallocate() {
        owners.deallocate()
        spans.deallocate()
    }

    /// Whether the cache holds spans for row `y` over columns `x0..<x1` (its own columns or fewer).
    @inline(__always) func holds(row y: Int, from x0: Int, to x1: Int) -> Bool {
        rows.contains(y) && x0 >= columns.lowerBound && x1 <= columns.upperBound
    }

    /// The spans of clip `index` (at `clip`) on row `y` (within `rows`), solved over `columns`.
    @inline(__always)
    func spans(of clip: UnsafePointer<PreparedClip>, index: Int32, row y: Int) -> ClipRowSpans {
        let at = (Int(index) & (Self.slots - 1)) * rows.count + (y - rows.lowerBound)
        if owners[at] != index {
            // Written before it is first read (its owner was -1 or another clip).
            if solvesWide {
                solveBlock(clip, index: index, from: y)
            } else {
                (spans + at).initialize(to: ClipRowSpans(clip, row: y, from: columns.lowerBound, to: columns.upperBound))
                owners[at] = index
            }
        }
        return spans[at]
    }

    /// Solves the spans of clip `index` (at `clip`) with the AVX2 kernel on rows from `y` (one
    /// of `rows`) to the clip's last row (the quads under it ask for the rows after `y` next),
    /// `blockRows` at most and at least one, within `rows`, and keeps them in its slot: the
    /// values `ClipRowSpans(_:row:from:to:)` gives row by row.
    @inline(never)
    private func solveBlock(_ clip: UnsafePointer<PreparedClip>, index: Int32, from y: Int) {
        let last = min(clip.pointee.bounds.3, y + Self.blockRows, rows.upperBound)
        let block = y..<max(y + 1, last)
        let first = (Int(index) & (Self.slots - 1)) * rows.count + (y - rows.lowerBound)
        let base = UnsafeRawPointer(clip)
        @inline(__always) func planes(_ offset: Int) -> UnsafePointer<Double> {
            RegionRowSpans.planes((base + offset).assumingMemoryBound(to: SpanRegion.self))
        }
        assert(RegionRowSpans.regionLayoutIsTheKernels)
        // The block lies within `rows` (y is one of them, and it ends by rows.upperBound), so the
        // slots written, first..<first + block.count, lie within this clip's slot's rows.
        let out = UnsafeMutableRawPointer(spans + first).assumingMemoryBound(to: QCClipRowSpans.self)
        qc_clip_row_spans_avx2(planes(clipOuterOffset), planes(clipInnerOffset), planes(clipCrossOffset),
                               clip.pointee.hasUnitW ? planes(clipOctagonOffset) : nil, Int32(y), Int32(block.count),
                               Int32(columns.lowerBound), Int32(columns.upperBound), out)
        (owners + first).update(repeating: index, count: block.count)
    }
}

/// Where a `PreparedClip` keeps its regions, from its start.
private let clipOuterOffset = MemoryLayout<PreparedClip>.offset(of: \PreparedClip.outer)!
private let clipInnerOffset = MemoryLayout<PreparedClip>.offset(of: \PreparedClip.inner)!
private let clipCrossOffset = MemoryLayout<PreparedClip>.offset(of: \PreparedClip.innerCross)!
private let clipOctagonOffset = MemoryLayout<PreparedClip>.offset(of: \PreparedClip.octagon)!
