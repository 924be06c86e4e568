import Foundation

extension CompiledAnimation {
    /// Where `parentTime` lies relative to the animation's active interval.
    package func phase(atParentTime parentTime: CFTimeInterval) -> TimingPhase {
        timing.phase(atParentTime: parentTime)
    }

    /// Whether the active interval is over at `parentTime`: the layer then calls
    /// `animationDidStop(_:finished: true)`, and removes the animation when `shouldRemove`.
    func isFinished(atParentTime parentTime: CFTimeInterval) -> Bool {
        phase(atParentTime: parentTime) == .after
    }

    /// Whether the layer should remove the animation at `parentTime`: it has finished and
    /// `isRemovedOnCompletion` is set (a filling animation stays only when it is not).
    func shouldRemove(atParentTime parentTime: CFTimeInterval) -> Bool {
        isRemovedOnCompletion && isFinished(atParentTime: parentTime)
    }

    /// The transition's progress at `parentTime` (0 = before state, 1 = after state), or nil
    /// when this is not a transition or the transition shows nothing at that time.
    package func transitionProgress(atParentTime parentTime: CFTimeInterval) -> Double? {
        guard case let .transition(description) = kind,
              let sample = timing.sample(atParentTime: parentTime) else { return nil }
        return description.progress(at: timingFunction?.value(at: sample.fraction) ?? sample.fraction)
    }

    /// Applies the animation at `parentTime` (the layer's local time, or a group's) to `target`:
    /// reads the current value at the key path, computes the animated value — added to the
    /// current value when additive, accumulated over repeats when cumulative — and writes it
    /// back. Writes nothing outside the active interval unless the fill mode fills it, and
    /// returns the phase so the layer can finish and remove the animation.
    ///
    /// A basic or spring animation between numbers is evaluated on `Double`s
    /// (`ScalarInterpolation`), with the same result; `scalarShortcut: false` evaluates it
    /// through `AnimatableValue`s, as every other animation is (for tests that compare the two).
    @discardableResult
    package func apply<T: AnimationTarget>(to target: inout T, parentTime: CFTimeInterval,
                                           scalarShortcut: Bool = true) -> TimingPhase {
        guard let sample = timing.sample(atParentTime: parentTime) else { return timing.phase(atParentTime: parentTime) }
        if scalarShortcut, let scalar, let keyPath = resolvedKeyPath {
            // A spring replaces the timing curve and runs on local seconds, as below.
            let progress = scalarPacing.progress(at: sample)
            if scalar.apply(progress: progress, iteration: sample.iteration, keyPath: keyPath, to: &target) {
                return sample.phase
            }
        }
        let phase = sample.phase
        let eased = timingFunction?.value(at: sample.fraction) ?? sample.fraction
        switch kind {
        case let .group(children):
            // Children run in the group's time: seconds into its current pass (warped by the
            // group's timing function when it has one). They never see a time past the group's
            // duration, so longer children are cut at the group's end.
            let groupTime = timingFunction == nil ? sample.time : eased * timing.duration
            for child in children { child.apply(to: &target, parentTime: groupTime, scalarShortcut: scalarShortcut) }
        case .transition:
            break
        case let .basic(values, options):
            applyBasic(values, progress: eased, options: options, iteration: sample.iteration, to: &target)
        case let .spring(values, spring, options):
            // The spring replaces the timing curve and runs on local seconds, not on the fraction.
            applyBasic(values, progress: spring.progress(at: sample.time), options: options,
                       iteration: sample.iteration, to: &target)
        case let .keyframes(keyframes, options):
            let (first, last) = keyframes.endpoints
            write(keyframes.value(at: eased), start: first, end: last, options: options,
                  iteration: sample.iteration, to: &target)
        case let .path(path, rotationMode, options):
            let (position, angle) = path.sample(at: eased)
            let start = path.sample(at: 0).position, end = path.sample(at: 1).position
            write(.point(position), start: .point(start), end: .point(end), options: options,
                  iteration: sample.iteration, to: &target)
            if let rotationMode { applyRotation(angle, mode: rotationMode, to: &target) }
        }
        return phase
    }

    private func applyBasic<T: AnimationTarget>(_ values: BasicValues, progress: Double, options: PropertyOptions,
                                                iteration: Int, to target: inout T) {
        guard let keyPath = resolvedKeyPath else { return }
        // With a value function the values are the function's scalar inputs, and "current"
        // means the function's identity input rather than the property's transform.
        let resolved = values.resolve {
            options.valueFunction.map(Self.identityInput) ?? target.animatableValue(at: keyPath)
        }
        guard let (start, end) = resolved else { return }
        write(AnimatableValue.interpolate(start, end, fraction: progress), start: start, end: end,
              options: options, iteration: iteration, to: &target)
    }

    /// Finishes an animated value (cumulative offset, value function, additive sum) and writes it.
    private func write<T: AnimationTarget>(_ animated: AnimatableValue, start: AnimatableValue, end: AnimatableValue,
                                           options: PropertyOptions, iteration: Int, to target: inout T) {
        guard let keyPath = resolvedKeyPath else { return }
        var value = animated
        // Cumulative: repetition k continues from where repetition k-1 ended, adding k times
        // the distance of one repetition (chosen so that the motion is continuous; Apple's
        // documentation is silent).
        if options.isCumulative, iteration > 0,
           let offset = end.combined(with: start, { ($0 - $1) * Double(iteration) }),
           let sum = value.combined(with: offset, +) {
            value = sum
        }
        if let function = options.valueFunction, let transform = Self.transform(function, value) {
            value = .transform(transform)
        }
        if options.isAdditive, let current = target.animatableValue(at: keyPath),
           let sum = current.adding(value) {
            value = sum
        }
        target.setAnimatableValue(value, at: keyPath)
    }

    /// `rotationMode`: the path's tangent angle (plus π for auto-reverse) is added to the
    /// layer's `transform.rotation.z`, which is how Apple turns the layer to follow the path.
    private func applyRotation<T: AnimationTarget>(_ angle: Double, mode: CAAnimationRotationMode, to target: inout T) {
        let key = Self.rotationZ
        let base = target.animatableValue(at: key)?.scalarValue ?? 0
        let turn = mode == .rotateAutoReverse ? angle + .pi : angle
        target.setAnimatableValue(.scalar(base + turn), at: key)
    }

    private static let rotationZ = AnimationKeyPath("transform.rotation.z")

    /// The input for which `function` gives the identity: 1 for scales, 0 otherwise.
    private static func identityInput(_ function: CAValueFunctionName) -> AnimatableValue {
        switch function {
        case .scale: return .array([.scalar(1), .scalar(1), .scalar(1)])
        case .translate: return .array([.scalar(0), .scalar(0), .scalar(0)])
        case .scaleX, .scaleY, .scaleZ: return .scalar(1)
        default: return .scalar(0)
        }
    }

    /// The transform `function` makes of a scalar or an array of scalars.
    private static func transform(_ function: CAValueFunctionName, _ value: AnimatableValue) -> CATransform3D? {
        let inputs: [CGFloat]
        switch value {
        case let .scalar(x): inputs = [CGFloat(x)]
        case let .array(items):
            let scalars = items.compactMap(\.scalarValue)
            guard scalars.count == items.count else { return nil }
            inputs = scalars.map { CGFloat($0) }
        default: return nil
        }
        return CATransform3D.valueFunctionTransform(name: function.rawValue, values: inputs)
    }
}
