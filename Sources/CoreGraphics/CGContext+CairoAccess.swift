import CCairo
import Foundation

// A Linux addition that lets Core Animation draw specialized layers (shape and text layers, whose
// text Pango lays out) with Cairo calls of its own into a context's bitmap.

extension CGContext {
    /// Runs `body` with the context's Cairo context (`cairo_t *`) set to device space: origin at
    /// the bitmap's top-left pixel, y down, one unit a pixel. The Cairo state is restored and the
    /// bitmap brought up to date afterwards, so `makeImage()` sees the drawing.
    package func withCairoDeviceContext<T>(_ body: (OpaquePointer) -> T) -> T {
        performAndWait { canvas in
            let cr = canvas.cr
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_new_path(cr)
            defer {
                cairo_restore(cr)
                canvas.finishOperation()
            }
            return body(cr)
        }
    }
}
