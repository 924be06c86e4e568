import CompositorCore
import Foundation
import QuartzCore

/// A rendered frame on its way to the screen.
struct KMSFrame {
    let framebuffer: UInt32
    /// What differs from the frame before it (empty: a frame flipped again, or unknown).
    let damage: [PixelRect]
    let inputTime: CFTimeInterval?
}

/// A lit display: what was chosen and what draws into it.
struct KMSDisplay {
    let connector: CADisplayConnector
    let mode: CADisplayMode
    let pipe: KMSPipe
    var scanout: KMSScanout
    let surface: KMSRenderSurface
}

/// What the parts of a KMS output share on its thread (wlroots keeps the same in its backend
/// and connector structs): the device, the lit display, the frames in flight and what the next
/// frame must do. Each part changes the fields of its own job; the helpers here are the ones
/// several parts need. Confined to the output's thread.
final class KMSOutputState {
    let output: CADisplayOutput
    let log: DisplayLog
    var configuration: CADisplayOutput.Configuration { output.configuration }

    /// The card, once opened.
    var device: DRMDevice?
    /// The lit display, or nil while none is.
    var display: KMSDisplay?
    /// Where the output stands with its display (waiting, setting the mode, running, paused).
    var connection = DisplayConnectionState.waiting
    var pacer = CAFramePacer<KMSFrame>(policy: .adaptive, refreshPeriod: 1.0 / 60)
    /// The frame the display scans out.
    var onScreen: KMSFrame?
    var scanout = ScanoutState()
    /// The next frame is drawn whole even if nothing changed.
    var forceRedraw = true
    /// Set when a commit was refused for want of DRM master (EACCES) with no seat change: another
    /// process took the card. Master is asked for again every second; nothing is submitted meanwhile.
    var masterLost = false
    /// A frame held back so that flips keep the mode's period (see `KMSFlipLatency`).
    var heldFrame: (frame: KMSFrame, until: CFTimeInterval)?
    /// No frame is rendered before this time (after a failed frame or commit).
    var retryAfter: CFTimeInterval = 0
    /// Until when a newly attached display's first frame waits for the app's layout.
    var layoutWaitEnds: CFTimeInterval = 0
    /// How long a newly attached display's first frame waits for the app's layout at most.
    static let layoutWait: CFTimeInterval = 0.5

    /// Whether the app has laid its tree out for the attached display's mode (or has been waited for long enough).
    var contentIsLaidOut: Bool {
        CACurrentMediaTime() >= layoutWaitEnds || !output.shared.withLock { $0.layoutPending }
    }

    /// Whether the first frame reached the screen.
    var firstFrameSent = false
    /// `QC_DEBUG=display-trace` logs every frame's render time and every flip.
    let tracesFrames = DebugOptions.isEnabled(.displayTrace)

    init(output: CADisplayOutput, log: DisplayLog) {
        self.output = output
        self.log = log
    }

    /// Whether a frame can be rendered now: a display, a free buffer, room in the pacer.
    var canRender: Bool {
        guard let display else { return false }
        return pacer.canRender && display.surface.hasFreeBuffers && CACurrentMediaTime() >= retryAfter
    }

    /// Whether the next vblank needs a new frame: a commit, a running animation, display links, or a redraw.
    var wantsFrame: Bool {
        guard let display else { return false }
        if forceRedraw || output.flipClock.hasObservers { return true }
        return display.surface.renderer.nextFrameTime() <= pacer.presentationTime(now: CACurrentMediaTime())
    }

    /// Lets go of the frames in flight and on screen; each buffer goes back to the surface once.
    func releaseFrames() {
        let frames = pacer.reset() + [onScreen].compactMap { $0 }
        onScreen = nil
        scanout.forgetPendingFlip()
        heldFrame = nil
        // A frame flipped again (display links on a still tree) appears twice: release each buffer once.
        var released = Set<UInt32>()
        if let surface = display?.surface {
            for frame in frames where released.insert(frame.framebuffer).inserted { surface.release(framebuffer: frame.framebuffer) }
        }
    }

    /// Lets go of the display (unplugged or its GPU context lost): frames are released, the surface destroyed.
    func detach() {
        releaseFrames()
        display = nil
        connection = connection.after(.displayDetached)
        output.shared.withLock { $0.mode = nil }
    }
}
