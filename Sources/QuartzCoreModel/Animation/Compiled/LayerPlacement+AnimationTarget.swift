import Foundation

/// Any animation that writes only a layer's `position` and `transform` (a keyframe animation of
/// `position`, with `values` or along a `path`, turning with it or not; a whole-`transform`
/// animation with a value function; a group of such) is evaluated on the placement alone by the
/// general path (`CompiledAnimation.apply(to:parentTime:)`), which reads and writes it here
/// exactly as it does in a layer's state (`LayerState`'s `AnimationTarget` conformance): through
/// `GeometryProperty` and `KeyPathFields`, and a number through its `ScalarField`
/// (`ResolvedAnimationTarget`).
extension LayerPlacement: ResolvedAnimationTarget {
    /// The value at `keyPath`; nil where it names something outside the placement.
    package func animatableValue(at keyPath: AnimationKeyPath) -> AnimatableValue? {
        guard case let .geometry(property, part) = keyPath.resolution, let whole = value(of: property) else { return nil }
        guard let part else { return whole }
        return KeyPathFields.field(part, of: whole)
    }

    /// Sets the value at `keyPath`; false, changing nothing, where it names something outside
    /// the placement or `value` has the wrong type.
    @discardableResult
    package mutating func setAnimatableValue(_ value: AnimatableValue, at keyPath: AnimationKeyPath) -> Bool {
        guard case let .geometry(property, part) = keyPath.resolution, let whole = self.value(of: property) else {
            return false
        }
        guard let part else { return set(value, of: property) }
        guard let updated = KeyPathFields.setting(part, of: whole, to: value) else { return false }
        return set(updated, of: property)
    }

    /// The number at `keyPath` (`fieldScalarValue(at:)`).
    package func scalarValue(at keyPath: AnimationKeyPath) -> Double? { fieldScalarValue(at: keyPath) }

    /// Sets the number at `keyPath` (`setFieldScalarValue(_:at:)`; a field outside the
    /// placement is not written).
    @discardableResult
    package mutating func setScalarValue(_ value: Double, at keyPath: AnimationKeyPath) -> Bool {
        setFieldScalarValue(value, at: keyPath)
    }

    /// `GeometryProperty.value(in:)` for the two properties of the placement; nil for others.
    private func value(of property: GeometryProperty) -> AnimatableValue? {
        switch property {
        case .position: return .point(position)
        case .transform: return .transform(transform)
        default: return nil
        }
    }

    /// `GeometryProperty.set(_:in:)` for the two properties of the placement; false, changing
    /// nothing, for others or a value of the wrong type.
    private mutating func set(_ value: AnimatableValue, of property: GeometryProperty) -> Bool {
        switch (property, value) {
        case (.position, .point(let p)): position = p
        case (.transform, .transform(let t)): transform = t
        default: return false
        }
        return true
    }
}

extension CompiledAnimation {
    /// Whether an animation of `kind` at `keyPath` writes only a layer's placement: a property
    /// animation of `position` or `transform` or a part of them (a path's rotation mode turns
    /// `transform.rotation.z`), or a group of such; not a transition.
    static func writesPlacementOnly(_ kind: Kind, keyPath: AnimationKeyPath?) -> Bool {
        switch kind {
        case .group(let children): return children.allSatisfy(\.writesPlacementOnly)
        case .transition: return false
        case .basic, .spring, .keyframes, .path:
            guard case let .geometry(property, _)? = keyPath?.resolution else { return false }
            return property == .position || property == .transform
        }
    }

    /// Applies `animations` at `localTime` in order to `target`, each seeing the result of the
    /// ones before: a basic animation of a field of the state on its plain values
    /// (`StateFieldAnimation`; a rotation about z through `memo`), any other by the general path.
    /// On a placement (`LayerPlacement`), each must write only the placement
    /// (`writesPlacementOnly`), which the caller checks.
    ///
    /// Each animation is read where it lies in the array's storage, through a pointer: an
    /// element read through the array's subscript, or a buffer pointer's, is copied out first
    /// (its parts retained and released, ~400 instructions an animation and frame).
    ///
    /// The plain-value forms look their timing up in `timings` (`AnimationTimingMemo`), which
    /// the caller keeps across the layers of a frame.
    static func apply<Target: AnimationTarget & AnimatedFieldHolder>(
        _ animations: [CompiledAnimation], to target: inout Target, localTime: CFTimeInterval,
        memo: inout PlanarRotationMemo, timings: inout AnimationTimingMemo
    ) {
        animations.withUnsafeBufferPointer { list in
            guard let animation = list.baseAddress else { return }
            for index in list.indices {
                if applyForm(of: animation + index, to: &target, parentTime: localTime, memo: &memo, timings: &timings,
                             slot: index) { continue }
                animation[index].apply(to: &target, parentTime: localTime)
            }
        }
    }

    /// `apply(_:to:localTime:memo:timings:)` with a memo of timings of its own (a layer's
    /// animations alone: a presentation).
    static func apply<Target: AnimationTarget & AnimatedFieldHolder>(
        _ animations: [CompiledAnimation], to target: inout Target, localTime: CFTimeInterval,
        memo: inout PlanarRotationMemo
    ) {
        var timings = AnimationTimingMemo()
        apply(animations, to: &target, localTime: localTime, memo: &memo, timings: &timings)
    }
}
