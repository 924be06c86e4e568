// qc-bench: the standard scenes of shared/bench/SCENES.md on the GLES renderer, the CPU
// renderer or both, one JSON line per (backend, scene, N), then a summary table.
//
//     qc-bench [--backend gles|cpu|both] [--scenes S1,S3,S4] [--sizes 100,1000,10000] [--frames 120] [--warmup 10]
import CompositorCore
import CPURenderer
import GLESRenderer
import ExampleScenes
import Foundation
import QuartzCore

var scenes: [BenchmarkScene.Kind] = [.s1, .s3, .s4, .s5]
var sizes = [100, 1000, 10000]
var frames = 120, warmUp = 10
var animationCount = 0
var backends = ["gles"]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--scenes": scenes = value.split(separator: ",").compactMap { BenchmarkScene.Kind(rawValue: String($0)) }
    case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
    case "--frames": frames = max(1, Int(value) ?? frames)
    case "--warmup": warmUp = max(0, Int(value) ?? warmUp)
    case "--animations": animationCount = max(1, Int(value) ?? 10000)
    case "--backend" where ["gles", "cpu", "both"].contains(value): backends = value == "both" ? ["gles", "cpu"] : [value]
    default:
        FileHandle.standardError.write(Data("usage: qc-bench [--backend gles|cpu|both] [--scenes S1,S3,S4,S5] [--sizes 100,1000] [--frames N] [--warmup N] | --animations N\n".utf8))
        exit(2)
    }
}

/// A renderer for `backend` at the benchmark canvas size, and the name of the device it runs on.
func makeRenderer(_ backend: String) throws -> (CARenderer, String) {
    let width = Int(BenchmarkScene.canvas.width), height = Int(BenchmarkScene.canvas.height)
    if backend == "cpu" {
        let renderer = try CARenderer(cpuPixelWidth: width, pixelHeight: height)
        return (renderer, "CPU renderer, \(ProcessInfo.processInfo.activeProcessorCount) threads")
    }
    let renderer = try CARenderer(pixelWidth: width, pixelHeight: height)
    return (renderer, (renderer.frameRenderer as? GLESRenderer)?.target.context.rendererName ?? "GLES")
}

var summary: [String] = []
do {
    for backend in backends {
        let (renderer, device) = try makeRenderer(backend)
        renderer.clearColor = BenchmarkScene.clearColor
        if animationCount > 0 {
            for line in try AnimationCost.run(count: animationCount, renderer: renderer) { print(line) }
            exit(0)
        }
        let finish = backend == "cpu" ? "CPU bands" : "glFinish"
        for kind in scenes {
            // S5 counts parents and children: 160 and 1600 (SCENES.md), or 1.6 × the size asked.
            for n in sizes.map({ kind == .s5 ? $0 * 8 / 5 : $0 }) {
                let scene = BenchmarkScene(kind: kind, count: n)
                renderer.layer = scene.root
                let result = try renderer.frameRenderer.benchmark(frames: frames, warmUpFrames: warmUp) { index in
                    let t = Double(index) / 60
                    scene.update(time: t)
                    return try renderer.drawList(atTime: t)
                }
                // For the CPU renderer, the renderer alone too (on the last frame's list).
                var notes = device + "; model update + commit + flatten + render + " + finish
                if backend == "cpu" {
                    let list = try renderer.drawList(atTime: Double(frames + warmUp) / 60)
                    let alone = try renderer.frameRenderer.benchmark(frames: max(5, frames / 4), warmUpFrames: 2) { _ in list }
                    notes += String(format: "; render alone %.2f ms", alone.medianMilliseconds)
                }
                let line = String(format: "{\"peer\": \"OpenQuartzCore\", \"backend\": \"%@\", \"scene\": \"%@\", \"n\": %d, \"ms_per_frame_median\": %.2f, \"ms_p90\": %.2f, \"frames\": %d, \"draw_calls\": %d, \"notes\": \"%@\"}",
                                  backend, kind.rawValue, n, result.medianMilliseconds, result.p90Milliseconds, result.frames,
                                  result.drawCalls, notes)
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
                let prefix = backends.count > 1 ? String(format: "%-5@", backend) : ""
                summary.append(prefix + String(format: "%-4@ %6d  %8.2f ms  %8.2f ms  %3d", kind.rawValue, n, result.medianMilliseconds,
                                               result.p90Milliseconds, result.drawCalls))
            }
        }
    }
} catch {
    FileHandle.standardError.write(Data("qc-bench: \(error)\n".utf8))
    exit(1)
}
print("\n" + (backends.count > 1 ? "     " : "") + "scene      N    median        p90  draw calls")
summary.forEach { print($0) }
