import Foundation
import CompositorCore

/// Follows the memory ceiling through a run (`--expect-ceiling`): that one was read, that the
/// memory in use never passed it, and how far the caches were held below their own budget.
struct CeilingCheck {
    /// The frame of the first reading with a ceiling, or nil.
    private(set) var firstFrame: Int?
    /// The highest memory in use seen, with the limit then and the frame.
    private(set) var peak: (inUse: Int, limit: Int, frame: Int) = (0, 0, 0)
    /// The smallest per-cache byte limit the ceiling left.
    private(set) var smallestCacheLimit = Int.max
    /// The largest total of the caches' bytes.
    private(set) var largestCacheBytes = 0
    /// The first frame whose memory in use was above the limit.
    private(set) var overLimit: (inUse: Int, limit: Int, frame: Int)?

    mutating func observe(_ s: RenderStatistics, frame: Int) {
        guard s.memoryLimitBytes > 0 else { return }
        if firstFrame == nil { firstFrame = frame }
        if s.memoryInUseBytes > peak.inUse { peak = (s.memoryInUseBytes, s.memoryLimitBytes, frame) }
        if overLimit == nil, s.memoryInUseBytes > s.memoryLimitBytes { overLimit = (s.memoryInUseBytes, s.memoryLimitBytes, frame) }
        smallestCacheLimit = min(smallestCacheLimit, s.cacheByteLimit)
        let caches = [s.contentImages, s.rasterizedGroups, s.offscreenTargets, s.layerPictures, s.flattenedSubtrees, s.shadowMasks]
        largestCacheBytes = max(largestCacheBytes, caches.reduce(0) { $0 + $1.bytes })
    }

    /// Why the run fails the check, or nil; with `configuredByteLimit`, also when the ceiling
    /// never held the caches below it.
    func problem(configuredByteLimit: Int?) -> String? {
        guard firstFrame != nil else { return "no memory ceiling was read (no cgroup limit, no --memory-budget)" }
        if let overLimit {
            return "memory in use \(mib(overLimit.inUse)) passed the ceiling \(mib(overLimit.limit)) at frame \(overLimit.frame)"
        }
        if largestCacheBytes > peak.limit { return "the caches held \(mib(largestCacheBytes)), above the ceiling \(mib(peak.limit))" }
        if let configuredByteLimit, smallestCacheLimit >= configuredByteLimit {
            return "the ceiling never held the caches below their limit of \(mib(configuredByteLimit))"
        }
        return nil
    }

    /// The figures of the run.
    var summary: String {
        "under the ceiling: peak \(mib(peak.inUse)) of \(mib(peak.limit)) at frame \(peak.frame); "
            + "caches at most \(mib(largestCacheBytes)) in all, held to \(mib(smallestCacheLimit)) each at the least"
    }

    private func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
}
