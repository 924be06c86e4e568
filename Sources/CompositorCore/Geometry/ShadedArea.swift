import CoreGraphics
import Foundation

/// The canvas area a quad's drawn rectangle covers: the fragments a rasterizer shades for it,
/// counted for `RenderStatistics.fragmentsShaded`.
public enum ShadedArea {
    /// The area in pixels of `rect` (local units) mapped by `transform` to the canvas, clipped to
    /// the part in front of the eye (w > 0) and to the canvas rectangle `bounds` (minX, minY,
    /// maxX, maxY in pixels).
    public static func pixels(of rect: CGRect, transform m: Matrix4, within bounds: SIMD4<Double>) -> Double {
        guard !rect.isNull, rect.width > 0, rect.height > 0, bounds.z > bounds.x, bounds.w > bounds.y else { return 0 }
        return withUnsafeTemporaryAllocation(of: SIMD3<Double>.self, capacity: 32) { buffer -> Double in
            var polygon = buffer.baseAddress!, kept = buffer.baseAddress! + 16
            let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.maxX, rect.maxY), (rect.minX, rect.maxY)]
            for (i, (x, y)) in corners.enumerated() {
                polygon[i] = SIMD3(x * m.m11 + y * m.m21 + m.m41, x * m.m12 + y * m.m22 + m.m42, x * m.m14 + y * m.m24 + m.m44)
            }
            var count = 4
            // Homogeneous planes, inside when dot(plane, (x, y, w)) >= 0: w > 0, then the canvas's sides.
            let planes: [SIMD3<Double>] = [SIMD3(0, 0, 1), SIMD3(1, 0, -bounds.x), SIMD3(-1, 0, bounds.z),
                                           SIMD3(0, 1, -bounds.y), SIMD3(0, -1, bounds.w)]
            for (index, plane) in planes.enumerated() {
                // A point exactly at w = 0 has no place on the canvas: keep a sliver of w in front.
                let limit = index == 0 ? 1e-9 : 0
                var keptCount = 0
                for i in 0..<count {
                    let a = polygon[i], b = polygon[i + 1 < count ? i + 1 : 0]
                    let inA = (plane * a).sum() - limit, inB = (plane * b).sum() - limit
                    if inA >= 0 && keptCount < 16 { kept[keptCount] = a; keptCount += 1 }
                    if (inA >= 0) != (inB >= 0) && keptCount < 16 {
                        kept[keptCount] = a + (b - a) * (inA / (inA - inB)); keptCount += 1
                    }
                }
                swap(&polygon, &kept)
                count = keptCount
                if count < 3 { return 0 }
            }
            // The shoelace formula over the projected polygon.
            var twiceArea = 0.0
            for i in 0..<count {
                let a = polygon[i], b = polygon[i + 1 < count ? i + 1 : 0]
                twiceArea += (a.x / a.z) * (b.y / b.z) - (b.x / b.z) * (a.y / a.z)
            }
            return Swift.abs(twiceArea) / 2
        }
    }
}
