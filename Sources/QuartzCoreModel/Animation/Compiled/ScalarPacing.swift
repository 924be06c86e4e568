import Foundation

/// What paces a scalar animation (`ScalarInterpolation`) through each pass, kept inline in the
/// compiled animation as a plain value: evaluating it reads no reference (the timing function
/// is a class, retained and released where it is read at every frame).
enum ScalarPacing: Sendable {
    /// No timing function: the fraction of the pass.
    case fraction
    /// A timing function's curve applied to the fraction of the pass.
    case curve(TimingCurve)
    /// A spring animation's spring, on the seconds into the pass: it replaces the timing
    /// function (`CASpringAnimation`).
    case spring(DampedSpring)

    /// The pacing of an animation with `timingFunction` and, for a spring animation, `spring`.
    init(timingFunction: CAMediaTimingFunction?, spring: DampedSpring?) {
        if let spring {
            self = .spring(spring)
        } else if let timingFunction {
            self = .curve(timingFunction.curve)
        } else {
            self = .fraction
        }
    }

    /// The progress at `sample`: what the general path computes from the same sample.
    func progress(at sample: TimingSample) -> Double {
        switch self {
        case .fraction: return sample.fraction
        case .curve(let curve): return curve.value(at: sample.fraction)
        case .spring(let spring): return spring.progress(at: sample.time)
        }
    }
}
