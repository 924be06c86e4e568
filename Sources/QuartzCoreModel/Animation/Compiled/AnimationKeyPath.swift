import Foundation

/// An animation's key path, resolved once when the animation is compiled rather than parsed and
/// looked up by name at every frame it runs.
///
/// A key path whose first name is a property every layer has (`position`, `transform`,
/// `bounds`, ...) reads and writes that property and the parsed field after it. Every other key
/// path (a filter's parameter, an emitter cell's property, a specialized layer's property, a
/// custom key) is looked up by name when evaluated, as key-value coding does: which of these it
/// names depends on the layer.
package struct AnimationKeyPath: Sendable {
    /// The key path as the animation names it.
    let name: String
    /// What the key path names.
    let resolution: Resolution
    /// The number the key path names in a layer's geometry or opacity, when it names one.
    let scalarField: ScalarField?

    /// What a key path names.
    enum Resolution: Sendable {
        /// One of the properties animations move most, whole or one field of it: read and
        /// written directly rather than through the accessor's closures and key path.
        case geometry(GeometryProperty, KeyPathField?)
        /// A property of every layer, whole or one field of it.
        case property(LayerPropertyAccessor, KeyPathField?)
        /// Something found by name when evaluated.
        case byName
    }

    /// Resolves `name`.
    init(_ name: String) {
        self.name = name
        let (head, rest) = KeyPathFields.split(name)
        // Every layer's properties come before a specialized layer's and custom keys in
        // `LayerState.animatableValue(forKeyPath:)`, and no filter or emitter cell key path
        // starts with one of their names, so the resolution holds for every layer.
        if let property = GeometryProperty(rawValue: head) {
            let field = rest.map(KeyPathField.init)
            resolution = .geometry(property, field)
            scalarField = ScalarField(property, field)
        } else if let accessor = LayerPropertyAccessor.named(head) {
            resolution = .property(accessor, rest.map(KeyPathField.init))
            scalarField = nil
        } else {
            resolution = .byName
            scalarField = nil
        }
    }
}

/// The properties animations move most (a layer's geometry and opacity), which an animation's
/// key path reads and writes directly: one per frame for each running animation of them.
/// Each reads and writes the same `AnimatableValue` case as its `LayerPropertyAccessor`.
enum GeometryProperty: String, Sendable {
    case position, bounds, transform, anchorPoint, zPosition, opacity

    /// The property's value in `state`.
    func value(in state: LayerState) -> AnimatableValue {
        switch self {
        case .position: return .point(state.position)
        case .bounds: return .rect(state.bounds)
        case .transform: return .transform(state.transform)
        case .anchorPoint: return .point(state.anchorPoint)
        case .zPosition: return .scalar(Double(state.zPosition))
        case .opacity: return .scalar(Double(state.opacity))
        }
    }

    /// Sets the property in `state`; false, changing nothing, when `value` has the wrong type.
    func set(_ value: AnimatableValue, in state: inout LayerState) -> Bool {
        switch (self, value) {
        case (.position, .point(let p)): state.position = p
        case (.bounds, .rect(let r)): state.bounds = r
        case (.transform, .transform(let t)): state.transform = t
        case (.anchorPoint, .point(let p)): state.anchorPoint = p
        case (.zPosition, _):
            guard let d = value.scalarValue else { return false }
            state.zPosition = CGFloat(d)
        case (.opacity, _):
            guard let d = value.scalarValue else { return false }
            state.opacity = Float(d)
        default: return false
        }
        return true
    }
}
