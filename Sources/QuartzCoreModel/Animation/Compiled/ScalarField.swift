import Foundation

/// A number inside a layer's geometry or its opacity that a key path names (`position.x`,
/// `bounds.size.width`, `transform.rotation.z`, `opacity`), resolved when an animation is
/// compiled: a scalar animation of it reads and writes the `Double` in the state directly.
///
/// Each reads and writes what key-value coding does through `GeometryProperty` and
/// `KeyPathFields` (the same conversions; for a transform, the same decomposition).
enum ScalarField: Sendable, Equatable {
    typealias Value = Double

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
        case .transform(let component):
            Self.set(component, value, in: &state.transform, memo: &memo)
        }
    }

    /// Sets the virtual component `component` of `transform`; a rotation about z of a flat
    /// transform through `memo` (`settingVirtualComponent(_:to:memo:)`, the turn written in place).
    private static func set(_ component: TransformComponent, _ value: Double, in transform: inout CATransform3D,
                            memo: inout PlanarRotationMemo) {
        if component == .rotationZ || component == .rotation {
            if !memo.setRotationAboutZ(of: &transform, to: CGFloat(value)) {
                transform = transform.settingVirtualComponentByDecomposition(component, to: CGFloat(value))
            }
        } else {
            transform = transform.settingVirtualComponent(component, to: CGFloat(value), memo: &memo)
        }
    }

    /// Whether the field is part of a layer's `position` or `transform` (`LayerPlacement`).
    var isPlacement: Bool {
        switch self {
        case .positionX, .positionY, .transform: return true
        default: return false
        }
    }

    /// The number in `placement`; nil for a field outside it (`isPlacement`) or a transform
    /// component of a transform that cannot be decomposed.
    func value(in placement: LayerPlacement) -> Double? {
        switch self {
        case .positionX: return Double(placement.position.x)
        case .positionY: return Double(placement.position.y)
        case .transform(let component): return placement.transform.virtualComponent(component).map { Double($0) }
        default: return nil
        }
    }

    /// Sets the number in `placement` as `set(_:in:memo:)` sets it in a state; a field outside
    /// the placement (`isPlacement`, which the caller checks) is not written.
    func set(_ value: Double, in placement: inout LayerPlacement, memo: inout PlanarRotationMemo) {
        switch self {
        case .positionX: placement.position.x = CGFloat(value)
        case .positionY: placement.position.y = CGFloat(value)
        case .transform(let component): Self.set(component, value, in: &placement.transform, memo: &memo)
        default: break
        }
    }
}

extension ScalarField: AnimatedField {}
