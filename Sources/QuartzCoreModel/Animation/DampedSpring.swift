import Foundation

/// The closed-form motion of a damped harmonic oscillator `m x'' + c x' + k x = 0` released at
/// displacement `x(0) = 1` with velocity `x'(0) = -initialVelocity`; a spring animation's
/// progress is `1 - x(t)`.
struct DampedSpring: Sendable, Equatable {
    /// The displacement, as a fraction of the distance, within which the spring counts as
    /// settled: 0.1 % (Apple does not document its threshold; 0.001 matches its settling times
    /// to within a few milliseconds and is below a pixel for moves under 1,000 points).
    static let settlingEpsilon = 1e-3

    /// The motion's closed form, chosen by the damping ratio.
    private enum Motion: Sendable, Equatable {
        /// ζ < 1: `e^(-ζω₀t) (a cos ωd t + b sin ωd t)`.
        case underdamped(decay: Double, omega: Double, a: Double, b: Double)
        /// ζ = 1: `(a + b t) e^(-ω₀t)`.
        case critical(omega: Double, a: Double, b: Double)
        /// ζ > 1: `c1 e^(r1 t) + c2 e^(r2 t)`.
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
        /// Parameters that describe no spring (mass or stiffness not positive): at rest at once.
        case invalid
    }

    private let motion: Motion

    /// Creates the motion of a spring; a non-positive mass or stiffness, or a negative damping,
    /// gives a spring that is at rest immediately.
    init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        guard mass > 0, stiffness > 0, damping >= 0, mass.isFinite, stiffness.isFinite,
              damping.isFinite, initialVelocity.isFinite else {
            motion = .invalid
            return
        }
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let x0 = 1.0, v0 = -initialVelocity
        if abs(zeta - 1) < 1e-9 {
            motion = .critical(omega: omega0, a: x0, b: v0 + omega0 * x0)
        } else if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * omega0
            motion = .underdamped(decay: decay, omega: omegaD, a: x0, b: (v0 + decay * x0) / omegaD)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root), r2 = -omega0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            motion = .overdamped(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        }
    }

    /// The displacement x(t), 1 at t = 0 and tending to 0.
    func displacement(at t: Double) -> Double {
        switch motion {
        case let .underdamped(decay, omega, a, b): return exp(-decay * t) * (a * cos(omega * t) + b * sin(omega * t))
        case let .critical(omega, a, b): return (a + b * t) * exp(-omega * t)
        case let .overdamped(r1, r2, c1, c2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        case .invalid: return 0
        }
    }

    /// The animation's progress at local time `t`: `1 - x(t)`, 0 at the start, 1 at rest.
    func progress(at t: Double) -> Double { t <= 0 ? 0 : 1 - displacement(at: t) }

    /// An upper bound of |x(t)| that decreases with t.
    private func envelope(at t: Double) -> Double {
        switch motion {
        case let .underdamped(decay, _, a, b): return exp(-decay * t) * (a * a + b * b).squareRoot()
        case let .critical(omega, a, b): return (abs(a) + abs(b) * t) * exp(-omega * t)
        case let .overdamped(r1, r2, c1, c2): return abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t)
        case .invalid: return 0
        }
    }

    /// The time after which |x(t)| stays within `settlingEpsilon`: found by stepping back from a
    /// time where the envelope is already inside it to the last sample outside, then bisecting.
    func settlingTime() -> Double {
        let epsilon = Self.settlingEpsilon
        guard motion != .invalid else { return 0 }
        // A time where the (decreasing, past its peak) envelope bound is inside epsilon.
        var bound = 0.01
        while envelope(at: bound) > epsilon || envelope(at: 2 * bound) > envelope(at: bound) {
            bound *= 2
            if bound > 1e6 { return .infinity }
        }
        // Steps fine enough to catch every oscillation peak.
        var step = bound / 2000
        if case let .underdamped(_, omega, _, _) = motion { step = min(step, .pi / omega / 16) }
        var t = bound
        while t > 0, abs(displacement(at: t)) <= epsilon { t -= step }
        guard t > 0 else { return 0 }
        var low = t, high = min(t + step, bound)
        while high - low > 1e-9 {
            let mid = (low + high) / 2
            if abs(displacement(at: mid)) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
