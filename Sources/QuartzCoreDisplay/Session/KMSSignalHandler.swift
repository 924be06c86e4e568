import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the output does with the signals `TerminationSignals` turned into bytes on its pipe:
/// SIGUSR1 prints the frame statistics, SIGINT and SIGTERM stop the output (the CRTC is
/// restored on the way out).
enum KMSSignalHandler {
    /// What a signal asks of the output.
    enum Action: Equatable {
        /// Print the frame statistics on standard output.
        case printStatistics
        /// Stop the output, telling the app which signal did.
        case stop(signal: Int32)
    }

    /// What `signal` asks for.
    static func action(for signal: Int32) -> Action {
        signal == SIGUSR1 ? .printStatistics : .stop(signal: signal)
    }

    /// The actions of the signals received since the last call, in order.
    static func pendingActions() -> [Action] {
        TerminationSignals.drain().map(action(for:))
    }
}
