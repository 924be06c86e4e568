import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// CAEmitterLayer's particle simulation: determinism, birth counts, physics and the emitter
/// shapes, with the book's fire example (Listing 6.13).
final class SpecializedLayerEmitterTests: XCTestCase {
    /// The book's explosion: 150 particles a second living 5 s, orange, fading 0.4 a second,
    /// 50 ± 50 points a second in every direction, from the centre of a 200×200 layer.
    private func fireLayer(seed: UInt32 = 1) -> CAEmitterLayer {
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        emitter.renderMode = .additive
        emitter.emitterPosition = CGPoint(x: 100, y: 100)
        emitter.seed = seed
        let cell = CAEmitterCell()
        cell.name = "fire"
        cell.birthRate = 150
        cell.lifetime = 5
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        cell.alphaSpeed = -0.4
        cell.velocity = 50
        cell.velocityRange = 50
        cell.emissionRange = .pi * 2
        emitter.emitterCells = [cell]
        return emitter
    }

    private func particles(_ layer: CAEmitterLayer, at time: Double) -> [EmitterParticle] {
        EmitterSimulation.particles(of: layer.state, at: time)
    }

    func testSameSeedGivesTheSameParticlesAndADifferentSeedOthers() {
        let a = particles(fireLayer(seed: 1), at: 2)
        XCTAssertEqual(a, particles(fireLayer(seed: 1), at: 2))
        let b = particles(fireLayer(seed: 2), at: 2)
        XCTAssertEqual(a.count, b.count)
        XCTAssertNotEqual(a.map(\.initialVelocity), b.map(\.initialVelocity))
    }

    func testAParticleKeepsItsIdentityAndAttributesFromFrameToFrame() throws {
        let layer = fireLayer()
        let early = particles(layer, at: 1)
        let later = particles(layer, at: 1.5)
        let first = try XCTUnwrap(early.first)
        let same = try XCTUnwrap(later.first { $0.identifier == first.identifier })
        XCTAssertEqual(same.initialVelocity, first.initialVelocity)
        XCTAssertEqual(same.age - first.age, 0.5, accuracy: 1e-12)
    }

    func testBirthCountFollowsBirthRateAndLifetime() {
        let layer = fireLayer()
        // Births at k/150 s: k = 0...300 by t = 2, all younger than 5 s.
        XCTAssertEqual(particles(layer, at: 2).count, 301)
        // At t = 10 only those born after t = 5 live: k = 751...1500.
        XCTAssertEqual(particles(layer, at: 10).count, 750)
        layer.birthRate = 2 // the layer's multiplier
        XCTAssertEqual(particles(layer, at: 2).count, 601)
        layer.lifetime = 0.25 // 1.25 s lives at 300 births a second: k = 226...600 at t = 2
        XCTAssertEqual(particles(layer, at: 2).count, 375)
    }

    func testFireAttributesStayWithinTheirRangesAndFade() throws {
        let all = particles(fireLayer(), at: 2)
        for p in all {
            XCTAssertLessThanOrEqual(p.initialVelocity.length, 100 + 1e-9)
            XCTAssertEqual(p.lifetime, 5)
            XCTAssertEqual(p.alpha, max(0, 1 - 0.4 * p.age), accuracy: 1e-6)
            XCTAssertEqual(p.red, 1)
            XCTAssertEqual(p.green, 0.5, accuracy: 1e-6)
            XCTAssertEqual(p.initialPosition, EmitterVector(x: 100, y: 100, z: 0))
        }
        // A 2π emission range sends particles every way.
        XCTAssertTrue(all.contains { $0.initialVelocity.x < -10 } && all.contains { $0.initialVelocity.x > 10 })
        XCTAssertTrue(all.contains { $0.initialVelocity.y < -10 } && all.contains { $0.initialVelocity.y > 10 })
        XCTAssertEqual(Set(all.map(\.identifier)).count, all.count, "identities are unique")
    }

    func testPositionFollowsConstantAcceleration() throws {
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: 100, y: 200)
        emitter.emitterZPosition = 5
        let cell = CAEmitterCell()
        cell.birthRate = 1
        cell.lifetime = 10
        cell.velocity = 50
        cell.emissionLongitude = .pi / 4
        cell.xAcceleration = -4
        cell.yAcceleration = 10
        cell.scale = 0.5
        cell.scaleSpeed = 0.1
        cell.spin = 2
        emitter.emitterCells = [cell]
        let all = particles(emitter, at: 2.5)
        XCTAssertEqual(all.map(\.birthTime), [0, 1, 2])
        let v = 50 / 2.0.squareRoot()
        for p in all {
            let t = 2.5 - p.birthTime
            XCTAssertEqual(p.position.x, 100 + v * t - 2 * t * t, accuracy: 1e-9)
            XCTAssertEqual(p.position.y, 200 + v * t + 5 * t * t, accuracy: 1e-9)
            XCTAssertEqual(p.position.z, 5, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.x, v - 4 * t, accuracy: 1e-9)
            XCTAssertEqual(p.scale, 0.5 + 0.1 * t, accuracy: 1e-9)
            XCTAssertEqual(p.rotation, 2 * t, accuracy: 1e-9)
        }
    }

    func testLayerMultipliersScaleVelocityScaleAndSpin() {
        let layer = fireLayer()
        let before = particles(layer, at: 1)
        layer.velocity = 2
        layer.scale = 3
        let after = particles(layer, at: 1)
        for (p, q) in zip(before, after) {
            XCTAssertEqual(q.identifier, p.identifier)
            XCTAssertEqual(q.initialVelocity.length, 2 * p.initialVelocity.length, accuracy: 1e-9)
            XCTAssertEqual(q.scale, 3 * p.scale, accuracy: 1e-9)
        }
    }

    func testEmitterShapesAndModes() {
        func origins(_ shape: CAEmitterLayerEmitterShape, _ mode: CAEmitterLayerEmitterMode,
                     size: CGSize = CGSize(width: 40, height: 20), depth: CGFloat = 10) -> [EmitterVector] {
            let emitter = CAEmitterLayer()
            emitter.emitterPosition = CGPoint(x: 100, y: 50)
            emitter.emitterSize = size
            emitter.emitterDepth = depth
            emitter.emitterShape = shape
            emitter.emitterMode = mode
            let cell = CAEmitterCell()
            cell.birthRate = 100
            cell.lifetime = 10
            emitter.emitterCells = [cell]
            return particles(emitter, at: 1).map { EmitterVector(x: $0.position.x - 100, y: $0.position.y - 50, z: $0.position.z) }
        }
        let e = 1e-9
        XCTAssertTrue(origins(.point, .volume).allSatisfy { $0 == .zero })
        XCTAssertTrue(origins(.line, .points).allSatisfy { abs(abs($0.x) - 20) < e && $0.y == 0 })
        XCTAssertTrue(origins(.line, .volume).allSatisfy { abs($0.x) <= 20 && $0.y == 0 })
        XCTAssertTrue(origins(.rectangle, .volume).allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && $0.z == 0 })
        XCTAssertTrue(origins(.rectangle, .outline).allSatisfy { abs(abs($0.x) - 20) < e || abs(abs($0.y) - 10) < e })
        XCTAssertTrue(origins(.rectangle, .points).allSatisfy { abs(abs($0.x) - 20) < e && abs(abs($0.y) - 10) < e })
        XCTAssertTrue(origins(.circle, .outline).allSatisfy { abs(($0.x * $0.x + $0.y * $0.y).squareRoot() - 40) < 1e-6 })
        XCTAssertTrue(origins(.circle, .surface).allSatisfy { ($0.x * $0.x + $0.y * $0.y).squareRoot() <= 40 + e })
        XCTAssertTrue(origins(.sphere, .surface).allSatisfy { abs($0.length - 40) < 1e-6 })
        XCTAssertTrue(origins(.sphere, .volume).allSatisfy { $0.length <= 40 + e })
        XCTAssertTrue(origins(.cuboid, .volume).allSatisfy { abs($0.x) <= 20 && abs($0.y) <= 10 && abs($0.z) <= 5 })
        XCTAssertTrue(origins(.cuboid, .surface).allSatisfy {
            abs(abs($0.x) - 20) < e || abs(abs($0.y) - 10) < e || abs(abs($0.z) - 5) < e
        })
        // A volume spreads its points: not all at one place.
        XCTAssertGreaterThan(Set(origins(.rectangle, .volume).map(\.x)).count, 50)
    }

    func testSubCellsAreEmittedFromTheirParentsWhileTheyLive() throws {
        let spark = CAEmitterCell()
        spark.birthRate = 10
        spark.lifetime = 10
        let rocket = CAEmitterCell()
        rocket.birthRate = 1
        rocket.lifetime = 1
        rocket.velocity = 100
        rocket.emitterCells = [spark]
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [rocket]

        let early = particles(emitter, at: 0.55)
        let sparks = early.filter { $0.cellPath == [0, 0] }
        XCTAssertEqual(early.filter { $0.cellPath == [0] }.count, 1)
        XCTAssertEqual(sparks.count, 6, "births at parent ages 0, 0.1, ... 0.5")
        for p in sparks {
            XCTAssertEqual(p.initialPosition.x, 100 * p.birthTime, accuracy: 1e-9, "born where the rocket was")
        }
        // At 1.5 s the first rocket is dead, its ten sparks live on; the second has six.
        let later = particles(emitter, at: 1.5)
        XCTAssertEqual(later.filter { $0.cellPath == [0] }.count, 1)
        XCTAssertEqual(later.filter { $0.cellPath == [0, 0] }.count, 16)
    }

    func testCellTimingLimitsEmission() {
        let cell = CAEmitterCell()
        cell.birthRate = 10
        cell.lifetime = 100
        cell.beginTime = 2
        cell.duration = 1
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [cell]
        XCTAssertTrue(particles(emitter, at: 1.9).isEmpty)
        XCTAssertEqual(particles(emitter, at: 2.45).count, 5)
        XCTAssertEqual(particles(emitter, at: 50).count, 10, "births only in [2, 3)")
        cell.isEnabled = false
        emitter.emitterCells = [cell]
        XCTAssertTrue(particles(emitter, at: 2.5).isEmpty)
    }

    func testRenderModesOrderTheParticles() {
        let layer = fireLayer()
        layer.renderMode = .oldestFirst
        let oldestFirst = particles(layer, at: 1).map(\.birthTime)
        XCTAssertEqual(oldestFirst, oldestFirst.sorted())
        layer.renderMode = .oldestLast
        let oldestLast = particles(layer, at: 1).map(\.birthTime)
        XCTAssertEqual(oldestLast, oldestFirst.reversed())
        layer.renderMode = .backToFront
        let depths = particles(layer, at: 1).map(\.position.z)
        XCTAssertEqual(depths, depths.sorted())
        XCTAssertNotEqual(Set(depths).count, 1, "a 2π cone leaves the plane")
    }

    func testBadValuesGiveNoParticlesInsteadOfCrashing() {
        let cell = CAEmitterCell()
        cell.birthRate = .infinity
        cell.lifetime = .nan
        let emitter = CAEmitterLayer()
        emitter.emitterCells = [cell]
        XCTAssertTrue(particles(emitter, at: 1).isEmpty)
        cell.birthRate = 1e9
        cell.lifetime = 1e9
        emitter.emitterCells = [cell]
        let capped = particles(emitter, at: 1000)
        XCTAssertEqual(capped.count, EmitterSimulation.maximumBirthsPerCell)
        XCTAssertEqual(capped.map(\.birthTime).max() ?? 0, 1000, accuracy: 1e-6, "the newest births are kept")
        XCTAssertTrue(particles(emitter, at: 1e12).isEmpty, "beyond exact birth indices nothing is emitted")
        XCTAssertTrue(EmitterSimulation.particles(of: emitter.state, at: .nan).isEmpty)
    }

    func testSeedIsSetThroughKeyValueCoding() {
        let layer = fireLayer()
        layer.setValue(7, forKey: "seed")
        XCTAssertEqual(layer.seed, 7)
    }
}
