import Foundation
import CompositorCore

extension Homography {
    /// The mapped homogeneous coordinates of eight pixel centres of row `row` from column
    /// `column` on: the first in double precision (canvas coordinates reach thousands, where
    /// single precision would misplace an edge by a thousandth of a pixel), the steps in single.
    @inline(__always)
    func lanes(column: Int, row: Int) -> (x: Lanes, y: Lanes, w: Lanes) {
        let base = apply(Double(column) + 0.5, Double(row) + 0.5)
        return (Float(base.x) + Float(m.0) * laneOffsets, Float(base.y) + Float(m.1) * laneOffsets,
                Float(base.w) + Float(m.2) * laneOffsets)
    }

    /// The canvas pixels whose centre maps (through this canvas-to-local homography) into the
    /// rect `minX...maxX` x `minY...maxY` in front of the viewer (w > 0). With w > 0 every bound
    /// `x / w >= minX` becomes the linear condition `x − minX × w >= 0`.
    func region(minX: Double, minY: Double, maxX: Double, maxY: Double) -> SpanRegion {
        let (a, b, c, d, e, f, g, h, i) = m
        return SpanRegion(
            a: SIMD8(a - minX * c, maxX * c - a, b - minY * c, maxY * c - b, c, 0, 0, 0),
            b: SIMD8(d - minX * f, maxX * f - d, e - minY * f, maxY * f - e, f, 0, 0, 0),
            c: SIMD8(g - minX * i, maxX * i - g, h - minY * i, maxY * i - h, i - 1e-9, 1, 1, 1))
    }
}
