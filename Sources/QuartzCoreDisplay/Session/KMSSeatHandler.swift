import CDRM
import Foundation
import QuartzCore

/// What the output does when the seat goes and comes back (a VT switch, another session taking
/// the seat) and when another process took DRM master without a seat change: on disable,
/// rendering stops, the frames are released, DRM master is dropped and touches in progress are
/// cancelled; on enable, master is taken again, input reopened and the whole frame redrawn
/// after a modeset. (The output's counterpart of wlroots' session handling in backend/drm.)
final class KMSSeatHandler {
    private let state: KMSOutputState
    private var lastMasterAttempt: CFTimeInterval = -.infinity

    /// DRM master is asked for again at most this often after a refused commit.
    static let masterRetryInterval: CFTimeInterval = 1

    init(state: KMSOutputState) {
        self.state = state
    }

    /// The seat is being disabled: the device fds stop working once this returns.
    func seatDisabled() {
        state.log("seat: disabled (VT switch); rendering paused, DRM master released")
        state.connection = state.connection.after(.seatDisabled)
        state.scanout.pause()
        state.releaseFrames()
        // A seat manager revokes master itself; dropping it here covers a direct open too.
        if let device = state.device { _ = drmDropMaster(device.fd) }
    }

    /// The seat is usable again.
    func seatEnabled() {
        state.log("seat: enabled; restoring the mode and redrawing")
        state.device?.acquireMaster()
        state.connection = state.connection.after(.seatEnabled)
        state.masterLost = false
        state.scanout.resume()
        state.forceRedraw = true
    }

    /// A commit was refused for want of DRM master with no seat change: nothing is submitted
    /// until `regainMasterIfDue()` gets it back.
    func masterRefused(_ error: CADisplayError) {
        state.log.waiting("scanout: \(error): DRM master lost; rendering paused until it is regained")
        state.releaseFrames()
        state.scanout.pause()
        state.masterLost = true
        state.forceRedraw = true
    }

    /// Asks for DRM master again (at most once a second) after a commit was refused for want of it.
    func regainMasterIfDue() {
        let now = CACurrentMediaTime()
        guard state.masterLost, now - lastMasterAttempt >= Self.masterRetryInterval, let device = state.device else { return }
        lastMasterAttempt = now
        guard device.acquireMaster() else { return }
        state.log("seat: DRM master regained; restoring the mode and redrawing")
        state.masterLost = false
        state.log.endWaiting()
        state.scanout.resume()
        state.forceRedraw = true
    }
}
