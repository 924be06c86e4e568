import Foundation

/// The model values of a `CAOpenGLLayer`, with Apple's defaults.
package struct OpenGLLayerState: Sendable {
    package init() {}

    /// Whether the layer redraws for every frame the renderer draws it in (Apple's default: false).
    package var isAsynchronous = false

    static let accessors: [String: LayerPropertyAccessor] = [
        "asynchronous": .bool(\.openGL.isAsynchronous),
    ]
}

/// The properties of a GL layer that key-value coding sets through the layer's own accessors
/// (the layer class lives in the QuartzCore target, beside the GL code).
package protocol OpenGLLayerProperties: AnyObject {
    var isAsynchronous: Bool { get set }
}
