import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// One pass of a frame: a target cleared and drawn into. Passes run in the order the frame
/// lists them; a group's passes come before the pass that composites the group.
struct RenderPass {
    /// What the pass draws.
    enum Work {
        /// Instanced quad batches.
        case quads([QuadBatch])
        /// One direction of a Gaussian blur.
        case blur(BlurStep)
        /// One step of a layer's filters (`GroupFilterPasses`).
        case filter(FilterStep)
        /// A copy of another target's pixels (a backdrop, `BackdropFilter`).
        case copy(CopyStep)
    }

    /// Passes run part-way through this one (a backdrop's copy and filters): after the batches
    /// before `batchIndex` are drawn, `passes` run, and the target is bound again, not cleared,
    /// for the batches from `batchIndex` on.
    struct Barrier {
        var batchIndex: Int
        var passes: [RenderPass]
    }

    /// The offscreen target, or nil for the canvas.
    var destination: RenderTarget?
    /// The size of the pixel space the pass's coordinates use (a group's pixel size, even when
    /// its target was scaled down to fit the GPU's texture size).
    var canvasWidth: Int, canvasHeight: Int
    /// The destination's content size when the pass was made (the pool may hand the target out
    /// again, at another size, once the pass's output has been read: `PassPlan`).
    let targetWidth: Int, targetHeight: Int
    var work: Work
    /// The barriers of a pass of quads, in batch order.
    var barriers: [Barrier] = []

    init(destination: RenderTarget?, canvasWidth: Int, canvasHeight: Int, work: Work, barriers: [Barrier] = []) {
        self.destination = destination
        self.canvasWidth = canvasWidth; self.canvasHeight = canvasHeight
        targetWidth = destination?.width ?? canvasWidth; targetHeight = destination?.height ?? canvasHeight
        self.work = work; self.barriers = barriers
    }
}

/// A copy of a rectangle of a target's pixels into the content of an offscreen target, scaled
/// to fit it (`glBlitFramebuffer`, on the GPU).
struct CopyStep {
    /// The target read: an offscreen one, or nil for the canvas.
    var source: RenderTarget?
    /// The rectangle read, in the source's pixels (its content's for an offscreen target; row 0
    /// at the top, whichever way the framebuffer stores its rows).
    var sourceRect: PixelRect
    /// The target written, whose content the copy fills (the rectangle's top row in row 0).
    var destination: RenderTarget
    /// The destination's content size when the step was made.
    let destinationWidth: Int, destinationHeight: Int

    init(source: RenderTarget?, sourceRect: PixelRect, destination: RenderTarget) {
        self.source = source; self.sourceRect = sourceRect; self.destination = destination
        destinationWidth = destination.width; destinationHeight = destination.height
    }
}

/// The batches of a pass while its commands are encoded.
final class PassBuilder {
    let destination: RenderTarget?
    let canvasWidth: Int, canvasHeight: Int
    /// Touched several times for every quad by the encoder alone (one thread, no overlapping
    /// access), so not checked at run time.
    @exclusivity(unchecked) var batches: [QuadBatch] = []
    /// The passes run part-way through this one (see `RenderPass.Barrier`).
    var barriers: [RenderPass.Barrier] = []
    /// Whether the next instance starts a batch of its own (the first after a barrier).
    @exclusivity(unchecked) var startsNewBatch = false

    init(destination: RenderTarget?, canvasWidth: Int, canvasHeight: Int) {
        self.destination = destination; self.canvasWidth = canvasWidth; self.canvasHeight = canvasHeight
    }

    /// Adds instance `index` to the last batch when it can join it (`QuadBatch.accepts`), else
    /// starts a batch with it; the batch is drawn with the union of its quads' features.
    @inline(__always)
    func add(instance index: Int, texture: GLuint, samplerKey: Int, blend: BatchBlend, features: ShaderFeatures,
             gradient: GradientUniforms? = nil, video: VideoPlanes? = nil) {
        if !startsNewBatch, let last = batches.indices.last,
           batches[last].accepts(instance: index, texture: texture, samplerKey: samplerKey, blend: blend, gradient: gradient,
                                 video: video) {
            batches[last].instanceCount += 1
            if batches[last].features != features { batches[last].isMixed = true }
            batches[last].features = batches[last].features.merged(with: features)
            if batches[last].texture == 0 && texture != 0 {
                batches[last].texture = texture; batches[last].samplerKey = samplerKey
                batches[last].video = video
            }
        } else {
            batches.append(QuadBatch(firstInstance: index, instanceCount: 1, texture: texture, samplerKey: samplerKey, blend: blend,
                                     features: features, gradient: gradient, video: video))
            startsNewBatch = false
        }
    }

    /// Adds the `count` instances after the last batch's to it: each with the state of the one
    /// `add(instance:...)` added last, which that batch then accepts as it is.
    @inline(__always)
    func extendLastBatch(by count: Int) {
        batches[batches.count - 1].instanceCount += count
    }

    /// Runs `passes` after the batches encoded so far, before any encoded later.
    func addBarrier(_ passes: [RenderPass]) {
        barriers.append(RenderPass.Barrier(batchIndex: batches.count, passes: passes))
        startsNewBatch = true
    }

    /// The finished pass.
    var pass: RenderPass {
        RenderPass(destination: destination, canvasWidth: canvasWidth, canvasHeight: canvasHeight, work: .quads(batches),
                   barriers: barriers)
    }
}
