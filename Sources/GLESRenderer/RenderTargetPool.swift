import CGLES3
import CompositorCore
import Foundation

/// Offscreen targets reused between passes and frames.
///
/// Sizes are rounded up to buckets (multiples of 64 texels), so a group that changes size a
/// little keeps its target. Targets handed out during a frame come back at its end; idle targets
/// not used for `budget.evictionAge` frames, or beyond `budget.byteLimit` bytes (least recently
/// used first), are deleted.
final class RenderTargetPool {
    private let ledger: GLObjectLedger
    let maximumSize: Int
    /// The eviction age and byte limit of idle targets.
    var budget: CacheBudget
    private var idle: [RenderTarget] = []
    private var inUse: [RenderTarget] = []
    private var frame = 0
    /// Bytes deleted since `takeFreedBytes()` last asked.
    private var freedBytes = 0

    init(ledger: GLObjectLedger, maximumTextureSize: Int, budget: CacheBudget) {
        self.ledger = ledger
        maximumSize = maximumTextureSize
        self.budget = budget
    }

    /// The targets the pool holds (idle and in use, not those detached into a cache) and their GPU memory.
    var usage: CacheUsage {
        CacheUsage(entries: count, bytes: (idle + inUse).reduce(0) { $0 + $1.byteCount })
    }

    /// The bytes deleted since the last call.
    func takeFreedBytes() -> Int {
        defer { freedBytes = 0 }
        return freedBytes
    }

    /// The largest content side a target can hold.
    var maximumContentSize: Int { maximumSize - 2 * RenderTarget.border }

    /// Targets alive (idle or in use).
    var count: Int { idle.count + inUse.count }

    /// Starts a frame.
    func beginFrame() { frame += 1 }

    /// A target whose content is `width` x `height` (both at least 1, at most `maximumContentSize`),
    /// in use until the end of the frame unless detached.
    func acquire(width: Int, height: Int) throws -> RenderTarget {
        let w = min(max(width, 1), maximumContentSize), h = min(max(height, 1), maximumContentSize)
        let bucketWidth = Self.bucket(w + 2 * RenderTarget.border, limit: maximumSize)
        let bucketHeight = Self.bucket(h + 2 * RenderTarget.border, limit: maximumSize)
        let target: RenderTarget
        if let index = idle.firstIndex(where: { $0.allocatedWidth == bucketWidth && $0.allocatedHeight == bucketHeight }) {
            target = idle.remove(at: index)
        } else {
            target = try make(width: bucketWidth, height: bucketHeight)
        }
        target.width = w; target.height = h
        target.lastUsedFrame = frame
        inUse.append(target)
        return target
    }

    /// Takes a target out of the pool's hands (a cache keeps it); give it back with `recycle`.
    func detach(_ target: RenderTarget) {
        if let index = inUse.firstIndex(where: { $0 === target }) { inUse.remove(at: index) }
    }

    /// Returns a detached target to the idle list.
    func recycle(_ target: RenderTarget) {
        idle.append(target)
    }

    /// Ends a frame: targets in use become idle, and stale or excess idle targets are deleted.
    func endFrame() {
        idle.append(contentsOf: inUse)
        inUse.removeAll(keepingCapacity: true)
        idle.sort { $0.lastUsedFrame > $1.lastUsedFrame }
        var bytes = 0
        var kept: [RenderTarget] = []
        for target in idle {
            bytes += target.byteCount
            // What this frame drew stays (the next frame likely draws it again), whatever the bytes.
            if frame - target.lastUsedFrame >= budget.evictionAge || (bytes > budget.byteLimit && target.lastUsedFrame != frame) {
                delete(target)
            } else {
                kept.append(target)
            }
        }
        idle = kept
    }

    /// Deletes every target the pool holds.
    func releaseAll() {
        for target in idle + inUse { delete(target) }
        idle.removeAll(); inUse.removeAll()
    }

    /// Deletes a target's GL objects.
    func delete(_ target: RenderTarget) {
        freedBytes += target.byteCount
        ledger.deleteFramebuffer(target.framebuffer)
        ledger.deleteTexture(target.texture)
    }

    private static func bucket(_ size: Int, limit: Int) -> Int {
        min((size + 63) / 64 * 64, limit)
    }

    private func make(width: Int, height: Int) throws -> RenderTarget {
        let texture = ledger.makeTexture()
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        let framebuffer = ledger.makeFramebuffer()
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        do {
            try GLError.check("glTexStorage2D(render target \(width)x\(height))")
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
                throw GLError.call("glCheckFramebufferStatus", code: status, log: "render target \(width)x\(height) incomplete")
            }
        } catch {
            ledger.deleteFramebuffer(framebuffer); ledger.deleteTexture(texture)
            throw error
        }
        return RenderTarget(texture: texture, framebuffer: framebuffer, allocatedWidth: width, allocatedHeight: height)
    }
}
