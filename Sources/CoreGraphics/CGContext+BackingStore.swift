import CCairo
import Foundation

// Linux additions that let Core Animation keep a layer's backing store in a context: reuse the
// context for the next redraw, and reduce colour for the `gray8Uint` contents format.

extension CGContext {
    /// Restores every graphics state saved since the context was made, then saves the pristine
    /// state once more and empties the path, so that a reused context starts each drawing as a new one would.
    package func resetToPristineState() {
        while !savedStates.isEmpty { restoreGState() }
        beginPath()
        saveGState()
    }

    /// Replaces the colour of the pixels in `pixelRect` (whole pixels, top row first) by its
    /// Rec. 709 luma, keeping alpha: the `gray8Uint` contents format.
    package func reduceToGray(in pixelRect: CGRect) {
        guard bitsPerPixel == 32 else { return }
        let area = pixelRect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !area.isNull, !area.isEmpty else { return }
        perform { canvas in
            cairo_surface_flush(canvas.surface)
            let (pixels, stride) = canvas.pixels
            for y in Int(area.minY)..<Int(area.maxY) {
                for x in Int(area.minX)..<Int(area.maxX) {
                    let p = pixels + y * stride + x * 4   // B, G, R, A
                    let luma = (0.0722 * Double(p[0]) + 0.7152 * Double(p[1]) + 0.2126 * Double(p[2])).rounded()
                    let value = UInt8(min(luma, Double(p[3])))
                    p[0] = value; p[1] = value; p[2] = value
                }
            }
            cairo_surface_mark_dirty(canvas.surface)
        }
    }
}
