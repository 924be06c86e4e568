import Logging

/// Where AVFoundation reports items that fail and players that drop frames.
enum AVFoundationLog {
    static let logger = Logger(label: "AVFoundation")
}
