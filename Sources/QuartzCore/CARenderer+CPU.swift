import CompositorCore
import CPURenderer
import Foundation
import QuartzCoreModel

extension CARenderer {
    /// Creates a renderer that draws on the CPU into memory of `pixelWidth` x `pixelHeight`
    /// pixels, with the same pixels as the GPU path; no GPU or EGL context is needed.
    ///
    /// - Parameters:
    ///   - pixelWidth: the target's width in pixels.
    ///   - pixelHeight: the target's height in pixels.
    ///   - scale: pixels per point; `bounds` starts as the target's size in points.
    /// - Throws: `CARendererError.renderer` when the size is not positive or too large.
    public convenience init(cpuPixelWidth pixelWidth: Int, pixelHeight: Int, scale: CGFloat = 1) throws {
        do {
            let renderer = try CPURenderer(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
            self.init(frameRenderer: renderer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        } catch {
            throw CARendererError.renderer(error)
        }
    }
}
