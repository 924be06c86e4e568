import Foundation

/// An animation as the render side evaluates it: an immutable, Sendable snapshot of a copied
/// `CAAnimation` with its values converted to `AnimatableValue`s and its timing resolved.
///
/// The layer compiles each animation when it is added (after setting a `beginTime` of 0 to the
/// layer's current local time, as Apple does) and evaluates the compiled animations in the
/// order they were added, each seeing the result of the ones before.
package struct CompiledAnimation: Sendable {
    /// The animated property, nil for groups and transitions.
    var keyPath: String? { resolvedKeyPath?.name }
    /// The animated property, resolved when compiled.
    let resolvedKeyPath: AnimationKeyPath?
    /// Whether the animated property only moves or fades the layer's composited picture
    /// (position, transform, opacity, ...), so a rasterized image of the layer stays valid.
    package let movesCompositedPictureOnly: Bool
    /// Whether the animation writes nothing but the layer's `position` and `transform` (or
    /// parts of them), so that it can be evaluated on the placement alone (`LayerPlacement`).
    let writesPlacementOnly: Bool
    /// Whether evaluating the animation sets a transform component through the memo it is
    /// given (`PlanarRotationMemo`): a basic animation of `transform.rotation.z`, ... on numbers.
    let setsTransformComponent: Bool
    /// Which plain-value form `fieldForms` holds (`FieldForms.which`), read before any: testing
    /// an optional form for nil copies the form out first (about 30 instructions a form, layer
    /// and frame). Kept here, beside the flags read every frame, not at the end of the forms:
    /// there it would be one more cache line read a layer and frame.
    let formKind: FieldForms.Which
    /// The resolved timing (duration 0 already replaced by the default or the group's).
    package private(set) var timing: MediaTimingParameters
    /// The pacing curve applied to the fraction of each pass; nil is linear.
    let timingFunction: CAMediaTimingFunction?
    /// Whether the layer removes the animation when its active duration ends.
    let isRemovedOnCompletion: Bool
    /// What the animation computes.
    let kind: Kind
    /// The animation evaluated on numbers, for a basic or spring animation between numbers
    /// (kept out of `kind`, whose payload is copied out of its box when matched).
    let scalar: ScalarInterpolation?
    /// What paces `scalar`: its timing function's curve, or its spring for a spring animation.
    let scalarPacing: ScalarPacing
    /// The animation as plain values, for a basic or spring one of a value in a layer's state
    /// (`position.x`, `transform.rotation.z`, a point-valued `position`, a whole `transform`):
    /// see `StateFieldAnimation`.
    private(set) var fieldForms: FieldForms
    /// The number in a layer's state that `scalar` animates, when its key path names one.
    var scalarField: ScalarField? { fieldForms.scalar?.field }

    /// The evaluators of the animation classes.
    indirect enum Kind: Sendable {
        /// `CABasicAnimation`: interpolation between two endpoints.
        case basic(BasicValues, PropertyOptions)
        /// `CASpringAnimation`: the basic endpoints, paced by a damped spring over time.
        case spring(BasicValues, DampedSpring, PropertyOptions)
        /// `CAKeyframeAnimation` with `values`.
        case keyframes(KeyframeValues, PropertyOptions)
        /// `CAKeyframeAnimation` with a `path`, and its rotation mode.
        case path(KeyframePath, CAAnimationRotationMode?, PropertyOptions)
        /// `CAAnimationGroup`: children in the group's time.
        case group([CompiledAnimation])
        /// `CATransition`: a progress value the renderer draws.
        case transition(TransitionDescription)
    }

    /// The `CAPropertyAnimation` flags.
    struct PropertyOptions: Sendable, Equatable {
        /// Added to (for transforms: concatenated onto) the current value.
        var isAdditive = false
        /// Each repetition continues from the end of the previous one.
        var isCumulative = false
        /// Converts scalar values into a transform.
        var valueFunction: CAValueFunctionName?
    }

    /// Compiles a copy of `animation`. `presentationValue` is the property's presentation value
    /// when the animation is added (the start of a basic animation with no `fromValue`; for the
    /// implicit "no values" case the integrator passes the old presentation value), and
    /// `modelValue` its model value (used where the layer has no value at the key path yet).
    /// Throws `AnimationCompileError` for values that cannot be animated.
    init(_ animation: CAAnimation, presentationValue: AnimatableValue?, modelValue: AnimatableValue?) throws {
        try self.init(animation, presentationValue: presentationValue, modelValue: modelValue,
                      inheritedDuration: CAAnimation.defaultDuration)
    }

    private init(_ animation: CAAnimation, presentationValue: AnimatableValue?, modelValue: AnimatableValue?,
                 inheritedDuration: CFTimeInterval) throws {
        let duration = animation.duration > 0 ? animation.duration : inheritedDuration
        timing = MediaTimingParameters(animation, duration: duration)
        timingFunction = animation.timingFunction
        isRemovedOnCompletion = animation.isRemovedOnCompletion
        switch animation {
        case let group as CAAnimationGroup:
            resolvedKeyPath = nil
            // Children take the group's duration when they have none (000:951-982).
            // They get no captured presentation value: a child without `fromValue` starts from
            // the property's current value when evaluated. A child that cannot be compiled
            // makes the whole group fail, so that the error is not silently dropped.
            kind = .group(try (group.animations ?? []).map {
                try CompiledAnimation($0, presentationValue: nil, modelValue: nil, inheritedDuration: duration)
            })
        case let transition as CATransition:
            resolvedKeyPath = nil
            kind = .transition(TransitionDescription(transition))
        case let property as CAPropertyAnimation:
            guard let path = property.keyPath, !path.isEmpty else { throw AnimationCompileError.missingKeyPath }
            resolvedKeyPath = AnimationKeyPath(path)
            let options = PropertyOptions(isAdditive: property.isAdditive, isCumulative: property.isCumulative,
                                          valueFunction: property.valueFunction?.name)
            switch property {
            case let spring as CASpringAnimation:
                kind = .spring(try BasicValues(spring, presentationValue: presentationValue, modelValue: modelValue),
                               spring.dampedSpring, options)
            case let basic as CABasicAnimation:
                kind = .basic(try BasicValues(basic, presentationValue: presentationValue, modelValue: modelValue), options)
            case let keyframe as CAKeyframeAnimation:
                kind = try Self.compileKeyframes(keyframe, options: options)
            default:
                throw AnimationCompileError.unsupportedAnimationClass(String(describing: type(of: animation)))
            }
        default:
            throw AnimationCompileError.unsupportedAnimationClass(String(describing: type(of: animation)))
        }
        movesCompositedPictureOnly = Self.movesCompositedPictureOnly(resolvedKeyPath?.name)
        writesPlacementOnly = Self.writesPlacementOnly(kind, keyPath: resolvedKeyPath)
        (scalar, scalarPacing, fieldForms) = Self.scalarForm(of: kind, timing: timing, timingFunction: timingFunction,
                                                             keyPath: resolvedKeyPath)
        setsTransformComponent = fieldForms.setsTransformComponent
        formKind = fieldForms.which
    }

    /// The scalar evaluation of a basic or spring animation between numbers, its pacing, and
    /// the plain-value form of one of a field of a layer's state (a number, a point, the
    /// transform) when its key path names one.
    private static func scalarForm(of kind: Kind, timing: MediaTimingParameters, timingFunction: CAMediaTimingFunction?,
                                   keyPath: AnimationKeyPath?) -> (ScalarInterpolation?, ScalarPacing, FieldForms) {
        let values: BasicValues, options: PropertyOptions, spring: DampedSpring?
        switch kind {
        case let .basic(v, o): (values, options, spring) = (v, o, nil)
        case let .spring(v, dampedSpring, o): (values, options, spring) = (v, o, dampedSpring)
        default: return (nil, ScalarPacing(timingFunction: timingFunction, spring: nil), .none)
        }
        let pacing = ScalarPacing(timingFunction: timingFunction, spring: spring)
        let forms = keyPath.map {
            FieldForms(keyPath: $0, timing: timing, values: values, options: options, pacing: pacing)
        } ?? .none
        return (ScalarInterpolation(values, options: options), pacing, forms)
    }

    private static func compileKeyframes(_ animation: CAKeyframeAnimation, options: PropertyOptions) throws -> Kind {
        let keyTimes = animation.keyTimes?.map(\.doubleValue)
        let functions: [CAMediaTimingFunction?] = animation.timingFunctions ?? []
        if let path = animation.path {
            guard let sampled = SampledPath(segments: pathSegments(of: path)) else { throw AnimationCompileError.noKeyframes }
            return .path(KeyframePath(path: sampled, mode: animation.calculationMode, keyTimes: keyTimes,
                                      timingFunctions: functions), animation.rotationMode, options)
        }
        guard let raw = animation.values, !raw.isEmpty else { throw AnimationCompileError.noKeyframes }
        let values = try raw.enumerated().map { index, value in
            try convert(value, property: "values[\(index)]")
        }
        func numbers(_ list: [NSNumber]?) -> [Double] { list?.map(\.doubleValue) ?? [] }
        return .keyframes(KeyframeValues(values: values, mode: animation.calculationMode, keyTimes: keyTimes,
                                         timingFunctions: functions, tension: numbers(animation.tensionValues),
                                         continuity: numbers(animation.continuityValues),
                                         bias: numbers(animation.biasValues)), options)
    }

    /// Converts a public `Any` value, or throws naming the property it came from.
    static func convert(_ value: Any, property: String) throws -> AnimatableValue {
        guard let converted = AnimatableValue(value) else {
            throw AnimationCompileError.unsupportedValue(property: property, type: String(describing: type(of: value)))
        }
        return converted
    }
}

extension CompiledAnimation {
    /// This animation begun at `beginTime` (in its parent's time) instead: what compiling it
    /// again with that `beginTime` and the same values gives, without converting its values
    /// again. A layer gives an animation added with `beginTime` 0 its start when the
    /// transaction commits (`CALayer.startPendingAnimations(at:)`); only the timing of the
    /// animation itself moves (a group's children run in the group's time) and the plain-value
    /// forms that carry it (`FieldForms.retimed(_:)`).
    func starting(at beginTime: CFTimeInterval) -> CompiledAnimation {
        var moved = self
        moved.timing.beginTime = beginTime
        moved.fieldForms = fieldForms.retimed(moved.timing)
        return moved
    }
}

extension CompiledAnimation {
    /// Creates a compiled animation from its parts, for layers that synthesise animations
    /// (and for tests of evaluators, such as paths, that have no public route yet).
    init(keyPath: String?, timing: MediaTimingParameters, timingFunction: CAMediaTimingFunction? = nil,
         isRemovedOnCompletion: Bool = true, kind: Kind) {
        resolvedKeyPath = keyPath.map(AnimationKeyPath.init)
        movesCompositedPictureOnly = Self.movesCompositedPictureOnly(keyPath)
        writesPlacementOnly = Self.writesPlacementOnly(kind, keyPath: resolvedKeyPath)
        self.timing = timing
        self.timingFunction = timingFunction
        self.isRemovedOnCompletion = isRemovedOnCompletion
        self.kind = kind
        (scalar, scalarPacing, fieldForms) = Self.scalarForm(of: kind, timing: timing, timingFunction: timingFunction,
                                                             keyPath: resolvedKeyPath)
        setsTransformComponent = fieldForms.setsTransformComponent
        formKind = fieldForms.which
    }
}

extension CompiledAnimation {
    /// Key paths (and their sub-paths) whose animation moves or fades a layer's composited
    /// picture without changing it.
    private static let compositingKeyPaths = ["position", "transform", "zPosition", "anchorPoint", "opacity",
                                              "hidden", "shadow"]

    /// Whether an animation of `keyPath` only moves or fades the composited picture; decided
    /// once when the animation is compiled, not per frame.
    private static func movesCompositedPictureOnly(_ keyPath: String?) -> Bool {
        guard let keyPath else { return false }
        return compositingKeyPaths.contains { keyPath.hasPrefix($0) }
    }
}
