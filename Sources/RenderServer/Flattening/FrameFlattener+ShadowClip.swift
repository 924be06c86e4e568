import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

extension FrameFlattener {
    /// The clip a layer's shadow is drawn under. With `masksToBounds` the layer's own (rounded)
    /// bounds clip the shadow as they clip everything else the layer draws (001:1555-1560:
    /// "masksToBounds clips both shadow and content", Figure 4.8), inside the superlayer's
    /// clip: a shadow cast outside the bounds disappears, and inside them it shows only where
    /// the layer's own drawing leaves it uncovered. Without it, the superlayer's clip alone.
    mutating func ownShadowClip(of p: PlacedLayer) -> Int32? {
        guard p.state.masksToBounds else { return p.clip }
        return clips.push(Clip(transform: Matrix4(p.world), rect: p.state.bounds, cornerRadii: CornerRadii(p.state),
                               parentIndex: p.clip))
    }
}
