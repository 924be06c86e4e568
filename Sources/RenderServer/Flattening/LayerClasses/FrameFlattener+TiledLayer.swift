import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Drawing a `CATiledLayer`: the tiles of `TiledLayerGrid` that the target shows, at
/// the level of detail of the layer's on-screen scale, each a textured quad once
/// `TiledLayerTileStore` has drawn it, fading in over the class's `fadeDuration()` from the
/// first frame that shows it. Tiles still being drawn are absent; the frame keeps animating
/// until every shown tile is drawn and opaque.
extension FrameFlattener {
    /// Draws the tiles of tiled layer `p` that fall in the current target, inside `clip`.
    mutating func drawTiles(_ p: PlacedLayer, clip: Int32?) {
        let s = p.stateStorage.value
        guard case .tiled(let tiled)? = s.specialized, let source = tiled.source else { return }
        let time = facts.time
        let grid = TiledLayerGrid(s)
        let displayScale = GroupGeometry.pixelsPerUnit(p.world, over: s.bounds)
        let matrix = Matrix4(p.world)
        let edges = s.antialiasedEdgeBits
        let filterMin = TextureFilter(s.minificationFilter), filterMag = TextureFilter(s.magnificationFilter)
        for tile in grid.tiles(covering: visibleRect(of: p), displayScale: displayScale) {
            guard let shown = stores.tiles.tile(tile, of: source, frameTime: time) else {
                changes.noteChange(at: time)
                continue
            }
            let fade = shown.fadeDuration > 0 ? Float(min(max((time - shown.firstShown) / shown.fadeDuration, 0), 1)) : 1
            if fade < 1 { changes.noteChange(at: time) }
            guard fade > 0 else { continue }
            // The image is the tile's pixels rounded up; the tile covers the part of it it drew.
            let unit = CGRect(x: 0, y: 0, width: tile.rect.width * tile.scale / CGFloat(shown.image.width),
                              height: tile.rect.height * tile.scale / CGFloat(shown.image.height))
            let texture = TextureSource(image: shown.image, unitRect: unit,
                                        minificationFilter: filterMin, magnificationFilter: filterMag)
            commands.append(.quad(Quad(transform: matrix, rect: tile.rect, texture: texture, opacity: p.opacity * fade,
                                       clipIndex: clip, isDoubleSided: s.isDoubleSided, antialiasedEdges: edges)))
        }
    }

    /// The part of the layer's bounds that lands in the current target: the target's pixel
    /// rectangle mapped back through an affine placement, or all of the bounds otherwise.
    private func visibleRect(of p: PlacedLayer) -> CGRect {
        let bounds = p.state.bounds
        guard p.world.isAffine2D else { return bounds }
        // The 2D part: x' = x m11 + y m21 + m41, y' = x m12 + y m22 + m42.
        let m = p.world
        let det = m.m11 * m.m22 - m.m12 * m.m21
        guard det != 0, det.isFinite else { return bounds }
        func local(_ q: CGPoint) -> CGPoint {
            let dx = q.x - m.m41, dy = q.y - m.m42
            return CGPoint(x: (dx * m.m22 - dy * m.m21) / det, y: (dy * m.m11 - dx * m.m12) / det)
        }
        let target = targets.current
        let corners = [CGPoint(x: target.minX, y: target.minY), CGPoint(x: target.maxX, y: target.minY),
                       CGPoint(x: target.maxX, y: target.maxY), CGPoint(x: target.minX, y: target.maxY)].map(local)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let seen = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return seen.intersection(bounds)
    }
}
