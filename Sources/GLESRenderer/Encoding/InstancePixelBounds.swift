import CompositorCore
import Foundation

/// The pixels of its pass that an instance can change, read back from its attributes.
///
/// A fragment changes an 8-bit target only when its premultiplied output reaches half a level
/// (1/510): below that, source-over and additive blending round back to the destination's value.
/// The output is at most the quad's coverage (colours, texels and opacity are at most 1), which is
/// `0.5 − distance / unitsPerPixel` for an antialiased edge and 0 outside the rect for a hard one,
/// so such a fragment's pixel centre lies within `(0.5 − 1/510) × unitsPerPixel` local units of
/// the rect's box, and, under an analytic clip, as near the clip's box in the clip's units. Float
/// rounding in the shader (interpolation, ~1e-4 pixel) is covered by 1/2048 pixel more, still
/// short of the next pixel centre half a pixel away from an edge on a pixel boundary: the bounds of
/// two quads that share such an edge (S5's neighbouring units) do not overlap.
///
/// An instance drawn with blending off (`replaces`) changes every pixel where its coverage is
/// positive: its reach is `DamageBounds.replacingReach`. Blurred quads are bounded by their drawn
/// geometry, perspective quads by the whole pass.
enum InstancePixelBounds {
    /// How far beyond a box a changed pixel's centre can lie, in units per pixel (the damage
    /// bounds' reach, for the same reasons).
    static let reach = DamageBounds.coverageReach

    /// The pixels (minX, minY, maxX, maxY, exclusive, within `width` x `height`; empty when
    /// none) that the instance at `instance` can change. `analyticClip`, `blurred` and
    /// `replaces` say whether its analytic clip attributes are used, whether it is a blurred rect
    /// and whether it is drawn with blending off.
    static func of(_ instance: UnsafePointer<Float>, analyticClip: Bool, blurred: Bool, replaces: Bool = false,
                   width: Int, height: Int) -> SIMD4<Int32> {
        let whole = SIMD4<Int32>(0, 0, Int32(clamping: width), Int32(clamping: height))
        guard let map = InstanceMap(instance) else { return whole }
        let stepX = map.stepX, stepY = map.stepY
        var (lo, hi) = map.grownRect(of: instance, blurred: blurred, replaces: replaces)
        var box = canvasBox(lo, hi, map: map.canvas)
        if analyticClip {
            // Clip-local = C · local + offset (centred), with half size (hx, hy).
            let a = Double(instance[41]), b = Double(instance[42]), c = Double(instance[43]), hx = Double(instance[44])
            let d = Double(instance[45]), e = Double(instance[46]), f = Double(instance[47]), hy = Double(instance[48])
            let clipDeterminant = a * e - b * d
            if Swift.abs(clipDeterminant) > 1e-12, clipDeterminant.isFinite {
                let clipStepX = SIMD2(a * stepX.x + b * stepX.y, d * stepX.x + e * stepX.y)
                let clipStepY = SIMD2(a * stepY.x + b * stepY.y, d * stepY.x + e * stepY.y)
                let clipReach = Self.reach * InstanceMap.unitsPerPixel(clipStepX, clipStepY)
                lo = SIMD2(-Swift.max(hx, 0) - clipReach, -Swift.max(hy, 0) - clipReach)
                hi = -lo
                // Back to the quad's local space: local = C⁻¹ · (clip-local − offset).
                let clipBox = canvasBox(lo, hi) { q in
                    let u = q.x - c, v = q.y - f
                    return map.canvas(SIMD2(e * u - b * v, a * v - d * u) / clipDeterminant)
                }
                box = SIMD4(Swift.max(box.x, clipBox.x), Swift.max(box.y, clipBox.y),
                            Swift.min(box.z, clipBox.z), Swift.min(box.w, clipBox.w))
            }
        }
        // Pixel i is changed only if its centre i + 0.5 lies in the box.
        let minX = (box.x - 0.5).rounded(.up), maxX = (box.z - 0.5).rounded(.down) + 1
        let minY = (box.y - 0.5).rounded(.up), maxY = (box.w - 0.5).rounded(.down) + 1
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return whole }
        func clamped(_ v: Double, _ limit: Int) -> Int32 { Int32(Swift.min(Swift.max(v, 0), Double(limit))) }
        return SIMD4(clamped(minX, width), clamped(minY, height), clamped(maxX, width), clamped(maxY, height))
    }

    /// Whether the instance at `instance` can change a pixel of the canvas rectangle `rect`
    /// (minX, minY, maxX, maxY, exclusive) whose box `of` overlaps: false when no pixel centre of
    /// the rectangle, taken back to the instance's local space, lies in the box that `of` maps
    /// (the rect grown by the reach). A turned quad's bounding box overlaps the rectangles beside
    /// its corners that its shape does not reach. An instance in perspective answers true, and
    /// so does one under an analytic clip whose own box reaches the rectangle.
    static func canChange(_ instance: UnsafePointer<Float>, anyPixelOf rect: SIMD4<Int32>, blurred: Bool,
                          replaces: Bool) -> Bool {
        guard let map = InstanceMap(instance) else { return true }
        let (lo, hi) = map.grownRect(of: instance, blurred: blurred, replaces: replaces)
        // Two convex shapes, the grown box and the parallelogram the rectangle's pixel centres
        // span in local space, are apart when they are apart along an axis of either: the
        // canvas axes (the box's canvas bounds, as `of` finds them) or the local ones.
        let first = SIMD2(Double(rect.x) + 0.5, Double(rect.y) + 0.5), last = SIMD2(Double(rect.z) - 0.5, Double(rect.w) - 0.5)
        guard first.x <= last.x, first.y <= last.y, lo.x <= hi.x, lo.y <= hi.y else { return false }
        let canvas = canvasBox(lo, hi, map: map.canvas)
        guard canvas.z >= first.x, canvas.x <= last.x, canvas.w >= first.y, canvas.y <= last.y else { return false }
        let a = map.local(first), b = map.local(SIMD2(last.x, first.y)), c = map.local(SIMD2(first.x, last.y))
        let d = map.local(last)
        let low = pointwiseMin(pointwiseMin(a, b), pointwiseMin(c, d)), high = pointwiseMax(pointwiseMax(a, b), pointwiseMax(c, d))
        // A hair of slack for the rounding of the map back (a few ulps of the coordinates).
        let slack = 1e-9 * (1 + Swift.max(Swift.abs(lo.x), Swift.abs(lo.y), Swift.abs(hi.x), Swift.abs(hi.y)))
        return high.x >= lo.x - slack && low.x <= hi.x + slack && high.y >= lo.y - slack && low.y <= hi.y + slack
    }

    /// The canvas bounding box (minX, minY, maxX, maxY) of the local box `lo`...`hi` mapped by `map`.
    private static func canvasBox(_ lo: SIMD2<Double>, _ hi: SIMD2<Double>, map: (SIMD2<Double>) -> SIMD2<Double>) -> SIMD4<Double> {
        let a = map(lo), b = map(SIMD2(hi.x, lo.y)), c = map(SIMD2(lo.x, hi.y)), d = map(hi)
        let low = pointwiseMin(pointwiseMin(a, b), pointwiseMin(c, d)), high = pointwiseMax(pointwiseMax(a, b), pointwiseMax(c, d))
        return SIMD4(low.x, low.y, high.x, high.y)
    }
}

/// The affine map of an instance from its local space to the canvas, read from its attributes.
private struct InstanceMap {
    let m11: Double, m12: Double, m21: Double, m22: Double, m41: Double, m42: Double
    let determinant: Double
    /// Local units per canvas pixel step along x and y: the inverse map's columns.
    let stepX: SIMD2<Double>, stepY: SIMD2<Double>

    /// The map of the instance at `instance`; nil when it is in perspective or flat.
    init?(_ instance: UnsafePointer<Float>) {
        m11 = Double(instance[0]); m12 = Double(instance[1]); m21 = Double(instance[4]); m22 = Double(instance[5])
        m41 = Double(instance[8]); m42 = Double(instance[9])
        determinant = m11 * m22 - m21 * m12
        // m14, m24 and m44 (`QuadInstance.write`).
        guard instance[2] == 0, instance[6] == 0, instance[11] == 1, Swift.abs(determinant) > 1e-12, determinant.isFinite
        else { return nil }
        stepX = SIMD2(m22, -m12) / determinant
        stepY = SIMD2(-m21, m11) / determinant
    }

    /// The local units a canvas pixel spans on average, for steps `x` and `y`.
    static func unitsPerPixel(_ x: SIMD2<Double>, _ y: SIMD2<Double>) -> Double {
        (0.5 * ((x * x).sum() + (y * y).sum())).squareRoot()
    }

    /// `p` in canvas pixels.
    func canvas(_ p: SIMD2<Double>) -> SIMD2<Double> { SIMD2(m11 * p.x + m21 * p.y + m41, m12 * p.x + m22 * p.y + m42) }

    /// The canvas point `p` in local units.
    func local(_ p: SIMD2<Double>) -> SIMD2<Double> {
        let u = p.x - m41, v = p.y - m42
        return SIMD2(m22 * u - m21 * v, m11 * v - m12 * u) / determinant
    }

    /// The instance's rect grown by the reach of its changed pixels' centres (the reasons are
    /// `InstancePixelBounds`'), in local units: its lower and upper corners.
    func grownRect(of instance: UnsafePointer<Float>, blurred: Bool, replaces: Bool) -> (SIMD2<Double>, SIMD2<Double>) {
        let unitsPerPixel = Self.unitsPerPixel(stepX, stepY)
        let x = Double(instance[12]), y = Double(instance[13]), w = Double(instance[14]), h = Double(instance[15])
        let reach = blurred ? Double(instance[27]) + unitsPerPixel / 64
            : (replaces ? DamageBounds.replacingReach : InstancePixelBounds.reach) * unitsPerPixel
        return (SIMD2(Swift.min(x, x + w) - reach, Swift.min(y, y + h) - reach),
                SIMD2(Swift.max(x, x + w) + reach, Swift.max(y, y + h) + reach))
    }
}
