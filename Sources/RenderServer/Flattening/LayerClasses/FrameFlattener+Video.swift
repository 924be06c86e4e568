import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel

/// Drawing a video layer's current frame (above its contents, below its sublayers).
extension FrameFlattener {
    /// Draws the frame `source` shows at this frame's time inside `clip`. A playing video keeps
    /// the renderer drawing frames; a paused one draws the same frame object, which damages nothing.
    /// The quad is opaque (a decoded frame has no alpha), so a renderer may draw it without
    /// blending where its opacity, clip, corners and edges allow.
    mutating func drawVideoContent(_ p: PlacedLayer, source: any LayerVideoSource, clip: Int32?) {
        changes.noteExternalContent()
        let s = p.stateStorage.value
        guard let content = source.videoContent(atHostTime: facts.time, bounds: s.bounds) else { return }
        if content.isPlaying { changes.noteContinuousChange(rate: 1) }
        guard content.rect.width > 0, content.rect.height > 0 else { return }
        let texture = TextureSource(video: content.frame, unitRect: content.unitRect,
                                    minificationFilter: TextureFilter(s.minificationFilter),
                                    magnificationFilter: TextureFilter(s.magnificationFilter))
        commands.append(.quad(Quad(transform: Matrix4(p.world), rect: content.rect, texture: texture,
                                   opacity: p.opacity, clipIndex: clip, isOpaque: true, isDoubleSided: s.isDoubleSided,
                                   antialiasedEdges: s.antialiasedEdgeBits)))
    }
}
