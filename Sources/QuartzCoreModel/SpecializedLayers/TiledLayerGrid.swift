import Foundation

/// One tile of a tiled layer: its level of detail, grid cell and rectangle.
package struct TiledLayerTile: Hashable, Sendable {
    /// The level of detail: 0 draws at `contentsScale`, each level above doubles the resolution
    /// (magnified levels), each level below halves it.
    var level: Int
    /// The tile's column, counted from the bounds origin.
    var column: Int
    /// The tile's row, counted from the bounds origin.
    var row: Int
    /// The part of the layer's bounds the tile covers, in layer points (clipped to the bounds):
    /// the clip rectangle the delegate's drawing sees.
    package var rect: CGRect
    /// The scale of the drawing context for the tile: pixels per layer point.
    package var scale: CGFloat
}

/// The tile grid of a `CATiledLayer`: which tiles, at which level of detail, cover what is shown.
///
/// `tileSize` is in pixels, so a tile covers `tileSize / (contentsScale * 2^level)` points
/// (the book: contentsScale 2 makes a 256-pixel tile 128 points, 001:3726-3731). The levels
/// available run from `levelsOfDetailBias` (the most magnified) down through
/// `levelsOfDetail - 1` halvings.
package struct TiledLayerGrid: Sendable {
    var tileSize: CGSize
    var levelsOfDetail: Int
    var levelsOfDetailBias: Int
    var contentsScale: CGFloat
    var bounds: CGRect

    /// The grid of the tiled layer whose state is `layer`.
    package init(_ layer: LayerState) {
        tileSize = layer.tiled.tileSize
        levelsOfDetail = layer.tiled.levelsOfDetail
        levelsOfDetailBias = layer.tiled.levelsOfDetailBias
        contentsScale = layer.contentsScale
        bounds = layer.bounds
    }

    /// The range of levels the layer draws.
    var levels: ClosedRange<Int> {
        let highest = max(levelsOfDetailBias, 0)
        return (highest - max(levelsOfDetail, 1) + 1)...highest
    }

    /// The level of detail for a layer shown at `displayScale` device pixels per layer point:
    /// the lowest level whose resolution is at least that, clamped to the available levels.
    func level(forDisplayScale displayScale: CGFloat) -> Int {
        let base = max(contentsScale, .leastNonzeroMagnitude)
        guard displayScale.isFinite, displayScale > 0 else { return levels.lowerBound }
        let needed = Int((log2(Double(displayScale / base)) - 1e-9).rounded(.up))
        return min(max(needed, levels.lowerBound), levels.upperBound)
    }

    /// The size in layer points of the tiles of `level`.
    func tilePointSize(level: Int) -> CGSize {
        let scale = contentsScale * CGFloat(pow(2.0, Double(level)))
        return CGSize(width: tileSize.width / scale, height: tileSize.height / scale)
    }

    /// The tiles of `level` that intersect `visibleRect` (layer points), row by row; none for
    /// an empty rectangle or a degenerate tile size.
    func tiles(covering visibleRect: CGRect, level: Int) -> [TiledLayerTile] {
        let size = tilePointSize(level: level)
        let area = visibleRect.intersection(bounds)
        guard !area.isNull, area.width > 0, area.height > 0, size.width > 0, size.height > 0,
              size.width.isFinite, size.height.isFinite else { return [] }
        let firstColumn = Int(((area.minX - bounds.minX) / size.width).rounded(.down))
        let lastColumn = Int(((area.maxX - bounds.minX) / size.width).rounded(.up)) - 1
        let firstRow = Int(((area.minY - bounds.minY) / size.height).rounded(.down))
        let lastRow = Int(((area.maxY - bounds.minY) / size.height).rounded(.up)) - 1
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return [] }
        let scale = contentsScale * CGFloat(pow(2.0, Double(level)))
        var tiles: [TiledLayerTile] = []
        tiles.reserveCapacity((lastColumn - firstColumn + 1) * (lastRow - firstRow + 1))
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let cell = CGRect(x: bounds.minX + CGFloat(column) * size.width,
                                  y: bounds.minY + CGFloat(row) * size.height,
                                  width: size.width, height: size.height)
                tiles.append(TiledLayerTile(level: level, column: column, row: row,
                                            rect: cell.intersection(bounds), scale: scale))
            }
        }
        return tiles
    }

    /// The tiles to draw for `visibleRect` shown at `displayScale` device pixels per point.
    package func tiles(covering visibleRect: CGRect, displayScale: CGFloat) -> [TiledLayerTile] {
        tiles(covering: visibleRect, level: level(forDisplayScale: displayScale))
    }
}
