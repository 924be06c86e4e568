/// The start and end of a basic animation, from its `fromValue`, `toValue` and `byValue` by
/// the rules of Apple's CABasicAnimation header (001:4606 defers to it):
/// - from and to: from → to (a `byValue` given as well is ignored);
/// - from and by: from → from + by;
/// - by and to: to − by → to;
/// - from only: from → the property's current value (the model value, with the animations
///   added before this one applied);
/// - to only: the presentation value when added → to;
/// - by only: the presentation value when added → that + by;
/// - none: the presentation value when added (the old presentation value, for an implicit
///   animation) → the current value (the new model value).
/// Where no presentation value was captured the current value at evaluation time stands in.
struct BasicValues: Sendable, Equatable {
    /// One end of the animation.
    enum Endpoint: Sendable, Equatable {
        /// A fixed value.
        case value(AnimatableValue)
        /// The property's current value when evaluated.
        case current
        /// The property's current value when evaluated, plus a value.
        case currentPlus(AnimatableValue)
    }

    let from: Endpoint
    let to: Endpoint
    /// The model value when added, used when the target has no value at the key path.
    let modelValue: AnimatableValue?

    init(_ animation: CABasicAnimation, presentationValue: AnimatableValue?, modelValue: AnimatableValue?) throws {
        let from = try animation.fromValue.map { try CompiledAnimation.convert($0, property: "fromValue") }
        let to = try animation.toValue.map { try CompiledAnimation.convert($0, property: "toValue") }
        let by = try animation.byValue.map { try CompiledAnimation.convert($0, property: "byValue") }
        self.modelValue = modelValue
        let captured: Endpoint = presentationValue.map { .value($0) } ?? .current
        switch (from, to, by) {
        case let (f?, t?, _):
            (self.from, self.to) = (.value(f), .value(t))
        case let (f?, nil, b?):
            guard let sum = f.adding(b) else { throw AnimationCompileError.incompatibleValues("fromValue + byValue") }
            (self.from, self.to) = (.value(f), .value(sum))
        case let (nil, t?, b?):
            guard let difference = t.subtracting(b) else { throw AnimationCompileError.incompatibleValues("toValue - byValue") }
            (self.from, self.to) = (.value(difference), .value(t))
        case let (f?, nil, nil):
            (self.from, self.to) = (.value(f), .current)
        case let (nil, t?, nil):
            (self.from, self.to) = (captured, .value(t))
        case let (nil, nil, b?):
            if let presentationValue {
                guard let sum = presentationValue.adding(b) else {
                    throw AnimationCompileError.incompatibleValues("presentation value + byValue")
                }
                (self.from, self.to) = (.value(presentationValue), .value(sum))
            } else {
                (self.from, self.to) = (.current, .currentPlus(b))
            }
        case (nil, nil, nil):
            (self.from, self.to) = (captured, .current)
        }
    }

    /// The start and end values, given the property's current value; nil when an endpoint needs
    /// a current value that is missing or cannot take the `byValue`. `current` is asked for only
    /// when an endpoint needs it, and once: reading a property through its key path costs more
    /// than the interpolation (a transform's rotation is a decomposition).
    func resolve(current: () -> AnimatableValue?) -> (from: AnimatableValue, to: AnimatableValue)? {
        var read: AnimatableValue??
        func currentValue() -> AnimatableValue? {
            if let read { return read }
            let value = current()
            read = .some(value)
            return value
        }
        func value(_ endpoint: Endpoint) -> AnimatableValue? {
            switch endpoint {
            case let .value(v): return v
            case .current: return currentValue() ?? modelValue
            case let .currentPlus(b): return (currentValue() ?? modelValue)?.adding(b)
            }
        }
        guard let start = value(from), let end = value(to) else { return nil }
        return (start, end)
    }
}
