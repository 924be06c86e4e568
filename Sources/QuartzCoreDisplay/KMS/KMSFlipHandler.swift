import CDRM
import Foundation
import QuartzCore

/// Completes page flips: reads the DRM events, gives the buffer that left the screen back to
/// the surface, records the flip in the statistics, ticks the display links and submits the
/// frame the pacer queued behind it; gives up on a flip whose event never comes.
/// (The output's counterpart of wlroots' page-flip handler in backend/drm.)
final class KMSFlipHandler {
    private let state: KMSOutputState
    private let producer: KMSFrameProducer
    private let events: @Sendable (CADisplayOutput.Event) -> Void
    private var wantedFrameAtLastFlip = false

    init(state: KMSOutputState, producer: KMSFrameProducer, events: @escaping @Sendable (CADisplayOutput.Event) -> Void) {
        self.state = state
        self.producer = producer
        self.events = events
    }

    /// Reads the card's pending events and completes the flips they report.
    func readDRMEvents() {
        guard let device = state.device else { return }
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, _, seconds, microseconds, userData in
            guard let userData else { return }
            let sink = Unmanaged<FlipSink>.fromOpaque(userData).takeUnretainedValue()
            sink.times.append(CFTimeInterval(seconds) + CFTimeInterval(microseconds) * 1e-6)
        }
        drmHandleEvent(device.fd, &context)
        let times = producer.flipSink.times
        producer.flipSink.times = []
        times.forEach(didFlip(at:))
    }

    /// A flip that never completes (a driver hiccup, a seat change mid-flip) must not stall the output.
    func checkLostFlip() {
        guard state.scanout.giveUpLostFlip(now: CACurrentMediaTime()) else { return }
        state.log.error("scanout: no page-flip event for 1 s; forcing a modeset")
        state.releaseFrames()
        state.forceRedraw = true
    }

    /// A frame reached the screen at `time` (a flip event, or a modeset).
    func didFlip(at time: CFTimeInterval) {
        guard let surface = state.display?.surface else { return }
        if state.tracesFrames { state.log(String(format: "trace: flip at %.4f", time)) }
        if let measured = state.scanout.flipCompleted(at: time) {
            producer.latency.record(measured, refreshPeriod: state.pacer.refreshPeriod)
        }
        let (next, nowOnScreen) = state.pacer.flipped(at: time)
        if let previous = state.onScreen, previous.framebuffer != nowOnScreen?.framebuffer {
            surface.release(framebuffer: previous.framebuffer)
        }
        state.onScreen = nowOnScreen
        let continuous = wantedFrameAtLastFlip
        wantedFrameAtLastFlip = state.wantsFrame || next != nil
        let configuration = state.configuration
        let report: String? = state.output.shared.withLock { s in
            s.statistics.recordFlip(at: time, continuous: continuous)
            if let input = nowOnScreen?.inputTime { s.statistics.recordInputLatency(time - input) }
            guard let interval = configuration.statisticsInterval, interval > 0,
                  s.statistics.flipCount % interval == 0 else { return nil }
            return s.statistics.description
        }
        if let report { QuartzCoreDisplayLog.logger.info("\(report)") }
        if !state.firstFrameSent {
            state.firstFrameSent = true
            events(.firstFrame(time))
        }
        state.output.flipClock.signalFlip(at: time)
        if let next { producer.submit(next) }
    }
}

/// Collects page-flip times from libdrm's C callback (user data points at it).
final class FlipSink {
    var times: [CFTimeInterval] = []
}
