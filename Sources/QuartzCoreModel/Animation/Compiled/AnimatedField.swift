import Foundation

/// A value in a layer's state that a basic animation reads and writes directly
/// (`StateFieldAnimation`), resolved from its key path when the animation is compiled: a number
/// (`ScalarField`: `position.x`, `opacity`, `transform.rotation.z`, ...), a point
/// (`PointField`: `position`, `anchorPoint`) or the whole transform (`TransformField`).
///
/// Each reads and writes what key-value coding does through `GeometryProperty` (and, for a
/// number, `KeyPathFields`): the same value, the same conversions.
protocol AnimatedField: Sendable, Equatable {
    /// What the field holds.
    associatedtype Value: BasicAnimatedValue
    /// The value in `state`; nil where it cannot be read (a transform component of a transform
    /// that cannot be decomposed).
    func value(in state: LayerState) -> Value?
    /// Sets the value in `state`; a rotation about z of a flat transform through `memo`.
    func set(_ value: Value, in state: inout LayerState, memo: inout PlanarRotationMemo)
    /// Whether the field is part of a layer's `position` or `transform` (`LayerPlacement`).
    var isPlacement: Bool { get }
    /// The value in `placement`; nil for a field outside it (`isPlacement`) or one that cannot
    /// be read.
    func value(in placement: LayerPlacement) -> Value?
    /// Sets the value in `placement` as `set(_:in:memo:)` sets it in a state; a field outside
    /// the placement (`isPlacement`, which the caller checks) is not written.
    func set(_ value: Value, in placement: inout LayerPlacement, memo: inout PlanarRotationMemo)
}

/// What a basic animation of an `AnimatedField` reads and writes: a layer's state, or only its
/// placement (`LayerPlacement`).
protocol AnimatedFieldHolder {
    /// The value `field` holds here (`AnimatedField.value(in:)`).
    func value<Field: AnimatedField>(of field: Field) -> Field.Value?
    /// Sets the value `field` holds here (`AnimatedField.set(_:in:memo:)`).
    mutating func set<Field: AnimatedField>(_ value: Field.Value, of field: Field, memo: inout PlanarRotationMemo)
}

extension LayerState: AnimatedFieldHolder {
    func value<Field: AnimatedField>(of field: Field) -> Field.Value? { field.value(in: self) }
    mutating func set<Field: AnimatedField>(_ value: Field.Value, of field: Field, memo: inout PlanarRotationMemo) {
        field.set(value, in: &self, memo: &memo)
    }
}

extension LayerPlacement: AnimatedFieldHolder {
    func value<Field: AnimatedField>(of field: Field) -> Field.Value? { field.value(in: self) }
    mutating func set<Field: AnimatedField>(_ value: Field.Value, of field: Field, memo: inout PlanarRotationMemo) {
        field.set(value, in: &self, memo: &memo)
    }
}

/// A point of a layer's state that a key path names whole: `position`, `anchorPoint`.
enum PointField: AnimatedField {
    case position, anchorPoint

    /// The field `property` names whole, or nil when it is not a point or `field` names a part.
    init?(_ property: GeometryProperty, _ field: KeyPathField?) {
        switch (property, field) {
        case (.position, nil): self = .position
        case (.anchorPoint, nil): self = .anchorPoint
        default: return nil
        }
    }

    func value(in state: LayerState) -> CGPoint? {
        self == .position ? state.position : state.anchorPoint
    }

    func set(_ value: CGPoint, in state: inout LayerState, memo: inout PlanarRotationMemo) {
        if self == .position { state.position = value } else { state.anchorPoint = value }
    }

    var isPlacement: Bool { self == .position }

    func value(in placement: LayerPlacement) -> CGPoint? { self == .position ? placement.position : nil }

    func set(_ value: CGPoint, in placement: inout LayerPlacement, memo: inout PlanarRotationMemo) {
        if self == .position { placement.position = value }
    }
}

/// A layer's `transform`, named whole (a key path `transform`, with `CATransform3D` values).
enum TransformField: AnimatedField {
    case transform

    /// The field `property` names whole, or nil when it is not the transform or `field` names a
    /// part.
    init?(_ property: GeometryProperty, _ field: KeyPathField?) {
        guard property == .transform, field == nil else { return nil }
        self = .transform
    }

    func value(in state: LayerState) -> CATransform3D? { state.transform }

    func set(_ value: CATransform3D, in state: inout LayerState, memo: inout PlanarRotationMemo) {
        state.transform = value
    }

    var isPlacement: Bool { true }

    func value(in placement: LayerPlacement) -> CATransform3D? { placement.transform }

    func set(_ value: CATransform3D, in placement: inout LayerPlacement, memo: inout PlanarRotationMemo) {
        placement.transform = value
    }
}
