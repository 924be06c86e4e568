// qc-bench: the standard scenes of shared/bench/SCENES.md on the GLES renderer and the CPU
// renderer in one run: one JSON line per (backend, scene, N) in the SCENES.md format, the
// damage-tracked scene (1% of S1's layers animating), a summary table and an SVG plot of
// milliseconds per frame against N.
//
//     qc-bench [--backend gles|cpu|both] [--scenes S1,S2,S3,S4,S5] [--sizes 100,1000,10000]
//              [--frames 120] [--warmup 10] [--no-damage | --damage-only] [--no-subtree-reuse]
//              [--plot out/bench.svg | --no-plot]
//     qc-bench --specialized    (issue 9: 10,000 particles, 2,000 glyphs re-laid out, 4,096 instances)
import CompositorCore
import CPURenderer
import GLESRenderer
import ExampleScenes
import Foundation
import QuartzCore

guard let options = BenchmarkOptions(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((BenchmarkOptions.usage + "\n").utf8))
    exit(2)
}

/// A renderer for `backend` at the benchmark canvas size, and the name of the device it runs on.
func makeRenderer(_ backend: String) throws -> (CARenderer, String) {
    let width = Int(BenchmarkScene.canvas.width), height = Int(BenchmarkScene.canvas.height)
    if backend == "cpu" {
        let renderer = try CARenderer(cpuPixelWidth: width, pixelHeight: height)
        let environment = ProcessInfo.processInfo.environment["QC_CPU_THREADS"].flatMap { Int($0) }
        let threads = environment ?? ProcessInfo.processInfo.activeProcessorCount
        return (renderer, "CPU renderer, \(threads) threads")
    }
    let renderer = try CARenderer(pixelWidth: width, pixelHeight: height)
    return (renderer, (renderer.frameRenderer as? GLESRenderer)?.target.context.rendererName ?? "GLES")
}

var report = BenchmarkReport()
do {
    for backend in options.backends {
        let (renderer, device) = try makeRenderer(backend)
        renderer.clearColor = BenchmarkScene.clearColor
        renderer.reusesUnchangedSubtrees = options.reusesSubtrees
        if options.animationCount > 0 {
            for line in try AnimationCost.run(count: options.animationCount, renderer: renderer) { print(line) }
            exit(0)
        }
        let measure = SceneMeasurement(renderer: renderer, backend: backend, device: device,
                                       frames: options.frames, warmUp: options.warmUp)
        if options.specialized {
            for m in try SpecializedLayerCost(measure: measure).runAll() { report.add(m) }
            continue
        }
        for kind in options.scenes where !options.damageOnly {
            for n in options.counts(for: kind) { report.add(try measure.run(kind, count: n)) }
        }
        if options.damage {
            for n in options.sizes { report.add(try measure.runDamageTracked(count: n)) }
        }
    }
} catch {
    FileHandle.standardError.write(Data("qc-bench: \(error)\n".utf8))
    exit(1)
}
report.printSummary()
if let path = options.plotPath, !options.specialized {
    do {
        try report.writePlot(to: path)
        print("plot: \(path)")
    } catch {
        FileHandle.standardError.write(Data("qc-bench: could not write the plot to \(path): \(error)\n".utf8))
        exit(1)
    }
}
