import Logging

/// Where CompositorCore reports what it was asked to measure and what it ignores (an unknown
/// `QC_DEBUG` switch, a `QC_MEMORY_BUDGET` that is not a size) and how caches follow the memory ceiling.
enum CompositorCoreLog {
    static let logger = Logger(label: "CompositorCore")
}
