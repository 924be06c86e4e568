import Foundation
import Synchronization

/// The render threads of every `CAOpenGLLayer` of the process, by layer, so that the renderer
/// (which sees only the render tree) can show a layer's last frame and ask for the next one.
final class OpenGLLayerRegistry: Sendable {
    /// The registry shared by every renderer of the process.
    static let shared = OpenGLLayerRegistry()

    private let threads = Mutex([UInt64: OpenGLLayerRenderThread]())

    /// The render thread of `layer`, made on first use.
    func renderThread(of layer: CAOpenGLLayer) -> OpenGLLayerRenderThread {
        threads.withLock { threads in
            if let thread = threads[layer.layerID] { return thread }
            let thread = OpenGLLayerRenderThread(layer: layer)
            threads[layer.layerID] = thread
            return thread
        }
    }

    /// The render thread of the layer `layerID`, or nil when it has none.
    func renderThread(ofLayerID layerID: UInt64) -> OpenGLLayerRenderThread? {
        threads.withLock { $0[layerID] }
    }

    /// Stops and forgets the render thread of a layer that is going away.
    func remove(_ layerID: UInt64) {
        threads.withLock { $0.removeValue(forKey: layerID) }?.stop()
    }
}
