import Foundation
@_spi(Lanes) import CompositorCore
import CoreGraphics

/// A clip ready for per-pixel evaluation: the inverse of its plane's homography (canvas pixel
/// centre to clip-local homogeneous), its rounded rect, and the canvas regions where it surely
/// covers nothing (outside `outer`) and surely covers everything (inside `inner` or `innerCross`,
/// the arms of a plus shape that keeps the rounded corners out, so that only pixels near the
/// clip's edges and corners evaluate its field). An affine clip also has `octagon`, the inner
/// region with its corners cut by chords of the rounded corners, which holds both arms and most of
/// each corner.
struct PreparedClip {
    /// The deepest chain of nested clips followed (the draw list's limit).
    static let maximumDepth = Clip.maximumDepth

    var inverse: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
    var preciseInverse: Homography
    var field: RoundedRectField
    /// The enclosing clip's index, or -1.
    var parent: Int32
    var outer: SpanRegion
    var inner: SpanRegion
    var innerCross: SpanRegion
    /// Where the coverage of an affine clip is surely 1: the rect inset by the antialiasing margin
    /// with each corner cut by the chord of its rounded corner inset by the margin (`.nowhere`
    /// for a clip under perspective).
    var octagon: SpanRegion
    /// Whether the inverse's w is exactly 1 (an affine plane): clip-local positions need no
    /// division and the local units per pixel are the same everywhere.
    var hasUnitW: Bool
    /// The local units per pixel of an affine clip, in every lane.
    var unitsPerPixel: Lanes
    /// Canvas pixels outside which the clip covers nothing (minX, minY, maxX, maxY).
    var bounds: (Int, Int, Int, Int)

    init(_ clip: Clip, index: Int, count: Int) {
        let parentIndex = clip.parentIndex ?? -1
        parent = parentIndex >= 0 && Int(parentIndex) < count && Int(parentIndex) != index ? parentIndex : -1
        field = RoundedRectField(rect: clip.rect, radii: clip.cornerRadii)
        let plane = Homography(plane: clip.transform)
        guard let inv = plane.inverse else {
            inverse = (0, 0, 0, 0, 0, 0, 0, 0, 0)
            preciseInverse = .degenerate
            outer = .nowhere; inner = .nowhere; innerCross = .nowhere; octagon = .nowhere; bounds = (0, 0, 0, 0)
            hasUnitW = false; unitsPerPixel = Lanes(repeating: 1)
            return
        }
        inverse = inv.floats
        preciseInverse = inv
        let m = inverse
        hasUnitW = inv.m.2 == 0 && inv.m.5 == 0 && inv.m.8 == 1
        // The per-pixel expression of `coverage(of:column:row:)` with w = 1, evaluated once.
        unitsPerPixel = lanesMax(lanesSquareRoot(0.5 * Lanes(repeating: m.0 * m.0 + m.1 * m.1 + m.3 * m.3 + m.4 * m.4)),
                                 Lanes(repeating: 1e-6))
        let r = clip.rect
        let projection = PlaneProjection(plane: plane, inverse: inv, rect: r)
        if let upp = projection.largestUnitsPerPixel {
            // Beyond half a pixel outside the rect the field's coverage is zero; inside the rect
            // inset by the largest radius and half a pixel it is one.
            let grow = 0.5 * upp + 1e-4 * max(upp, 1)
            outer = inv.region(minX: r.minX - grow, minY: r.minY - grow, maxX: r.maxX + grow, maxY: r.maxY + grow)
            let inset = Double(clip.cornerRadii.vector.max()) + grow
            inner = inv.region(minX: r.minX + grow, minY: r.minY + inset, maxX: r.maxX - grow, maxY: r.maxY - inset)
            innerCross = inv.region(minX: r.minX + inset, minY: r.minY + grow, maxX: r.maxX - inset, maxY: r.maxY - grow)
            octagon = hasUnitW ? inv.octagon(rect: r, radii: field.radii, inset: grow) : .nowhere
            bounds = projection.pixelBounds(outset: grow) ?? (Int.min / 4, Int.min / 4, Int.max / 4, Int.max / 4)
        } else {
            outer = SpanRegion(front: inv); inner = .nowhere; innerCross = .nowhere; octagon = .nowhere
            bounds = (Int.min / 4, Int.min / 4, Int.max / 4, Int.max / 4)
        }
    }

    /// The clip's coverage of eight pixel centres of row `row` from column `column` on. Static,
    /// reading through the pointer: a method on the clip copied the whole prepared clip per call.
    @_transparent
    static func coverage(of clip: UnsafePointer<PreparedClip>, column: Int, row: Int) -> Lanes {
        let (qx, qy, qw) = clip.pointee.preciseInverse.lanes(column: column, row: row)
        let field = clip.pointee.field
        if clip.pointee.hasUnitW { return fieldCoverage(field.distance(x: qx, y: qy), unitsPerPixel: clip.pointee.unitsPerPixel) }
        let m = clip.pointee.inverse
        let px = qx / qw, py = qy / qw
        // Clip-local steps of one pixel in x and in y (the derivatives of the projection).
        let xx = (m.0 - px * m.2) / qw, xy = (m.1 - py * m.2) / qw
        let yx = (m.3 - px * m.5) / qw, yy = (m.4 - py * m.5) / qw
        let upp = lanesMax(lanesSquareRoot(0.5 * (xx * xx + xy * xy + yx * yx + yy * yy)), Lanes(repeating: 1e-6))
        let covered = fieldCoverage(field.distance(x: px, y: py), unitsPerPixel: upp)
        return covered.replacing(with: 0, where: qw .<= 0)
    }
}

extension Homography {
    /// The canvas pixels whose centre maps (through this canvas-to-local homography, affine with
    /// w = 1) to where a rounded rect's field is at most `-inset`: `rect` inset by `inset`, each
    /// corner cut by the chord through the points where the corner's circle, inset by `inset`,
    /// meets the inset sides (a chord of a circle lies inside it). The corners are minX/minY,
    /// maxX/minY, maxX/maxY, minX/maxY in `radii`'s order, each already capped.
    func octagon(rect r: CGRect, radii: SIMD4<Float>, inset g: Double) -> SpanRegion {
        let (a, b, c, d, e, f, g0, h, i) = m
        // Local x, y and w as functions of the canvas position: (a, d, g0), (b, e, h), (c, f, i).
        let minX = Double(r.minX), minY = Double(r.minY), maxX = Double(r.maxX), maxY = Double(r.maxY)
        let k0 = minX + minY + Double(radii.x) + g, k1 = maxX - minY - Double(radii.y) - g
        let k2 = maxX + maxY - Double(radii.z) - g, k3 = maxY - minX - Double(radii.w) - g
        return SpanRegion(
            a: SIMD8(a - (minX + g) * c, (maxX - g) * c - a, b - (minY + g) * c, (maxY - g) * c - b,
                     a + b - k0 * c, b - a + k1 * c, k2 * c - a - b, a - b + k3 * c),
            b: SIMD8(d - (minX + g) * f, (maxX - g) * f - d, e - (minY + g) * f, (maxY - g) * f - e,
                     d + e - k0 * f, e - d + k1 * f, k2 * f - d - e, d - e + k3 * f),
            c: SIMD8(g0 - (minX + g) * i, (maxX - g) * i - g0, h - (minY + g) * i, (maxY - g) * i - h,
                     g0 + h - k0 * i, h - g0 + k1 * i, k2 * i - g0 - h, g0 - h + k3 * i))
    }
}

extension SpanRegion {
    /// No pixel.
    static let nowhere = SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: -1))

    /// The pixels in front of the viewer of a canvas-to-local homography (w > 0).
    init(front inverse: Homography) {
        let m = inverse.m
        self.init(a: SIMD8(m.2, 0, 0, 0, 0, 0, 0, 0), b: SIMD8(m.5, 0, 0, 0, 0, 0, 0, 0),
                  c: SIMD8(m.8 - 1e-9, 1, 1, 1, 1, 1, 1, 1))
    }
}

/// A rect of a plane seen on the canvas: its projected corners and the local units per pixel there.
struct PlaneProjection {
    let plane: Homography
    let inverse: Homography
    let rect: CGRect

    /// The largest local units per canvas pixel over the rect: exact for an affine plane; under
    /// perspective, the largest value at the corners with a 1.5x margin (nil when a corner is
    /// behind the viewer).
    var largestUnitsPerPixel: Double? {
        if plane.isAffine { return Self.unitsPerPixel(inverse, x: 0, y: 0) }
        var largest = 0.0
        for corner in corners {
            let p = plane.apply(corner.x, corner.y)
            guard p.w > 1e-9 else { return nil }
            largest = max(largest, Self.unitsPerPixel(inverse, x: p.x / p.w, y: p.y / p.w))
        }
        return largest * 1.5
    }

    private var corners: [(x: Double, y: Double)] { Self.corners(of: rect) }

    private static func corners(of rect: CGRect) -> [(x: Double, y: Double)] {
        [(Double(rect.minX), Double(rect.minY)), (Double(rect.maxX), Double(rect.minY)),
         (Double(rect.minX), Double(rect.maxY)), (Double(rect.maxX), Double(rect.maxY))]
    }

    /// Local units per pixel (root mean square of the two pixel steps) at canvas point (x, y).
    static func unitsPerPixel(_ inverse: Homography, x: Double, y: Double) -> Double {
        let m = inverse.m
        let q = inverse.apply(x, y)
        let px = q.x / q.w, py = q.y / q.w
        let xx = (m.0 - px * m.2) / q.w, xy = (m.1 - py * m.2) / q.w
        let yx = (m.3 - px * m.5) / q.w, yy = (m.4 - py * m.5) / q.w
        return max((0.5 * (xx * xx + xy * xy + yx * yx + yy * yy)).squareRoot(), 1e-6)
    }

    /// The canvas pixels that the rect outset by `outset` local units can touch, or nil when a
    /// corner is behind the viewer.
    ///
    /// Runs for every quad of every frame, so without calls: the outset rect as `CGRect.insetBy`
    /// makes it (the same arithmetic, for rects of positive size), an affine plane's extreme
    /// corners found without mapping all four or dividing by w (exactly 1: `x / 1` is `x`), and
    /// rounding without the C library (`SpanRegion.floor`, `ceiling`: exact within the 1e9 allowed).
    func pixelBounds(outset: Double) -> (Int, Int, Int, Int)? {
        if let sums = affineCornerSums(outset: outset) { return Self.pixelBounds(cornerSums: sums, plane: plane) }
        return projectedPixelBounds(outset: outset)
    }

    /// For an affine plane with w exactly 1 and finite corner products, the sums that
    /// `pixelBounds(outset:)` adds the plane's translation to: `minX`, `minY`, `maxX`, `maxY` of
    /// the outset rect's corners less `m41`, `m42` (nil otherwise). They depend on the rect, the
    /// outset and the plane's linear part only, so a sprite that only moved keeps them (`SpriteMemo`).
    @inline(__always)
    func affineCornerSums(outset: Double) -> SIMD4<Double>? {
        let m = plane.m
        guard m.2 == 0, m.5 == 0, m.8 == 1 else { return nil }
        let (left, top, right, bottom) = outsetSides(outset)
        let xLeft = left * m.0, xRight = right * m.0, xTop = top * m.3, xBottom = bottom * m.3
        let yLeft = left * m.1, yRight = right * m.1, yTop = top * m.4, yBottom = bottom * m.4
        guard xLeft.isFinite, xRight.isFinite, xTop.isFinite, xBottom.isFinite,
              yLeft.isFinite, yRight.isFinite, yTop.isFinite, yBottom.isFinite else { return nil }
        // w = x 0 + y 0 + 1 = 1 at every (finite) corner, and a corner's x is
        // (x m11 + y m21) + m41 rounded sum by sum. Rounding is monotonic, so the smallest
        // corner x is the one with the smaller of each product, the largest likewise: the
        // corners' loop gives the same bounds from four corners.
        return SIMD4(min(xLeft, xRight) + min(xTop, xBottom), min(yLeft, yRight) + min(yTop, yBottom),
                     max(xLeft, xRight) + max(xTop, xBottom), max(yLeft, yRight) + max(yTop, yBottom))
    }

    /// `pixelBounds(outset:)` of an affine plane with w exactly 1 from its `affineCornerSums`.
    @inline(__always)
    static func pixelBounds(cornerSums sums: SIMD4<Double>, plane: Homography) -> (Int, Int, Int, Int)? {
        let m = plane.m
        return pixelBounds(minX: sums.x + m.6, minY: sums.y + m.7, maxX: sums.z + m.6, maxY: sums.w + m.7)
    }

    /// The rect outset by `outset` local units: left, top, right, bottom.
    @inline(__always)
    private func outsetSides(_ outset: Double) -> (Double, Double, Double, Double) {
        if rect.size.width >= 0, rect.size.height >= 0, outset >= 0 {
            // `insetBy(dx: -outset, dy: -outset)`: origin moved by -outset, size grown by 2 x outset.
            let left = Double(rect.origin.x) - outset, top = Double(rect.origin.y) - outset
            return (left, top, left + (Double(rect.size.width) + 2 * outset), top + (Double(rect.size.height) + 2 * outset))
        }
        let r = rect.insetBy(dx: -CGFloat(outset), dy: -CGFloat(outset))
        return (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
    }

    /// `pixelBounds(outset:)` where `affineCornerSums` gives none: from the four corners mapped.
    private func projectedPixelBounds(outset: Double) -> (Int, Int, Int, Int)? {
        let (left, top, right, bottom) = outsetSides(outset)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        // The corners in the order of `corners(of:)`, without an array.
        for corner in 0..<4 {
            let p = plane.apply(corner & 1 == 0 ? left : right, corner < 2 ? top : bottom)
            guard p.w > 1e-9 else { return nil }
            minX = min(minX, p.x / p.w); maxX = max(maxX, p.x / p.w)
            minY = min(minY, p.y / p.w); maxY = max(maxY, p.y / p.w)
        }
        return Self.pixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The pixels around the extreme corners found (nil where one is not finite or is far off).
    @inline(__always)
    private static func pixelBounds(minX: Double, minY: Double, maxX: Double, maxY: Double) -> (Int, Int, Int, Int)? {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite,
              abs(minX) < 1e9, abs(minY) < 1e9, abs(maxX) < 1e9, abs(maxY) < 1e9 else { return nil }
        // Within ±1e9: no conversion or step overflows.
        return (floor(minX) &- 1, floor(minY) &- 1, ceiling(maxX) &+ 1, ceiling(maxY) &+ 1)
    }

    /// `v` rounded down, for |v| < 2^51: `Int(SpanRegion.floor(v))` without its range checks
    /// (about a dozen instructions a bound). The nearest whole number comes from the bits of
    /// the sum with 1.5 × 2^52 (whose last place is 1), and is one above the floor where it
    /// lies above `v`.
    @inline(__always)
    static func floor(_ v: Double) -> Int {
        let (nearest, whole) = nearestWhole(v)
        return whole > v ? nearest &- 1 : nearest
    }

    /// `v` rounded up, for |v| < 2^51 (as `floor`).
    @inline(__always)
    static func ceiling(_ v: Double) -> Int {
        let (nearest, whole) = nearestWhole(v)
        return whole < v ? nearest &+ 1 : nearest
    }

    /// The whole number nearest `v` (|v| < 2^51), as an integer and as a double (exact).
    @inline(__always)
    private static func nearestWhole(_ v: Double) -> (Int, Double) {
        let sum = v + 6_755_399_441_055_744
        return (Int(truncatingIfNeeded: Int64(bitPattern: sum.bitPattern) &- 0x4338_0000_0000_0000), sum - 6_755_399_441_055_744)
    }
}
