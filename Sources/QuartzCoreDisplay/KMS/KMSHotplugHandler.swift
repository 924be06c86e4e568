import CDRM
import Foundation
import GLESRenderer
import QuartzCore

/// Finds and lights a display, and notices when it goes: opens the card, picks connector,
/// mode, CRTC and plane, makes the render surface; re-probes the connectors on a kernel
/// hot-plug uevent (or every second where the uevent socket cannot be opened) and lets the
/// display go when it is unplugged, or sets its mode again when its link went bad.
/// (The output's counterpart of wlroots' backend/drm/monitor.c and the connector scan.)
final class KMSHotplugHandler {
    private let state: KMSOutputState
    private let session: SeatSession
    private let root: LayerReference
    private let events: @Sendable (CADisplayOutput.Event) -> Void
    private let monitor: HotplugMonitor?
    private var lastAttachAttempt: CFTimeInterval = -.infinity
    private var lastConnectorCheck: CFTimeInterval = -.infinity
    /// The CRTC as it was before the output took it, put back at exit.
    private(set) var savedCRTC: SavedCRTC?

    /// Attaching is tried at most this often while waiting.
    static let attachInterval: CFTimeInterval = 0.5

    init(state: KMSOutputState, session: SeatSession, root: LayerReference,
         events: @escaping @Sendable (CADisplayOutput.Event) -> Void) {
        self.state = state
        self.session = session
        self.root = root
        self.events = events
        monitor = HotplugMonitor()
        if monitor == nil { state.log("hot-plug: no kernel uevent socket; re-probing connectors every second") }
    }

    /// The uevent socket to poll, or nil when connectors are re-probed on a timer.
    var pollDescriptor: Int32? { monitor?.pollDescriptor }

    /// Reads the pending uevents and re-probes the connectors after a hot-plug.
    func readUevents() {
        if monitor?.drain() == true { connectorsChanged() }
    }

    /// A poll timed out: without a uevent socket, the connectors are probed on this timer.
    func pollTimedOut() {
        if monitor == nil, state.display != nil { connectorsChanged() }
    }

    /// Checks once a second whether the driven connector is still connected as the kernel last
    /// saw it: a connector forced off through sysfs (`/sys/class/drm/card0-NAME/status`), and one
    /// on a driver that neither polls nor raises hot-plug interrupts, sends no uevent.
    func checkDrivenConnector() {
        let now = CACurrentMediaTime()
        guard now - lastConnectorCheck >= 1, let device = state.device, let display = state.display else { return }
        lastConnectorCheck = now
        if device.isConnectedWithoutProbing(connectorID: display.connector.id) == false { connectorsChanged() }
    }

    /// The next probe may come at once (after a lost context, a seat's return).
    func attachSoon() {
        lastAttachAttempt = -.infinity
    }

    /// Opens the card if needed and lights the first display the configuration allows; logs
    /// once why it waits when it cannot (no card, no display connected, no usable mode).
    func attachIfPossible() {
        let now = CACurrentMediaTime()
        guard now - lastAttachAttempt >= Self.attachInterval else { return }
        lastAttachAttempt = now
        let configuration = state.configuration
        if state.device == nil {
            do {
                let opened = try DRMDevice.open(session: session, path: configuration.devicePath,
                                                allowAtomic: configuration.allowsAtomic)
                state.device = opened
                state.log("device: \(opened.path) (\(opened.driverName)), atomic \(opened.supportsAtomic ? "available" : "unavailable")")
            } catch {
                state.log.waiting("device: \(error); waiting")
                return
            }
        }
        guard let device = state.device else { return }
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
                do { scanout = try AtomicScanout(device: device, pipe: pipe) } catch { state.log.error("atomic: \(error); using legacy modesetting") }
            }
            state.display = KMSDisplay(connector: connector, mode: mode, pipe: pipe, scanout: scanout, surface: surface)
            state.connection = state.connection.after(.displayAttached(connectorID: connector.id))
            state.pacer = CAFramePacer(policy: configuration.pacing, refreshPeriod: mode.refreshPeriod)
            state.output.flipClock.setRefreshPeriod(mode.refreshPeriod)
            state.output.shared.withLock { s in
                s.mode = mode
                s.statistics = CAFrameStatistics(refreshPeriod: mode.refreshPeriod)
                s.rendererKind = surface.kind
                s.layoutPending = true
            }
            state.layoutWaitEnds = CACurrentMediaTime() + KMSOutputState.layoutWait
            state.scanout.requireModeset()
            state.forceRedraw = true
            state.log.endWaiting()
            state.log("display: \(connector.name) \(mode) on CRTC \(pipe.crtcID), primary plane \(pipe.planeID.map(String.init) ?? "none"), "
                + "\(surface.kind) renderer, \(scanout.kind) modesetting, damage clips \(scanout.sendsDamageClips ? "on" : "off"), pacing \(configuration.pacing.rawValue)")
            events(.attached(mode))
        } catch CADisplaySelectionError.noConnectedDisplay {
            state.log.waiting("display: no display connected; waiting for one")
        } catch {
            state.log.waiting("display: \(error); waiting")
        }
    }

    /// The GLES surface, or dumb buffers for the CPU renderer when asked for or when EGL/GBM fail.
    private func makeSurface(device: DRMDevice, pipe: KMSPipe, mode: CADisplayMode) throws -> KMSRenderSurface {
        let configuration = state.configuration
        if configuration.renderingPath != .cpu {
            do {
                return try GBMRenderSurface(fd: device.fd, width: mode.width, height: mode.height)
            } catch where configuration.renderingPath == .automatic {
                state.log.error("renderer: GLES on GBM unavailable (\(error)); drawing with the CPU renderer into dumb buffers")
            }
        }
        let planeFormats = pipe.planeID.flatMap(device.planeFormats(planeID:))
        guard let format = ScanoutFormat.choose(planeFormats: planeFormats) else {
            throw CADisplayError.call("dumb buffers", detail: "the primary plane has neither XRGB8888 nor ARGB8888")
        }
        let surface = try DumbBufferSurface(fd: device.fd, width: mode.width, height: mode.height, format: format,
                                            count: configuration.pacing == .doubleBuffered ? 2 : 3)
        state.log("renderer: CPU into \(format.name) dumb buffers")
        return surface
    }

    /// Re-probes the connectors: the display was unplugged (let it go and wait for one), its
    /// link went bad (set the mode again), or, while waiting, one may have appeared.
    func connectorsChanged() {
        guard let device = state.device else { return }
        guard let display = state.display else {
            attachSoon()
            return
        }
        let current = device.connectors().first { $0.id == display.connector.id }
        if current?.isConnected != true {
            state.log("display: \(display.connector.name) unplugged; waiting for a display")
            state.detach()
            events(.detached)
        } else if linkIsBad(connectorID: display.connector.id, on: device) {
            // Unplugged and plugged back between two probes, or the link retrained: the kernel
            // marks the link bad and the mode must be set again (as wlroots does).
            state.log("display: \(display.connector.name) link status bad; setting the mode again")
            state.releaseFrames()
            state.connection = state.connection.after(.linkBroken)
            state.scanout.requireModeset()
            state.forceRedraw = true
        }
    }

    /// Whether the connector's `link-status` property is BAD (DRM_MODE_LINK_STATUS_BAD).
    private func linkIsBad(connectorID: UInt32, on device: DRMDevice) -> Bool {
        device.property(object: connectorID, type: UInt32(DRM_MODE_OBJECT_CONNECTOR), named: "link-status")?.value
            == UInt64(DRM_MODE_LINK_STATUS_BAD)
    }
}
