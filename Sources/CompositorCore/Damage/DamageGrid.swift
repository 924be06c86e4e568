/// Drawables filed under the cells of the canvas that their pixel boxes reach, so that the
/// ones that may touch a damage region are found without visiting the others.
///
/// A cell is a square of `tilesPerCell` x `tilesPerCell` tiles of a `DamageTiles` (aligned with
/// them), and a box is filed under the cells holding the tiles `DamageTiles.touches` looks at
/// for it. A box that touches a region therefore shares a cell with one of its rectangles: the
/// items filed under the cells of the rectangles are all the candidates, each tested exactly by
/// `DamageTiles.touches` afterwards.
struct DamageGrid: Sendable {
    /// Tiles along a side of a cell.
    static let tilesPerCell = 4

    /// The tiles' side, and their number across and down the canvas, the grid is laid out for.
    private(set) var tileSize = 0, tileColumns = 0, tileRows = 0
    /// Cells across the canvas.
    private var columns = 0
    /// The items filed under each cell, row by row, in no particular order.
    private var cells: [[Int32]] = []

    /// Whether the grid is laid out for the tiles of `damage`.
    func matches(_ damage: DamageTiles) -> Bool {
        damage.tileSize == tileSize && damage.columns == tileColumns && damage.rows == tileRows
    }

    /// Empties the grid and lays it out for the tiles of `damage`.
    mutating func reset(for damage: DamageTiles) {
        tileSize = damage.tileSize; tileColumns = damage.columns; tileRows = damage.rows
        columns = (tileColumns + Self.tilesPerCell - 1) / Self.tilesPerCell
        let count = columns * ((tileRows + Self.tilesPerCell - 1) / Self.tilesPerCell)
        if cells.count != count {
            cells = Array(repeating: [], count: count)
        } else {
            for k in cells.indices { cells[k].removeAll(keepingCapacity: true) }
        }
    }

    /// Files `item` under the cells `box` (minX, minY, maxX, maxY, exclusive) reaches.
    mutating func insert(_ item: Int32, box: SIMD4<Int32>, in damage: DamageTiles) {
        guard let span = cellSpan(of: box, in: damage) else { return }
        for row in span.r0..<span.r1 {
            for column in span.c0..<span.c1 { cells[row * columns + column].append(item) }
        }
    }

    /// Takes `item` out of the cells `box` reaches (where `insert` filed it with that box).
    mutating func remove(_ item: Int32, box: SIMD4<Int32>, in damage: DamageTiles) {
        guard let span = cellSpan(of: box, in: damage) else { return }
        for row in span.r0..<span.r1 {
            for column in span.c0..<span.c1 {
                let cell = row * columns + column
                guard let k = cells[cell].lastIndex(of: item) else { continue }
                cells[cell].swapAt(k, cells[cell].count - 1)
                cells[cell].removeLast()
            }
        }
    }

    /// Whether `a` and `b` are filed under the same cells.
    func sameCells(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>, in damage: DamageTiles) -> Bool {
        cellSpan(of: a, in: damage) == cellSpan(of: b, in: damage)
    }

    /// Calls `body` with every item filed under a cell that `rect` (a rectangle of `damage`)
    /// reaches, once per such cell.
    func forEachItem(near rect: PixelRect, in damage: DamageTiles, _ body: (Int32) -> Void) {
        let box = SIMD4(Int32(clamping: rect.x), Int32(clamping: rect.y),
                        Int32(clamping: rect.x + rect.width), Int32(clamping: rect.y + rect.height))
        guard let span = cellSpan(of: box, in: damage) else { return }
        for row in span.r0..<span.r1 {
            for column in span.c0..<span.c1 {
                cells[row * columns + column].withUnsafeBufferPointer { items in
                    for item in items { body(item) }
                }
            }
        }
    }

    /// The cells holding the tiles `damage.touches` looks at for `box`: columns `c0..<c1`, rows `r0..<r1`.
    private func cellSpan(of box: SIMD4<Int32>, in damage: DamageTiles) -> SIMD4<Int>? {
        guard let t = damage.tileSpan(minX: Int(box.x), minY: Int(box.y), maxX: Int(box.z), maxY: Int(box.w)) else { return nil }
        let n = Self.tilesPerCell
        return SIMD4(t.c0 / n, t.r0 / n, (t.c1 - 1) / n + 1, (t.r1 - 1) / n + 1)
    }
}

private extension SIMD4<Int> {
    var c0: Int { x }
    var r0: Int { y }
    var c1: Int { z }
    var r1: Int { w }
}
