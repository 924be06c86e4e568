import CCairo
import CoreGraphics
import Foundation

/// What a shape or text layer draws, as plain values.
package enum LayerDrawing {
    case shape(ShapeDrawing)
    case text(TextDrawing)
}

/// Draws layer artwork into new bitmaps with Cairo and Pango. The model decides what to draw
/// and at what density; this target is the only one of the layer side that calls Cairo or Pango.
package enum LayerArtworkRasterizer {
    /// `drawing` over `rect` of the layer's space (y down) in a new premultiplied RGBA8 bitmap of
    /// `pixelWidth` × `pixelHeight` pixels, row 0 at `rect.minY`; nil when the bitmap cannot be made.
    package static func image(of drawing: LayerDrawing, covering rect: CGRect, pixelWidth: Int, pixelHeight: Int) -> CGImage? {
        guard pixelWidth > 0, pixelHeight > 0, rect.width > 0, rect.height > 0,
              let context = CGContext(backingStoreWidth: pixelWidth, height: pixelHeight, asynchronous: false) else {
            return nil
        }
        context.withCairoDeviceContext { cr in
            cairo_scale(cr, CGFloat(pixelWidth) / rect.width, CGFloat(pixelHeight) / rect.height)
            cairo_translate(cr, -rect.minX, -rect.minY)
            switch drawing {
            case .shape(let shape): shape.draw(in: cr)
            case .text(let text): text.draw(in: cr, size: rect.size)
            }
        }
        return context.makeImage()
    }
}
