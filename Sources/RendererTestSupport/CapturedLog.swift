import Foundation
import Logging

/// A log handler that keeps the messages logged through it, for tests that check log lines.
public final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [(level: Logger.Level, message: String)] = []

    /// The messages logged so far, with their levels.
    public var entries: [(level: Logger.Level, message: String)] { lock.withLock { storage } }

    /// Makes an empty capture.
    public init() {}

    /// A logger writing into this capture.
    public func logger(label: String) -> Logger {
        Logger(label: label) { _ in Handler(log: self) }
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        lock.withLock { storage.append((level, message)) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            log.append(event.level, "\(event.message)")
        }
    }
}
