import CompositorCore
import CoreGraphics
import Foundation

/// The images of a frame's `PassPlan` targets while the CPU renderer runs it, and what each
/// group composites; kept from frame to frame so that a frame allocates no storage for them.
final class PassImages {
    /// The pixel buffer of each target, while it lives.
    private(set) var buffers: [PixelBuffer?] = []
    /// Whether the buffer at each index came from the pool (it goes back when the plan releases it).
    private var pooled: [Bool] = []
    /// Each group's finished image as a texture, once composited (or kept from an earlier frame).
    var groupImages: [Texture?] = []
    /// Each group's shadow and the part of the group's pixel space it covers.
    var groupShadows: [(texture: Texture, covered: CGRect)?] = []

    /// Empties the storage for a frame of `groups` groups (before its plan is made: planning
    /// records the images kept from earlier frames).
    func begin(groups: Int) {
        groupImages.removeAll(keepingCapacity: true)
        groupImages.append(contentsOf: repeatElement(nil, count: groups))
        groupShadows.removeAll(keepingCapacity: true)
        groupShadows.append(contentsOf: repeatElement((texture: Texture, covered: CGRect)?.none, count: groups))
        setTargetCount(0)
    }

    /// Empties the targets' storage for a plan of `count` targets.
    func setTargetCount(_ count: Int) {
        buffers.removeAll(keepingCapacity: true)
        buffers.append(contentsOf: repeatElement(nil, count: count))
        pooled.removeAll(keepingCapacity: true)
        pooled.append(contentsOf: repeatElement(false, count: count))
    }

    /// Lets go of every image (at the end of a frame: the textures may hold cached images).
    func clear() { begin(groups: 0) }

    /// Records `buffer` as target `index`'s image.
    func store(_ buffer: PixelBuffer, pooled isPooled: Bool, at index: Int) {
        buffers[index] = buffer
        pooled[index] = isPooled
    }

    /// The image pass `index` of `plan` writes over its source: the source's own buffer when the
    /// plan lets the pass write in place (it moves to the pass's target), else a copy of it.
    func writable(for index: Int, of plan: PassPlan, pool: PixelBufferPool) -> PixelBuffer? {
        let pass = plan.passes[index]
        guard let source = plan.target(read: .source, by: index), let buffer = buffers[source] else { return nil }
        if pass.mayWriteInPlace {
            store(buffer, pooled: pooled[source], at: pass.target)
            buffers[source] = nil
            return buffer
        }
        let copy = pool.pixelBuffer(width: buffer.width, height: buffer.height)
        copy.pixels.update(from: buffer.pixels, count: buffer.width * buffer.height)
        store(copy, pooled: true, at: pass.target)
        return copy
    }

    /// Hands the targets whose lifetime ends with pass `index` back to `pool`.
    func release(after index: Int, of plan: PassPlan, to pool: PixelBufferPool) {
        for target in plan.releases(of: index) {
            if pooled[target], let storage = buffers[target]?.storage { pool.release(storage) }
            buffers[target] = nil
        }
    }
}
