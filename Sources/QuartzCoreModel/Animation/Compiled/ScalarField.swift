import Foundation

/// A number inside a layer's geometry or its opacity that a key path names (`position.x`,
/// `bounds.size.width`, `transform.rotation.z`, `opacity`), resolved when an animation is
/// compiled: a scalar animation of it reads and writes the `Double` in the state directly.
///
/// Each reads and writes what key-value coding does through `GeometryProperty` and
/// `KeyPathFields` (the same conversions; for a transform, the same decomposition).
enum ScalarField: Sendable, Equatable {
    case positionX, positionY, anchorPointX, anchorPointY, zPosition, opacity
    case boundsOriginX, boundsOriginY, boundsWidth, boundsHeight
    /// A virtual component of `transform`.
    case transform(TransformComponent)

    /// The field a geometry key path names, or nil when it names a structure or nothing.
    init?(_ property: GeometryProperty, _ field: KeyPathField?) {
        switch (property, field) {
        case (.position, .x?): self = .positionX
        case (.position, .y?): self = .positionY
        case (.anchorPoint, .x?): self = .anchorPointX
        case (.anchorPoint, .y?): self = .anchorPointY
        case (.zPosition, nil): self = .zPosition
        case (.opacity, nil): self = .opacity
        case (.bounds, .origin(.x?)?): self = .boundsOriginX
        case (.bounds, .origin(.y?)?): self = .boundsOriginY
        case (.bounds, .size(.width?)?): self = .boundsWidth
        case (.bounds, .size(.height?)?): self = .boundsHeight
        case (.transform, .transform(let component)?): self = .transform(component)
        default: return nil
        }
    }

    /// The number in `state`; nil for a transform component of a transform that cannot be
    /// decomposed.
    func value(in state: LayerState) -> Double? {
        switch self {
        case .positionX: return Double(state.position.x)
        case .positionY: return Double(state.position.y)
        case .anchorPointX: return Double(state.anchorPoint.x)
        case .anchorPointY: return Double(state.anchorPoint.y)
        case .zPosition: return Double(state.zPosition)
        case .opacity: return Double(state.opacity)
        case .boundsOriginX: return Double(state.bounds.origin.x)
        case .boundsOriginY: return Double(state.bounds.origin.y)
        case .boundsWidth: return Double(state.bounds.size.width)
        case .boundsHeight: return Double(state.bounds.size.height)
        case .transform(let component): return state.transform.virtualComponent(component).map { Double($0) }
        }
    }

    /// Sets the number in `state`; a rotation about z of a flat transform through `memo`
    /// (`PlanarRotationMemo`), with the same result.
    func set(_ value: Double, in state: inout LayerState, memo: inout PlanarRotationMemo) {
        switch self {
        case .positionX: state.position.x = CGFloat(value)
        case .positionY: state.position.y = CGFloat(value)
        case .anchorPointX: state.anchorPoint.x = CGFloat(value)
        case .anchorPointY: state.anchorPoint.y = CGFloat(value)
        case .zPosition: state.zPosition = CGFloat(value)
        case .opacity: state.opacity = Float(value)
        case .boundsOriginX: state.bounds.origin.x = CGFloat(value)
        case .boundsOriginY: state.bounds.origin.y = CGFloat(value)
        case .boundsWidth: state.bounds.size.width = CGFloat(value)
        case .boundsHeight: state.bounds.size.height = CGFloat(value)
        case .transform(let component) where component == .rotationZ || component == .rotation:
            // `settingVirtualComponent(_:to:memo:)`, the turn written in place.
            if !memo.setRotationAboutZ(of: &state.transform, to: CGFloat(value)) {
                state.transform = state.transform.settingVirtualComponentByDecomposition(component, to: CGFloat(value))
            }
        case .transform(let component):
            state.transform = state.transform.settingVirtualComponent(component, to: CGFloat(value), memo: &memo)
        }
    }
}
