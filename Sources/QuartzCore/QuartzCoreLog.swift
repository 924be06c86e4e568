import Logging

/// The log of the QuartzCore target's rendering: renderer failures and GL layer draws.
enum QuartzCoreLog {
    static let logger = Logger(label: "QuartzCore")
}
