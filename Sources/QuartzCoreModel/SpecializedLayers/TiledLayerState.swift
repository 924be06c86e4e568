import Foundation

/// The model values of a `CATiledLayer`, with Apple's defaults.
package struct TiledLayerState: Sendable {
    var levelsOfDetail = 1
    var levelsOfDetailBias = 0
    var tileSize = CGSize(width: 256, height: 256)
    /// Where the layer's tiles come from (nil: a state not of a tiled layer's own, which draws no tiles).
    package var source: TiledLayerSource?

    static let accessors: [String: LayerPropertyAccessor] = [
        "levelsOfDetail": .int(\.tiled.levelsOfDetail),
        "levelsOfDetailBias": .int(\.tiled.levelsOfDetailBias),
        "tileSize": .size(\.tiled.tileSize),
    ]
}
