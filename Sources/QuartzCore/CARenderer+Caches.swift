import CompositorCore
import Foundation
import QuartzCoreModel

extension CARenderer {
    /// The most bytes each of the renderer's caches keeps of what the current frame does not
    /// draw: the images of layer contents (GPU textures with the GLES renderer), the kept
    /// contents of rasterized layers (`shouldRasterize`) with their shadows, idle offscreen
    /// targets, and the pictures of text and shape layers. (Linux addition.)
    ///
    /// What a frame draws is always kept, whatever the limit. By default the limit follows the
    /// target's size: the pixels of four screens, at least 4 MiB and at most 64 MiB
    /// (`CacheBudget.defaultByteLimit(pixelWidth:pixelHeight:)`); a 640x480 kiosk keeps about
    /// 4.7 MiB per cache. Lowering it evicts at once, least recently drawn first.
    ///
    /// Under a memory ceiling (a cgroup's `memory.max`, or `CARenderer.memoryBudget`) the
    /// caches follow less than this when the ceiling leaves less room (`CacheMemoryGovernor`);
    /// `statistics.cacheByteLimit` tells what they followed in the last frame.
    public var cacheByteLimit: Int {
        get { configuredCacheBudget.byteLimit }
        set { setCacheBudget(CacheBudget(byteLimit: newValue, evictionAge: cacheEvictionAge)) }
    }

    /// The number of frames after which anything the renderer's caches keep and no frame drew
    /// is evicted (30 by default, half a second at 60 Hz; at least 1). (Linux addition.)
    ///
    /// A picture made for one frame only (the text of a clock, a path that moves) is gone this
    /// many frames later; content that comes back sooner is drawn again without being redrawn
    /// or uploaded again.
    public var cacheEvictionAge: Int {
        get { configuredCacheBudget.evictionAge }
        set { setCacheBudget(CacheBudget(byteLimit: cacheByteLimit, evictionAge: newValue)) }
    }

    private func setCacheBudget(_ budget: CacheBudget) {
        configuredCacheBudget = budget
        applyCacheBudget(CacheBudget(byteLimit: min(budget.byteLimit, memoryGovernor.byteLimit ?? .max),
                                     evictionAge: budget.evictionAge))
    }

    /// Gives `budget` to every cache: the pictures' and subtrees' and the frame renderer's.
    func applyCacheBudget(_ budget: CacheBudget) {
        frames.pictureBudget = budget
        (renderer as? CacheBudgetedRenderer)?.cacheBudget = budget
    }

    /// Adds what the renderer's own caches hold to the frame's statistics (and the process's
    /// resident memory, read once a second at 60 Hz), and hands freed picture memory back to the
    /// system after large evictions.
    func recordCacheUsage(in statistics: inout RenderStatistics) {
        frames.recordCacheUsage(in: &statistics)
        statistics.residentMemoryBytes = residentMemoryBytes()
    }

    /// Frames between two reads of the resident memory: reading `/proc` is a system call and
    /// a parse, not worth doing every frame for a figure that moves slowly.
    static let residentMemoryReadInterval = 60

    /// The process's resident memory, read again once every `residentMemoryReadInterval` frames.
    private func residentMemoryBytes() -> Int {
        if residentMemorySample.framesSinceRead >= Self.residentMemoryReadInterval {
            residentMemorySample = (ProcessMemory.residentBytes(), 0)
        }
        residentMemorySample.framesSinceRead += 1
        return residentMemorySample.bytes
    }
}
