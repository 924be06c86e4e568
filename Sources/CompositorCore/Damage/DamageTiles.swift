/// A damage region as a grid of tiles, answering in constant time whether a box of canvas
/// pixels may touch it: renderers skip the drawables that cannot, before preparing them.
///
/// A tile is damaged when any rectangle of the region touches it; a summed-area table of the
/// damaged tiles counts those under any box with four lookups. The answer errs only towards
/// "touches" (a box near a rectangle, in one of its tiles).
///
/// The table spans only the window of tiles from the first damaged row and column to the
/// last (no tile outside it is damaged): a frame damaging one small corner fills a few entries
/// instead of a table of the whole canvas (8,000 at 1920 x 1080).
public struct DamageTiles: Sendable {
    /// The side of a tile, in pixels.
    public let tileSize: Int
    /// The tiles across and down the canvas.
    public let columns: Int, rows: Int
    /// The region's rectangles, cut to the canvas.
    public let rectangles: [PixelRect]
    /// The tiles of the table's window: columns `windowColumns` and rows `windowRows` of the
    /// canvas's tiles (empty ranges for an empty region).
    let windowColumns: Range<Int>, windowRows: Range<Int>
    /// Damaged tiles of the window above and to the left of each of its tile corners:
    /// (window rows + 1) x (window columns + 1).
    private let sums: [Int32]

    /// The tiles of a `width` x `height` canvas that `rects` touch.
    public init(rects: [PixelRect], width: Int, height: Int, tileSize: Int = 16) {
        let canvas = PixelRect(x: 0, y: 0, width: max(0, width), height: max(0, height))
        self.tileSize = max(1, tileSize)
        columns = (canvas.width + self.tileSize - 1) / self.tileSize
        rows = (canvas.height + self.tileSize - 1) / self.tileSize
        rectangles = rects.map { $0.intersection(canvas) }.filter { !$0.isEmpty }
        let tile = self.tileSize
        var c0 = Int.max, r0 = Int.max, c1 = 0, r1 = 0
        for r in rectangles {
            c0 = min(c0, r.x / tile); r0 = min(r0, r.y / tile)
            c1 = max(c1, (r.x + r.width - 1) / tile + 1); r1 = max(r1, (r.y + r.height - 1) / tile + 1)
        }
        if rectangles.isEmpty { (c0, r0) = (0, 0) }
        windowColumns = c0..<c1; windowRows = r0..<r1
        let stride = c1 - c0 + 1, windowWidth = c1 - c0, windowHeight = r1 - r0
        var sums = [Int32](repeating: 0, count: stride * (windowHeight + 1))
        let rectangles = self.rectangles
        sums.withUnsafeMutableBufferPointer { sums in
            for r in rectangles {
                let first = r.x / tile - c0, last = (r.x + r.width - 1) / tile - c0
                for row in (r.y / tile - r0)...((r.y + r.height - 1) / tile - r0) {
                    for column in first...last { sums[(row + 1) * stride + column + 1] = 1 }
                }
            }
            // Read in place: a wide region's window has thousands of tiles, summed on every damaged frame.
            guard let base = sums.baseAddress, windowWidth > 0 else { return }
            for row in 1..<(windowHeight + 1) {
                let line = base + row * stride, above = line - stride
                var running: Int32 = 0
                for column in 1..<(windowWidth + 1) {
                    running &+= line[column]
                    line[column] = running &+ above[column]
                }
            }
        }
        self.sums = sums
    }

    /// Whether the region has no pixel.
    public var isEmpty: Bool { rectangles.isEmpty }

    /// Whether pixels `minX..<maxX` x `minY..<maxY` may touch the region.
    public func touches(minX: Int, minY: Int, maxX: Int, maxY: Int) -> Bool {
        guard let span = tileSpan(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return false }
        // The span cut to the window, in window tiles: no tile outside the window is damaged.
        let c0 = max(span.c0, windowColumns.lowerBound) - windowColumns.lowerBound
        let c1 = min(span.c1, windowColumns.upperBound) - windowColumns.lowerBound
        let r0 = max(span.r0, windowRows.lowerBound) - windowRows.lowerBound
        let r1 = min(span.r1, windowRows.upperBound) - windowRows.lowerBound
        guard c0 < c1, r0 < r1 else { return false }
        let stride = windowColumns.count + 1
        return sums[r1 * stride + c1] - sums[r0 * stride + c1] - sums[r1 * stride + c0] + sums[r0 * stride + c0] > 0
    }

    /// The tiles `touches` looks at for pixels `minX..<maxX` x `minY..<maxY`: columns
    /// `c0..<c1` and rows `r0..<r1`, or nil when there are none.
    @inline(__always)
    func tileSpan(minX: Int, minY: Int, maxX: Int, maxY: Int) -> (c0: Int, r0: Int, c1: Int, r1: Int)? {
        let c0 = max(0, minX / tileSize), r0 = max(0, minY / tileSize)
        let c1 = min(columns, (maxX + tileSize - 1) / tileSize), r1 = min(rows, (maxY + tileSize - 1) / tileSize)
        guard minX < maxX, minY < maxY, c0 < c1, r0 < r1 else { return nil }
        return (c0, r0, c1, r1)
    }

    /// Whether `rect` may touch the region.
    public func touches(_ rect: PixelRect) -> Bool {
        touches(minX: rect.x, minY: rect.y, maxX: rect.x + rect.width, maxY: rect.y + rect.height)
    }
}
