import Foundation

/// How a rounded rectangle's shadow larger than its corners is drawn from the mask of a smaller
/// one (a nine-patch, as WebRender draws box shadows): the mask is made for a prototype whose
/// straight middle is just wide (tall) enough to hold a band where the blurred coverage no longer
/// changes along that axis; the corners and edges are drawn as they are, and a few texels from
/// the middle of that band are stretched across the rest. Shadows of every larger size then share
/// one mask, so a layer whose size animates costs no new mask per frame.
///
/// Along an axis, the blurred coverage at a point at least `bandDepth` standard deviations from
/// both sides' corner bands is the Gaussian's whole mass across that axis: erf(4/√2) leaves 3e-5
/// of it out, a hundredth of a byte.
struct ShadowNinePatch {
    /// Standard deviations between a corner band and the constant middle.
    static let bandDepth: Float = 4
    /// Texels of constant middle the prototype holds: the two stretched ones, the two their
    /// bilinear samples also read, and the rounding of the band's start.
    static let middleTexels: Float = 8

    /// The prototype's length along one axis for a side of `length` with corner bands `low` and
    /// `high` (the larger radius at each end), blurred by `sigma`, at `density` texels per unit;
    /// nil when the side is no longer than the prototype (the mask is drawn whole). Twice the
    /// larger band, so that the prototype's shorter side caps no radius the shape's does not.
    static func prototypeLength(_ length: Float, low: Float, high: Float, sigma: Float, density: Float) -> Float? {
        let prototype = 2 * max(low, high) + 2 * bandDepth * sigma + middleTexels / density
        return length > prototype ? prototype : nil
    }

    /// The first of the two stretched texels of a mask with `pad` units of padding before a side
    /// whose corner band is `low`.
    static func seam(pad: Float, low: Float, sigma: Float, density: Float) -> Int {
        Int(((pad + low + bandDepth * sigma) * density).rounded(.up)) + 2
    }
}

/// A run of mask texels drawn over a run of local units along one axis.
struct MaskSpan {
    var firstTexel: Int, endTexel: Int
    var start: Double, end: Double
}

/// Up to three spans along one axis (no allocation per shadow).
struct MaskSpans {
    private var spans = (MaskSpan(firstTexel: 0, endTexel: 0, start: 0, end: 0), MaskSpan(firstTexel: 0, endTexel: 0, start: 0, end: 0),
                         MaskSpan(firstTexel: 0, endTexel: 0, start: 0, end: 0))
    private(set) var count = 0

    subscript(index: Int) -> MaskSpan {
        switch index {
        case 0: return spans.0
        case 1: return spans.1
        default: return spans.2
        }
    }

    mutating func append(_ span: MaskSpan) {
        guard span.firstTexel < span.endTexel else { return }
        switch count {
        case 0: spans.0 = span
        case 1: spans.1 = span
        default: spans.2 = span
        }
        count += 1
    }

    /// The spans along an axis of a mask of `texels` texels whose first texel starts at local
    /// `origin`, `unit` local units a texel, drawing texels `visible`; with a `seam`, texels
    /// `seam ..< seam + 2` are stretched by `stretch` units.
    init(texels: Int, visible: (Int, Int), origin: Double, unit: Double, seam: Int?, stretch: Double) {
        guard let seam else {
            append(MaskSpan(firstTexel: visible.0, endTexel: visible.1,
                            start: origin + Double(visible.0) * unit, end: origin + Double(visible.1) * unit))
            return
        }
        // The visible texels reach into the stretched band only for a shadow too faint to
        // matter there: then every texel is drawn.
        let low = visible.0 < seam - 1 ? visible.0 : 0, high = visible.1 > seam + 3 ? visible.1 : texels
        let end = seam + 2
        append(MaskSpan(firstTexel: low, endTexel: seam, start: origin + Double(low) * unit, end: origin + Double(seam) * unit))
        append(MaskSpan(firstTexel: seam, endTexel: end, start: origin + Double(seam) * unit, end: origin + Double(end) * unit + stretch))
        append(MaskSpan(firstTexel: end, endTexel: high, start: origin + Double(end) * unit + stretch,
                        end: origin + Double(high) * unit + stretch))
    }
}
