import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class SpringAnimationTests: XCTestCase {
    /// Integrates m x'' + c x' + k x = 0 from x = 1, x' = -v0 with RK4 and returns the last time
    /// |x| exceeds 0.001: an estimate of the settling time independent of the closed form.
    private func settlingTimeByIntegration(mass m: Double, stiffness k: Double, damping c: Double,
                                           velocity v0: Double, dt: Double = 1e-5, until end: Double = 10) -> Double {
        func acceleration(_ x: Double, _ v: Double) -> Double { -(k * x + c * v) / m }
        var x = 1.0, v = -v0, t = 0.0, last = 0.0
        while t < end {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + 0.5 * dt * k1v, k2v = acceleration(x + 0.5 * dt * k1x, v + 0.5 * dt * k1v)
            let k3x = v + 0.5 * dt * k2v, k3v = acceleration(x + 0.5 * dt * k2x, v + 0.5 * dt * k2v)
            let k4x = v + dt * k3v, k4v = acceleration(x + dt * k3x, v + dt * k3v)
            x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += dt
            if abs(x) > 1e-3 { last = t }
        }
        return last
    }

    private func spring(mass: CGFloat = 1, stiffness: CGFloat = 100, damping: CGFloat = 10,
                        velocity: CGFloat = 0) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: "x")
        animation.mass = mass; animation.stiffness = stiffness
        animation.damping = damping; animation.initialVelocity = velocity
        return animation
    }

    func testDefaults() {
        let animation = CASpringAnimation()
        XCTAssertEqual(animation.mass, 1); XCTAssertEqual(animation.stiffness, 100)
        XCTAssertEqual(animation.damping, 10); XCTAssertEqual(animation.initialVelocity, 0)
    }

    func testSettlingDurationMatchesIntegratedMotion() {
        for (m, k, c, v) in [(1.0, 100.0, 10.0, 0.0), (1, 100, 20, 0), (1, 100, 40, 0), (2, 300, 5, 3), (1, 100, 10, -4)] {
            let expected = settlingTimeByIntegration(mass: m, stiffness: k, damping: c, velocity: v)
            let animation = spring(mass: CGFloat(m), stiffness: CGFloat(k), damping: CGFloat(c), velocity: CGFloat(v))
            XCTAssertEqual(animation.settlingDuration, expected, accuracy: 1e-3, "m \(m) k \(k) c \(c) v \(v)")
        }
    }

    func testDefaultSpringSettlesInAboutOnePointFourSeconds() {
        // ζ = 0.5, ω0 = 10: the envelope 1.1547 e^(-5t) falls below 0.001 at 1.412 s; the
        // last excursion outside 0.001 is at or before that.
        let duration = spring().settlingDuration
        XCTAssertGreaterThan(duration, 1.2)
        XCTAssertLessThanOrEqual(duration, log(1000 * 2 / 3.0.squareRoot()) / 5 + 1e-9)
    }

    func testUnderdampedSpringOvershootsByTheClosedFormAmount() throws {
        // First peak at π/ωd with overshoot e^(-ζπ/√(1-ζ²)) for ζ = 0.5.
        let omegaD = 10 * (0.75).squareRoot()
        let overshoot = exp(-0.5 * .pi / 0.75.squareRoot())
        let animation = spring()
        animation.fromValue = 0.0
        animation.toValue = 100.0
        animation.duration = animation.settlingDuration
        let x = try XCTUnwrap(evaluate(animation, model: ["x": .scalar(0)], at: .pi / omegaD).scalar("x"))
        XCTAssertEqual(x, 100 * (1 + overshoot), accuracy: 1e-9)
        XCTAssertGreaterThan(x, 116)
    }

    func testCriticallyDampedSpringSettlesMonotonically() {
        let motion = spring(damping: 20).dampedSpring
        var previous = 0.0
        for i in 1...400 {
            let progress = motion.progress(at: Double(i) * 0.005)
            XCTAssertGreaterThanOrEqual(progress, previous)
            XCTAssertLessThanOrEqual(progress, 1)
            previous = progress
        }
        // (1 + ω0 t) e^(-ω0 t) at t = 0.1, ω0 = 10.
        XCTAssertEqual(motion.progress(at: 0.1), 1 - 2 * exp(-1), accuracy: 1e-12)
    }

    func testSpringIgnoresDurationForItsCurve() throws {
        // The spring runs on local seconds: a longer duration does not slow it down.
        let short = spring(), long = spring()
        for animation in [short, long] { animation.fromValue = 0.0; animation.toValue = 1.0 }
        short.duration = 1; long.duration = 5
        let a = try evaluate(short, model: ["x": .scalar(0)], at: 0.3).scalar("x")
        let b = try evaluate(long, model: ["x": .scalar(0)], at: 0.3).scalar("x")
        XCTAssertEqual(a, b)
    }

    func testInvalidSpringIsAtRest() {
        XCTAssertEqual(spring(mass: 0).settlingDuration, 0)
        XCTAssertEqual(spring(stiffness: -1).dampedSpring.progress(at: 0.1), 1)
    }
}
