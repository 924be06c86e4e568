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

extension CGContext {
    /// The map from user space to the bitmap's pixels (top-left origin, y down): the CTM
    /// followed by the flip to Cairo's device space.
    package var userSpaceToPixels: CGAffineTransform { cairoMatrix }

    /// The bounding box of the clip in the bitmap's pixels (top-left origin), within the bitmap.
    package var pixelBoundsOfClip: CGRect {
        withCairoDeviceContext { cr in
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
            return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1).standardized
                .intersection(CGRect(x: 0, y: 0, width: width, height: height))
        }
    }

    /// Composites `image` (premultiplied RGBA, top row first) one image pixel a bitmap pixel
    /// with its top-left corner at bitmap pixel `origin`, through the clip, with the context's
    /// alpha and blend mode.
    package func compositePixels(_ image: CGImage, at origin: CGPoint) {
        let alpha = Double(gstate.alpha)
        withCairoDeviceContext { cr in
            guard let source = CairoImage.surface(from: image) else { return }
            defer { cairo_surface_destroy(source) }
            cairo_set_source_surface(cr, source, Double(origin.x), Double(origin.y))
            cairo_paint_with_alpha(cr, alpha)
        }
    }
}
