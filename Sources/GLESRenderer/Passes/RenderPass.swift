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
    }

    /// The offscreen target, or nil for the canvas.
    var destination: RenderTarget?
    /// The size of the pixel space the pass's coordinates use (a group's pixel size, even when
    /// its target was scaled down to fit the GPU's texture size).
    var canvasWidth: Int, canvasHeight: Int
    var work: Work
}

/// The batches of a pass while its commands are encoded.
final class PassBuilder {
    let destination: RenderTarget?
    let canvasWidth: Int, canvasHeight: Int
    /// Touched several times for every quad by the encoder alone (one thread, no overlapping
    /// access), so not checked at run time.
    @exclusivity(unchecked) var batches: [QuadBatch] = []

    init(destination: RenderTarget?, canvasWidth: Int, canvasHeight: Int) {
        self.destination = destination; self.canvasWidth = canvasWidth; self.canvasHeight = canvasHeight
    }

    /// The finished pass.
    var pass: RenderPass {
        RenderPass(destination: destination, canvasWidth: canvasWidth, canvasHeight: canvasHeight, work: .quads(batches))
    }
}
