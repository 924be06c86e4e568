import Foundation

// What `CAOpenGLLayer`, which lives in the QuartzCore target beside the GL code, needs of the
// model: its state, its display requests and its identity in the render tree.
extension CALayer {
    /// Gives a new layer the state of a GL layer, with Apple's defaults.
    package func installOpenGLLayerState() {
        installSpecializedState(.openGL(OpenGLLayerState()))
    }

    /// The default value of `key` for GL layers, or nil when it is not one of theirs.
    package static func openGLLayerDefault(forKey key: String) -> Any? {
        specializedDefault(forKey: key, in: .openGL(OpenGLLayerState()))
    }

    /// The GL layer's `isAsynchronous`, read and set as its other properties are (the change
    /// is recorded for the transaction and may be animated by an action).
    package var openGLLayerIsAsynchronous: Bool {
        get { state.openGL.isAsynchronous }
        set { setProperty(\.openGL.isAsynchronous, newValue, key: "asynchronous") }
    }

    /// The layer's identity in the render tree, under which its GL render thread is registered.
    package var renderTreeID: UInt64 { layerID }

    /// Takes the layer's pending display request (the `setNeedsDisplay()` that `display()` answers).
    package func consumeDisplayRequest() {
        _ = takeDisplayRequest()
    }

    /// A draw request of the layer's current size and `contentsScale` at `layerTime`; nil when it
    /// covers no pixel.
    package func openGLDrawRequest(layerTime: CFTimeInterval, displayTime: CVTimeStamp?) -> OpenGLDrawRequest? {
        OpenGLDrawRequest(bounds: state.bounds, contentsScale: state.contentsScale, layerTime: layerTime,
                          displayTime: displayTime)
    }
}
