/// A clip's regions on one row: the columns inside its `outer`, `inner` and `innerCross`
/// regions and its `octagon`, solved over some columns once, from which each quad under the clip
/// cuts the columns it asks for.
///
/// Cutting gives exactly what solving over the narrower columns gives: `SpanRegion.span` rounds
/// its bounds and clamps them to the columns it is given, and for whole `a`, `b`
/// `max(⌈lower⌉, a) = ⌈max(lower, a)⌉` and `min(⌊upper⌋ + 1, b) = ⌊min(upper, b − 1)⌋ + 1`
/// (rounding is monotonic); an empty span is `(a, a)` either way.
struct ClipRowSpans {
    /// The spans solved (whole columns: narrowing them to 32 bits cost more than solving one).
    private let outerSpan: (lower: Int, upper: Int), innerSpan: (lower: Int, upper: Int)
    private let crossSpan: (lower: Int, upper: Int), octagonSpan: (lower: Int, upper: Int)
    /// Whether the clip is affine, so that its octagon holds what it surely covers.
    private let hasOctagon: Bool

    /// The spans of `clip`'s regions on row `y` within columns `x0..<x1`. Not inlined: the
    /// painter asks a band's cache for them, which solves them once per clip and row.
    @inline(never)
    init(_ clip: UnsafePointer<PreparedClip>, row y: Int, from x0: Int, to x1: Int) {
        outerSpan = clip.pointee.outer.span(row: y, from: x0, to: x1)
        innerSpan = clip.pointee.inner.span(row: y, from: x0, to: x1)
        crossSpan = clip.pointee.innerCross.span(row: y, from: x0, to: x1)
        hasOctagon = clip.pointee.hasUnitW
        octagonSpan = hasOctagon ? clip.pointee.octagon.span(row: y, from: x0, to: x1) : (x0, x0)
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

    /// `span` cut to `x0..<x1`.
    @inline(__always) private static func cut(_ span: (lower: Int, upper: Int), from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let lower = max(span.lower, x0), upper = min(span.upper, x1)
        return lower < upper ? (lower, upper) : (x0, x0)
    }
}

/// The clips' row spans (`ClipRowSpans`) over the columns of one band, solved the first time a
/// quad under a clip reaches a row and reused by the quads after it: S5's four children of one
/// rounded clip cross its rows two by two, and a nested clip's quads walk its parents' rows
/// again. Each row keeps the spans of up to `slots` clips, a clip's slot being its index modulo
/// `slots` (a later clip of the same slot replaces the earlier one). Used by one band's thread.
struct ClipSpanCache {
    static let slots = 4
    let columns: Range<Int>
    let rows: Range<Int>
    /// The clip whose spans each slot of each row holds (-1: none yet), slot by slot.
    private let owners: UnsafeMutablePointer<Int32>
    private let spans: UnsafeMutablePointer<ClipRowSpans>

    /// An empty cache for columns `columns` of rows `rows`; `deallocate()` frees it.
    init(columns: Range<Int>, rows: Range<Int>) {
        self.columns = columns
        self.rows = rows
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
            (spans + at).initialize(to: ClipRowSpans(clip, row: y, from: columns.lowerBound, to: columns.upperBound))
            owners[at] = index
        }
        return spans[at]
    }
}
