import CompositorCore
import ExampleScenes
import Foundation
import GLESRenderer
import QuartzCore

/// One measured (backend, scene, N).
struct Measurement {
    var backend: String
    var scene: String
    var n: Int
    var result: FrameBenchmarkResult
    var notes: String

    /// The SCENES.md output line.
    var jsonLine: String {
        var line = JSONLine()
        line.add("peer", "OpenQuartzCore")
        line.add("backend", backend)
        line.add("scene", scene)
        line.add("n", n)
        line.add("ms_per_frame_median", result.medianMilliseconds, digits: 2)
        line.add("ms_p90", result.p90Milliseconds, digits: 2)
        line.add("frames", result.frames)
        line.add("draw_calls", result.drawCalls)
        line.add("notes", notes)
        return line.text
    }
}

/// Measures the SCENES.md scenes on one renderer: whole frames (model update, commit, flatten,
/// render, wait for completion), median of the timed frames after the warm-up.
struct SceneMeasurement {
    let renderer: CARenderer
    let backend: String
    let device: String
    let frames: Int
    let warmUp: Int

    var finish: String { backend == "cpu" ? "CPU bands" : "glFinish" }

    /// The progress line before a measurement of `passes` runs of the frames.
    private func announce(_ scene: String, count: Int, passes: Int) {
        Progress.announce("\(backend) \(scene) N=\(count): \(passes * (frames + warmUp)) frames")
    }

    /// Scene `kind` with `count` layers, every frame whole.
    func run(_ kind: BenchmarkScene.Kind, count: Int) throws -> Measurement {
        announce(kind.rawValue, count: count, passes: 1)
        let scene = BenchmarkScene(kind: kind, count: count)
        renderer.layer = scene.root
        renderer.tracksDamage = false
        let result = try renderer.frameRenderer.benchmark(frames: frames, warmUpFrames: warmUp) { index in
            let t = Double(index) / 60
            scene.update(time: t)
            return try renderer.drawList(atTime: scene.timeOrigin + t)
        }
        var notes = "\(device); model update + commit + flatten + render + \(finish); offscreen passes \(result.offscreenPasses)"
        // The renderer alone, on the last frame's list.
        let list = try renderer.drawList(atTime: scene.timeOrigin + Double(frames + warmUp) / 60)
        let alone = try renderer.frameRenderer.benchmark(frames: max(5, frames / 4), warmUpFrames: 2) { _ in list }
        notes += String(format: "; render alone %.2f ms", alone.medianMilliseconds)
        if let fragments = try shadedFragments(of: list) { notes += "; fragments shaded \(fragments)" }
        let measurement = Measurement(backend: backend, scene: kind.rawValue, n: count, result: result, notes: notes)
        emitLine(measurement.jsonLine)
        return measurement
    }

    /// The fragments the GLES renderer shades drawing `list` (`GLESRenderer.countsShadedFragments`),
    /// counted in one more frame after the timed ones; nil for a renderer that does not count them.
    private func shadedFragments(of list: DrawList) throws -> Int? {
        guard let gles = renderer.frameRenderer as? GLESRenderer else { return nil }
        gles.countsShadedFragments = true
        defer { gles.countsShadedFragments = false }
        return try gles.render(list).fragmentsShaded
    }

    /// S1 with 1% of its layers animating (every hundredth), each frame redrawing only the
    /// damage; the note gives the full-frame time of the same scene for comparison.
    func runDamageTracked(count: Int) throws -> Measurement {
        announce("S1-1%", count: count, passes: 2)
        let scene = BenchmarkScene(kind: .s1, count: count)
        renderer.layer = scene.root
        let makeList: (Int) throws -> DrawList = { index in
            let t = Double(index) / 60
            scene.update(time: t, stride: 100)
            return try renderer.drawList(atTime: t)
        }
        let full = try renderer.frameRenderer.benchmark(frames: frames, warmUpFrames: warmUp, makeList: makeList)
        let damaged = try renderer.frameRenderer.benchmarkWithDamage(frames: frames, warmUpFrames: warmUp, makeList: makeList)
        let subtrees = renderer.lastFrameSubtrees
        let reuse = renderer.reusesUnchangedSubtrees
            ? "\(subtrees.reused) unchanged subtrees reused, \(subtrees.flattened) layers flattened"
            : "subtree reuse off"
        let notes = String(format: "%@; 1%% of layers animate; damage-tracked; %@; the same frames redrawn whole: %.2f ms (%.1f%%)",
                           device, reuse, full.medianMilliseconds,
                           100 * damaged.medianMilliseconds / max(full.medianMilliseconds, 1e-9))
        let measurement = Measurement(backend: backend, scene: "S1-1%", n: count, result: damaged, notes: notes)
        emitLine(measurement.jsonLine)
        return measurement
    }
}

/// The summary table and the plot of a run.
struct BenchmarkReport {
    private(set) var measurements: [Measurement] = []

    mutating func add(_ m: Measurement) { measurements.append(m) }

    func printSummary() {
        func padded(_ s: String, _ width: Int) -> String { s.padding(toLength: max(width, s.count), withPad: " ", startingAt: 0) }
        print("\nbackend  scene       N     median        p90  draw calls  offscreen")
        for m in measurements {
            print(padded(m.backend, 7) + "  " + padded(m.scene, 6) + String(format: " %6d  %8.2f ms  %8.2f ms  %10d  %9d", m.n,
                  m.result.medianMilliseconds, m.result.p90Milliseconds, m.result.drawCalls, m.result.offscreenPasses))
        }
    }

    func writePlot(to path: String) throws {
        var plot = BenchmarkPlot()
        for m in measurements { plot.add("\(m.backend) \(m.scene)", n: m.n, milliseconds: m.result.medianMilliseconds) }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try plot.svg(title: "OpenQuartzCore: ms per frame (median) against N, SCENES.md 1920x1080").write(to: url, atomically: true, encoding: .utf8)
    }
}

extension SceneMeasurement {
    /// Whole frames of the tree under `root` at the times `time(i)`, after `update(i)` changes
    /// the model (nothing by default), as one SCENES.md line named `name`.
    func run(named name: String, count: Int, root: CALayer, update: (Int) -> Void = { _ in },
             time: (Int) -> CFTimeInterval) throws -> Measurement {
        announce(name, count: count, passes: 1)
        renderer.layer = root
        renderer.tracksDamage = false
        let result = try renderer.frameRenderer.benchmark(frames: frames, warmUpFrames: warmUp) { index in
            update(index)
            return try renderer.drawList(atTime: time(index))
        }
        let quads = try renderer.drawList(atTime: time(frames + warmUp)).commands.count
        let notes = "\(device); model update + commit + flatten + render + \(finish); \(quads) draw-list commands; offscreen passes \(result.offscreenPasses)"
        let measurement = Measurement(backend: backend, scene: name, n: count, result: result, notes: notes)
        emitLine(measurement.jsonLine)
        return measurement
    }
}

/// Writes one result line straight to standard output, unbuffered: with standard error (the
/// progress lines) sent to the same file, a buffered line would be split by them.
func emitLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
