import Foundation

/// The model values a specialized layer class adds to `LayerState`, as one Sendable payload.
///
/// A `CAShapeLayer`, `CAGradientLayer`, ... keeps its extra properties here, so that a commit
/// copies them into the render tree with the rest of the layer (`RenderLayer.state.specialized`)
/// and animations evaluate them with the same key-value-coding table on both sides. The payload
/// is boxed (`indirect`), so a plain layer's state stays small and copying a state stays cheap.
package indirect enum SpecializedLayerState: Sendable {
    case shape(ShapeLayerState)
    case text(TextLayerState)
    case gradient(GradientLayerState)
    case replicator(ReplicatorLayerState)
    case scroll(ScrollLayerState)
    case tiled(TiledLayerState)
    case emitter(EmitterLayerState)
    case openGL(OpenGLLayerState)

    /// The key-value-coding keys of the payload's properties, by their Apple names.
    var accessors: [String: LayerPropertyAccessor] {
        switch self {
        case .shape: ShapeLayerState.accessors
        case .text: TextLayerState.accessors
        case .gradient: GradientLayerState.accessors
        case .replicator: ReplicatorLayerState.accessors
        case .scroll: ScrollLayerState.accessors
        case .tiled: TiledLayerState.accessors
        case .emitter: EmitterLayerState.accessors
        case .openGL: OpenGLLayerState.accessors
        }
    }

    /// Swift property names that differ from their key-value-coding key (`isWrapped`).
    var aliases: [String: String] {
        switch self {
        case .text: ["isWrapped": "wrapped"]
        case .openGL: ["isAsynchronous": "asynchronous"]
        default: [:]
        }
    }

    /// The keys that animate implicitly when they change on a live layer (Apple's
    /// "Animatable" properties of the class).
    var implicitlyAnimatedKeys: Set<String> {
        switch self {
        case .shape: ShapeLayerState.implicitlyAnimatedKeys
        case .text: TextLayerState.implicitlyAnimatedKeys
        case .gradient: GradientLayerState.implicitlyAnimatedKeys
        case .replicator: ReplicatorLayerState.implicitlyAnimatedKeys
        case .emitter: EmitterLayerState.implicitlyAnimatedKeys
        case .scroll, .tiled, .openGL: []
        }
    }

    /// The accessor for `key`, resolving aliases; nil when the payload has no such property.
    func accessor(forKey key: String) -> LayerPropertyAccessor? {
        let table = accessors
        return table[key] ?? aliases[key].flatMap { table[$0] }
    }
}

extension LayerState {
    /// The accessor for a key of this layer: a property every layer has, or one of the
    /// specialized payload's.
    func propertyAccessor(forKey key: String) -> LayerPropertyAccessor? {
        LayerPropertyAccessor.named(key) ?? specialized?.accessor(forKey: key)
    }
}
