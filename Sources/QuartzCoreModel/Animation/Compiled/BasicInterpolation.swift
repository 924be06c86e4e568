import Foundation

/// A basic or spring animation between plain values — numbers (`position.x`, `opacity`,
/// `transform.rotation.z`, `cornerRadius`, ...), points (`position`) or transforms
/// (`transform`) — evaluated on the values themselves: the same arithmetic, in the same order,
/// as the general path through `AnimatableValue` (interpolation, cumulative offset, additive
/// sum; `BasicAnimatedValue`), without building, copying and matching a value enum for each step.
///
/// Made when the animation is compiled, for a property animation without a value function whose
/// endpoints are such values or the property's current value. When an endpoint or the additive
/// sum needs the current value and the target holds no such value at the key path, `apply`
/// returns false, having written nothing, and the general path evaluates the animation instead
/// (it then falls back on the model value, or leaves the target as it is, as before).
struct BasicInterpolation<Value: BasicAnimatedValue>: Sendable {
    /// One end of the animation (`BasicValues.Endpoint`, of `Value`s only).
    enum Endpoint: Sendable {
        /// A fixed value.
        case value(Value)
        /// The property's current value when evaluated.
        case current
        /// The property's current value when evaluated, plus a value.
        case currentPlus(Value)

        /// The endpoint of `endpoint`, or nil when it holds something other than a `Value`.
        init?(_ endpoint: BasicValues.Endpoint) {
            switch endpoint {
            case .value(let v):
                guard let value = Value(animatable: v) else { return nil }
                self = .value(value)
            case .current: self = .current
            case .currentPlus(let b):
                guard let value = Value(animatable: b) else { return nil }
                self = .currentPlus(value)
            }
        }

        var readsCurrent: Bool {
            if case .value = self { return false }
            return true
        }

        /// The value this endpoint stands for, given the current value.
        func resolved(current: Value) -> Value {
            switch self {
            case .value(let v): return v
            case .current: return current
            // `AnimatableValue.adding`: current, then b.
            case .currentPlus(let b): return current.adding(b)
            }
        }
    }

    let from: Endpoint
    let to: Endpoint
    let isAdditive: Bool
    let isCumulative: Bool
    /// Whether evaluating reads the property's current value.
    let readsCurrent: Bool

    /// The plain form of a basic animation's `values` and `options`, or nil when it has a value
    /// function or an endpoint that is not a `Value`.
    init?(_ values: BasicValues, options: CompiledAnimation.PropertyOptions) {
        guard options.valueFunction == nil, let from = Endpoint(values.from), let to = Endpoint(values.to) else {
            return nil
        }
        self.from = from
        self.to = to
        isAdditive = options.isAdditive
        isCumulative = options.isCumulative
        readsCurrent = from.readsCurrent || to.readsCurrent || options.isAdditive
    }

    /// `apply(progress:iteration:keyPath:to:)` for the field `field` of a layer's state (what
    /// `LayerState` reads and writes at a key path that names it) or of its placement alone,
    /// read and written in place; a rotation about z of a flat transform is set through `memo`.
    func apply<Field: AnimatedField, Holder: AnimatedFieldHolder>(
        progress: Double, iteration: Int, field: Field, to state: inout Holder, memo: inout PlanarRotationMemo
    ) -> Bool where Field.Value == Value {
        guard let current = current(reading: { state.value(of: field) }) else { return false }
        state.set(value(progress: progress, iteration: iteration, current: current), of: field, memo: &memo)
        return true
    }

    /// The current value the endpoints and the sum are resolved with: `read()` when evaluating
    /// reads it (`readsCurrent`), nil when that finds none; else the start, which nothing reads.
    func current(reading read: () -> Value?) -> Value? {
        guard readsCurrent else {
            guard case .value(let start) = from else { return nil }
            return start
        }
        return read()
    }

    /// The animated value at `progress` of repetition `iteration`, `current` being the
    /// property's current value (read only when `readsCurrent`).
    func value(progress: Double, iteration: Int, current: Value) -> Value {
        let start = from.resolved(current: current), end = to.resolved(current: current)
        // `AnimatableValue.interpolate`.
        var value = start.interpolated(to: end, fraction: progress)
        // The cumulative offset and sum of `CompiledAnimation.write`.
        if isCumulative, iteration > 0 {
            value = value.accumulated(from: start, to: end, iteration: iteration)
        }
        // `current.adding(value)`: the current value first.
        if isAdditive { value = current.adding(value) }
        return value
    }
}

/// A basic animation between numbers.
typealias ScalarInterpolation = BasicInterpolation<Double>

extension BasicInterpolation where Value == Double {
    /// Writes the animated number at `progress` of repetition `iteration` to `keyPath` of
    /// `target`; false, writing nothing, when a current value is needed and is not a number.
    func apply<T: AnimationTarget>(progress: Double, iteration: Int, keyPath: AnimationKeyPath,
                                   to target: inout T) -> Bool {
        guard let current = current(reading: { target.scalarValue(at: keyPath) }) else { return false }
        target.setScalarValue(value(progress: progress, iteration: iteration, current: current), at: keyPath)
        return true
    }
}
