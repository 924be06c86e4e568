/// Which pixels of a kept image (the renderer's canvas) may differ from the colour it is cleared
/// to: per row, the columns from the lowest to the highest that a drawable painted since that
/// row was last cleared whole; every other pixel holds `clear`. A band clearing its rows then
/// stores only those columns: what no drawable of the last frame touched (S4's rows between two
/// rows of sprites, about a fifth of the canvas) is left as it is.
///
/// Only bands of one rectangle use it, so each row is read and written by one thread at a time
/// (`BandPainter`). Whoever writes the image otherwise drops it (`CPURenderer`).
final class PaintedRows: @unchecked Sendable {
    /// The image's size.
    let width: Int, height: Int
    /// The colour every pixel outside the noted columns holds.
    let clear: UInt32
    /// For each row, the columns that may differ from `clear` (`lower >= upper`: none).
    private let painted: UnsafeMutablePointer<(lower: Int, upper: Int)>

    /// An image of `width` x `height` whose pixels may all differ from `clear`.
    init(width: Int, height: Int, clear: UInt32) {
        self.width = width; self.height = height; self.clear = clear
        painted = .allocate(capacity: height)
        painted.initialize(repeating: (0, width), count: height)
    }

    deinit { painted.deallocate() }

    /// Sets columns `x0..<x1` of row `y` of `buffer` (this image) to `clear`, storing only the
    /// pixels that may differ from it.
    @inline(__always) func clear(row y: Int, from x0: Int, to x1: Int, of buffer: PixelBuffer) {
        let p = painted[y]
        let first = max(x0, p.lower), end = min(x1, p.upper)
        guard first < end else { return }
        buffer.fill(row: y, from: first, to: end, with: clear)
        if x0 <= p.lower && p.upper <= x1 { painted[y] = (0, 0) }
    }

    /// Notes that a drawable may have painted columns `x0..<x1` of rows `rows` (within the image).
    @inline(__always) func notePainted(rows: Range<Int>, from x0: Int, to x1: Int) {
        guard x0 < x1 else { return }
        for y in rows {
            let p = painted[y]
            painted[y] = p.lower >= p.upper ? (x0, x1) : (min(p.lower, x0), max(p.upper, x1))
        }
    }
}

/// One band's drawables noted for `PaintedRows` in a few instructions each (a sprite of a dozen
/// rows is not a dozen row updates): each adds one at its first row and takes one away after its
/// last, and widens the band's columns; `finish(into:)` notes the rows some drawable covers,
/// each with all those columns (more than painted, never less). Used by one band's thread.
struct PaintedBand {
    /// The band's rows.
    let rows: Range<Int>
    /// Per row (and one past the last), drawables starting there less those ended before it.
    private let edges: UnsafeMutablePointer<Int32>
    /// The columns any drawable noted may have painted (`lower >= upper`: none).
    private var lower = Int.max, upper = Int.min

    /// No drawable painted in `rows` yet; `finish(into:)` frees the counts.
    init(rows: Range<Int>) {
        self.rows = rows
        edges = .allocate(capacity: rows.count + 1)
        edges.initialize(repeating: 0, count: rows.count + 1)
    }

    /// Notes that a drawable may have painted columns `x0..<x1` of `painted` (within the band's rows).
    @inline(__always) mutating func note(rows painted: Range<Int>, from x0: Int, to x1: Int) {
        guard x0 < x1, !painted.isEmpty else { return }
        edges[painted.lowerBound - rows.lowerBound] &+= 1
        edges[painted.upperBound - rows.lowerBound] &-= 1
        lower = min(lower, x0); upper = max(upper, x1)
    }

    /// Notes every run of rows some drawable covers in `target` (when given), then frees the counts.
    func finish(into target: PaintedRows?) {
        defer { edges.deallocate() }
        guard let target, lower < upper else { return }
        var open: Int32 = 0, runStart = -1
        for i in 0...rows.count {
            open &+= edges[i]
            if open > 0, runStart < 0 { runStart = i }
            if open <= 0 || i == rows.count, runStart >= 0 {
                target.notePainted(rows: rows.lowerBound + runStart..<rows.lowerBound + i, from: lower, to: upper)
                runStart = -1
            }
        }
    }
}
