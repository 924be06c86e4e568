/// Which pixels of a band's rows still hold the colour the band was cleared to: per row, the
/// columns from the lowest to the highest that any drawable painted so far may have changed
/// (the columns of its row it shaded or filled, or a sprite's bounds); every pixel outside them
/// is the clear colour. A translucent interior of one
/// colour over such pixels is the same colour blended over the clear one everywhere, stored
/// without reading them (S5's rounded parents, each the first drawable over its cell).
/// Used by one band's thread.
struct ClearedRows {
    /// The colour the band was cleared to.
    let clear: UInt32
    /// The band's rows.
    let rows: Range<Int>
    /// For each row, the columns painted so far, lowest to highest (`lower >= upper`: none).
    private let painted: UnsafeMutablePointer<(lower: Int, upper: Int)>

    /// Rows `rows` just cleared to `clear`; `deallocate()` frees them.
    init(clear: UInt32, rows: Range<Int>) {
        self.clear = clear
        self.rows = rows
        painted = .allocate(capacity: rows.count)
        painted.initialize(repeating: (0, 0), count: rows.count)
    }

    func deallocate() {
        painted.deallocate()
    }

    /// Whether columns `x0..<x1` of row `y` (one of `rows`) all hold the clear colour.
    @inline(__always) func isClear(row y: Int, from x0: Int, to x1: Int) -> Bool {
        let p = painted[y - rows.lowerBound]
        return p.lower >= p.upper || x1 <= p.lower || x0 >= p.upper
    }

    /// Notes that a drawable painted (or may have painted) columns `x0..<x1` of row `y`.
    @inline(__always) func notePainted(row y: Int, from x0: Int, to x1: Int) {
        guard x0 < x1, rows.contains(y) else { return }
        let p = painted[y - rows.lowerBound]
        painted[y - rows.lowerBound] = p.lower >= p.upper ? (x0, x1) : (min(p.lower, x0), max(p.upper, x1))
    }

    /// Notes that a drawable painted (or may have painted) columns `x0..<x1` of rows `paintedRows`:
    /// `notePainted(row:from:to:)` for each, with the rows cut to the band's once (a sprite's
    /// dozen rows cost a few instructions each, not a range test and a call).
    @inline(__always) func notePainted(rows paintedRows: Range<Int>, from x0: Int, to x1: Int) {
        let first = max(paintedRows.lowerBound, rows.lowerBound), end = min(paintedRows.upperBound, rows.upperBound)
        guard x0 < x1, first < end else { return }
        var p = painted + (first - rows.lowerBound)
        for _ in first..<end {
            let (lower, upper) = p.pointee
            p.pointee = lower >= upper ? (x0, x1) : (min(lower, x0), max(upper, x1))
            p += 1
        }
    }
}
