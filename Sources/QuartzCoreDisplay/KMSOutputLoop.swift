import CDRM
import CompositorCore
import Foundation
import GLESRenderer
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// The output's thread: device, display, rendering, page flips, input and session events,
/// all multiplexed by one `poll`. Everything here lives and dies on that thread.
final class KMSOutputLoop {
    /// A rendered frame on its way to the screen.
    struct Frame {
        let framebuffer: UInt32
        /// What differs from the frame before it (empty: a frame flipped again, or unknown).
        let damage: [PixelRect]
        let inputTime: CFTimeInterval?
    }

    /// A lit display: what was chosen and what draws into it.
    struct Display {
        let connector: CADisplayConnector
        let mode: CADisplayMode
        let pipe: KMSPipe
        var scanout: KMSScanout
        let surface: KMSRenderSurface
    }

    private let output: CADisplayOutput
    private let root: LayerReference
    private let events: @Sendable (CADisplayOutput.Event) -> Void
    private var configuration: CADisplayOutput.Configuration { output.configuration }

    private var session: SeatSession!
    private var device: DRMDevice?
    private var input: LibinputSource?
    private var hotplug: HotplugMonitor?
    private var display: Display?
    private var savedCRTC: SavedCRTC?
    private var pacer = CAFramePacer<Frame>(policy: .adaptive, refreshPeriod: 1.0 / 60)
    private var onScreen: Frame?
    private var scanoutState = ScanoutState()
    /// Set when a commit was refused for want of DRM master (EACCES) with no seat change: another
    /// process took the card. Master is asked for again every second; nothing is submitted meanwhile.
    private var masterLost = false
    private var lastMasterAttempt: CFTimeInterval = -.infinity
    private var forceRedraw = true
    private var damageTracker = DamageTracker()
    private var damageHistory = BufferDamageHistory()
    private var wantedFrameAtLastFlip = false
    /// Average time from a flip's submission to its event. Where flips complete faster than the
    /// mode's period (virtio-gpu has no vblank interrupt: the event comes when the host has
    /// copied the frame), a frame is held until `last flip + period - latency`, so the display
    /// and its display links still run at the mode's rate. On real hardware the event comes at
    /// the vblank, the latency is most of a period, and nothing is held.
    private var flipLatency: CFTimeInterval = 0
    private var heldFrame: (frame: Frame, until: CFTimeInterval)?
    private var retryAfter: CFTimeInterval = 0
    private var lastAttachAttempt: CFTimeInterval = -.infinity
    private var lastWaitMessage = ""
    private var firstFrameSent = false
    private var stopSignal: Int32?
    /// GPU resets in a row without a frame rendered since; past `maximumContextRecoveries` the
    /// surface is recreated at the attach pace (twice a second) rather than at once.
    private var contextRecoveries = 0
    static let maximumContextRecoveries = 3
    private let flipSink = FlipSink()
    /// `QC_DEBUG=display-trace` logs every frame's render time and every flip.
    private let tracesFrames = DebugOptions.isEnabled(.displayTrace)

    init(output: CADisplayOutput, root: LayerReference, events: @escaping @Sendable (CADisplayOutput.Event) -> Void) {
        self.output = output
        self.root = root
        self.events = events
    }

    // MARK: The loop

    func run() {
        session = SeatSession(log: log)
        session.onDisable = { [unowned self] in seatDisabled() }
        session.onEnable = { [unowned self] in seatEnabled() }
        hotplug = HotplugMonitor()
        if hotplug == nil { log("hot-plug: no kernel uevent socket; re-probing connectors every second") }
        // The display first: the first frame should not wait for input devices to open.
        attachIfPossible()
        if configuration.readsInput { openInput() }
        while stopSignal == nil {
            if session.isActive, display == nil { attachIfPossible() }
            if let held = heldFrame, CACurrentMediaTime() >= held.until {
                heldFrame = nil
                submit(held.frame)
            }
            if masterLost, session.isActive { regainMaster() }
            if display != nil, session.isActive, !scanoutState.isPaused, canRender(), wantsFrame() { renderFrame() }
            poll(timeout: timeout())
        }
        shutdown()
    }

    private func openInput() {
        do {
            let source = try LibinputSource(session: session)
            input = source
            log("input: libinput, \(source.backend) backend")
        } catch {
            log("input: unavailable (\(error)); continuing without input")
        }
    }

    private func log(_ message: String) {
        QuartzCoreDisplayLog.logger.info("\(message)")
    }

    /// Logs a waiting state once, not at every retry.
    private func logWaiting(_ message: String) {
        guard message != lastWaitMessage else { return }
        lastWaitMessage = message
        log(message)
    }

    private func canRender() -> Bool {
        guard let display else { return false }
        return pacer.canRender && display.surface.hasFreeBuffers && CACurrentMediaTime() >= retryAfter
    }

    /// Whether the next vblank needs a new frame: a commit, a running animation, display links, or a redraw.
    private func wantsFrame() -> Bool {
        guard let display else { return false }
        if forceRedraw || output.flipClock.hasObservers { return true }
        return display.surface.renderer.nextFrameTime() <= pacer.presentationTime(now: CACurrentMediaTime())
    }

    private func timeout() -> Int32 {
        guard session.isActive else { return -1 }
        if masterLost { return 1000 }
        guard display != nil else { return 1000 }
        if let held = heldFrame { return Int32(max(0, ((held.until - CACurrentMediaTime()) * 1000).rounded(.up))) }
        if pacer.framesInFlight > 0 { return 100 } // the flip event wakes us; this guards a lost one
        if CACurrentMediaTime() < retryAfter { return 100 }
        // Idle: look for commits a few times per refresh (setNeedsDisplay wakes us sooner).
        return Int32(max(1, (pacer.refreshPeriod * 500).rounded()))
    }

    private func poll(timeout: Int32) {
        var fds: [pollfd] = []
        var roles: [Int] = []
        func watch(_ fd: Int32?, _ role: Int) {
            guard let fd, fd >= 0 else { return }
            fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            roles.append(role)
        }
        watch(device?.fd, 0)
        watch(input?.pollDescriptor, 1)
        watch(session.pollDescriptor, 2)
        watch(hotplug?.pollDescriptor, 3)
        watch(TerminationSignals.pipe.read, 4)
        watch(output.wakePipe.read, 5)
        guard Glibc.poll(&fds, nfds_t(fds.count), timeout) > 0 else {
            checkLostFlip()
            if hotplug == nil, display != nil { handleHotplug() }
            return
        }
        for (index, fd) in fds.enumerated() where fd.revents != 0 {
            switch roles[index] {
            case 0: handleDRMEvents()
            case 1: input?.read().forEach { events(.input($0)) }
            case 2: session.dispatch()
            case 3: if hotplug?.drain() == true { handleHotplug() }
            case 4: handleSignals()
            default:
                _ = drainPipe(output.wakePipe.read)
            }
        }
    }

    // MARK: Display

    private func attachIfPossible() {
        let now = CACurrentMediaTime()
        guard now - lastAttachAttempt >= 0.5 else { return }
        lastAttachAttempt = now
        if device == nil {
            do {
                let opened = try DRMDevice.open(session: session, path: configuration.devicePath,
                                                allowAtomic: configuration.allowsAtomic)
                device = opened
                log("device: \(opened.path) (\(opened.driverName)), atomic \(opened.supportsAtomic ? "available" : "unavailable")")
            } catch {
                logWaiting("device: \(error); waiting")
                return
            }
        }
        guard let device else { return }
        let connectors = device.connectors()
        do {
            let connector = try CADisplaySelection.connector(in: connectors, request: configuration.request)
            let mode = try CADisplaySelection.mode(of: connector, request: configuration.request)
            let inUse = Set(connectors.filter { $0.id != connector.id }.compactMap(\.currentCRTCID))
            let crtcIndex = try CADisplaySelection.crtcIndex(for: connector, crtcIDs: device.crtcIDs, inUse: inUse)
            guard let info = device.modeInfo(connectorID: connector.id, matching: mode) else {
                throw CADisplaySelectionError.noMatchingMode(mode.description, available: [])
            }
            let pipe = KMSPipe(connectorID: connector.id, crtcID: device.crtcIDs[crtcIndex], crtcIndex: crtcIndex,
                               planeID: device.primaryPlane(crtcIndex: crtcIndex), mode: info)
            if savedCRTC == nil { savedCRTC = SavedCRTC(fd: device.fd, crtcID: pipe.crtcID, connectorID: connector.id) }
            let surface = try makeSurface(device: device, pipe: pipe, mode: mode)
            surface.renderer.layer = root.layer
            var scanout: KMSScanout = LegacyScanout(fd: device.fd, pipe: pipe)
            if device.supportsAtomic {
                do { scanout = try AtomicScanout(device: device, pipe: pipe) } catch { log("atomic: \(error); using legacy modesetting") }
            }
            display = Display(connector: connector, mode: mode, pipe: pipe, scanout: scanout, surface: surface)
            pacer = CAFramePacer(policy: configuration.pacing, refreshPeriod: mode.refreshPeriod)
            output.flipClock.setRefreshPeriod(mode.refreshPeriod)
            output.shared.withLock { s in
                s.mode = mode
                s.statistics = CAFrameStatistics(refreshPeriod: mode.refreshPeriod)
            }
            output.shared.withLock { $0.rendererKind = surface.kind }
            scanoutState.requireModeset()
            forceRedraw = true
            lastWaitMessage = ""
            log("display: \(connector.name) \(mode) on CRTC \(pipe.crtcID), primary plane \(pipe.planeID.map(String.init) ?? "none"), "
                + "\(surface.kind) renderer, \(scanout.kind) modesetting, damage clips \(scanout.sendsDamageClips ? "on" : "off"), pacing \(configuration.pacing.rawValue)")
            events(.attached(mode))
        } catch CADisplaySelectionError.noConnectedDisplay {
            logWaiting("display: no display connected; waiting for one")
        } catch {
            logWaiting("display: \(error); waiting")
        }
    }

    /// The GLES surface, or dumb buffers for the CPU renderer when asked for or when EGL/GBM fail.
    private func makeSurface(device: DRMDevice, pipe: KMSPipe, mode: CADisplayMode) throws -> KMSRenderSurface {
        if configuration.renderingPath != .cpu {
            do {
                return try GBMRenderSurface(fd: device.fd, width: mode.width, height: mode.height)
            } catch where configuration.renderingPath == .automatic {
                log("renderer: GLES on GBM unavailable (\(error)); drawing with the CPU renderer into dumb buffers")
            }
        }
        let planeFormats = pipe.planeID.flatMap(device.planeFormats(planeID:))
        guard let format = ScanoutFormat.choose(planeFormats: planeFormats) else {
            throw CADisplayError.call("dumb buffers", detail: "the primary plane has neither XRGB8888 nor ARGB8888")
        }
        let surface = try DumbBufferSurface(fd: device.fd, width: mode.width, height: mode.height, format: format,
                                            count: configuration.pacing == .doubleBuffered ? 2 : 3)
        log("renderer: CPU into \(format.name) dumb buffers")
        return surface
    }

    /// Lets go of the display (unplugged or seat lost): frames are released, the surface destroyed.
    private func detach() {
        releaseFrames()
        display = nil
        output.shared.withLock { $0.mode = nil }
    }

    private func releaseFrames() {
        let frames = pacer.reset() + [onScreen].compactMap { $0 }
        onScreen = nil
        scanoutState.forgetPendingFlip()
        heldFrame = nil
        // A frame flipped again (display links on a still tree) appears twice: release each buffer once.
        var released = Set<UInt32>()
        if let surface = display?.surface {
            for frame in frames where released.insert(frame.framebuffer).inserted { surface.release(framebuffer: frame.framebuffer) }
        }
    }

    private func handleHotplug() {
        guard let device else { return }
        let connectors = device.connectors()
        if let display {
            let current = connectors.first { $0.id == display.connector.id }
            if current?.isConnected != true {
                log("display: \(display.connector.name) unplugged; waiting for a display")
                detach()
                events(.detached)
            } else if linkIsBad(connectorID: display.connector.id, on: device) {
                // Unplugged and plugged back between two probes, or the link retrained: the kernel
                // marks the link bad and the mode must be set again (as wlroots does).
                log("display: \(display.connector.name) link status bad; setting the mode again")
                releaseFrames()
                scanoutState.requireModeset()
                forceRedraw = true
            }
        } else {
            lastAttachAttempt = -.infinity
        }
    }

    /// Whether the connector's `link-status` property is BAD (DRM_MODE_LINK_STATUS_BAD).
    private func linkIsBad(connectorID: UInt32, on device: DRMDevice) -> Bool {
        device.property(object: connectorID, type: UInt32(DRM_MODE_OBJECT_CONNECTOR), named: "link-status")?.value
            == UInt64(DRM_MODE_LINK_STATUS_BAD)
    }

    // MARK: Session

    private func seatDisabled() {
        log("seat: disabled (VT switch); rendering paused, DRM master released")
        scanoutState.pause()
        releaseFrames()
        input?.suspend()
    }

    private func seatEnabled() {
        log("seat: enabled; restoring the mode and redrawing")
        device?.acquireMaster()
        input?.resume()
        masterLost = false
        scanoutState.resume()
        forceRedraw = true
        handleHotplug()
    }

    private func handleSignals() {
        for signal in TerminationSignals.drain() {
            if signal == SIGUSR1 {
                QuartzCoreDisplayLog.logger.info("\(output.statistics.description)")
            } else {
                stopSignal = signal
            }
        }
    }

    private func shutdown() {
        if let device, let savedCRTC {
            log(savedCRTC.restore(fd: device.fd) ? "display: previous CRTC state restored" : "display: could not restore the previous CRTC state")
        }
        detach()
        input = nil
        device = nil
        events(.terminated(signal: stopSignal ?? SIGTERM))
    }

    // MARK: Frames

    private func renderFrame() {
        guard let display else { return }
        let start = CACurrentMediaTime()
        let presentation = pacer.presentationTime(now: start)
        let renderer = display.surface.renderer
        let list: DrawList
        do {
            try display.surface.makeCurrent()
            list = try renderer.drawList(atTime: presentation)
        } catch {
            log("frame: \(error)")
            forceRedraw = false
            return
        }
        let whole = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
        var damage = damageTracker.damage(for: list)
        if forceRedraw || scanoutState.needsModeset { // a modeset shows a whole frame, never a partial one
            damage = [whole]
            damageHistory.reset()
        }
        if damage.isEmpty {
            output.shared.withLock { $0.statistics.recordUnchangedFrame() }
            // Nothing visible changed: no new frame. Display links still tick at the display's
            // rate, so the frame on screen is flipped again (no rendering) to get the next vblank.
            if output.flipClock.hasObservers, let onScreen, pacer.framesInFlight == 0 {
                let again = Frame(framebuffer: onScreen.framebuffer, damage: [], inputTime: nil)
                if case .submit(let frame) = pacer.rendered(again, renderDuration: 0) { submit(frame) }
            }
            return
        }
        forceRedraw = false
        let inputTime = output.shared.withLock { s -> CFTimeInterval? in
            defer { s.pendingInputTime = nil }
            return s.pendingInputTime
        }
        do {
            // Pixels outside the damage of this frame and of the frames since this buffer was
            // last drawn are still right in it (EGL_EXT_buffer_age; a dumb buffer's frame number).
            let redraw = damageHistory.redrawRegion(current: damage, bufferAge: display.surface.bufferAge, canvas: whole)
            _ = try renderer.frameRenderer.render(list, damageRegion: redraw)
            let framebuffer = try display.surface.present()
            damageHistory.record(damage)
            contextRecoveries = 0
            let duration = CACurrentMediaTime() - start
            let redrawnFraction = Double(redraw.reduce(0) { $0 + $1.width * $1.height }) / Double(max(1, whole.width * whole.height))
            if !firstFrameSent && onScreen == nil && pacer.framesInFlight == 0 {
                log(String(format: "frame: first frame rendered in %.2f s (%@ renderer: caches, shaders and textures filled)", duration, display.surface.kind))
            }
            output.shared.withLock { $0.statistics.recordRender(duration: duration, redrawnFraction: redrawnFraction) }
            if tracesFrames {
                log(String(format: "trace: rendered in %.1f ms, redrew %.1f%% %@", duration * 1000, redrawnFraction * 100, "\(redraw)"))
            }
            let frame = Frame(framebuffer: framebuffer, damage: damage, inputTime: inputTime)
            if case .submit(let next) = pacer.rendered(frame, renderDuration: duration) { submit(next) }
        } catch where Self.isContextLoss(error) {
            recreateAfterContextLoss(error)
        } catch {
            log("frame: \(error)")
            forceRedraw = true // the back buffer may be half drawn: the next frame redraws it whole
            retryAfter = CACurrentMediaTime() + 1
        }
    }

    /// Whether `error` says the GPU reset and the GL context with everything on it is gone.
    static func isContextLoss(_ error: Error) -> Bool {
        switch error {
        case GLError.contextLost: return true
        case CARendererError.renderer(let underlying): return isContextLoss(underlying)
        default: return false
        }
    }

    /// Throws the surface away (GBM surface, EGL context, renderer, textures, caches) and makes a
    /// new one at once; the attach does a modeset and draws the whole frame.
    private func recreateAfterContextLoss(_ error: Error) {
        contextRecoveries += 1
        let immediate = contextRecoveries <= Self.maximumContextRecoveries
        log("renderer: \(error); recreating the GL context and renderer"
            + (immediate ? " (\(contextRecoveries) of \(Self.maximumContextRecoveries))" : " (still failing; retrying every 0.5 s)"))
        detach()
        if immediate { lastAttachAttempt = -.infinity }
    }

    private func submit(_ frame: Frame) {
        guard var display else { return }
        do {
            if scanoutState.needsModeset, !scanoutState.isPaused, let atomic = display.scanout as? AtomicScanout {
                do {
                    try atomic.test(framebuffer: frame.framebuffer)
                } catch {
                    log("atomic: \(error); falling back to legacy modesetting")
                    display.scanout = LegacyScanout(fd: device!.fd, pipe: display.pipe)
                    self.display = display
                }
            } else if !scanoutState.needsModeset {
                let earliest = (pacer.lastFlipTime ?? 0) + pacer.refreshPeriod - flipLatency
                if CACurrentMediaTime() < earliest - 0.0005 {
                    heldFrame = (frame, earliest)
                    return
                }
            }
            // A frame flipped again changed nothing; no clips would tell the kernel "all of it".
            let unchanged = frame.framebuffer == onScreen?.framebuffer && frame.damage.isEmpty
            let outcome = try scanoutState.submit(framebuffer: frame.framebuffer,
                                                  damage: unchanged ? [PixelRect(x: 0, y: 0, width: 1, height: 1)] : frame.damage,
                                                  on: display.scanout, userData: Unmanaged.passUnretained(flipSink).toOpaque(),
                                                  now: CACurrentMediaTime())
            switch outcome {
            case .modeset:
                let kind = display.scanout.kind
                output.shared.withLock { $0.scanoutKind = kind }
                didFlip(at: CACurrentMediaTime()) // the modeset put it on screen
            case .flipQueued:
                break
            case .paused:
                releaseFrames() // the seat is away: the frame is dropped and redrawn on its return
            }
        } catch let error as CADisplayError where error.isPermissionDenied {
            logWaiting("scanout: \(error): DRM master lost; rendering paused until it is regained")
            releaseFrames()
            scanoutState.pause()
            masterLost = true
            forceRedraw = true
        } catch {
            // The failed commit left no flip pending and made the next frame a modeset.
            log("scanout: \(error); retrying in 1 s")
            releaseFrames()
            forceRedraw = true
            retryAfter = CACurrentMediaTime() + 1
        }
    }

    /// Asks for DRM master again (at most once a second) after a commit was refused for want of it.
    private func regainMaster() {
        let now = CACurrentMediaTime()
        guard now - lastMasterAttempt >= 1, let device else { return }
        lastMasterAttempt = now
        guard device.acquireMaster() else { return }
        log("seat: DRM master regained; restoring the mode and redrawing")
        masterLost = false
        lastWaitMessage = ""
        scanoutState.resume()
        forceRedraw = true
    }

    private func handleDRMEvents() {
        guard let device else { return }
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let sink = Unmanaged<FlipSink>.fromOpaque(userData).takeUnretainedValue()
            sink.times.append(CFTimeInterval(seconds) + CFTimeInterval(microseconds) * 1e-6)
        }
        drmHandleEvent(device.fd, &context)
        let times = flipSink.times
        flipSink.times = []
        times.forEach(didFlip(at:))
    }

    /// A flip that never completes (a driver hiccup, a seat change mid-flip) must not stall the output.
    private func checkLostFlip() {
        guard scanoutState.giveUpLostFlip(now: CACurrentMediaTime()) else { return }
        log("scanout: no page-flip event for 1 s; forcing a modeset")
        releaseFrames()
        forceRedraw = true
    }

    private func didFlip(at time: CFTimeInterval) {
        guard let surface = display?.surface else { return }
        if tracesFrames { log(String(format: "trace: flip at %.4f", time)) }
        if let measured = scanoutState.flipCompleted(at: time) {
            let latency = min(measured, pacer.refreshPeriod)
            flipLatency = flipLatency == 0 ? latency : 0.8 * flipLatency + 0.2 * latency
        }
        let (next, nowOnScreen) = pacer.flipped(at: time)
        if let previous = onScreen, previous.framebuffer != nowOnScreen?.framebuffer {
            surface.release(framebuffer: previous.framebuffer)
        }
        onScreen = nowOnScreen
        let continuous = wantedFrameAtLastFlip
        wantedFrameAtLastFlip = wantsFrame() || next != nil
        let report: String? = output.shared.withLock { s in
            s.statistics.recordFlip(at: time, continuous: continuous)
            if let input = nowOnScreen?.inputTime { s.statistics.recordInputLatency(time - input) }
            guard let interval = configuration.statisticsInterval, interval > 0,
                  s.statistics.flipCount % interval == 0 else { return nil }
            return s.statistics.description
        }
        if let report { QuartzCoreDisplayLog.logger.info("\(report)") }
        if !firstFrameSent {
            firstFrameSent = true
            events(.firstFrame(time))
        }
        output.flipClock.signalFlip(at: time)
        if let next { submit(next) }
    }
}

/// Collects page-flip times from libdrm's C callback (user data points at it).
final class FlipSink {
    var times: [CFTimeInterval] = []
}
