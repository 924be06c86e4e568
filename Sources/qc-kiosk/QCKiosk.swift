// qc-kiosk: the Kiosk Menu of the Core Animation Programming Guide, full-screen on bare DRM/KMS,
// or rendered offscreen to PNG files where there is no DRM device.
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
        abstract: "Shows the Kiosk Menu full-screen on bare DRM/KMS, or renders it offscreen to PNG files.",
        discussion: """
            With a DRM device (/dev/dri/card*) the menu takes over a display: arrow keys move \
            the selection, a click or a touch selects an item, Escape quits, and Ctrl-C or \
            SIGTERM restores the console. SIGUSR1 prints the frame statistics.

            Without one, or with --offscreen, the frames at --frames go to PNG files in a \
            directory (out/kiosk by default), with the keys of --key pressed on the way.
            """)

    @Option(help: ArgumentHelp("The connector to use (default: the first connected one).", valueName: "name"))
    var connector: String?

    @Option(help: ArgumentHelp("The display mode: preferred, WxH or WxH@Hz.", valueName: "mode"))
    var mode: ModeArgument?

    @Option(help: "The rotation of the picture on the display, in degrees: 0, 90, 180 or 270.")
    var rotate: CADisplayRotation = .degrees0

    @Option(help: "How far the renderer may work ahead of the display.")
    var pacing: CAFramePacingPolicy = .adaptive

    @Flag(help: "Draw with the CPU renderer into dumb buffers.")
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

    @Flag(help: "Draw the menu over a plain background (no animated background).")
    var plain = false

    @Flag(help: "A plain background and no pulsing selection: the tree stays still.")
    var still = false

    @Option(help: ArgumentHelp("Render offscreen into this directory instead of a display.", valueName: "directory"))
    var offscreen: String?

    @Option(help: "The offscreen size in pixels.")
    var size = PixelSizeArgument(width: 1280, height: 720)

    @Option(help: ArgumentHelp("The offscreen frame times in seconds, comma-separated.", valueName: "t,t,..."))
    var frames = FrameTimesArgument([0.5, 1.5])

    @Option(help: ArgumentHelp("Press a key offscreen at a time: SECONDS:up|down|left|right|enter|escape (repeatable).",
                               valueName: "seconds:key"))
    var key: [KeyPressArgument] = []

    func validate() throws {
        if cpu && gpu { throw ValidationError("Give either --cpu or --gpu, not both.") }
        if let stats, stats < 1 { throw ValidationError("--stats needs a flip count of 1 or more (got \(stats)).") }
        if frames.seconds.isEmpty { throw ValidationError("--frames needs at least one time.") }
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
        let menu = KioskMenu(size: initialSize, animatedBackground: !(plain || still), pulses: !still)
        let app = CAKioskApplication(rootLayer: menu.rootLayer, rotation: rotate, showsCursor: !withoutCursor)
        app.layoutHandler = { size in menu.layout(for: size) }
        app.eventHandler = { event, hitLayer in
            switch event.kind {
            case .key(let code, true):
                if code == CAKeyCode.escape { kill(getpid(), SIGTERM); return }
                if menu.handleKey(code) { print("qc-kiosk: key \(code) -> selection \(menu.selectedIndex)") }
            case .pointerButton(CAKeyCode.leftButton, true), .touch(_, .began):
                if let index = menu.itemIndex(containing: hitLayer) {
                    menu.changeSelectedIndex(index)
                    print("qc-kiosk: \(event.kind) at \(event.location) -> selection \(index)")
                }
            default:
                break
            }
        }
        if let directory {
            try renderOffscreen(app, menu: menu, into: directory)
            return
        }
        // A display link ticking at the page flips keeps the display flipping at its rate even
        // when the tree is still (--still), which measures the KMS pacing on its own.
        let link = CADisplayLink(source: app.displayLinkSource) { _ in }
        link.add(to: .main, forMode: .default)
        app.run(configuration: displayConfiguration)
    }

    @MainActor
    private func renderOffscreen(_ app: CAKioskApplication, menu: KioskMenu, into directory: String) throws {
        if getenv("LIBGL_ALWAYS_SOFTWARE") == nil { setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let input = key.flatMap { key in
            [(time: key.time, event: CARawInputEvent.key(code: key.code, isDown: true, time: CACurrentMediaTime())),
             (time: key.time + 0.01, event: CARawInputEvent.key(code: key.code, isDown: false, time: CACurrentMediaTime()))]
        }
        do {
            try app.runOffscreen(size: size.size, frameTimes: frames.seconds, input: input) { index, time, image in
                let path = "\(directory)/frame-\(String(format: "%02d", index))-\(String(format: "%.2f", time))s.png"
                try image.writePNG(to: URL(fileURLWithPath: path))
                print("qc-kiosk: wrote \(path) (selection \(menu.selectedIndex))")
            }
        } catch {
            throw OffscreenFailure(underlying: error)
        }
    }

    /// Offscreen rendering failed (exit status 1).
    struct OffscreenFailure: Error, CustomStringConvertible {
        let underlying: Error
        var description: String { "offscreen rendering failed: \(underlying)" }
    }
}
