import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// CAEmitterLayer in the draw list: one textured quad per live particle of
/// `EmitterSimulation` at the layer's emission time, counted from the first frame that drew it.
final class EmitterDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    private static let spark = CGImage(width: 4, height: 2, bytesPerRow: 16, data: Data(repeating: 255, count: 32))!

    /// An emitter at (20, 30) in a 200 x 200 root, emitting from (100, 100) of its own space.
    private func emitter(_ renderMode: CAEmitterLayerRenderMode) -> (root: CALayer, emitter: CAEmitterLayer) {
        let root = P.layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 20, y: 30, width: 150, height: 150)
        emitter.emitterPosition = CGPoint(x: 100, y: 100)
        emitter.renderMode = renderMode
        emitter.seed = 42
        let cell = CAEmitterCell()
        cell.contents = Self.spark
        cell.birthRate = 10
        cell.lifetime = 2
        cell.velocity = 40
        cell.velocityRange = 20
        cell.emissionRange = .pi * 2
        cell.scale = 2
        cell.scaleSpeed = -0.5
        cell.spin = 1
        cell.alphaSpeed = -0.4
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.1, alpha: 1)
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        return (root, emitter)
    }

    /// At 0.75 s and 1.65 s after the first frame, the quads are the simulation's particles: same
    /// count, centred on emitterLayer origin + particle position, scaled, faded by alpha.
    func testParticlesMatchTheSimulationAtTwoTimes() throws {
        let (root, layer) = emitter(.unordered)
        let t0 = CACurrentMediaTime() + 50
        let first = try P.list(root, width: 200, height: 200, time: t0)
        // At emission time 0 only the birth at 0 exists (age 0).
        XCTAssertEqual(first.quads.filter { $0.texture != nil }.count, 1)
        for elapsed in [0.75, 1.65] {
            let list = try P.list(root, width: 200, height: 200, time: t0 + elapsed)
            let quads = list.quads.filter { $0.texture != nil }
            let particles = EmitterSimulation.particles(of: layer.state, at: elapsed)
            // 10 per second: births at 0, 0.1, ..., all alive (lifetime 2).
            XCTAssertEqual(particles.count, Int((elapsed * 10).rounded(.down)) + 1)
            XCTAssertEqual(quads.count, particles.count, "t = \(elapsed)")
            for (quad, particle) in zip(quads, particles) {
                let centre = quad.transform.apply(0, 0)
                XCTAssertEqual(centre.x, 20 + particle.position.x, accuracy: 1e-6)
                XCTAssertEqual(centre.y, 30 + particle.position.y, accuracy: 1e-6)
                // The 4 x 2 image at contentsScale 1, times the particle's scale.
                XCTAssertEqual(quad.rect, CGRect(x: -2, y: -1, width: 4, height: 2))
                let corner = quad.transform.apply(2, 0)
                let reach = hypot(corner.x - centre.x, corner.y - centre.y)
                XCTAssertEqual(reach, 2 * particle.scale, accuracy: 1e-6)
                XCTAssertEqual(atan2(corner.y - centre.y, corner.x - centre.x), particle.rotation, accuracy: 1e-6)
                XCTAssertEqual(Double(quad.textureTint.alpha), particle.alpha, accuracy: 1e-6)
                XCTAssertEqual(Double(quad.textureTint.red), particle.red * particle.alpha, accuracy: 1e-6)
                XCTAssertEqual(Double(quad.textureTint.green), particle.green * particle.alpha, accuracy: 1e-6)
                XCTAssertEqual(quad.blendMode, .sourceOver)
                XCTAssertTrue(quad.texture?.image === Self.spark)
            }
        }
    }

    /// Additive rendering adds the particles (`.plusLighter`); oldestFirst draws in birth order.
    func testRenderModes() throws {
        let (root, _) = emitter(.additive)
        let t0 = CACurrentMediaTime() + 50
        _ = try P.list(root, width: 200, height: 200, time: t0)
        let quads = try P.list(root, width: 200, height: 200, time: t0 + 0.5).quads.filter { $0.texture != nil }
        XCTAssertEqual(quads.count, 6)
        XCTAssertTrue(quads.allSatisfy { $0.blendMode == .plusLighter })

        let (oldRoot, oldLayer) = emitter(.oldestLast)
        _ = try P.list(oldRoot, width: 200, height: 200, time: t0)
        let newestFirst = try P.list(oldRoot, width: 200, height: 200, time: t0 + 0.5).quads.filter { $0.texture != nil }
        // oldestLast: the youngest (largest scale: 2 − 0.5 age) first.
        let reaches = newestFirst.map { q -> Double in
            let c = q.transform.apply(0, 0), e = q.transform.apply(2, 0)
            return hypot(e.x - c.x, e.y - c.y)
        }
        XCTAssertEqual(reaches, reaches.sorted(by: >))
        XCTAssertEqual(EmitterSimulation.particles(of: oldLayer.state, at: 0.5).count, 6)
    }

    /// The emitter keeps a frame scheduled while it runs.
    func testEmitterKeepsTheRendererAnimating() throws {
        let (root, _) = emitter(.unordered)
        CATransaction.flush()
        let renderer = CARenderer(frameRenderer: DrawListOnlyRenderer(), pixelWidth: 200, pixelHeight: 200)
        renderer.layer = root
        let t0 = CACurrentMediaTime() + 50
        _ = try renderer.drawList(atTime: t0)
        XCTAssertEqual(renderer.nextFrameTime(), t0)
    }
}
