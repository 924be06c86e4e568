import CDRM
import Foundation
import QuartzCore

/// Blanks the display after `Configuration.blankingDelay` seconds without input (counted from
/// the last input, or from when the display was last lit) and wakes it on the next input: DPMS off through the connector's `DPMS` property (rendering stops until
/// the wake), or, where the connector has none, a black frame drawn by the app
/// (`CADisplayOutput.Event.blankingChanged`). The input that wakes the display is not delivered,
/// so a touch meant to wake a dark kiosk does not also press what lies under it.
final class KMSBlankingHandler {
    private let state: KMSOutputState
    private let events: @Sendable (CADisplayOutput.Event) -> Void
    private var blanker: IdleBlanker
    private var blankedByDPMS = false

    init(state: KMSOutputState, events: @escaping @Sendable (CADisplayOutput.Event) -> Void) {
        self.state = state
        self.events = events
        blanker = IdleBlanker(delay: state.configuration.blankingDelay, now: CACurrentMediaTime())
    }

    /// Input arrived; returns whether it should be delivered (false: it woke the display).
    func inputArrived() -> Bool {
        guard blanker.activity(at: CACurrentMediaTime()) == .wake else { return true }
        wake()
        return false
    }

    /// The seat came back (someone switched to this VT): the idle time starts again.
    func seatEnabled() {
        if blanker.activity(at: CACurrentMediaTime()) == .wake { wake() }
    }

    /// A display was lit (at start, plugged in, or back after the seat's return): the idle time
    /// starts now, so that a slow first frame or a long wait for a display is not counted.
    func displayLit() {
        if blanker.activity(at: CACurrentMediaTime()) == .wake { wake() }
    }

    /// Blanks the display once the idle time is over.
    func tick() {
        if blankedByDPMS, state.display == nil {
            // Unplugged while dark: the next display is lit normally and blanks on its own timer.
            blankedByDPMS = false
            state.scanout.resume()
        }
        if blanker.tick(now: CACurrentMediaTime()) == .blank { blank() }
    }

    /// Milliseconds until the display blanks, for the poll's timeout; nil when it never will.
    func timeout() -> Int32? {
        blanker.timeUntilBlank(now: CACurrentMediaTime()).map { Int32(min(3_600_000, ($0 * 1000).rounded(.up))) }
    }

    private func blank() {
        let seconds = Int(blanker.delay ?? 0)
        if let display = state.display, let device = state.device,
           device.setConnectorProperty(connectorID: display.connector.id, named: "DPMS", value: UInt64(DRM_MODE_DPMS_OFF)) {
            blankedByDPMS = true
            state.releaseFrames()
            state.scanout.pause()
            state.log("blanking: no input for \(seconds) s; display off (DPMS)")
        } else {
            state.log("blanking: no input for \(seconds) s; showing a black frame (the connector has no DPMS property)")
            events(.blankingChanged(isBlanked: true))
        }
    }

    private func wake() {
        if blankedByDPMS {
            blankedByDPMS = false
            if let display = state.display, let device = state.device {
                _ = device.setConnectorProperty(connectorID: display.connector.id, named: "DPMS", value: UInt64(DRM_MODE_DPMS_ON))
            }
            state.scanout.resume()
            state.forceRedraw = true
        } else {
            events(.blankingChanged(isBlanked: false))
        }
        state.log("blanking: input; display on")
    }
}
