import CCairo
import CoreGraphics
import Foundation

/// Core Graphics paths and colours handed to a Cairo context.
enum CairoPath {
    /// Appends every element of `path` to `cr`'s current path, reduced to what can be visible
    /// for `use` when it reaches beyond Cairo's fixed-point range (issue 33).
    static func append(_ path: CGPath, to cr: OpaquePointer, for use: CairoFarPath.Use) {
        CairoFarPath.append(path.elements, to: cr, for: use)
    }

    /// Sets `cr`'s source to `color`, with `alpha` instead of the colour's own when given.
    static func setSourceColor(_ color: CGColor, alpha: CGFloat? = nil, in cr: OpaquePointer) {
        let rgba = color.rgba
        cairo_set_source_rgba(cr, rgba.red, rgba.green, rgba.blue, alpha ?? rgba.alpha)
    }
}
