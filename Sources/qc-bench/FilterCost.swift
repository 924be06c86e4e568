import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore

/// The layer-filter figures (issue 29), whole frames on one renderer at 1920x1080: S1 at
/// N = 1000 animating without filters and under a full-screen `CIBloom` (radius 10, intensity
/// 0.5, on the root layer), and the bloomed scene still, damage-tracked (a still frame runs
/// no filter pass).
struct FilterCost {
    let measure: SceneMeasurement
    static let count = 1000

    func runAll() throws -> [Measurement] {
        let plain = try animating(bloom: false)
        let bloomed = try animating(bloom: true)
        return [plain, bloomed, try still()]
    }

    /// S1 with `count` cards, bloomed or not, on the renderer's canvas.
    private func scene(bloom: Bool) -> BenchmarkScene {
        let scene = BenchmarkScene(kind: .s1, count: Self.count)
        if bloom, let filter = CIFilter(name: "CIBloom", parameters: [kCIInputRadiusKey: 10, kCIInputIntensityKey: 0.5]) {
            scene.root.filters = [filter]
        }
        CATransaction.flush()
        return scene
    }

    /// Every frame whole, the cards turning.
    private func animating(bloom: Bool) throws -> Measurement {
        let scene = scene(bloom: bloom)
        return try measure.run(named: bloom ? "S1+bloom" : "S1", count: Self.count, root: scene.root, update: { index in
            scene.update(time: Double(index) / 60)
        }, time: { index in Double(index) / 60 })
    }

    /// The bloomed scene at one time, damage-tracked: after the first frame nothing changes.
    private func still() throws -> Measurement {
        let scene = scene(bloom: true)
        scene.update(time: 0)
        CATransaction.flush()
        measure.renderer.layer = scene.root
        let renderer = measure.renderer
        let result = try renderer.frameRenderer.benchmarkWithDamage(frames: measure.frames, warmUpFrames: measure.warmUp) { _ in
            try renderer.drawList(atTime: 0)
        }
        let notes = "\(measure.device); S1 still under a full-screen CIBloom; damage-tracked; filter passes \(result.filterPasses)"
        let m = Measurement(backend: measure.backend, scene: "S1+bloom-still", n: Self.count, result: result, notes: notes)
        emitLine(m.jsonLine)
        return m
    }
}
