// qc-kiosk: the Kiosk Menu of the Core Animation Programming Guide, or a photo cover flow,
// full-screen on bare DRM/KMS, or rendered offscreen to PNG files where there is no DRM device.
import ArgumentParser
import CompositorCore
import Foundation
import KioskMenu
import Logging
import QuartzCore
import QuartzCoreDisplay

@main
struct QCKiosk: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qc-kiosk",
        abstract: "Shows the Kiosk Menu or a cover flow full-screen on bare DRM/KMS, or renders it offscreen to PNG files.",
        discussion: """
            With a DRM device (/dev/dri/card*) the demo takes over a display. The menu: up and \
            down move the selection, Enter or a tap (touch or click) on an item activates it. \
            The cover flow: left and right, a swipe, or a tap on a picture move along it. F1 or \
            S shows the status overlay (frames per second, frame time, share redrawn). Escape \
            quits, and Ctrl-C or SIGTERM restores the console. SIGUSR1 prints the frame statistics.

            Without one, or with --offscreen, the frames at --frames go to PNG files in a \
            directory (out/kiosk by default), with the keys of --key pressed on the way; \
            --measure renders for a while instead, one frame per 60 Hz refresh, and prints the \
            frame times, the frames dropped and the share redrawn.
            """)

    @Option(help: "The demo to show: menu (the guide's Kiosk Menu), coverflow (a photo carousel) or signage (a looping video under a ticker, a clock and a logo).")
    var demo: DemoName = .menu

    @Option(help: ArgumentHelp("Play this video file or URL in the signage demo (default: a clip made at start).",
                               valueName: "file-or-uri"))
    var video: String?

    @Option(help: ArgumentHelp("Show the JPEG and PNG files of this directory in the cover flow (default: painted landscapes).",
                               valueName: "directory"))
    var photos: String?

    @Flag(help: "Show the status overlay from the start (F1 or S toggles it).")
    var status = false

    @Option(help: ArgumentHelp("Offscreen: render as fast as possible for this many seconds, pressing keys that keep the demo moving; print frames per second and frame time, and write the last frame (with the overlay) to the directory.",
                               valueName: "seconds"))
    var measure: Double?

    @Option(help: ArgumentHelp("The connector to use (default: the first connected one).", valueName: "name"))
    var connector: String?

    @Option(help: ArgumentHelp("The display mode: preferred, WxH or WxH@Hz.", valueName: "mode"))
    var mode: ModeArgument?

    @Option(help: "The rotation of the picture on the display, in degrees: 0, 90, 180 or 270.")
    var rotate: CADisplayRotation = .degrees0

    @Option(help: "How far the renderer may work ahead of the display.")
    var pacing: CAFramePacingPolicy = .adaptive

    @Flag(help: "Draw with the CPU renderer: into dumb buffers on a display, or offscreen with --measure.")
    var cpu = false

    @Flag(help: "Draw with GLES on GBM buffers (fail rather than fall back to the CPU).")
    var gpu = false

    @Flag(help: "Use legacy modesetting calls even where the driver has atomic modesetting.")
    var legacy = false

    @Option(help: ArgumentHelp("The DRM card (default: the first with connectors).", valueName: "path"))
    var device: String?

    @Option(help: ArgumentHelp("Print the frame statistics every N flips.", valueName: "N"))
    var stats: Int?

    @Flag(name: .customLong("no-input"), help: "Read no input devices.")
    var withoutInput = false

    @Flag(name: .customLong("no-cursor"), help: "Show no pointer cursor.")
    var withoutCursor = false

    @Option(name: .customLong("blank-after"),
            help: ArgumentHelp("Blank the display after this many seconds without input; the next input wakes it.",
                               valueName: "seconds"))
    var blankAfter: Double?

    @Flag(help: "Draw the menu over a plain black background (no animated background).")
    var plain = false

    @Flag(help: "A plain background and no pulsing selection: the tree stays still.")
    var still = false

    @Option(help: ArgumentHelp("Render offscreen into this directory instead of a display.", valueName: "directory"))
    var offscreen: String?

    @Option(help: "The offscreen size in pixels.")
    var size = PixelSizeArgument(width: 1280, height: 720)

    @Option(help: ArgumentHelp("The offscreen frame times in seconds, comma-separated.", valueName: "t,t,..."))
    var frames = FrameTimesArgument([0.5, 1.5])

    @Option(help: ArgumentHelp("Press a key offscreen at a time: SECONDS:up|down|left|right|enter|escape|f1|s (repeatable).",
                               valueName: "seconds:key"))
    var key: [KeyPressArgument] = []

    func validate() throws {
        if cpu && gpu { throw ValidationError("Give either --cpu or --gpu, not both.") }
        if let stats, stats < 1 { throw ValidationError("--stats needs a flip count of 1 or more (got \(stats)).") }
        if let blankAfter, !(blankAfter > 0 && blankAfter.isFinite) {
            throw ValidationError("--blank-after needs a number of seconds above 0 (got \(blankAfter)).")
        }
        if frames.seconds.isEmpty { throw ValidationError("--frames needs at least one time.") }
        if let measure, !(measure > 0 && measure.isFinite) { throw ValidationError("--measure needs a positive number of seconds (got \(measure)).") }
        if photos != nil && demo != .coverflow { throw ValidationError("--photos goes with --demo coverflow.") }
        if video != nil && demo != .signage { throw ValidationError("--video goes with --demo signage.") }
    }

    /// The display output the options ask for.
    var displayConfiguration: CADisplayOutput.Configuration {
        var display = CADisplayOutput.Configuration()
        display.request.connectorName = connector
        if let mode {
            display.request.size = mode.size
            display.request.refreshRate = mode.refreshRate
        }
        display.pacing = pacing
        display.allowsAtomic = !legacy
        if cpu { display.renderingPath = .cpu }
        if gpu { display.renderingPath = .gpu }
        display.devicePath = device
        display.statisticsInterval = stats
        display.readsInput = !withoutInput
        display.blankingDelay = blankAfter
        return display
    }

    /// Where offscreen frames go: --offscreen, else out/kiosk when there is no DRM card; nil to
    /// take over a display.
    var offscreenDirectory: String? {
        if let offscreen { return offscreen }
        let hasCard = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("card") }
        return hasCard || device != nil ? nil : "out/kiosk"
    }

    func run() throws {
        LoggingSystem.bootstrap(DebugOptions.makeLogHandler)
        // ArgumentParser calls run() on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor
    private func runOnMainActor() throws {
        let directory = offscreenDirectory
        let initialSize = rotate.logicalSize(forPhysicalSize: size.size)
        let shown = try demo.make(size: initialSize, animatedBackground: !(plain || still), pulses: !still, photos: photos, video: video)
        let overlay = StatusOverlay()
        overlay.isVisible = status
        shown.rootLayer.addSublayer(overlay.layer)
        let app = CAKioskApplication(rootLayer: shown.rootLayer, rotation: rotate, showsCursor: !withoutCursor)
        app.layoutHandler = { size in shown.layout(for: size) }
        app.eventHandler = { event, _ in
            guard case .key(let code, true) = event.kind else { return }
            if code == CAKeyCode.escape { kill(getpid(), SIGTERM); return }
            if code == KioskKey.f1 || code == KioskKey.s { overlay.toggle(); return }
            shown.handleKey(code)
        }
        // Fingers and the left mouse button, through the application's recogniser.
        app.gestureHandler = { gesture, hitLayer in
            switch gesture.kind {
            case .tap:
                shown.handleTap(on: hitLayer, at: gesture.startLocation)
            case .swipe:
                shown.handleSwipe(dx: gesture.endLocation.x - gesture.startLocation.x,
                                  dy: gesture.endLocation.y - gesture.startLocation.y)
            }
        }
        if let directory {
            if let measure {
                try measureOffscreen(app, overlay: overlay, seconds: measure, into: directory)
            } else {
                try renderOffscreen(app, into: directory)
            }
            return
        }
        // A display link ticking at the page flips keeps the display flipping at its rate even
        // when the tree is still (--still), which measures the KMS pacing on its own; it also
        // brings the overlay's figures up to date twice a second.
        var lastShown = 0.0
        let link = CADisplayLink(source: app.displayLinkSource) { link in
            guard overlay.isVisible, link.timestamp - lastShown >= 0.5, let statistics = app.output?.statistics else { return }
            lastShown = link.timestamp
            var figures = statistics.recentFigures
            figures.droppedFrames = shown.droppedVideoFrames
            overlay.show(figures)
        }
        link.add(to: .main, forMode: .default)
        app.run(configuration: displayConfiguration)
    }

    /// Offscreen frames are drawn by Mesa's llvmpipe, the same pixels on every machine, unless
    /// the environment already chose (`LIBGL_ALWAYS_SOFTWARE=0` with `QC_EGL_PLATFORM=device` on a GPU).
    private static func useSoftwareGLUnlessConfigured() {
        setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0)
    }

    @MainActor
    private func renderOffscreen(_ app: CAKioskApplication, into directory: String) throws {
        Self.useSoftwareGLUnlessConfigured()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let input = key.flatMap { key in
            [(time: key.time, event: CARawInputEvent.key(code: key.code, isDown: true, time: CACurrentMediaTime())),
             (time: key.time + 0.01, event: CARawInputEvent.key(code: key.code, isDown: false, time: CACurrentMediaTime()))]
        }
        do {
            try app.runOffscreen(size: size.size, frameTimes: frames.seconds, input: input) { index, time, image in
                let path = "\(directory)/frame-\(String(format: "%02d", index))-\(String(format: "%.2f", time))s.png"
                try image.writePNG(to: URL(fileURLWithPath: path))
                print("qc-kiosk: wrote \(path)")
            }
        } catch {
            throw OffscreenFailure(underlying: error)
        }
    }

    @MainActor
    private func measureOffscreen(_ app: CAKioskApplication, overlay: StatusOverlay, seconds: Double, into directory: String) throws {
        Self.useSoftwareGLUnlessConfigured()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var measurement = OffscreenMeasurement(app: app, overlay: overlay, keys: demo.measurementKeys)
        measurement.rendersOnCPU = cpu
        do {
            let (result, image) = try measurement.run(size: size.size, seconds: seconds)
            let figures = result.figures
            let p99 = OffscreenMeasurement.Result.percentile(result.frameTimes, 0.99)
            let meanRedrawn = result.redrawnFractions.reduce(0, +) / Double(max(1, result.redrawnFractions.count))
            print(String(format: "qc-kiosk: %@ at %dx%d on %@, paced to 60 Hz: %d frames in %.2f s (%.1f fps), %d dropped; frame time median %.2f ms, p99 %.2f ms; redrawn median %.1f%%, mean %.1f%%",
                         demo.rawValue, Int(size.size.width), Int(size.size.height), cpu ? "the CPU renderer" : "GLES", result.frames, result.elapsed,
                         figures.framesPerSecond, result.missedRefreshes, figures.frameTime * 1000, p99 * 1000,
                         (figures.redrawnFraction ?? 1) * 100, meanRedrawn * 100)
                  + Self.gpuWorkFigures(of: result))
            let path = "\(directory)/\(demo.rawValue)-measured.png"
            try image.writePNG(to: URL(fileURLWithPath: path))
            print("qc-kiosk: wrote \(path)")
        } catch {
            throw OffscreenFailure(underlying: error)
        }
    }

    /// The GPU's work a frame of `result`, appended to the `--measure` line: the fragments its
    /// quads shade (GLES only) and its offscreen and filter passes, medians of the frames.
    private static func gpuWorkFigures(of result: OffscreenMeasurement.Result) -> String {
        guard !result.fragmentsShaded.isEmpty else { return "" }
        let passes = Int(OffscreenMeasurement.Result.median(result.offscreenPasses))
        let fragments = Int(OffscreenMeasurement.Result.median(result.fragmentsShaded))
        return "; fragments shaded median \(fragments) a frame, offscreen and filter passes median \(passes) a frame"
    }

    /// Offscreen rendering failed (exit status 1).
    struct OffscreenFailure: Error, CustomStringConvertible {
        let underlying: Error
        var description: String { "offscreen rendering failed: \(underlying)" }
    }
}

extension CAFrameStatistics {
    /// The overlay's figures over the last 60 frames: frames per second from the median flip
    /// interval, the median render time and the median share redrawn.
    var recentFigures: StatusOverlay.Figures {
        let interval = OffscreenMeasurement.Result.median(Array(intervals.suffix(60)))
        return StatusOverlay.Figures(framesPerSecond: interval > 0 ? 1 / interval : 0,
                                     frameTime: OffscreenMeasurement.Result.median(Array(renderDurations.suffix(60))),
                                     redrawnFraction: redrawnFractions.isEmpty ? nil : OffscreenMeasurement.Result.median(Array(redrawnFractions.suffix(60))))
    }
}
