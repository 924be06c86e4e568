import Logging

/// Where CoreGraphics reports input it refuses (an invalid image layout, an unwritable file) and
/// carries on, as Core Graphics logs to the console.
enum CoreGraphicsLog {
    static let logger = Logger(label: "CoreGraphics")
}
