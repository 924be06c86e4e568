import CCairo
import Foundation

// Linux additions that let Core Animation keep a layer's backing store in a context: start from
// the previous image, and reduce colour for the `gray8Uint` contents format.

extension CGContext {
    /// Replaces the bitmap's pixels with `image`'s, which must have the bitmap's size and be drawn
    /// in 32 bits a pixel. Returns false (changing nothing) otherwise.
    @discardableResult
    package func replacePixels(with image: CGImage) -> Bool {
        guard image.width == width, image.height == height, bitsPerPixel == 32 else { return false }
        perform { canvas in
            cairo_surface_flush(canvas.surface)
            let (pixels, stride) = canvas.pixels
            image.data.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
                qc_swap_red_blue(pixels, stride, source.bindMemory(to: UInt8.self).baseAddress!, image.bytesPerRow,
                                 Int32(image.width), Int32(image.height))
            }
            cairo_surface_mark_dirty(canvas.surface)
        }
        return true
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
