import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// Runs a root layer full-screen: on a display through bare DRM/KMS, or offscreen into images
/// when there is no display. The main thread runs a run loop that commits the implicit
/// transaction at the end of each turn, and receives input events hit-tested in the content's
/// (rotated) space. (Linux addition: the kiosk's counterpart of UIApplication and its window.)
@MainActor
public final class CAKioskApplication {
    /// The app's content: sized to the display (turned by `rotation`), its origin top-left.
    public let rootLayer: CALayer
    /// The layer the display shows: the panel's size, holding the turned root layer and the cursor.
    public let screenLayer = CALayer()
    /// The software cursor (shown while a mouse or tablet moves).
    public let cursorLayer: CALayer
    /// How the content is turned on the panel.
    public let rotation: CADisplayRotation
    /// Converts device events and hit-tests them.
    public let router: CAInputRouter
    /// Called on the main thread for each input event, with the deepest layer under it (nil: none).
    public var eventHandler: ((CAInputEvent, CALayer?) -> Void)?
    /// Called on the main thread for each tap or swipe `gestureRecognizer` recognises, after the
    /// touch events that made it went to `eventHandler`, with the layer under where the finger went
    /// down (nil: none).
    public var gestureHandler: ((CATouchGesture, CALayer?) -> Void)?
    /// Recognises taps and swipes in the touch events (set its thresholds to tune them).
    public var gestureRecognizer = CATouchGestureRecognizer()
    /// Called on the main thread when the content's size changes (a display was attached).
    public var layoutHandler: ((CGSize) -> Void)?
    /// The display output, once `run(configuration:)` started it.
    public private(set) var output: CADisplayOutput?
    /// The source of the display's refreshes: create display links on it to tick at its page flips.
    public let displayLinkSource = CAFlipClock()

    /// Creates an app showing `rootLayer`, turned by `rotation`.
    public init(rootLayer: CALayer, rotation: CADisplayRotation = .degrees0, showsCursor: Bool = true) {
        self.rootLayer = rootLayer
        self.rotation = rotation
        cursorLayer = CursorImage.makeLayer()
        router = CAInputRouter(rootLayer: rootLayer, cursorLayer: showsCursor ? cursorLayer : nil,
                               rotation: rotation, physicalSize: rootLayer.bounds.size)
        screenLayer.name = "screen"
        screenLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        screenLayer.addSublayer(rootLayer)
        if showsCursor { screenLayer.addSublayer(cursorLayer) }
        let logical = rootLayer.bounds.size
        setPhysicalSize(rotation.logicalSize(forPhysicalSize: logical)) // swapping twice gives the panel
    }

    /// Lays the tree out for a panel of `size` points: the screen layer fills it and the root
    /// layer, of the turned size, is centred and turned. Not animated.
    public func setPhysicalSize(_ size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        screenLayer.bounds = CGRect(origin: .zero, size: size)
        screenLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let logical = rotation.logicalSize(forPhysicalSize: size)
        let changed = rootLayer.bounds.size != logical
        rootLayer.bounds = CGRect(origin: .zero, size: logical)
        rootLayer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        rootLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        rootLayer.transform = rotation.rootTransform
        router.physicalSize = size
        CATransaction.commit()
        if changed { layoutHandler?(logical) }
    }

    /// Handles a device event: routes it, calls `eventHandler`, and tells the output when.
    public func deliver(_ raw: CARawInputEvent) {
        let (event, hit) = router.route(raw)
        eventHandler?(event, hit)
        if let gesture = gestureRecognizer.handle(event) {
            gestureHandler?(gesture, router.hitTest(gesture.startLocation))
        }
        output?.noteInputHandled(eventTime: event.timestamp)
    }

    /// A run loop with no timer or source returns from `run(mode:before:)` at once; this idle
    /// timer keeps the main run loop waiting for the deadline, a timer, or the main queue.
    private static func keepMainRunLoopAlive() {
        RunLoop.main.add(Timer(timeInterval: 86_400, repeats: true) { _ in }, forMode: .default)
    }

    // MARK: Running on a display

    /// Shows the tree on the display the configuration picks and runs the main run loop until
    /// SIGINT or SIGTERM, which restore the display and end the process.
    public func run(configuration: CADisplayOutput.Configuration) -> Never {
        CATransaction.flush()
        Self.keepMainRunLoopAlive()
        let output = CADisplayOutput(configuration: configuration, flipClock: displayLinkSource)
        self.output = output
        let start = ProcessClock.processStartMediaTime()
        output.start(rootLayer: screenLayer) { [weak self] event in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.handle(event, processStart: start) }
            }
        }
        while true {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.25))
            output.setNeedsDisplay() // a turn ended: its implicit transaction is committed
        }
    }

    private func handle(_ event: CADisplayOutput.Event, processStart: CFTimeInterval?) {
        switch event {
        case .attached(let mode):
            setPhysicalSize(CGSize(width: mode.width, height: mode.height))
            CATransaction.flush()
            output?.contentDidLayOut()
        case .detached:
            break
        case .input(let raw):
            deliver(raw)
        case .blankingChanged(let isBlanked):
            // No DPMS on this connector: the screen layer's content is hidden for a black frame.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            rootLayer.isHidden = isBlanked
            if isBlanked { cursorLayer.isHidden = true } // shown again when the pointer moves
            CATransaction.commit()
            CATransaction.flush()
            output?.setNeedsDisplay()
        case .firstFrame(let time):
            let since = processStart.map { String(format: "%.2f s after process start", time - $0) } ?? "(process start unknown)"
            QuartzCoreDisplayLog.logger.info("first frame on screen \(since)")
        case .terminated(let signal):
            if let output { QuartzCoreDisplayLog.logger.info("exiting on signal \(signal)\n\(output.statistics)") }
            fflush(nil)
            exit(0)
        }
    }

    // MARK: Running offscreen

    /// Renders the tree offscreen at `size` (the panel's) at the given seconds after start,
    /// delivering the scripted input events at their times, and hands each frame to `frame`.
    /// Runs in real time, so implicit animations started by the input play as on a display.
    public func runOffscreen(size: CGSize, frameTimes: [CFTimeInterval], input: [(time: CFTimeInterval, event: CARawInputEvent)] = [],
                             frame: (_ index: Int, _ time: CFTimeInterval, _ image: CGImage) throws -> Void) throws {
        setPhysicalSize(size)
        CATransaction.flush()
        Self.keepMainRunLoopAlive()
        let renderer = try CARenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        renderer.layer = screenLayer
        let start = CACurrentMediaTime()
        var pending = input.sorted { $0.time < $1.time }
        for (index, time) in frameTimes.sorted().enumerated() {
            while true {
                let nextInput = pending.first?.time ?? .infinity
                let due = min(nextInput, time)
                // Each turn may end early (a timer, a perform block): run turns until the time is due.
                while CACurrentMediaTime() < start + due {
                    let wait = start + due - CACurrentMediaTime()
                    _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: wait))
                }
                guard nextInput <= time else { break }
                let scripted = pending.removeFirst()
                deliver(scripted.event)
                CATransaction.flush()
            }
            CATransaction.flush()
            let now = CACurrentMediaTime()
            try renderer.renderFrame(atTime: now)
            try frame(index, now - start, try renderer.makeImage())
        }
    }
}
