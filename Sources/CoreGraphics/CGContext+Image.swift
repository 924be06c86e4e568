import CCairo
import Foundation

extension CGContext {
    /// Draws `image` scaled to fill `rect`, its top row at the top of `rect` in an unflipped
    /// (y-up) user space, as Core Graphics does; with `byTiling`, repeats it at that size over the
    /// whole clip.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        guard rect.width.isFinite, rect.height.isFinite, rect.width != 0, rect.height != 0 else { return }
        let area = rect.standardized
        let alpha = Double(gstate.alpha)
        let filter = gstate.interpolationQuality.cairoFilter
        paint { canvas in
            guard let source = CairoImage.surface(from: image) else { return }
            defer { cairo_surface_destroy(source) }
            let pattern = cairo_pattern_create_for_surface(source)
            defer { cairo_pattern_destroy(pattern) }
            // The pattern matrix maps user space to image pixels (row 0 at the rectangle's maxY).
            let sx = Double(image.width) / Double(area.width), sy = Double(image.height) / Double(area.height)
            var matrix = cairo_matrix_t(xx: sx, yx: 0, xy: 0, yy: -sy, x0: -Double(area.minX) * sx, y0: Double(area.maxY) * sy)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(pattern, filter)
            cairo_pattern_set_extend(pattern, byTiling ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD)
            cairo_save(canvas.cr)
            if !byTiling {
                cairo_rectangle(canvas.cr, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
                cairo_clip(canvas.cr)
            }
            cairo_set_source(canvas.cr, pattern)
            cairo_paint_with_alpha(canvas.cr, alpha)
            cairo_restore(canvas.cr)
        }
    }

    /// Returns an image of the bitmap as it is now (premultiplied RGBA, first row on top), or nil
    /// if the pixels cannot be copied.
    public func makeImage() -> CGImage? {
        makeImage(update: nil)
    }

    /// Returns an image of the bitmap that records which part changed since its base (a Linux
    /// addition used for layer backing stores; see `CGImageIncrementalUpdate`).
    package func makeImage(update: CGImageIncrementalUpdate?) -> CGImage? {
        let opaque = bitmapInfo.alphaInfo == CGImageAlphaInfo.noneSkipFirst || bitmapInfo.alphaInfo == .noneSkipLast
        let alphaOnly = bitsPerPixel == 8
        return performAndWait { canvas -> CGImage? in
            canvas.finishOperation()
            let (pixels, stride) = canvas.pixels
            let w = canvas.width, h = canvas.height
            var data = Data(count: w * h * 4)
            data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
                let out = buffer.bindMemory(to: UInt8.self).baseAddress!
                if alphaOnly {
                    for y in 0..<h {
                        for x in 0..<w { out[(y * w + x) * 4 + 3] = pixels[y * stride + x] }
                    }
                } else {
                    qc_swap_red_blue(out, w * 4, pixels, stride, Int32(w), Int32(h))
                    if opaque { for i in 0..<(w * h) { out[i * 4 + 3] = 255 } }
                }
            }
            return CGImage(checkedWidth: w, height: h, bytesPerRow: w * 4, data: data, update: update)
        }
    }
}

/// Cairo surfaces made from images.
enum CairoImage {
    /// A new ARGB32 surface holding `image`'s pixels, or nil if Cairo cannot allocate one.
    static func surface(from image: CGImage) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.data.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            qc_swap_red_blue(cairo_image_surface_get_data(surface), stride,
                             source.bindMemory(to: UInt8.self).baseAddress!, image.bytesPerRow,
                             Int32(image.width), Int32(image.height))
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

extension CGInterpolationQuality {
    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: CAIRO_FILTER_NEAREST
        case .low: CAIRO_FILTER_FAST
        case .default, .medium: CAIRO_FILTER_GOOD
        case .high: CAIRO_FILTER_BEST
        }
    }
}
