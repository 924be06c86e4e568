// qc-bench: the standard scenes of docs/benchmarks/SCENES.md on the GLES renderer and the CPU
// renderer in one run: one JSON line per (backend, scene, N), the damage-tracked scene (1% of
// S1's layers animating), a summary table and an SVG plot of milliseconds per frame against N.
import ArgumentParser
import CompositorCore
import CPURenderer
import ExampleScenes
import Foundation
import GLESRenderer
import Logging
import QuartzCore

@main
struct QCBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qc-bench",
        abstract: "Measures whole frames of the standard benchmark scenes on the GLES and CPU renderers.",
        discussion: """
            Prints one JSON object a line for each (backend, scene, N) in the format of \
            docs/benchmarks/SCENES.md: {"peer": "OpenQuartzCore", "backend": "gles", "scene": "S1", \
            "n": 1000, "ms_per_frame_median": 4.21, "ms_p90": 4.6, "frames": 120, "draw_calls": 1, \
            "notes": "..."}. A frame is the model update, the commit, flattening, rendering and \
            glFinish (or the CPU renderer's bands), without read-back. The damage-tracked scene \
            S1-1% (every hundredth S1 layer animating, each frame redrawing only the damage) follows, \
            then a summary table and an SVG plot. A progress line goes to standard error before \
            each measurement.

            --specialized measures a 10,000-particle emitter, a 2,000-glyph text layer laid out \
            again every frame and a 4,096-instance replicator instead; --animations N measures \
            the cost of evaluating N running animations (flattening alone and whole frames, each \
            timed --frames / 2 times) and of presentation(); --model-only \
            measures the model side of the scenes' frames (update, commit, flatten) without \
            rendering, in microseconds per changed layer.

            --pipelined follows each scene's line with a line for the same scene run as the \
            kiosk runs it: the app's updates and commits on one thread, the frames (draw list, \
            rendering, waiting for completion; with --model-only the draw list alone) on another, \
            one frame in flight. Its ms_per_frame_median is the interval between completed \
            frames; its note says it is pipelined and gives each stage's median.
            """)

    @Option(help: "The renderers to measure.")
    var backend: BackendChoice = .both

    @Option(help: ArgumentHelp("The scenes, comma-separated (default: S1,S2,S3,S4,S5; S1-anim on request).", valueName: "S1,S2,..."),
            transform: QCBench.parseScenes)
    var scenes: [BenchmarkScene.Kind] = BenchmarkScene.Kind.standard

    @Option(help: ArgumentHelp("The layer counts N, comma-separated (default: 100,1000,10000); S5 uses 1.6 N below 10000.",
                               valueName: "n,n,..."),
            transform: QCBench.parseSizes)
    var sizes: [Int] = [100, 1000, 10000]

    @Option(help: "Frames timed per measurement, after the warm-up.")
    var frames = 120

    @Option(name: .customLong("warmup"), help: "Frames drawn before the timed ones.")
    var warmUp = 10

    @Flag(name: .customLong("no-damage"), help: "Leave out the damage-tracked scene S1-1%.")
    var withoutDamage = false

    @Flag(help: "Measure only the damage-tracked scene S1-1%.")
    var damageOnly = false

    @Flag(name: .customLong("no-subtree-reuse"), help: "Flatten every layer every frame (CARenderer.reusesUnchangedSubtrees = false).")
    var withoutSubtreeReuse = false

    @Flag(name: .customLong("no-kept-backdrops"),
          help: "With --filters: filter a backdrop again whenever its panel is redrawn (no DrawList.unchangedBackdrops), for comparison.")
    var withoutKeptBackdrops = false

    @Option(help: ArgumentHelp("Where the SVG plot goes (default: out/bench.svg).", valueName: "file.svg"))
    var plot: String?

    @Flag(name: .customLong("no-plot"), help: "Write no plot.")
    var withoutPlot = false

    @Option(help: ArgumentHelp("Measure the evaluation of N running animations instead (the first backend only).", valueName: "N"))
    var animations: Int?

    @Flag(help: "Measure a 1920x1080 30 fps H.264 video playing full screen under 100 animated cards instead of the scenes.")
    var video = false

    @Flag(help: "Measure the specialized layers (emitter, text, replicator) instead of the scenes.")
    var specialized = false

    @Flag(help: "Measure layer filters instead of the scenes: a full-screen CIBloom and a 1920x200 frosted panel over S1 at N = 1000, animating and still.")
    var filters = false

    @Flag(name: .customLong("model-only"),
          help: "Measure only the model update, commit and flattening of the scenes (no rendering; the first backend only), per changed layer.")
    var modelOnly = false

    @Flag(help: "After each scene's line, measure the scene pipelined as the kiosk runs it (app thread commits, render thread draws; one frame in flight).")
    var pipelined = false

    /// Which renderers a run measures.
    enum BackendChoice: String, ExpressibleByArgument, CaseIterable {
        case gles, cpu, both
        var backends: [String] { self == .both ? ["gles", "cpu"] : [rawValue] }
    }

    func validate() throws {
        guard frames >= 1 else { throw ValidationError("--frames needs at least 1 (got \(frames)).") }
        guard warmUp >= 0 else { throw ValidationError("--warmup needs 0 or more (got \(warmUp)).") }
        if let animations, animations < 1 { throw ValidationError("--animations needs at least 1 (got \(animations)).") }
        if withoutDamage && damageOnly { throw ValidationError("Give either --no-damage or --damage-only, not both.") }
        if plot != nil && withoutPlot { throw ValidationError("Give either --plot or --no-plot, not both.") }
        if animations != nil && specialized { throw ValidationError("Give either --animations or --specialized, not both.") }
        if filters && (animations != nil || specialized || modelOnly) {
            throw ValidationError("--filters measures its own scenes: give it without --animations, --specialized or --model-only.")
        }
        if video && (filters || animations != nil || specialized || modelOnly) {
            throw ValidationError("--video measures its own scene: give it without --filters, --animations, --specialized or --model-only.")
        }
        if pipelined && (filters || video || animations != nil || specialized || damageOnly) {
            throw ValidationError("--pipelined measures the scenes: give it without --filters, --video, --animations, --specialized or --damage-only.")
        }
        if modelOnly && (animations != nil || specialized || damageOnly) {
            throw ValidationError("--model-only measures the scenes: give it without --animations, --specialized or --damage-only.")
        }
    }

    /// Whether to measure the damage-tracked scene.
    var measuresDamage: Bool { !withoutDamage }

    /// Where the plot goes, or nil for none.
    var plotPath: String? { withoutPlot || specialized || filters || modelOnly || video || animations != nil ? nil : plot ?? "out/bench.svg" }

    /// The layer counts measured for `kind`: S5 counts parents and children, 1.6 × each size
    /// (160 and 1600 in SCENES.md; 16000 is left out as SCENES.md leaves it out).
    func counts(for kind: BenchmarkScene.Kind) -> [Int] {
        kind == .s5 ? sizes.filter { $0 < 10000 }.map { $0 * 8 / 5 } : sizes
    }

    func run() throws {
        LoggingSystem.bootstrap(DebugOptions.makeLogHandler)
        var report = BenchmarkReport()
        if video {
            let clip = try VideoBenchmark.makeClip()
            let decode = try VideoBenchmark.decodeMilliseconds(clip)
            for backend in backend.backends {
                let (renderer, device) = try Self.makeRenderer(backend)
                renderer.clearColor = BenchmarkScene.clearColor
                _ = try VideoBenchmark(renderer: renderer, backend: backend, device: device, frames: frames).run(clip: clip, decodeMilliseconds: decode)
            }
            return
        }
        for backend in backend.backends {
            let (renderer, device) = try Self.makeRenderer(backend)
            renderer.clearColor = BenchmarkScene.clearColor
            renderer.reusesUnchangedSubtrees = !withoutSubtreeReuse
            if let animations {
                Progress.announce("\(backend): evaluating \(animations) running animations")
                for line in try AnimationCost.run(count: animations, renderer: renderer, backend: backend, runs: max(frames / 2, 1)) {
                    print(line)
                }
                return
            }
            if modelOnly {
                let cost = FrameworkCost(renderer: renderer, frames: frames, warmUp: warmUp)
                for kind in scenes {
                    for n in counts(for: kind) {
                        emitLine(try cost.run(kind, count: n))
                        if pipelined { emitLine(try cost.runPipelined(kind, count: n)) }
                    }
                }
                return
            }
            let measure = SceneMeasurement(renderer: renderer, backend: backend, device: device, frames: frames, warmUp: warmUp)
            if specialized {
                for m in try SpecializedLayerCost(measure: measure).runAll() { report.add(m) }
                continue
            }
            if filters {
                for m in try FilterCost(measure: measure, keepsBackdrops: !withoutKeptBackdrops).runAll() { report.add(m) }
                continue
            }
            for kind in scenes where !damageOnly {
                for n in counts(for: kind) {
                    report.add(try measure.run(kind, count: n))
                    if pipelined { report.add(try measure.runPipelined(kind, count: n)) }
                }
            }
            if measuresDamage {
                for n in sizes { report.add(try measure.runDamageTracked(count: n)) }
            }
        }
        report.printSummary()
        if let path = plotPath {
            try report.writePlot(to: path)
            print("plot: \(path)")
        }
    }

    /// A renderer for `backend` at the benchmark canvas size, and the name of the device it runs on.
    static func makeRenderer(_ backend: String) throws -> (CARenderer, String) {
        let width = Int(BenchmarkScene.canvas.width), height = Int(BenchmarkScene.canvas.height)
        if backend == "cpu" {
            let renderer = try CARenderer(cpuPixelWidth: width, pixelHeight: height)
            // The renderer's own reading of QC_CPU_THREADS, so that the note says what it uses.
            return (renderer, "CPU renderer, \(CPURenderer.defaultThreadCount) threads")
        }
        let renderer = try CARenderer(pixelWidth: width, pixelHeight: height)
        return (renderer, (renderer.frameRenderer as? GLESRenderer)?.target.context.rendererName ?? "GLES")
    }

    /// `S1,S3` as scenes; an unknown name is an error.
    static func parseScenes(_ text: String) throws -> [BenchmarkScene.Kind] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard let kind = BenchmarkScene.Kind.allCases.first(where: { $0.rawValue.uppercased() == name.uppercased() }) else {
                let known = BenchmarkScene.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("'\(name)' is not a scene (scenes: \(known))")
            }
            return kind
        }
    }

    /// `100,1000` as layer counts; anything but a positive whole number is an error.
    static func parseSizes(_ text: String) throws -> [Int] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            guard let n = Int(item), n > 0 else { throw ValidationError("'\(item)' is not a positive layer count") }
            return n
        }
    }
}
