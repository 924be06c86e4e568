import Foundation

/// A plane's 3x3 homography in Core Animation's row-vector convention: `[x y 1] × H`.
///
/// A quad, clip or group lies in the plane z = 0 of its local space, so its `Matrix4` reduces to
/// rows 1, 2 and 4 restricted to the columns x, y and w. Both renderers map canvas pixels back
/// into that plane through the inverse, and decide with the same test when the plane is seen
/// edge-on (no inverse): a renderer of its own needs none of this maths.
public struct Homography: Equatable, Sendable {
    /// The nine entries row by row: `(h11, h12, h13, h21, h22, h23, h31, h32, h33)`.
    public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// Creates a homography from its nine entries, row by row.
    @inlinable
    public init(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    /// The homography of the plane z = 0 of `matrix`: local `[X Y 1]` to canvas homogeneous `(x, y, w)`.
    @inlinable
    public init(plane matrix: Matrix4) {
        m = (matrix.m11, matrix.m12, matrix.m14, matrix.m21, matrix.m22, matrix.m24, matrix.m41, matrix.m42, matrix.m44)
    }

    /// The identity map.
    public static let identity = Homography((1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// A homography that maps every point to the origin with w = 0: nothing lies in front of it
    /// (what an edge-on plane's inverse is replaced by).
    public static let degenerate = Homography((0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// The first row: how x of a point contributes to `(x, y, w)`.
    public var row0: SIMD3<Double> { SIMD3(m.0, m.1, m.2) }
    /// The second row: how y of a point contributes to `(x, y, w)`.
    public var row1: SIMD3<Double> { SIMD3(m.3, m.4, m.5) }
    /// The third row: the image of the origin.
    public var row2: SIMD3<Double> { SIMD3(m.6, m.7, m.8) }

    /// Whether w does not depend on the point (an affine map).
    @inlinable public var isAffine: Bool { m.2 == 0 && m.5 == 0 }

    /// Whether w is exactly 1 everywhere.
    @inlinable public var hasUnitW: Bool { m.2 == 0 && m.5 == 0 && m.8 == 1 }

    /// The determinant: negative when the plane, where it lies in front of the viewer (w > 0),
    /// is seen from its back (`Matrix4.facesAway`).
    @inlinable public var determinant: Double {
        let (a, b, c, d, e, f, g, h, i) = m
        return a * (e * i - f * h) + b * (f * g - d * i) + c * (d * h - e * g)
    }

    /// How small `|det|` may be, relative to the cube of the largest entry, before the map is
    /// treated as singular (a plane seen edge-on): below it an inverse would be rounding noise.
    public static let singularityTolerance = 1e-12

    /// The inverse, or nil when the plane is seen edge-on (`singularityTolerance`) or an entry is
    /// not finite.
    @inlinable @inline(__always)
    public var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let c0 = e * i - f * h, c1 = f * g - d * i, c2 = d * h - e * g
        let det = a * c0 + b * c1 + c * c2
        // Pairwise, not the variadic `max` (an array per inverse); grouping cannot change the
        // result for finite entries, and any other entry makes `det` non-finite.
        let largest = max(max(max(abs(a), abs(b)), max(abs(c), abs(d))), max(max(abs(e), abs(f)), max(max(abs(g), abs(h)), abs(i))))
        guard det.isFinite, abs(det) > Self.singularityTolerance * largest * largest * largest else { return nil }
        let k = 1 / det
        return Homography((c0 * k, (c * h - b * i) * k, (b * f - c * e) * k,
                           c1 * k, (a * i - c * g) * k, (c * d - a * f) * k,
                           c2 * k, (b * g - a * h) * k, (a * e - b * d) * k))
    }

    /// `self` then `other`: `[x y 1] × self × other`.
    @inlinable
    public func concatenating(_ other: Homography) -> Homography {
        let (a, b, c, d, e, f, g, h, i) = m
        let o = other.m
        return Homography((a * o.0 + b * o.3 + c * o.6, a * o.1 + b * o.4 + c * o.7, a * o.2 + b * o.5 + c * o.8,
                           d * o.0 + e * o.3 + f * o.6, d * o.1 + e * o.4 + f * o.7, d * o.2 + e * o.5 + f * o.8,
                           g * o.0 + h * o.3 + i * o.6, g * o.1 + h * o.4 + i * o.7, g * o.2 + h * o.5 + i * o.8))
    }

    /// `[x y 1] × H`: the homogeneous image of the point (divide by w for the plane point).
    @inlinable @inline(__always)
    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (x * m.0 + y * m.3 + m.6, x * m.1 + y * m.4 + m.7, x * m.2 + y * m.5 + m.8)
    }

    /// The same map with w scaled to exactly 1 when it is a positive constant (an affine map in
    /// front of the viewer), so mapped coordinates need no division; otherwise unchanged.
    @inlinable
    public var normalized: Homography {
        guard isAffine, m.8 > 0, m.8.isFinite else { return self }
        let w = m.8
        return Homography((m.0 / w, m.1 / w, 0, m.3 / w, m.4 / w, 0, m.6 / w, m.7 / w, 1))
    }

    /// The 2D affine map this homography equals for points within `extent` of the origin (its
    /// projective column negligible there, relative to w), normalized so that w = 1; nil otherwise.
    public func affine(within extent: Double) -> Homography? {
        let w = m.8
        guard w != 0, w.isFinite, (abs(m.2) + abs(m.5)) * max(extent, 1) <= 1e-7 * abs(w) else { return nil }
        return Homography((m.0 / w, m.1 / w, 0, m.3 / w, m.4 / w, 0, m.6 / w, m.7 / w, 1))
    }

    /// The nine entries as single-precision floats, row by row (for per-pixel evaluation and upload).
    @inlinable
    public var floats: (Float, Float, Float, Float, Float, Float, Float, Float, Float) {
        (Float(m.0), Float(m.1), Float(m.2), Float(m.3), Float(m.4), Float(m.5), Float(m.6), Float(m.7), Float(m.8))
    }

    /// Two homographies are equal when every entry is.
    public static func == (a: Homography, b: Homography) -> Bool {
        a.row0 == b.row0 && a.row1 == b.row1 && a.row2 == b.row2
    }
}
