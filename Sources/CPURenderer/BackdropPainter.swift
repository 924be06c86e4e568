import CompositorCore
import CoreGraphics
import Foundation

/// The image a run of drawables is painted into, painted in parts when a drawable filters its
/// backdrop: what comes before such a drawable must be in the image when it is copied.
final class PaintTarget {
    /// The image.
    let buffer: PixelBuffer
    /// The rectangles painted (disjoint).
    let regions: [PixelRect]
    /// The value `regions` are cleared to before the first part is painted; nil once it is
    /// (or when the image needs no clearing).
    var clear: UInt32?

    init(buffer: PixelBuffer, regions: [PixelRect], clear: UInt32?) {
        self.buffer = buffer; self.regions = regions; self.clear = clear
    }
}

/// The CPU execution of a `BackdropFilter`: the target's source pixels copied, filtered with
/// their edges duplicated, and shown through the backdrop quad's clip.
enum BackdropPainter {
    /// The filtered copy of `quad`'s backdrop from `target` (which holds everything painted
    /// before the quad) as the quad that shows it and its texture, or nil when it covers no
    /// pixel; adds the blurs run to `filterPasses`.
    static func filteredBackdrop(of quad: Quad, _ backdrop: BackdropFilter, in target: PaintTarget,
                                 offscreen: PixelBufferPool, filterPasses: inout Int) -> (Quad, TextureBinding)? {
        let buffer = target.buffer
        let source = backdrop.sourcePixels(of: quad, width: buffer.width, height: buffer.height)
        guard !source.isEmpty, quad.opacity > 0 else { return nil }
        let copy = offscreen.pixelBuffer(width: source.width, height: source.height)
        for y in 0..<source.height {
            copy.row(y).update(from: buffer.row(source.y + y) + source.x, count: source.width)
        }
        GroupFilterPainter.apply(backdrop.filters, to: copy, edges: .duplicated)
        filterPasses += backdrop.filters.filter { !$0.isPerPixel }.count
        var image = BackdropFilter.imageQuad(for: quad, source: source)
        // Drawn over the backdrop quad's own pixels only (the copy's margin is read, not shown).
        guard let shown = BackdropFilter.shownPart(of: quad, covered: image.rect, unitRect: CGRect(x: 0, y: 0, width: 1, height: 1))
        else { return nil }
        image.rect = shown.rect
        let binding = TextureBinding(texture: Texture(copy), unitRect: shown.unitRect, minification: .linear, magnification: .linear)
        return (image, binding)
    }
}
