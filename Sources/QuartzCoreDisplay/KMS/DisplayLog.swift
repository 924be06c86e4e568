import Logging

/// The output thread's log (swift-log, label `QuartzCoreDisplay`). A waiting state (no device,
/// no display, DRM master lost) is logged once, not at every retry.
final class DisplayLog {
    private let logger = QuartzCoreDisplayLog.logger
    private var lastWaitMessage = ""

    /// Logs an event of the output at the info level.
    func callAsFunction(_ message: String) {
        logger.info("\(message)")
    }

    /// Logs a failure the output recovers from (it retries or falls back).
    func error(_ message: String) {
        logger.error("\(message)")
    }

    /// Logs `message` unless it is the waiting state logged last.
    func waiting(_ message: String) {
        guard message != lastWaitMessage else { return }
        lastWaitMessage = message
        logger.notice("\(message)")
    }

    /// The wait is over: the next waiting state is logged even if it repeats the last one.
    func endWaiting() {
        lastWaitMessage = ""
    }
}
