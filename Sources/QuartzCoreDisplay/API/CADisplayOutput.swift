import CompositorCore
import Foundation
import QuartzCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A full-screen output on bare DRM/KMS: it opens the card through the seat, picks connector,
/// mode, CRTC and plane, renders the committed layer tree on its own thread into a GBM surface (or,
/// without a usable GPU, into dumb buffers with the CPU renderer),
/// and shows each frame with a page flip paced by the display. (Linux addition.)
///
/// Animations are evaluated on the output's thread at each frame's presentation time, so they
/// keep running while the main thread is busy. The output survives a seat disable (VT switch),
/// a display unplugged and plugged back, and starting with no display attached; SIGINT and
/// SIGTERM restore the CRTC as it was before and end the process.
public final class CADisplayOutput: Sendable {
    /// Which renderer draws the output's frames. (Linux addition.)
    public enum RenderingPath: String, Sendable {
        /// OpenGL ES on a GBM surface, or the CPU renderer where EGL or GBM cannot be initialised.
        case automatic
        /// OpenGL ES on a GBM surface only.
        case gpu
        /// The CPU renderer drawing into KMS dumb buffers.
        case cpu
    }

    /// What the output drives and how.
    public struct Configuration: Sendable {
        /// Which renderer draws the frames (default: the GPU where it can be initialised).
        public var renderingPath: RenderingPath = .automatic
        /// The connector and mode to use (default: first connected, preferred mode).
        public var request = CADisplayRequest()
        /// The DRM card (`/dev/dri/card0`), or nil for the first with connectors.
        public var devicePath: String?
        /// How far the renderer may work ahead of the display.
        public var pacing: CAFramePacingPolicy = .adaptive
        /// Whether atomic modesetting is used where the driver has it (else legacy calls).
        public var allowsAtomic = true
        /// Log the frame statistics every this many flips (nil: only on SIGUSR1 and at exit).
        public var statisticsInterval: Int?
        /// Whether input devices are read (libinput).
        public var readsInput = true
        /// Seconds without input after which the display is blanked (DPMS off, or a black frame
        /// where the connector has no DPMS property); the next input wakes it and is not delivered.
        /// Nil (the default) never blanks.
        public var blankingDelay: CFTimeInterval?
        /// Creates the default configuration.
        public init() {}
    }

    /// What the output tells the app (on the output's thread).
    public enum Event: Sendable {
        /// A display is lit with this mode (at start, and after it was plugged back). Its first
        /// frame waits until the app has laid its tree out for the mode (``CAKioskApplication``
        /// does so at once), or for half a second, so that no frame shows the old layout.
        case attached(CADisplayMode)
        /// The display went away (unplugged); the output waits for it.
        case detached
        /// A device reported input.
        case input(CARawInputEvent)
        /// The display was blanked for want of input (`isBlanked`), or woke; sent only where the
        /// connector has no DPMS property, so that the app shows a black frame meanwhile.
        case blankingChanged(isBlanked: Bool)
        /// The first frame reached the screen at this media time.
        case firstFrame(CFTimeInterval)
        /// SIGINT or SIGTERM arrived; the CRTC has been restored and the output stopped.
        case terminated(signal: Int32)
    }

    /// The configuration.
    public let configuration: Configuration
    /// The display-link source ticking at this output's page flips.
    public let flipClock: CAFlipClock
    let shared = ThreadLock(OutputSharedState())
    /// A pipe that wakes the output's poll.
    let wakePipe = makeNonBlockingPipe()

    /// Creates an output ticking `flipClock` at its flips; `start(rootLayer:events:)` opens the display.
    public init(configuration: Configuration = Configuration(), flipClock: CAFlipClock = CAFlipClock()) {
        self.configuration = configuration
        self.flipClock = flipClock
    }

    /// The frame statistics so far.
    public var statistics: CAFrameStatistics { shared.withLock { $0.statistics } }
    /// The mode being shown, or nil while no display is attached.
    public var mode: CADisplayMode? { shared.withLock { $0.mode } }
    /// `atomic` or `legacy` once a display is lit.
    public var modesettingKind: String? { shared.withLock { $0.scanoutKind } }
    /// `gles` or `cpu`: the renderer drawing the display, once one is attached.
    public var rendererKind: String? { shared.withLock { $0.rendererKind } }

    /// Starts the output's thread, rendering the tree under `rootLayer` (which must have been
    /// committed); `events` is called on that thread.
    public func start(rootLayer: CALayer, events: @escaping @Sendable (Event) -> Void) {
        TerminationSignals.install()
        let reference = LayerReference(rootLayer)
        let thread = Thread { [self] in
            let loop = KMSOutputLoop(output: self, root: reference, events: events)
            loop.run()
        }
        thread.name = "CADisplayOutput"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    /// Asks for a frame now (after a commit the output would otherwise see within a few ms).
    public func setNeedsDisplay() {
        var one: UInt8 = 1
        _ = write(wakePipe.write, &one, 1)
    }

    /// Tells the output that an input event was handled at `eventTime`: the next frame's flip
    /// is counted as its input-to-flip latency.
    public func noteInputHandled(eventTime: CFTimeInterval) {
        shared.withLock { s in s.pendingInputTime = min(s.pendingInputTime ?? eventTime, eventTime) }
        setNeedsDisplay()
    }

    /// The tree was laid out and committed for the mode of the last `attached` event: the
    /// display's first frame may be drawn.
    func contentDidLayOut() {
        shared.withLock { $0.layoutPending = false }
        setNeedsDisplay()
    }

    /// Clears the statistics (for example after a warm-up).
    public func resetStatistics() {
        shared.withLock { $0.statistics.reset() }
    }
}

/// What the output's thread shares with the app's threads.
struct OutputSharedState: Sendable {
    var statistics = CAFrameStatistics(refreshPeriod: 1.0 / 60)
    var mode: CADisplayMode?
    var scanoutKind: String?
    var rendererKind: String?
    var pendingInputTime: CFTimeInterval?
    /// Set when a display is attached, cleared when the app has laid its tree out for the mode.
    var layoutPending = false
}

/// Hands the root layer to the output's thread. `@unchecked Sendable`: that thread only reads
/// the layer's identity (through `CARenderer.layer`), and the tree's contents come from the
/// committed render tree, which is Sendable; the layer object itself is never changed there.
final class LayerReference: @unchecked Sendable {
    let layer: CALayer
    init(_ layer: CALayer) { self.layer = layer }
}
