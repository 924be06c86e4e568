import Logging

/// Where the display reports its progress and troubles (device, mode, renderer, seat, hot-plug,
/// the first frame) and the frame statistics and traces it is asked for.
enum QuartzCoreDisplayLog {
    static let logger = Logger(label: "QuartzCoreDisplay")
}
