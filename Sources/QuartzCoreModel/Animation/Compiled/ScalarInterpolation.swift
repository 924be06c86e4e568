import Foundation

/// A basic or spring animation between numbers (`position.x`, `opacity`,
/// `transform.rotation.z`, `cornerRadius`, ...), evaluated on `Double`s: the same arithmetic,
/// in the same order, as the general path through `AnimatableValue` (interpolation, cumulative
/// offset, additive sum), without building, copying and matching a value enum for each step.
///
/// Made when the animation is compiled, for a property animation without a value function whose
/// endpoints are numbers or the property's current value. When an endpoint or the additive sum
/// needs the current value and the target holds no number at the key path, `apply` returns
/// false, having written nothing, and the general path evaluates the animation instead (it then
/// falls back on the model value, or leaves the target as it is, as before).
struct ScalarInterpolation: Sendable {
    /// One end of the animation (`BasicValues.Endpoint`, numbers only).
    enum Endpoint: Sendable, Equatable {
        /// A fixed number.
        case value(Double)
        /// The property's current value when evaluated.
        case current
        /// The property's current value when evaluated, plus a number.
        case currentPlus(Double)

        /// The endpoint of `endpoint`, or nil when it holds something other than a number.
        init?(_ endpoint: BasicValues.Endpoint) {
            switch endpoint {
            case .value(.scalar(let v)): self = .value(v)
            case .current: self = .current
            case .currentPlus(.scalar(let b)): self = .currentPlus(b)
            default: return nil
            }
        }

        var readsCurrent: Bool {
            if case .value = self { return false }
            return true
        }

        /// The number this endpoint stands for, given the current value.
        func resolved(current: Double) -> Double {
            switch self {
            case .value(let v): return v
            case .current: return current
            // `AnimatableValue.adding` on two scalars: current + b.
            case .currentPlus(let b): return current + b
            }
        }
    }

    let from: Endpoint
    let to: Endpoint
    let isAdditive: Bool
    let isCumulative: Bool
    /// Whether evaluating reads the property's current value.
    let readsCurrent: Bool

    /// The scalar form of a basic animation's `values` and `options`, or nil when it has a value
    /// function or an endpoint that is not a number.
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

    /// Writes the animated number at `progress` of repetition `iteration` to `keyPath` of
    /// `target`; false, writing nothing, when a current value is needed and is not a number.
    func apply<T: AnimationTarget>(progress: Double, iteration: Int, keyPath: AnimationKeyPath,
                                   to target: inout T) -> Bool {
        var current = 0.0
        if readsCurrent {
            guard let read = target.scalarValue(at: keyPath) else { return false }
            current = read
        }
        target.setScalarValue(value(progress: progress, iteration: iteration, current: current), at: keyPath)
        return true
    }

    /// `apply(progress:iteration:keyPath:to:)` for the number `field` of a layer's state (what
    /// `LayerState` reads and writes at a key path that names it) or of its placement alone,
    /// read and written in place;
    /// a rotation about z of a flat transform is set through `memo`.
    func apply<Holder: ScalarFieldHolder>(progress: Double, iteration: Int, field: ScalarField, to state: inout Holder,
                                          memo: inout PlanarRotationMemo) -> Bool {
        var current = 0.0
        if readsCurrent {
            guard let read = state.scalarValue(of: field) else { return false }
            current = read
        }
        state.setScalar(value(progress: progress, iteration: iteration, current: current), of: field, memo: &memo)
        return true
    }

    /// The animated number at `progress` of repetition `iteration`, `current` being the
    /// property's current value (read only when `readsCurrent`).
    private func value(progress: Double, iteration: Int, current: Double) -> Double {
        let start = from.resolved(current: current), end = to.resolved(current: current)
        // `AnimatableValue.interpolate` on two scalars.
        var value = start + (end - start) * progress
        // The cumulative offset and sum of `CompiledAnimation.write`, on scalars.
        if isCumulative, iteration > 0 {
            value = value + (end - start) * Double(iteration)
        }
        // `current.adding(value)`: the current value first.
        if isAdditive { value = current + value }
        return value
    }
}
