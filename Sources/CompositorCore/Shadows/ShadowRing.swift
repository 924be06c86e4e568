import CoreGraphics
import Foundation

/// The part of a shadow that can show around the opaque layer that casts it.
///
/// A layer with an opaque background, drawn whole over its own shadow with the same transform,
/// covers the shadow beneath its body: there the shadow's pixels are painted only to be painted
/// over. Kiosk GPUs are bound by the fragments they shade, so the shadow is drawn as the ring
/// around the body's interior instead: the quads of its mask cut into up to four strips (top and
/// bottom across the whole width, left and right between them) around a hole that the body
/// covers with coverage 1. The pixels are the same; only the painted-over ones are not shaded.
public enum ShadowRing {
    /// Canvas pixels kept between the hole and the body's edge: the body's antialiased edge
    /// covers partly up to a pixel inside it (issue 31), and a cut piece's mask samples are
    /// clamped within half a mask texel (a quarter pixel at `ShadowMaskCache.texelsPerPixel`)
    /// of the cut; rounded up to a pixel and a half.
    public static let edgeMarginPixels: Double = 1.5

    /// The interior of a body covering `bounds` with corner `radii`: `bounds` inset on each side
    /// by the larger corner radius there, so that the corners' curves stay outside; nil when
    /// that leaves nothing. The body covers it whole but for the pixels at its antialiased edges
    /// (`hole(in:transform:)`).
    public static func interior(of bounds: CGRect, radii: CornerRadii) -> CGRect? {
        guard !bounds.isNull, !bounds.isInfinite else { return nil }
        let r = radii, rect = bounds.standardized
        let left = Double(max(r.minXMinY, r.minXMaxY, 0)), right = Double(max(r.maxXMinY, r.maxXMaxY, 0))
        let top = Double(max(r.minXMinY, r.maxXMinY, 0)), bottom = Double(max(r.minXMaxY, r.maxXMaxY, 0))
        let width = rect.width - left - right, height = rect.height - top - bottom
        guard width > 0, height > 0 else { return nil }
        return CGRect(x: rect.minX + left, y: rect.minY + top, width: width, height: height)
    }

    /// The part of a covered `interior` left undrawn under `transform`: the interior inset by
    /// `edgeMarginPixels` in local units at the transform's smallest scale; nil when that leaves
    /// nothing, or when the transform is not affine in the plane or flattens it.
    public static func hole(in interior: CGRect, transform m: Matrix4) -> CGRect? {
        guard m.m14 == 0, m.m24 == 0, m.m44 > 0, !interior.isNull else { return nil }
        // Canvas pixels per local unit along the direction the plane shrinks most.
        let smallest = Quad.smallestSingularValue(m.m11 / m.m44, m.m12 / m.m44, m.m21 / m.m44, m.m22 / m.m44)
        guard smallest.isFinite, smallest > 1e-9 else { return nil }
        let margin = edgeMarginPixels / smallest
        let rect = interior.standardized.insetBy(dx: margin, dy: margin)
        return rect.isNull || rect.width <= 0 || rect.height <= 0 ? nil : rect
    }

    /// Canvas pixels an extra piece must save for a cut to pay: llvmpipe spends on one more
    /// instance (encoding, vertex stage, triangle setup and binning) about the time of 470
    /// fragments of S2 (qc-bench S2 N = 1000: 3 extra pieces a card for 340 fewer fragments
    /// made frames 20% slower; docs/benchmarks/fill-rate-2026-11-29.md); rounded up.
    public static let piecePixels: Double = 512

    /// A hard-edged quad's drawn margin beyond its edges, in pixels (`QuadInstance.drawnMargin`).
    static let seamPixels: Double = 0.5

    /// The rectangles that together draw `rect` but for its part inside `hole`: top and bottom
    /// strips across the whole width, then left and right strips between them (empty ones left
    /// out); `rect` alone when the hole does not cut it, or when the cut does not pay at
    /// `unitsPerPixel` local units a pixel (0: geometry alone, always cut). Each piece is drawn
    /// half a pixel beyond its edges, which the hole loses on every side and where the strips
    /// overlap along the seams between them (a pixel wide, across the left and right strips'
    /// widths, above and below); and each extra piece costs `piecePixels`.
    public static func pieces(of rect: CGRect, around hole: CGRect, unitsPerPixel: Double = 0) -> Pieces {
        var pieces = Pieces()
        let cut = rect.intersection(hole)
        let seam = seamPixels * unitsPerPixel
        let width = Double(cut.width) - 2 * seam, height = Double(cut.height) - 2 * seam
        let overlaps = 4 * seam * (Double(rect.width - cut.width) + 4 * seam)
        let pieceCost = piecePixels * unitsPerPixel * unitsPerPixel
        guard !cut.isNull, width > 0, height > 0, width * height - overlaps > 3 * pieceCost else {
            pieces.append(rect)
            return pieces
        }
        pieces.append(CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: cut.minY - rect.minY))
        pieces.append(CGRect(x: rect.minX, y: cut.maxY, width: rect.width, height: rect.maxY - cut.maxY))
        pieces.append(CGRect(x: rect.minX, y: cut.minY, width: cut.minX - rect.minX, height: cut.height))
        pieces.append(CGRect(x: cut.maxX, y: cut.minY, width: rect.maxX - cut.maxX, height: cut.height))
        return pieces
    }

    /// Up to four rectangles (no allocation per shadow).
    public struct Pieces: Sendable {
        private var rects = (CGRect.zero, CGRect.zero, CGRect.zero, CGRect.zero)
        /// How many rectangles there are.
        public private(set) var count = 0

        /// The rectangle at `index` (0 ..< `count`).
        public subscript(index: Int) -> CGRect {
            switch index {
            case 0: return rects.0
            case 1: return rects.1
            case 2: return rects.2
            default: return rects.3
            }
        }

        /// Their total area, in local units squared.
        public var area: Double {
            (0..<count).reduce(0) { $0 + Double(self[$1].width * self[$1].height) }
        }

        mutating func append(_ rect: CGRect) {
            guard rect.width > 0, rect.height > 0, count < 4 else { return }
            switch count {
            case 0: rects.0 = rect
            case 1: rects.1 = rect
            case 2: rects.2 = rect
            default: rects.3 = rect
            }
            count += 1
        }
    }
}
