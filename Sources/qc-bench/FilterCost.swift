import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore

/// The layer-filter figures (issue 29), whole frames on one renderer at 1920x1080: S1 at
/// N = 1000 animating without filters and under a full-screen `CIBloom` (radius 10, intensity
/// 0.5, on the root layer), and the bloomed scene still, damage-tracked (a still frame runs
/// no filter pass); then S1 under a 1920x200 frosted panel (`backgroundFilters`, a
/// `CIGaussianBlur` of radius 20) across the canvas's middle, animating (the backdrop changes
/// every frame) and still, damage-tracked; and the panel over S1 still while its own content (a
/// badge's colour and a caption's text) changes every frame, damage-tracked (its filtered
/// backdrop is kept: `KeptBackdrops`).
struct FilterCost {
    let measure: SceneMeasurement
    /// Whether damage-tracked frames pass on the backdrops the tracker found unchanged
    /// (`--no-kept-backdrops` turns it off, for comparison).
    var keepsBackdrops = true
    static let count = 1000

    func runAll() throws -> [Measurement] {
        let plain = try animating()
        let bloomed = try animating(.bloom)
        let bloomStill = try still(.bloom)
        let paneled = try animating(.panel)
        return [plain, bloomed, bloomStill, paneled, try still(.panel), try panelContentChanging()]
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

    /// S1 with `count` cards, with `effect` or plain, on the renderer's canvas (the panel the
    /// root's last sublayer).
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
        try stillBackdrop(under: effect, named: effect.rawValue + "-still", notes: "S1 still under \(effect.description)")
    }

    /// The panel over S1 still, a 240x120 badge and a caption on it changing colour and text
    /// every frame, damage-tracked: the panel's rectangle is redrawn every frame, its backdrop
    /// filtered only in the first.
    private func panelContentChanging() throws -> Measurement {
        let badge = CALayer()
        badge.frame = CGRect(x: 40, y: 40, width: 240, height: 120)
        let caption = CATextLayer()
        caption.frame = CGRect(x: 320, y: 70, width: 600, height: 60)
        caption.fontSize = 40
        caption.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return try stillBackdrop(under: .panel, named: Effect.panel.rawValue + "-content",
                                 notes: "S1 still under \(Effect.panel.description), its badge and caption changing every frame",
                                 content: [badge, caption]) { index in
            badge.backgroundColor = CGColor(red: Double(index % 60) / 60, green: 0.4, blue: 0.8, alpha: 1)
            caption.string = "Now serving \(index)"
        }
    }

    /// The scene with `effect` at one time, damage-tracked, `content` added to its panel and
    /// `change(frame)` committed before each frame (nothing by default).
    private func stillBackdrop(under effect: Effect, named name: String, notes description: String, content: [CALayer] = [],
                               change: @escaping (Int) -> Void = { _ in }) throws -> Measurement {
        let scene = scene(effect)
        scene.update(time: 0)
        for layer in content { scene.root.sublayers?.last?.addSublayer(layer) }
        CATransaction.flush()
        measure.renderer.layer = scene.root
        let renderer = measure.renderer
        let result = try renderer.frameRenderer.benchmarkWithDamage(frames: measure.frames, warmUpFrames: measure.warmUp,
                                                                    keepsBackdrops: keepsBackdrops) { index in
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            change(index)
            CATransaction.commit()
            return try renderer.drawList(atTime: 0)
        }
        let notes = "\(measure.device); \(description); damage-tracked; filter passes \(result.filterPasses)"
        let m = Measurement(backend: measure.backend, scene: name, n: Self.count, result: result, notes: notes)
        emitLine(m.jsonLine)
        return m
    }
}
