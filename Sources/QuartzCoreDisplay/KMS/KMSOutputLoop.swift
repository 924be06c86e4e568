import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// The output's thread: builds the parts of a KMS output, each with one job, and runs them
/// from one `poll` (the shape of wlroots' backend/drm): `KMSHotplugHandler` finds, lights and
/// loses displays; `KMSSeatHandler` follows the seat; `KMSSignalHandler` maps signals;
/// `KMSFrameProducer` renders and submits frames; `KMSFlipHandler` completes flips;
/// `KMSBlankingHandler` blanks an idle display. They share `KMSOutputState`. Everything here
/// lives and dies on that thread.
final class KMSOutputLoop {
    private let output: CADisplayOutput
    private let root: LayerReference
    private let events: @Sendable (CADisplayOutput.Event) -> Void
    private let log = DisplayLog()
    private var stopSignal: Int32?

    init(output: CADisplayOutput, root: LayerReference, events: @escaping @Sendable (CADisplayOutput.Event) -> Void) {
        self.output = output
        self.root = root
        self.events = events
    }

    /// Whether `error` says the GPU reset and the GL context with everything on it is gone.
    static func isContextLoss(_ error: Error) -> Bool { KMSFrameProducer.isContextLoss(error) }

    /// Runs the output until SIGINT or SIGTERM, then restores the CRTC and says so.
    func run() {
        let state = KMSOutputState(output: output, log: log)
        let session = SeatSession(log: { [log] in log($0) })
        let seat = KMSSeatHandler(state: state)
        let hotplug = KMSHotplugHandler(state: state, session: session, root: root, events: events)
        let producer = KMSFrameProducer(state: state, seat: seat, hotplug: hotplug)
        let flips = KMSFlipHandler(state: state, producer: producer, events: events)
        producer.frameShown = { [unowned flips] in flips.didFlip(at: $0) }
        let blanking = KMSBlankingHandler(state: state, events: events)
        producer.displayLit = blanking.displayLit
        var input: LibinputSource?

        session.onDisable = {
            seat.seatDisabled()
            // Touches in progress end here: their up events would come to a suspended context.
            input?.suspend().forEach { self.events(.input($0)) }
        }
        session.onEnable = {
            seat.seatEnabled()
            input?.resume()
            blanking.seatEnabled()
            hotplug.connectorsChanged()
        }
        // The display first: the first frame should not wait for input devices to open.
        hotplug.attachIfPossible()
        if output.configuration.readsInput { input = openInput(session: session) }

        while stopSignal == nil {
            if session.isActive, state.connection.isWaitingForDisplay { hotplug.attachIfPossible() }
            producer.submitHeldFrameIfDue()
            if session.isActive { seat.regainMasterIfDue() }
            if session.isActive { hotplug.checkDrivenConnector() }
            blanking.tick()
            if state.display != nil, session.isActive, !state.scanout.isPaused, state.canRender, state.contentIsLaidOut, state.wantsFrame {
                producer.renderFrame()
            }
            let readable = PollLoop.wait(on: [
                .init(fd: state.device?.fd, handle: flips.readDRMEvents),
                .init(fd: input?.pollDescriptor) { [unowned self] in
                    guard let raw = input?.read(), !raw.isEmpty, blanking.inputArrived() else { return }
                    raw.forEach { self.events(.input($0)) }
                },
                .init(fd: session.pollDescriptor, handle: session.dispatch),
                .init(fd: hotplug.pollDescriptor, handle: hotplug.readUevents),
                .init(fd: TerminationSignals.pipe.read) { [unowned self] in handleSignals() },
                .init(fd: output.wakePipe.read) { [output] in _ = drainPipe(output.wakePipe.read) },
            ], timeout: timeout(state: state, session: session, blanking: blanking))
            if !readable {
                flips.checkLostFlip()
                hotplug.pollTimedOut()
            }
        }
        if let device = state.device, let saved = hotplug.savedCRTC {
            log(saved.restore(fd: device.fd) ? "display: previous CRTC state restored" : "display: could not restore the previous CRTC state")
        }
        state.detach()
        input = nil
        state.device = nil
        events(.terminated(signal: stopSignal ?? SIGTERM))
    }

    private func openInput(session: SeatSession) -> LibinputSource? {
        do {
            let source = try LibinputSource(session: session)
            log("input: libinput, \(source.backend) backend")
            return source
        } catch {
            log.error("input: unavailable (\(error)); continuing without input")
            return nil
        }
    }

    private func handleSignals() {
        for action in KMSSignalHandler.pendingActions() {
            switch action {
            case .printStatistics: QuartzCoreDisplayLog.logger.info("\(output.statistics.description)")
            case .stop(let signal): stopSignal = signal
            }
        }
    }

    /// How long the poll may wait: without limit while the seat is away, a second while
    /// waiting for a display or DRM master, until a held frame is due, and otherwise a few
    /// times per refresh (a commit or `setNeedsDisplay` wakes it sooner); never past the blanking time.
    private func timeout(state: KMSOutputState, session: SeatSession, blanking: KMSBlankingHandler) -> Int32 {
        guard session.isActive else { return -1 }
        let base: Int32
        if state.masterLost || state.display == nil || state.scanout.isPaused {
            base = 1000
        } else if let held = state.heldFrame {
            base = Int32(max(0, ((held.until - CACurrentMediaTime()) * 1000).rounded(.up)))
        } else if state.pacer.framesInFlight > 0 || CACurrentMediaTime() < state.retryAfter {
            base = 100 // the flip event wakes us; this guards a lost one
        } else {
            base = Int32(max(1, (state.pacer.refreshPeriod * 500).rounded()))
        }
        return blanking.timeout().map { min(base, $0) } ?? base
    }
}
