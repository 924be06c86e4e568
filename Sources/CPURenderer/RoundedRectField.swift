import Foundation
@_spi(Lanes) import CompositorCore
import CoreGraphics

/// The signed distance to a rounded rectangle (negative inside), the same field the GLES quad
/// shader evaluates: each quadrant uses its corner's radius, capped at half the shorter side.
/// The per-pixel helpers are `@_transparent`: the optimiser left `@inline(__always)` ones as
/// calls inside the shader, passing every eight-lane vector through memory.
struct RoundedRectField {
    var centerX: Float, centerY: Float
    var halfWidth: Float, halfHeight: Float
    /// Radii by quadrant: minX/minY, maxX/minY, maxX/maxY, minX/maxY, each capped.
    var radii: SIMD4<Float>

    init(minX: Float, minY: Float, width: Float, height: Float, radii r: SIMD4<Float>) {
        halfWidth = max(width * 0.5, 0); halfHeight = max(height * 0.5, 0)
        centerX = minX + width * 0.5; centerY = minY + height * 0.5
        let cap = min(halfWidth, halfHeight)
        radii = SIMD4(min(r.x, cap), min(r.y, cap), min(r.z, cap), min(r.w, cap))
    }

    init(rect: CGRect, radii: CornerRadii) {
        self.init(minX: Float(rect.minX), minY: Float(rect.minY), width: Float(rect.width),
                  height: Float(rect.height), radii: radii.vector)
    }

    /// The largest capped radius.
    var largestRadius: Float { radii.max() }

    /// The radius of the corner whose quadrant holds each offset from the centre.
    @_transparent
    func cornerRadius(dx: Lanes, dy: Lanes) -> Lanes {
        let left = dx .< 0
        let top = Lanes(repeating: radii.y).replacing(with: radii.x, where: left)
        let bottom = Lanes(repeating: radii.z).replacing(with: radii.w, where: left)
        return bottom.replacing(with: top, where: dy .< 0)
    }

    /// The distance at eight points.
    @_transparent
    func distance(x: Lanes, y: Lanes) -> Lanes { measure(x: x, y: y).distance }

    /// The distance at eight points, with the offsets from the centre, each point's corner radius
    /// and its position relative to that corner's centre (`qx`, `qy`: positive beyond it), which
    /// the cutting of hard edges reuses.
    @_transparent
    func measure(x: Lanes, y: Lanes) -> FieldSample { terms(x: x, y: y).measured }

    /// The terms of the distance at eight points (`distance` left at zero): enough to tell
    /// which feature is nearest each point.
    @_transparent
    func terms(x: Lanes, y: Lanes) -> FieldSample {
        let dx = x - centerX, dy = y - centerY
        let r = cornerRadius(dx: dx, dy: dy)
        let qx = lanesAbs(dx) - halfWidth + r, qy = lanesAbs(dy) - halfHeight + r
        return FieldSample(distance: Lanes(), dx: dx, dy: dy, r: r, qx: qx, qy: qy)
    }
}

/// A rounded-rect field at eight points: the distance and the terms it was computed from.
struct FieldSample {
    var distance: Lanes
    var dx: Lanes, dy: Lanes, r: Lanes, qx: Lanes, qy: Lanes

    /// The sample with its distance computed from its terms. Its square root stays a call:
    /// forced inline (`@inlinable @_transparent`), it made the shader's code so large that an S5
    /// frame took a fifth more instructions, not fewer.
    @_transparent var measured: FieldSample {
        let outsideX = lanesMax(qx, Lanes(repeating: 0)), outsideY = lanesMax(qy, Lanes(repeating: 0))
        let length = lanesSquareRoot(outsideX * outsideX + outsideY * outsideY)
        var sample = self
        sample.distance = lanesMin(lanesMax(qx, qy), Lanes(repeating: 0)) + length - r
        return sample
    }

    /// Whether a straight side (or a square corner, two of them) is the nearest feature of every point.
    @_transparent var isStraightEverywhere: Bool {
        let zero = Lanes(repeating: 0)
        return allLanes((qx .<= zero) .| (qy .<= zero) .| (r .<= zero))
    }
}

/// Coverage of pixels by the inside of a field, given the field's units per pixel: a ramp one
/// pixel wide centred on the edge.
@_transparent func fieldCoverage(_ distance: Lanes, unitsPerPixel: Lanes) -> Lanes {
    lanesClamp01(0.5 - distance / unitsPerPixel)
}

/// The same ramp given the field's pixels per unit (one division per eight pixels rather than eight).
@_transparent func fieldCoverage(_ distance: Lanes, pixelsPerUnit: Lanes) -> Lanes {
    lanesClamp01(0.5 - distance * pixelsPerUnit)
}

extension CornerRadii {
    /// The radii as a vector: minX/minY, maxX/minY, maxX/maxY, minX/maxY.
    var vector: SIMD4<Float> { SIMD4(minXMinY, maxXMinY, maxXMaxY, minXMaxY) }
}
