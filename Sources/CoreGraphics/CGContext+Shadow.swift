import CCairo
import Foundation

/// A shadow as `setShadow(offset:blur:color:)` sets it.
struct ContextShadow: Sendable {
    /// The offset in device space (y up, as Core Graphics' base space).
    var offset: CGSize
    var blur: CGFloat
    var color: PaintColor

    func withAlpha(_ alpha: CGFloat) -> ContextShadow {
        var copy = self
        copy.color.alpha *= Double(alpha)
        return copy
    }
}

extension CGContext {
    /// Enables shadows for later painting: offset in device space units (y up), blur radius, and
    /// colour. The shadow is a Gaussian blur with a standard deviation of half of `blur`.
    /// A nil or fully transparent colour turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            gstate.shadow = nil
            return
        }
        gstate.shadow = ContextShadow(offset: offset, blur: max(0, blur), color: PaintColor(color, alpha: 1))
    }

    /// Enables shadows in black at one third opacity, as Core Graphics does.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }
}

extension CairoCanvas {
    /// Draws an operation into a group, paints the group's blurred, tinted, offset coverage as
    /// the shadow, then paints the group, both with the current blend mode.
    func drawWithShadow(_ shadow: ContextShadow, _ draw: (CairoCanvas) -> Void) {
        let op = cairo_get_operator(cr)
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw(self)
        let group = cairo_pop_group(cr)
        cairo_set_operator(cr, op)
        if let mask = coverage(of: group) {
            AlphaBlur.blur(mask, sigma: Double(shadow.blur) / 2)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            shadow.color.setSource(on: cr)
            cairo_mask_surface(cr, mask, Double(shadow.offset.width), -Double(shadow.offset.height))
            cairo_restore(cr)
            cairo_surface_destroy(mask)
        }
        cairo_set_source(cr, group)
        cairo_paint(cr)
        cairo_pattern_destroy(group)
    }

    /// The alpha of a group pattern rendered over the whole canvas, or nil if Cairo fails.
    private func coverage(of group: OpaquePointer?) -> OpaquePointer? {
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
              cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS else { return nil }
        let maskCR = cairo_create(mask)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_set_matrix(maskCR, &matrix)
        cairo_set_source(maskCR, group)
        cairo_paint(maskCR)
        cairo_destroy(maskCR)
        cairo_surface_flush(mask)
        return mask
    }
}

/// A Gaussian blur of an 8-bit alpha surface, approximated by three box blurs in each direction.
enum AlphaBlur {
    static func blur(_ surface: OpaquePointer, sigma: Double) {
        guard sigma >= 0.5 else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        // Three boxes of this width have the variance of the Gaussian (w^2 - 1) / 12 * 3 = sigma^2.
        let boxWidth = (12 * sigma * sigma / 3 + 1).squareRoot()
        let radius = max(1, Int((boxWidth - 1) / 2 + 0.5))
        var line = [UInt32](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height { boxPass(data + y * stride, count: width, step: 1, radius: radius, scratch: &line) }
            for x in 0..<width { boxPass(data + x, count: height, step: stride, radius: radius, scratch: &line) }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// One box blur along a row or column of `count` samples `step` bytes apart (edges read as 0).
    private static func boxPass(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int,
                                scratch: inout [UInt32]) {
        for i in 0..<count { scratch[i] = UInt32(start[i * step]) }
        let window = UInt32(2 * radius + 1)
        var sum: UInt32 = 0
        for i in 0..<min(radius, count) { sum += scratch[i] }
        for i in 0..<count {
            if i + radius < count { sum += scratch[i + radius] }
            start[i * step] = UInt8((sum + window / 2) / window)
            if i - radius >= 0 { sum -= scratch[i - radius] }
        }
    }
}
