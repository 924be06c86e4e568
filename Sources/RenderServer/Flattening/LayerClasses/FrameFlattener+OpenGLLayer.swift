import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Drawing a `CAOpenGLLayer`: the last frame its render thread read back, stretched
/// over the bounds. An asynchronous layer is asked for a new frame at every frame it is drawn
/// in (requests coalesce on its thread), and keeps the renderer drawing frames; the new frame
/// shows in the first frame drawn after it is ready.
extension FrameFlattener {
    /// Draws the GL layer `p`'s frame inside `clip`, asking an asynchronous layer for the next.
    mutating func drawOpenGLContent(_ p: PlacedLayer, clip: Int32?) {
        let s = p.stateStorage.value
        guard let thread = OpenGLLayerRegistry.shared.renderThread(ofLayerID: p.layer.id) else { return }
        if s.openGL.isAsynchronous {
            let stamp = CVTimeStamp(hostTime: UInt64(max(0, facts.time) * 1e9))
            if let request = OpenGLDrawRequest(bounds: s.bounds, contentsScale: s.contentsScale,
                                               layerTime: p.localTime, displayTime: stamp) {
                thread.submit(request)
            }
            changes.noteContinuousChange(rate: 1)
        }
        guard let image = thread.image else { return }
        let texture = TextureSource(image: image, unitRect: Self.drawnPart(of: image, bounds: s.bounds, scale: s.contentsScale),
                                    minificationFilter: TextureFilter(s.minificationFilter),
                                    magnificationFilter: TextureFilter(s.magnificationFilter))
        commands.append(.quad(Quad(transform: Matrix4(p.world), rect: s.bounds, texture: texture, opacity: p.opacity,
                                   clipIndex: clip, isDoubleSided: s.isDoubleSided,
                                   antialiasedEdges: s.antialiasedEdgeBits)))
    }

    /// The part of a frame drawn at the layer's current size that its bounds cover: the
    /// framebuffer is rounded up to whole pixels. A frame of another size (drawn before the
    /// bounds changed) is stretched whole over the bounds.
    static func drawnPart(of image: CGImage, bounds: CGRect, scale: CGFloat) -> CGRect {
        let width = bounds.width * scale, height = bounds.height * scale
        guard width.rounded(.up) == CGFloat(image.width), height.rounded(.up) == CGFloat(image.height) else {
            return CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        return CGRect(x: 0, y: 0, width: width / CGFloat(image.width), height: height / CGFloat(image.height))
    }
}
