// qc-bench: the standard scenes of shared/bench/SCENES.md on the GLES renderer, one JSON line
// per (backend, scene, N), then a summary table.
//
//     qc-bench [--scenes S1,S3,S4] [--sizes 100,1000,10000] [--frames 120] [--warmup 10]
import CompositorCore
import GLESRenderer
import ExampleScenes
import Foundation
import QuartzCore

var scenes: [BenchmarkScene.Kind] = [.s1, .s3, .s4, .s5]
var sizes = [100, 1000, 10000]
var frames = 120, warmUp = 10
var animationCount = 0
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    let value = arguments.next() ?? ""
    switch argument {
    case "--scenes": scenes = value.split(separator: ",").compactMap { BenchmarkScene.Kind(rawValue: String($0)) }
    case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
    case "--frames": frames = max(1, Int(value) ?? frames)
    case "--warmup": warmUp = max(0, Int(value) ?? warmUp)
    case "--animations": animationCount = max(1, Int(value) ?? 10000)
    default:
        FileHandle.standardError.write(Data("usage: qc-bench [--scenes S1,S3,S4,S5] [--sizes 100,1000] [--frames N] [--warmup N] | --animations N\n".utf8))
        exit(2)
    }
}

var summary: [String] = []
do {
    let renderer = try CARenderer(pixelWidth: Int(BenchmarkScene.canvas.width), pixelHeight: Int(BenchmarkScene.canvas.height))
    renderer.clearColor = BenchmarkScene.clearColor
    let device = (renderer.frameRenderer as? GLESRenderer)?.target.context.rendererName ?? "GLES"
    if animationCount > 0 {
        for line in try AnimationCost.run(count: animationCount, renderer: renderer) { print(line) }
        exit(0)
    }
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
            let line = String(format: "{\"peer\": \"OpenQuartzCore\", \"backend\": \"gles\", \"scene\": \"%@\", \"n\": %d, \"ms_per_frame_median\": %.2f, \"ms_p90\": %.2f, \"frames\": %d, \"draw_calls\": %d, \"notes\": \"%@; model update + commit + flatten + render + glFinish\"}",
                              kind.rawValue, n, result.medianMilliseconds, result.p90Milliseconds, result.frames,
                              result.drawCalls, device)
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            summary.append(String(format: "%-4@ %6d  %8.2f ms  %8.2f ms  %3d", kind.rawValue, n, result.medianMilliseconds,
                                  result.p90Milliseconds, result.drawCalls))
        }
    }
} catch {
    FileHandle.standardError.write(Data("qc-bench: \(error)\n".utf8))
    exit(1)
}
print("\nscene      N    median        p90  draw calls")
summary.forEach { print($0) }
