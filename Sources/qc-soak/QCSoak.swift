// qc-soak: the kiosk scene (SoakScene) for N frames on the GLES or CPU renderer, printing the
// resident memory, the GL objects the renderer holds and every cache's size every `--interval`
// frames, and failing when any of them grows after warm-up (GrowthCheck).
//
//     qc-soak [--renderer gles|cpu] [--frames 10000] [--interval 1000] [--warm-up 1000]
//             [--rss-tolerance-mib 8] [--cache-byte-limit BYTES] [--cache-eviction-age FRAMES]
//             [--size 640x480] [--layers 200] [--contents-period 10]
//             [--memory-budget BYTES] [--expect-ceiling [--expect-shrink]]
import ArgumentParser
import CompositorCore
import Foundation
import Logging
import QuartzCore

/// The renderers the soak can run on.
enum SoakRenderer: String, ExpressibleByArgument, CaseIterable {
    case gles, cpu
}

@main
struct QCSoak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qc-soak",
        abstract: "Renders a changing kiosk scene for many frames and fails if memory, GL objects or caches grow.",
        discussion: """
            Warm-up is the first --warm-up frames. Each quantity's baseline is its largest value over the \
            second half of warm-up; it grows when a later frame exceeds that by more than its tolerance \
            (resident memory: 5 % or --rss-tolerance-mib; GL objects and cache entries: 10 % or 2; cache bytes: \
            5 % or 256 KiB). Exits 1 on growth, 3 when a frame fails, 4 when --expect-ceiling finds no \
            memory ceiling or memory in use above it (or, with --expect-shrink, caches never held below their limit).
            """)

    @Option(help: "The renderer: gles (EGL, llvmpipe without a GPU) or cpu.")
    var renderer: SoakRenderer = .gles

    @Option(help: "Frames to render.")
    var frames = 10_000

    @Option(help: "Print the figures every this many frames.")
    var interval = 1_000

    @Option(name: .customLong("warm-up"), help: "Frames of warm-up before growth counts.")
    var warmUp = 1_000

    @Option(name: .customLong("rss-tolerance-mib"), help: "Resident memory growth (MiB) tolerated beyond 5 %.")
    var rssToleranceMiB = 8

    @Option(name: .customLong("cache-byte-limit"), help: "Sets CARenderer.cacheByteLimit (bytes per cache).")
    var cacheByteLimit: Int?

    @Option(name: .customLong("cache-eviction-age"), help: "Sets CARenderer.cacheEvictionAge (frames).")
    var cacheEvictionAge: Int?

    @Option(help: "The screen size in pixels, WIDTHxHEIGHT (the scene is scaled to fit).")
    var size = "\(Int(SoakScene.defaultSize.width))x\(Int(SoakScene.defaultSize.height))"

    @Option(help: "The number of animated layers with shadows.")
    var layers = SoakScene.defaultLayerCount

    @Option(name: .customLong("contents-period"), help: "Every how many frames the picture layer gets a new image.")
    var contentsPeriod = SoakScene.defaultContentsPeriod

    @Option(name: .customLong("memory-budget"), help: "Sets CARenderer.memoryBudget (bytes, or with a K, M or G suffix).")
    var memoryBudget: String?

    @Flag(name: .customLong("expect-ceiling"),
          help: "Fail unless a memory ceiling (cgroup limit or budget) is read and memory in use stays below it.")
    var expectCeiling = false

    @Flag(name: .customLong("expect-shrink"),
          help: "With --expect-ceiling: fail unless the ceiling held the caches below --cache-byte-limit.")
    var expectShrink = false

    /// `--size` as pixels.
    private var pixelSize: (width: Int, height: Int)? {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0, parts[0] <= 8192, parts[1] <= 8192 else { return nil }
        return (parts[0], parts[1])
    }

    func validate() throws {
        guard frames > 0, interval > 0 else { throw ValidationError("--frames and --interval must be positive") }
        guard warmUp >= 0, warmUp < frames else { throw ValidationError("--warm-up must lie in 0 ..< --frames") }
        guard rssToleranceMiB >= 0 else { throw ValidationError("--rss-tolerance-mib must not be negative") }
        if let limit = cacheByteLimit, limit < 0 { throw ValidationError("--cache-byte-limit must not be negative") }
        if let age = cacheEvictionAge, age < 1 { throw ValidationError("--cache-eviction-age must be at least 1") }
        guard pixelSize != nil else { throw ValidationError("--size must be WIDTHxHEIGHT, each 1...8192") }
        guard layers >= 0, contentsPeriod > 0 else { throw ValidationError("--layers must not be negative, --contents-period must be positive") }
        if let memoryBudget, MemoryCeiling.parseBudget(memoryBudget) == nil {
            throw ValidationError("--memory-budget must be a size in bytes (268435456, 256M)")
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(DebugOptions.makeLogHandler)
        let (width, height) = pixelSize ?? (640, 480)
        if let memoryBudget { CARenderer.memoryBudget = MemoryCeiling.parseBudget(memoryBudget) }
        let caRenderer: CARenderer
        do {
            caRenderer = renderer == .cpu ? try CARenderer(cpuPixelWidth: width, pixelHeight: height)
                : try CARenderer(pixelWidth: width, pixelHeight: height)
        } catch {
            throw failure("no \(renderer.rawValue) renderer: \(error)", code: 3)
        }
        if let cacheByteLimit { caRenderer.cacheByteLimit = cacheByteLimit }
        if let cacheEvictionAge { caRenderer.cacheEvictionAge = cacheEvictionAge }
        let start = CACurrentMediaTime()
        let scene = SoakScene(time: start, size: CGSize(width: width, height: height), layerCount: layers,
                              contentsPeriod: contentsPeriod)
        var ceiling = CeilingCheck()
        caRenderer.layer = scene.root
        var check = GrowthCheck(quantities: WatchedQuantity.all(rssToleranceMiB: rssToleranceMiB), warmUpFrames: warmUp)
        Self.say("qc-soak: \(renderer.rawValue), \(width)x\(height), \(layers) layers, \(frames) frames, warm-up \(warmUp), "
                 + "cache byte limit \(caRenderer.cacheByteLimit) per cache, eviction age \(caRenderer.cacheEvictionAge) frames")
        let clock = ContinuousClock.now
        for frame in 1...frames {
            scene.update(frame: frame)
            let statistics: RenderStatistics
            do {
                statistics = try caRenderer.renderFrame(atTime: start + Double(frame) / 60)
            } catch {
                throw failure("frame \(frame) failed: \(error)", code: 3)
            }
            check.observe(statistics, frame: frame)
            ceiling.observe(statistics, frame: frame)
            if frame == 1 || frame % interval == 0 || frame == frames {
                Self.say(Self.line(frame: frame, statistics, elapsed: ContinuousClock.now - clock))
            }
        }
        if expectCeiling {
            if let problem = ceiling.problem(configuredByteLimit: expectShrink ? caRenderer.cacheByteLimit : nil) {
                throw failure(problem, code: 4)
            }
            Self.say("qc-soak: \(ceiling.summary)")
        }
        let growth = check.growth
        guard growth.isEmpty else {
            for line in growth { FileHandle.standardError.write(Data("qc-soak: \(line)\n".utf8)) }
            throw failure("\(growth.count) quantities grew after warm-up", code: 1)
        }
        Self.say("qc-soak: flat after warm-up: no quantity grew")
    }

    /// Writes a line to stdout unbuffered, so that a long run shows its progress in a pipe.
    private static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Prints `message` to stderr and returns the exit code to end with.
    private func failure(_ message: String, code: Int32) -> ExitCode {
        FileHandle.standardError.write(Data("qc-soak: \(message)\n".utf8))
        return ExitCode(code)
    }

    /// The figures of one frame on one line.
    static func line(frame: Int, _ s: RenderStatistics, elapsed: Duration) -> String {
        let mib = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
        let cache = { (name: String, usage: CacheUsage) in "\(name) \(usage.entries)/\(mib(usage.bytes))" }
        return "frame \(frame): rss \(mib(s.residentMemoryBytes)) MiB; "
            + "gl textures \(s.glTextures) framebuffers \(s.glFramebuffers) buffers \(s.glBuffers); "
            + "caches (entries/MiB) \(cache("images", s.contentImages)), \(cache("rasterized", s.rasterizedGroups)), "
            + "\(cache("targets", s.offscreenTargets)), \(cache("pictures", s.layerPictures)), "
            + "\(cache("subtrees", s.flattenedSubtrees)); "
            + (s.memoryLimitBytes > 0 ? "ceiling \(mib(s.memoryInUseBytes)) of \(mib(s.memoryLimitBytes)) MiB, cache limit \(mib(s.cacheByteLimit)) MiB; " : "")
            + "\(elapsed.components.seconds) s"
    }
}
