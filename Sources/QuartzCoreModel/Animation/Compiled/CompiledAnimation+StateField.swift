import Foundation

/// A basic or spring animation of a value stored in a layer's state (`position.x`, `opacity`,
/// `transform.rotation.z`, a point-valued `position`, a whole `transform`, ...), which most
/// running animations are, as plain values only: its timing, interpolation, pacing (the timing
/// function's curve or the spring) and the field it writes.
///
/// A compiled animation keeps one inline (`FieldForms`). Read out of the animation's storage
/// it is a plain load, where a call on the animation itself copies the whole animation first
/// (its key path's string and closures, its timing function, retained and released), as the
/// compiler must when the animation is read through a pointer while the state is written.
///
/// Its fields are in the order a frame reads them: the timing's identity, the interpolation and
/// the field for every layer; the timing and the pacing only when the frame's memo of timings
/// (`AnimationTimingMemo`) does not hold the identity's progress (the first layer of many).
struct StateFieldAnimation<Field: AnimatedField>: Sendable {
    /// The number of `timing` and `pacing` (`TimingIdentity`), shared with the animations
    /// whose timing is the same: their timing is evaluated once a frame (`AnimationTimingMemo`).
    let timingIdentity: Int
    let interpolation: BasicInterpolation<Field.Value>
    let field: Field
    let timing: MediaTimingParameters
    let pacing: ScalarPacing

    init(timing: MediaTimingParameters, interpolation: BasicInterpolation<Field.Value>, pacing: ScalarPacing,
         field: Field) {
        (self.timing, self.interpolation, self.pacing, self.field) = (timing, interpolation, pacing, field)
        timingIdentity = TimingIdentity.of(timing, pacing: pacing)
    }

    /// The same animation with `timing` instead (its identity looked up again).
    func retimed(_ timing: MediaTimingParameters) -> StateFieldAnimation {
        StateFieldAnimation(timing: timing, interpolation: interpolation, pacing: pacing, field: field)
    }

    /// `CompiledAnimation.apply(to:parentTime:)` on a layer's state, for the form at `form`,
    /// with its result bit for bit. Returns false, having written nothing, where the value
    /// cannot be read (a transform component of a transform that cannot be decomposed): the
    /// caller then calls `apply(to:parentTime:)`, which takes the general path.
    ///
    /// A rotation about z of a flat transform is set through `memo` (`PlanarRotationMemo`:
    /// the same result, the transform decomposed only when it is not the one decomposed last).
    ///
    /// `state` may be a layer's placement alone (`LayerPlacement`), when `field.isPlacement`.
    ///
    /// The timing is looked up in `timings` (`AnimationTimingMemo`), under `slot`, the
    /// animation's place in its layer's list: evaluated once for the layers whose animations
    /// share it. The timing and the pacing are read through `form` only when the memo does not
    /// hold them: a closure that captures them copies both first (about 25 instructions an
    /// animation and frame, for the first layer's sake).
    static func apply<Holder: AnimatedFieldHolder>(_ form: UnsafePointer<Self>, to state: inout Holder,
                                                   parentTime: CFTimeInterval, memo: inout PlanarRotationMemo,
                                                   timings: inout AnimationTimingMemo, slot: Int) -> Bool {
        // Outside the active interval without a fill, nothing is written (the model value shows).
        let paced = timings.progress(identity: form.pointee.timingIdentity, atParentTime: parentTime, slot: slot) {
            guard let sample = form.pointee.timing.sample(atParentTime: parentTime) else { return nil }
            return (form.pointee.pacing.progress(at: sample), sample.iteration)
        }
        guard let paced else { return true }
        return form.pointee.interpolation.apply(progress: paced.progress, iteration: paced.iteration,
                                                field: form.pointee.field, to: &state, memo: &memo)
    }
}

/// The plain-value forms of a basic or spring animation of a field of a layer's state, by the
/// kind of value the field holds; at most one is set. Each is read on its own, where it lies in
/// the animation's storage (`CompiledAnimation.apply(_:to:localTime:memo:)`): a
/// number's, which most running animations have, is a plain load of a few words, not a copy of
/// a larger form or a retain.
struct FieldForms: Sendable {
    /// A number: `position.x`, `opacity`, `transform.rotation.z`, ...
    let scalar: StateFieldAnimation<ScalarField>?
    /// A point: `position`, `anchorPoint`.
    let point: StateFieldAnimation<PointField>?
    /// The whole `transform` (in a box: its endpoints would make every animation larger).
    let transform: TransformFieldAnimation?
    /// Which form is set (kept by the compiled animation too: `CompiledAnimation.formKind`).
    var which: Which {
        scalar != nil ? .scalar : point != nil ? .point : transform != nil ? .transform : .none
    }

    /// The form a `FieldForms` holds.
    enum Which: UInt8, Sendable {
        case none, scalar, point, transform
    }

    /// Whether the form sets a transform component, through the memo it is given.
    var setsTransformComponent: Bool {
        guard case .transform? = scalar?.field else { return false }
        return true
    }

    /// No form: the animation takes the general path.
    static let none = FieldForms(scalar: nil, point: nil, transform: nil)

    private init(scalar: StateFieldAnimation<ScalarField>?, point: StateFieldAnimation<PointField>?,
                 transform: TransformFieldAnimation?) {
        (self.scalar, self.point, self.transform) = (scalar, point, transform)
    }

    /// The forms with `timing` instead: those of the same animation compiled with that timing.
    func retimed(_ timing: MediaTimingParameters) -> FieldForms {
        FieldForms(scalar: scalar?.retimed(timing), point: point?.retimed(timing),
                   transform: transform.map { TransformFieldAnimation($0.animation.retimed(timing)) })
    }

    /// The form of an animation with `timing`, `values`, `options` and `pacing` of the value at
    /// `keyPath`, where the key path names a field that holds the kind of value `values` holds.
    init(keyPath: AnimationKeyPath, timing: MediaTimingParameters, values: BasicValues,
         options: CompiledAnimation.PropertyOptions, pacing: ScalarPacing) {
        func form<Field: AnimatedField>(_ field: Field?) -> StateFieldAnimation<Field>? {
            guard let field, let interpolation = BasicInterpolation<Field.Value>(values, options: options) else {
                return nil
            }
            return StateFieldAnimation(timing: timing, interpolation: interpolation, pacing: pacing, field: field)
        }
        guard case let .geometry(property, part) = keyPath.resolution else {
            self = .none
            return
        }
        self.init(scalar: form(keyPath.scalarField), point: form(PointField(property, part)),
                  transform: form(TransformField(property, part)).map(TransformFieldAnimation.init))
    }
}

extension FieldForms {
    /// The form at `path` (`scalar` or `point`) of the animation at `animation`, which holds
    /// it (its `formKind` says so), where it lies in the animation's storage: the form's
    /// methods read only the fields they use through it, where binding the optional out copies
    /// all of the form first. (An optional of a structure holds its payload at its start.)
    @inline(__always)
    static func form<Form>(_ path: KeyPath<FieldForms, Form?>,
                           in animation: UnsafePointer<CompiledAnimation>) -> UnsafePointer<Form> {
        let offset = MemoryLayout<CompiledAnimation>.offset(of: \.fieldForms)!
            + MemoryLayout<FieldForms>.offset(of: path)!
        return UnsafeRawPointer(animation).advanced(by: offset).assumingMemoryBound(to: Form.self)
    }
}

/// A basic animation of the whole `transform` on its plain values, kept out of line.
final class TransformFieldAnimation: Sendable {
    let animation: StateFieldAnimation<TransformField>

    init(_ animation: StateFieldAnimation<TransformField>) { self.animation = animation }
}

extension CompiledAnimation {
    /// `apply(to:parentTime:)` on a layer's state through its plain-value form (`fieldForms`)
    /// when the animation has one; false, having written nothing, otherwise (and where the form
    /// declines).
    func applyToField(of state: inout LayerState, parentTime: CFTimeInterval) -> Bool {
        var memo = PlanarRotationMemo()
        var timings = AnimationTimingMemo()
        return [self].withUnsafeBufferPointer {
            Self.applyForm(of: $0.baseAddress!, to: &state, parentTime: parentTime, memo: &memo, timings: &timings, slot: 0)
        }
    }

    /// Applies the plain-value form of the animation at `animation` to `target`: true when it
    /// has one that applied (`StateFieldAnimation.apply(to:parentTime:memo:timings:slot:)`).
    static func applyForm<Target: AnimatedFieldHolder>(of animation: UnsafePointer<CompiledAnimation>,
                                                       to target: inout Target, parentTime: CFTimeInterval,
                                                       memo: inout PlanarRotationMemo, timings: inout AnimationTimingMemo,
                                                       slot: Int) -> Bool {
        // Each read out on its own, and only the one that is set (`formKind`): a call on the
        // animation while the target is written copies the animation.
        // The number's and the point's read where they lie (`FieldForms.form(_:in:)`): copied
        // out, the whole form was read, its timing too, which a frame whose timings are memoized
        // (`AnimationTimingMemo`) reads only for the first layer.
        switch animation.pointee.formKind {
        case .scalar:
            return StateFieldAnimation.apply(FieldForms.form(\.scalar, in: animation), to: &target, parentTime: parentTime,
                                             memo: &memo, timings: &timings, slot: slot)
        case .point:
            return StateFieldAnimation.apply(FieldForms.form(\.point, in: animation), to: &target, parentTime: parentTime,
                                             memo: &memo, timings: &timings, slot: slot)
        case .transform:
            guard let form = animation.pointee.fieldForms.transform else { return false }
            return withUnsafePointer(to: form.animation) {
                StateFieldAnimation.apply($0, to: &target, parentTime: parentTime, memo: &memo, timings: &timings, slot: slot)
            }
        case .none:
            return false
        }
    }
}
