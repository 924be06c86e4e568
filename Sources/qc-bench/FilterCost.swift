import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore

/// The layer-filter figures (issue 29), whole frames on one renderer at 1920x1080: S1 at
/// N = 1000 animating without filters and under a full-screen `CIBloom` (radius 10, intensity
/// 0.5, on the root layer), and the bloomed scene still, damage-tracked (a still frame runs
/// no filter pass); then S1 under a 1920x200 frosted panel (`backgroundFilters`, a
/// `CIGaussianBlur` of radius 20) across the canvas's middle, animating (the backdrop changes
/// every frame) and still, damage-tracked.
struct FilterCost {
    let measure: SceneMeasurement
    static let count = 1000

    func runAll() throws -> [Measurement] {
        let plain = try animating()
        let bloomed = try animating(.bloom)
        let bloomStill = try still(.bloom)
        let paneled = try animating(.panel)
        return [plain, bloomed, bloomStill, paneled, try still(.panel)]
    }

    /// What the measured frames add to S1.
    private enum Effect: String {
        /// A full-screen `CIBloom` on the root layer.
        case bloom = "S1+bloom"
        /// The frosted panel.
        case panel = "S1+panel"

        var description: String {
            switch self {
            case .bloom: "a full-screen CIBloom"
            case .panel: "a 1920x200 frosted panel (backgroundFilters CIGaussianBlur radius 20)"
            }
        }
    }

    /// S1 with `count` cards, with `effect` or plain, on the renderer's canvas.
    private func scene(_ effect: Effect?) -> BenchmarkScene {
        let scene = BenchmarkScene(kind: .s1, count: Self.count)
        switch effect {
        case .bloom?:
            if let filter = CIFilter(name: "CIBloom", parameters: [kCIInputRadiusKey: 10, kCIInputIntensityKey: 0.5]) {
                scene.root.filters = [filter]
            }
        case .panel?:
            let panel = CALayer()
            panel.frame = CGRect(x: 0, y: 440, width: 1920, height: 200)
            panel.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 20])].compactMap { $0 }
            scene.root.addSublayer(panel)
        case nil:
            break
        }
        CATransaction.flush()
        return scene
    }

    /// Every frame whole, the cards turning.
    private func animating(_ effect: Effect? = nil) throws -> Measurement {
        let scene = scene(effect)
        return try measure.run(named: effect?.rawValue ?? "S1", count: Self.count, root: scene.root, update: { index in
            scene.update(time: Double(index) / 60)
        }, time: { index in Double(index) / 60 })
    }

    /// The scene with `effect` at one time, damage-tracked: after the first frame nothing changes.
    private func still(_ effect: Effect) throws -> Measurement {
        let scene = scene(effect)
        scene.update(time: 0)
        CATransaction.flush()
        measure.renderer.layer = scene.root
        let renderer = measure.renderer
        let result = try renderer.frameRenderer.benchmarkWithDamage(frames: measure.frames, warmUpFrames: measure.warmUp) { _ in
            try renderer.drawList(atTime: 0)
        }
        let notes = "\(measure.device); S1 still under \(effect.description); damage-tracked; filter passes \(result.filterPasses)"
        let m = Measurement(backend: measure.backend, scene: effect.rawValue + "-still", n: Self.count, result: result, notes: notes)
        emitLine(m.jsonLine)
        return m
    }
}
