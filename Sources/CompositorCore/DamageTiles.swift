/// A damage region as a grid of tiles, answering in constant time whether a box of canvas
/// pixels may touch it: renderers skip the drawables that cannot, before preparing them.
///
/// A tile is damaged when any rectangle of the region touches it; a summed-area table of the
/// damaged tiles counts those under any box with four lookups. The answer errs only towards
/// "touches" (a box near a rectangle, in one of its tiles).
public struct DamageTiles: Sendable {
    /// The side of a tile, in pixels.
    public let tileSize: Int
    /// The tiles across and down the canvas.
    public let columns: Int, rows: Int
    /// The region's rectangles, cut to the canvas.
    public let rectangles: [PixelRect]
    /// Damaged tiles above and to the left of each tile corner: (rows + 1) x (columns + 1).
    private let sums: [Int32]

    /// The tiles of a `width` x `height` canvas that `rects` touch.
    public init(rects: [PixelRect], width: Int, height: Int, tileSize: Int = 16) {
        let canvas = PixelRect(x: 0, y: 0, width: max(0, width), height: max(0, height))
        self.tileSize = max(1, tileSize)
        columns = (canvas.width + self.tileSize - 1) / self.tileSize
        rows = (canvas.height + self.tileSize - 1) / self.tileSize
        rectangles = rects.map { $0.intersection(canvas) }.filter { !$0.isEmpty }
        let stride = columns + 1, tile = self.tileSize, columns = self.columns, rows = self.rows
        var sums = [Int32](repeating: 0, count: stride * (rows + 1))
        let rectangles = self.rectangles
        sums.withUnsafeMutableBufferPointer { sums in
            for r in rectangles {
                let c0 = r.x / tile, c1 = (r.x + r.width - 1) / tile
                let r0 = r.y / tile, r1 = (r.y + r.height - 1) / tile
                for row in r0...r1 { for column in c0...c1 { sums[(row + 1) * stride + column + 1] = 1 } }
            }
            // Read in place: a canvas has thousands of tiles, summed on every damaged frame.
            guard let base = sums.baseAddress else { return }
            for row in 1..<(rows + 1) {
                let line = base + row * stride, above = line - stride
                var running: Int32 = 0
                for column in 1..<(columns + 1) {
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
        guard let (c0, r0, c1, r1) = tileSpan(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return false }
        let stride = columns + 1
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
