import Foundation

/// The model values of a `CAOpenGLLayer`, with Apple's defaults.
struct OpenGLLayerState: Sendable {
    /// Whether the layer redraws for every frame the renderer draws it in (Apple's default: false).
    var isAsynchronous = false

    static let accessors: [String: LayerPropertyAccessor] = [
        "asynchronous": .bool(\.openGL.isAsynchronous),
    ]
}
