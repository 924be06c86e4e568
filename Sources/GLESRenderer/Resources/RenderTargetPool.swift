import CGLES3
import CompositorCore
import Foundation

/// The GLES renderer's offscreen targets: GL textures and framebuffers kept and dropped by the
/// rule both renderers follow (`OffscreenPool`).
///
/// A target's texture is allocated at its `OffscreenBucket` (content plus borders, rounded up),
/// so a group that changes size a little keeps its target. Targets handed out during a frame
/// come back at its end; idle targets unused for `budget.evictionAge` frames, or beyond
/// `budget.byteLimit` bytes (least recently used first), are deleted.
final class RenderTargetPool: CacheBudgetFollowing {
    private let ledger: GLObjectLedger
    private let targets: OffscreenPool<RenderTarget>

    init(ledger: GLObjectLedger, maximumTextureSize: Int, budget: CacheBudget) {
        self.ledger = ledger
        targets = OffscreenPool(budget: budget, maximumSide: maximumTextureSize)
        targets.onRelease = { [unowned ledger] target in
            ledger.deleteFramebuffer(target.framebuffer)
            ledger.deleteTexture(target.texture)
        }
    }

    /// The largest texture side.
    var maximumSize: Int { targets.maximumSide }

    /// The eviction age and byte limit of idle targets.
    var budget: CacheBudget {
        get { targets.budget }
        set { targets.budget = newValue }
    }

    /// The targets the pool holds (idle and in use, not those detached into a cache) and their GPU memory.
    var usage: CacheUsage { targets.usage }

    /// The bytes deleted since the last call.
    func takeFreedBytes() -> Int { targets.takeFreedBytes() }

    /// The largest content side a target can hold.
    var maximumContentSize: Int { maximumSize - 2 * RenderTarget.border }

    /// Targets alive (idle or in use).
    var count: Int { targets.count }

    /// Starts a frame.
    func beginFrame() { targets.beginFrame() }

    /// A target whose content is `width` x `height` (both at least 1, at most `maximumContentSize`),
    /// in use until the end of the frame unless detached.
    func acquire(width: Int, height: Int) throws -> RenderTarget {
        let w = min(max(width, 1), maximumContentSize), h = min(max(height, 1), maximumContentSize)
        let target = try targets.acquire(width: w + 2 * RenderTarget.border, height: h + 2 * RenderTarget.border) { bucket in
            try make(width: bucket.width, height: bucket.height)
        }
        target.width = w; target.height = h
        return target
    }

    /// Makes a target handed out this frame reusable by later requests of the frame: the passes
    /// reading it are encoded, and every pass encoded later runs after them.
    func release(_ target: RenderTarget) { targets.release(target) }

    /// Takes a target out of the pool's hands (a cache keeps it); give it back with `recycle`.
    func detach(_ target: RenderTarget) { targets.detach(target) }

    /// Returns a detached target to the idle targets.
    func recycle(_ target: RenderTarget) {
        targets.recycle(target, bucket: OffscreenBucket(width: target.allocatedWidth, height: target.allocatedHeight))
    }

    /// Ends a frame: targets in use become idle, and stale or excess idle targets are deleted.
    func endFrame() { targets.endFrame() }

    /// Deletes every target the pool holds.
    func releaseAll() { targets.removeAll() }

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
