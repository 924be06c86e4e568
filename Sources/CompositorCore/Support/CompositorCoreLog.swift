import Logging

/// Where CompositorCore reports what it was asked to measure and what it ignores (an unknown
/// `QC_DEBUG` switch).
enum CompositorCoreLog {
    static let logger = Logger(label: "CompositorCore")
}
