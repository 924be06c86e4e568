import CompositorCore
import Foundation

/// What a renderer needs of a `CAOpenGLLayer`'s render thread. The thread and its GL work live
/// in the QuartzCore target, beside the GL renderer; the model sees them only through this.
package protocol OpenGLLayerFrames: AnyObject, Sendable {
    /// The last image drawn without error (premultiplied RGBA8, row 0 at the layer's top), or nil.
    var image: CGImage? { get }
    /// Queues `request` (replacing one not yet started) and returns its ticket.
    @discardableResult func submit(_ request: OpenGLDrawRequest) -> UInt64
    /// Ends the thread after the draw in progress.
    func stop()
}

/// The render threads of every `CAOpenGLLayer` of the process, by layer, so that the renderer
/// (which sees only the render tree) can show a layer's last frame and ask for the next one.
package final class OpenGLLayerRegistry: Sendable {
    /// The registry shared by every renderer of the process.
    package static let shared = OpenGLLayerRegistry()

    private let threads = ThreadLock([UInt64: any OpenGLLayerFrames]())

    /// Records the render thread of the layer `layerID`.
    package func register(_ thread: any OpenGLLayerFrames, forLayerID layerID: UInt64) {
        threads.withLock { $0[layerID] = thread }
    }

    /// The render thread of the layer `layerID`, or nil when it has none.
    package func renderThread(ofLayerID layerID: UInt64) -> (any OpenGLLayerFrames)? {
        threads.withLock { $0[layerID] }
    }

    /// Stops and forgets the render thread of a layer that is going away.
    package func remove(_ layerID: UInt64) {
        threads.withLock { $0.removeValue(forKey: layerID) }?.stop()
    }
}
