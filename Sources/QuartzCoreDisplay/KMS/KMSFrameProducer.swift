import CompositorCore
import Foundation
import GLESRenderer
import QuartzCore

/// Renders the committed tree into the display's back buffer (only the damaged region where
/// the buffer's age allows) and submits the frame: a modeset when one is due, else a page flip
/// held to the mode's period. Failed frames and commits are logged and retried; a lost GPU
/// context recreates the surface. (The output's counterpart of wlroots' backend/drm/renderer.c
/// and the commit half of drm.c.)
final class KMSFrameProducer {
    private let state: KMSOutputState
    private let seat: KMSSeatHandler
    private let hotplug: KMSHotplugHandler
    private var damageTracker = DamageTracker()
    private var damageHistory = BufferDamageHistory()
    /// GPU resets in a row without a frame rendered since; past `maximumContextRecoveries` the
    /// surface is recreated at the attach pace (twice a second) rather than at once.
    private var contextRecoveries = 0
    static let maximumContextRecoveries = 3
    /// Collects the flip events; its address is the flips' user data.
    let flipSink = FlipSink()
    /// Called when a submitted frame is on screen without a flip event (a modeset shows it at once).
    var frameShown: (CFTimeInterval) -> Void = { _ in }
    /// Called when a modeset lit a display that was attached, plugged back or returned with the seat.
    var displayLit: () -> Void = {}

    init(state: KMSOutputState, seat: KMSSeatHandler, hotplug: KMSHotplugHandler) {
        self.state = state
        self.seat = seat
        self.hotplug = hotplug
    }

    /// The average flip latency, which holds frames back on displays that flip early.
    var latency = KMSFlipLatency()

    /// Submits a held frame once its time has come.
    func submitHeldFrameIfDue() {
        if let held = state.heldFrame, CACurrentMediaTime() >= held.until {
            state.heldFrame = nil
            submit(held.frame)
        }
    }

    /// Draws a frame at the pacer's presentation time and submits it (or, when nothing
    /// changed, flips the frame on screen again for display links).
    func renderFrame() {
        guard let display = state.display else { return }
        let start = CACurrentMediaTime()
        let presentation = state.pacer.presentationTime(now: start)
        let renderer = display.surface.renderer
        var list: DrawList
        do {
            try display.surface.makeCurrent()
            list = try renderer.drawList(atTime: presentation)
        } catch {
            state.log.error("frame: \(error)")
            state.forceRedraw = false
            return
        }
        let whole = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
        var damage = damageTracker.damage(for: &list)
        if state.forceRedraw || state.scanout.needsModeset { // a modeset shows a whole frame, never a partial one
            damage = [whole]
            damageHistory.reset()
        }
        if damage.isEmpty {
            state.output.shared.withLock { $0.statistics.recordUnchangedFrame() }
            // Nothing visible changed: no new frame. Display links still tick at the display's
            // rate, so the frame on screen is flipped again (no rendering) to get the next vblank.
            if state.output.flipClock.hasObservers, let onScreen = state.onScreen, state.pacer.framesInFlight == 0 {
                let again = KMSFrame(framebuffer: onScreen.framebuffer, damage: [], inputTime: nil)
                if case .submit(let frame) = state.pacer.rendered(again, renderDuration: 0) { submit(frame) }
            }
            return
        }
        state.forceRedraw = false
        let inputTime = state.output.shared.withLock { s -> CFTimeInterval? in
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
            if !state.firstFrameSent && state.onScreen == nil && state.pacer.framesInFlight == 0 {
                state.log(String(format: "frame: first frame rendered in %.2f s (%@ renderer: caches, shaders and textures filled)", duration, display.surface.kind))
            }
            state.output.shared.withLock { $0.statistics.recordRender(duration: duration, redrawnFraction: redrawnFraction) }
            if state.tracesFrames {
                state.log(String(format: "trace: rendered in %.1f ms, redrew %.1f%% %@", duration * 1000, redrawnFraction * 100, "\(redraw)"))
            }
            let frame = KMSFrame(framebuffer: framebuffer, damage: damage, inputTime: inputTime)
            if case .submit(let next) = state.pacer.rendered(frame, renderDuration: duration) { submit(next) }
        } catch where Self.isContextLoss(error) {
            recreateAfterContextLoss(error)
        } catch {
            state.log.error("frame: \(error)")
            state.forceRedraw = true // the back buffer may be half drawn: the next frame redraws it whole
            state.retryAfter = CACurrentMediaTime() + 1
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
        state.log.error("renderer: \(error); recreating the GL context and renderer"
            + (immediate ? " (\(contextRecoveries) of \(Self.maximumContextRecoveries))" : " (still failing; retrying every 0.5 s)"))
        state.detach()
        if immediate { hotplug.attachSoon() }
    }

    /// Puts `frame` on screen: a modeset when one is due (testing an atomic one first and
    /// falling back to legacy calls), else a page flip, held while the display flips early.
    func submit(_ frame: KMSFrame) {
        guard var display = state.display else { return }
        do {
            if state.scanout.needsModeset, !state.scanout.isPaused, let atomic = display.scanout as? AtomicScanout {
                do {
                    try atomic.test(framebuffer: frame.framebuffer)
                } catch {
                    state.log.error("atomic: \(error); falling back to legacy modesetting")
                    display.scanout = LegacyScanout(fd: state.device!.fd, pipe: display.pipe)
                    state.display = display
                }
            } else if !state.scanout.needsModeset {
                let now = CACurrentMediaTime()
                if latency.holds(now: now, lastFlip: state.pacer.lastFlipTime, refreshPeriod: state.pacer.refreshPeriod) {
                    state.heldFrame = (frame, latency.earliestSubmission(lastFlip: state.pacer.lastFlipTime, refreshPeriod: state.pacer.refreshPeriod))
                    return
                }
            }
            // A frame flipped again changed nothing; no clips would tell the kernel "all of it".
            let unchanged = frame.framebuffer == state.onScreen?.framebuffer && frame.damage.isEmpty
            let outcome = try state.scanout.submit(framebuffer: frame.framebuffer,
                                                   damage: unchanged ? [PixelRect(x: 0, y: 0, width: 1, height: 1)] : frame.damage,
                                                   on: display.scanout, userData: Unmanaged.passUnretained(flipSink).toOpaque(),
                                                   now: CACurrentMediaTime())
            switch outcome {
            case .modeset:
                let kind = display.scanout.kind
                state.output.shared.withLock { $0.scanoutKind = kind }
                let lit = state.connection != state.connection.after(.modeSet)
                state.connection = state.connection.after(.modeSet)
                if lit { displayLit() }
                state.log("scanout: mode set on \(display.connector.name) (\(kind)); a frame is on screen")
                frameShown(CACurrentMediaTime()) // the modeset put it on screen
            case .flipQueued:
                break
            case .paused:
                state.releaseFrames() // the seat is away: the frame is dropped and redrawn on its return
            }
        } catch let error as CADisplayError where error.isPermissionDenied {
            seat.masterRefused(error)
        } catch {
            // The failed commit left no flip pending and made the next frame a modeset.
            state.log.error("scanout: \(error); retrying in 1 s")
            state.releaseFrames()
            state.forceRedraw = true
            state.retryAfter = CACurrentMediaTime() + 1
        }
    }
}
