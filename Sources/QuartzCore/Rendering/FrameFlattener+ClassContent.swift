import Foundation
import CompositorCore

/// The content some layer classes draw between their contents and their sublayers.
extension FrameFlattener {
    /// Whether the layer's class draws content of its own above its contents: an emitter's
    /// particles, a tiled layer's tiles or a GL layer's frame (so its border cannot merge with its background).
    static func drawsClassContent(_ s: LayerState) -> Bool {
        switch s.specialized {
        case .emitter?, .tiled?, .openGL?: return true
        default: return false
        }
    }

    /// Draws the class's own content of `p`, inside the `masksToBounds` clip `clip`.
    mutating func drawClassContent(_ p: PlacedLayer, clip: Int32?) {
        switch p.state.specialized {
        case .emitter?: drawEmitterParticles(p, clip: clip)
        case .tiled?: drawTiles(p, clip: clip)
        case .openGL?: drawOpenGLContent(p, clip: clip)
        default: break
        }
    }
}
