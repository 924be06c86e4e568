import Foundation
import ExampleScenes
import QuartzCore

/// Measures the model side of a scene's frames without rendering them (issue 15's "framework
/// cost per changed layer"): setting each changed layer's property and committing (the scene's
/// update), then flattening the committed tree into the frame's draw list. Each part is timed
/// per frame; the line gives the medians per changed layer, in microseconds.
struct FrameworkCost {
    let renderer: CARenderer
    let frames: Int
    let warmUp: Int

    /// One SCENES.md-style line for scene `kind` with `count` layers.
    func run(_ kind: BenchmarkScene.Kind, count: Int) throws -> String {
        Progress.announce("model \(kind.rawValue) N=\(count): \(frames + warmUp) frames, not rendered")
        let scene = BenchmarkScene(kind: kind, count: count)
        renderer.layer = scene.root
        renderer.tracksDamage = false
        var commits: [Double] = [], flattens: [Double] = [], totals: [Double] = []
        for index in 0..<(warmUp + frames) {
            let t = Double(index) / 60
            let start = DispatchTime.now().uptimeNanoseconds
            scene.update(time: t)
            let committed = DispatchTime.now().uptimeNanoseconds
            let list = try renderer.drawList(atTime: scene.timeOrigin + t)
            let flattened = DispatchTime.now().uptimeNanoseconds
            withExtendedLifetime(list) {}
            guard index >= warmUp else { continue }
            commits.append(Double(committed - start) / 1000)
            flattens.append(Double(flattened - committed) / 1000)
            totals.append(Double(flattened - start) / 1000)
        }
        let changed = Double(max(scene.changedLayerCount, 1))
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        var line = JSONLine()
        line.add("peer", "OpenQuartzCore")
        line.add("backend", "model")
        line.add("scene", kind.rawValue)
        line.add("n", count)
        line.add("us_per_changed_layer_median", median(totals) / changed, digits: 3)
        line.add("ms_per_frame_median", median(totals) / 1000, digits: 2)
        line.add("frames", frames)
        line.add("notes", String(format: "%d changed layers a frame; update + commit %.3f us, flatten %.3f us a changed layer (medians); no rendering",
                                 scene.changedLayerCount, median(commits) / changed, median(flattens) / changed))
        return line.text
    }
}
