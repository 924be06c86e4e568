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

/// The CPU execution of a `BackdropFilter`'s copy and of showing its filtered result through
/// the backdrop quad's clip (the filter steps between are `GroupFilterPainter`'s, edges duplicated).
enum BackdropPainter {
    /// A pooled image holding the pixels of `rect` of `buffer` (which holds everything painted
    /// before the backdrop quad).
    static func copy(_ rect: PixelRect, of buffer: PixelBuffer, pool: PixelBufferPool) -> PixelBuffer {
        let copy = pool.pixelBuffer(width: rect.width, height: rect.height)
        for y in 0..<rect.height {
            copy.row(y).update(from: buffer.row(rect.y + y) + rect.x, count: rect.width)
        }
        return copy
    }

    /// The quad showing `filtered` (the filtered copy of the target pixels `source`) over the
    /// backdrop quad `quad`'s own pixels, and its texture; nil when they do not meet.
    static func shown(_ filtered: PixelBuffer, of quad: Quad, source: PixelRect) -> (Quad, TextureBinding)? {
        var image = BackdropFilter.imageQuad(for: quad, source: source)
        // Drawn over the backdrop quad's own pixels only (the copy's margin is read, not shown).
        guard let shown = BackdropFilter.shownPart(of: quad, covered: image.rect, unitRect: CGRect(x: 0, y: 0, width: 1, height: 1))
        else { return nil }
        image.rect = shown.rect
        let binding = TextureBinding(texture: Texture(filtered), unitRect: shown.unitRect, minification: .linear, magnification: .linear)
        return (image, binding)
    }
}
