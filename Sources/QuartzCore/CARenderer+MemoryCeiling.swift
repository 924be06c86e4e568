import CompositorCore
import Foundation

extension CARenderer {
    /// The bytes the process may use where no cgroup limits its memory (nil: no budget). Set it
    /// (or the `QC_MEMORY_BUDGET` environment variable, as in `QC_MEMORY_BUDGET=256M`) on a
    /// machine shared with other programs. (Linux addition.)
    ///
    /// Every renderer's caches then size themselves so that the process's resident memory stays
    /// below the budget, and shrink when it comes near or the kernel reports memory pressure
    /// (`CacheMemoryGovernor`). Under a cgroup v2 `memory.max` (or version 1's
    /// `memory.limit_in_bytes`) they follow the cgroup's limit and working set the same way;
    /// where both exist, the one with less room left counts. Without either the caches keep
    /// `cacheByteLimit`.
    public static var memoryBudget: Int? {
        get { MemoryCeiling.declaredBudget }
        set { MemoryCeiling.declaredBudget = newValue }
    }

    /// The caches the memory ceiling shares its room among: the images of contents, rasterized
    /// groups, offscreen targets, shadow masks, the pictures of text and shape layers and the
    /// flattened subtrees.
    static let ceilingCacheCount = 6

    /// After a frame: reads the memory ceiling now and then, gives the caches the byte limit it
    /// leaves (the pictures evict at once, the renderer's caches at the end of the next frame),
    /// and hands freed memory back to the system when pressure halves them. Records the
    /// ceiling and the limit in `statistics`.
    func applyMemoryCeiling(to statistics: inout RenderStatistics) {
        let cacheBytes = [statistics.contentImages, statistics.rasterizedGroups, statistics.offscreenTargets,
                          statistics.layerPictures, statistics.flattenedSubtrees, statistics.shadowMasks]
            .reduce(0) { $0 + $1.bytes }
        let wasUnderCeiling = memoryGovernor.byteLimit != nil, previousScale = memoryGovernor.pressureScale
        let decision = memoryGovernor.byteLimit(afterFrameHolding: cacheBytes, cacheCount: Self.ceilingCacheCount,
                                                configuredByteLimit: configuredCacheBudget.byteLimit)
        if decision.byteLimit != frames.pictureBudget.byteLimit {
            applyCacheBudget(CacheBudget(byteLimit: decision.byteLimit, evictionAge: configuredCacheBudget.evictionAge))
        }
        // Logged when pressure halves the caches, not at every reading while it lasts.
        if decision.underPressure, memoryGovernor.pressureScale < previousScale {
            QuartzCoreLog.logger.notice(
                "CARenderer: memory near its ceiling (\(memoryGovernor.lastSample.map { "\($0.inUse >> 20) of \($0.limit >> 20) MiB" } ?? "pressure")); caches held to \(decision.byteLimit >> 10) KiB each")
            ProcessMemory.returnFreedMemory()
        } else if wasUnderCeiling != (memoryGovernor.byteLimit != nil) {
            QuartzCoreLog.logger.info("CARenderer: caches follow \(memoryGovernor.byteLimit == nil ? "their own budget" : "the memory ceiling")")
        }
        statistics.memoryLimitBytes = memoryGovernor.lastSample?.limit ?? 0
        statistics.memoryInUseBytes = memoryGovernor.lastSample?.inUse ?? 0
        statistics.cacheByteLimit = decision.byteLimit
    }
}
