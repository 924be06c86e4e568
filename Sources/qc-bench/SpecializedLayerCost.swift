import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore

/// The specialized-layer figures, whole frames on one renderer at 1920x1080: a
/// CAEmitterLayer with 10,000 live particles, a CATextLayer of 2,000 glyphs whose string changes
/// (so it is laid out again) every frame, and a CAReplicatorLayer of 4,096 instances.
struct SpecializedLayerCost {
    let measure: SceneMeasurement

    func runAll() throws -> [Measurement] {
        [try emitter(), try text(), try replicator()]
    }

    private var canvas: CGRect { CGRect(origin: .zero, size: BenchmarkScene.canvas) }

    /// 2,000 sparks a second living 5 s: 10,000 live once the emitter has run 5 s.
    func emitter() throws -> Measurement {
        let root = CALayer()
        root.frame = canvas
        let emitter = CAEmitterLayer()
        emitter.frame = canvas
        emitter.emitterPosition = CGPoint(x: canvas.midX, y: canvas.midY)
        emitter.renderMode = .additive
        let cell = CAEmitterCell()
        cell.contents = ImageFactory.radialDisc(size: 32)
        cell.birthRate = 2000
        cell.lifetime = 5
        cell.velocity = 80
        cell.velocityRange = 60
        cell.emissionRange = 2 * .pi
        cell.color = CGColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        cell.alphaSpeed = -0.15
        emitter.emitterCells = [cell]
        root.addSublayer(emitter)
        CATransaction.flush()
        let start = CACurrentMediaTime()
        measure.renderer.layer = root
        _ = try measure.renderer.drawList(atTime: start) // emission starts at the first frame drawn
        return try measure.run(named: "emitter-10k", count: 10000, root: root) { index in start + 5 + Double(index) / 60 }
    }

    /// A wrapped paragraph of 2,000 characters whose first word changes every frame.
    func text() throws -> Measurement {
        let root = CALayer()
        root.frame = canvas
        let layer = CATextLayer()
        layer.frame = canvas.insetBy(dx: 40, dy: 40)
        layer.isWrapped = true
        layer.fontSize = 18
        layer.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(layer)
        let words = "Core Animation composites layer trees with implicit and explicit animations "
        let body = String(String(repeating: words, count: 2000 / words.count + 1).prefix(1990))
        return try measure.run(named: "text-2000", count: 2000, root: root, update: { index in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.string = String(format: "%09d ", index) + body
            CATransaction.commit()
        }, time: { index in Double(index) / 60 })
    }

    /// 4,096 instances of one small card, in a 64 x 64 grid (a row replicator of 64 inside a
    /// column replicator of 64), the whole replicator turning.
    func replicator() throws -> Measurement {
        let root = CALayer()
        root.frame = canvas
        let rows = CAReplicatorLayer()
        rows.frame = CGRect(x: 320, y: 0, width: 1080, height: 1080)
        rows.instanceCount = 64
        rows.instanceTransform = CATransform3DMakeTranslation(0, 16.5, 0)
        rows.instanceGreenOffset = -0.01
        let columns = CAReplicatorLayer()
        columns.frame = rows.bounds
        columns.instanceCount = 64
        columns.instanceTransform = CATransform3DMakeTranslation(16.5, 0, 0)
        columns.instanceBlueOffset = -0.01
        let card = CALayer()
        card.frame = CGRect(x: 12, y: 12, width: 12, height: 12)
        card.cornerRadius = 3
        card.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 0.9, alpha: 1)
        columns.addSublayer(card)
        rows.addSublayer(columns)
        root.addSublayer(rows)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.duration = 8
        spin.repeatCount = .infinity
        rows.add(spin, forKey: "spin")
        CATransaction.flush()
        let start = CACurrentMediaTime()
        return try measure.run(named: "replicator-4096", count: 4096, root: root) { index in start + Double(index) / 60 }
    }
}
