import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// The content some layer classes draw between their contents and their sublayers.
extension FrameFlattener {
    /// Whether the layer's class draws content of its own above its contents: an emitter's
    /// particles, a tiled layer's tiles or a GL layer's frame (so its border cannot merge with its background).
    /// The rectangle of the layer's space its class draws into beside background, border and
    /// `contents` (a gradient, a shape or text picture, particles, tiles, a GL frame), or nil
    /// when it draws nothing of its own. Particles are bounded by the layer's bounds here: an
    /// emitter inside an offscreen group is cut to them.
    static func classDrawnRect(_ s: LayerState) -> CGRect? {
        switch s.specialized {
        case .gradient?: return GradientFill(gradientLayer: s) == nil ? nil : s.bounds
        case .shape?, .text?: return SpecializedContents.drawnRect(for: s)
        case .emitter?, .tiled?, .openGL?: return s.bounds
        default: return nil
        }
    }

    static func drawsClassContent(_ s: LayerState) -> Bool {
        switch s.specialized {
        case .emitter?, .tiled?, .openGL?: return true
        default: return false
        }
    }

    /// Draws the class's own content of `p`, inside the `masksToBounds` clip `clip`.
    mutating func drawClassContent(_ p: PlacedLayer, clip: Int32?) {
        // Particles, tiles and GL frames come from outside the committed tree: never reused.
        if Self.drawsClassContent(p.state) { changes.noteExternalContent() }
        switch p.state.specialized {
        case .emitter?: drawEmitterParticles(p, clip: clip)
        case .tiled?: drawTiles(p, clip: clip)
        case .openGL?: drawOpenGLContent(p, clip: clip)
        default: break
        }
    }
}
