import CInput
import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// libinput's messages in the display's log (logger label `QuartzCoreDisplay`), at the level
/// their priority maps to, instead of on standard error, where libinput writes them by default.
///
/// One message is not an error though libinput sends it as one: "event processing lagging
/// behind by N ms, your system is too slow", which says that events waited in the kernel's
/// queue longer than libinput likes (on a loaded or emulated machine, a frame that took long).
/// It is logged as a warning: the kiosk lost nothing, and the delay shows in the frame
/// statistics. So is libinput's notice that it stops repeating a rate-limited message ("WARNING:
/// log rate limit exceeded (5 msgs per 60min). Discarding future messages."), which says so itself.
enum LibinputLog {
    /// Sends the messages of `context` to the display's log.
    static func install(on context: OpaquePointer) {
        libinput_log_set_handler(context) { _, priority, format, arguments in
            guard let format, let arguments else { return }
            var buffer = [CChar](repeating: 0, count: 512)
            let written = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
            guard written >= 0 else { return }
            // vsnprintf terminates the buffer, truncating a longer message; decode up to the NUL.
            let length = buffer.firstIndex(of: 0) ?? buffer.count
            let message = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            QuartzCoreDisplayLog.logger.log(level: LibinputLog.level(of: priority, message: message), "libinput: \(message)")
        }
    }

    /// The log level of a libinput message of `priority`.
    static func level(of priority: libinput_log_priority, message: String) -> Logger.Level {
        switch priority {
        case LIBINPUT_LOG_PRIORITY_DEBUG: .debug
        case LIBINPUT_LOG_PRIORITY_INFO: .info
        default: isTimingNote(message) || isRateLimitNotice(message) ? .warning : .error
        }
    }

    /// Whether `message` is libinput's note that it read events late.
    static func isTimingNote(_ message: String) -> Bool {
        message.contains("event processing lagging behind") || message.contains("your system is too slow")
    }

    /// Whether `message` is libinput's notice that it discards further copies of a message.
    static func isRateLimitNotice(_ message: String) -> Bool {
        message.contains("log rate limit exceeded")
    }
}
