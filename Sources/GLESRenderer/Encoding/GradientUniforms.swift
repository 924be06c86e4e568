import CompositorCore
import Foundation

/// A gradient fill reduced to the uniforms of the quad shader's gradient variant (QC_GRADIENT):
/// the shape's geometry precomputed so the shader does one dot product, length or angle per
/// pixel, and at most `GradientFill.maximumStops` straight-colour stops.
struct GradientUniforms: Equatable {
    /// 0 axial, 1 radial, 2 conic (quad.frag.glsl's gradient kinds).
    var kind: Int32
    /// Axial: start point and direction over its squared length; radial: centre and the
    /// reciprocal radii; conic: centre and the angle of the zero direction.
    var geometry: SIMD4<Float>
    var stopCount: Int32
    /// `stopCount` locations, padded to the maximum.
    var locations: [Float]
    /// `stopCount` straight RGBA colours, four floats each, padded to the maximum.
    var colors: [Float]

    /// The uniforms for `gradient`, or nil when it has no stops (the quad then paints nothing
    /// beneath its texture, as a clear fill).
    init?(_ gradient: GradientFill) {
        guard !gradient.stops.isEmpty else { return nil }
        let maximum = GradientFill.maximumStops
        var stops = gradient.renderedStops
        let sx = Double(gradient.startPoint.x), sy = Double(gradient.startPoint.y)
        let dx = Double(gradient.endPoint.x) - sx, dy = Double(gradient.endPoint.y) - sy
        switch gradient.kind {
        case .axial:
            let lengthSquared = dx * dx + dy * dy
            let scale = lengthSquared > 0 ? 1 / lengthSquared : 0
            kind = 0
            geometry = SIMD4(Float(sx), Float(sy), Float(dx * scale), Float(dy * scale))
        case .radial:
            var rx = abs(dx), ry = abs(dy)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            if rx > 0 {
                kind = 1
                geometry = SIMD4(Float(sx), Float(sy), Float(1 / rx), Float(1 / ry))
            } else {
                // A radial gradient of no size has parameter 1 everywhere: the last stop's colour.
                kind = 0
                geometry = SIMD4(Float(sx), Float(sy), 0, 0)
                stops = [stops[stops.count - 1]]
            }
        case .conic:
            kind = 2
            geometry = SIMD4(Float(sx), Float(sy), Float(atan2(dy, dx)), 0)
        }
        stopCount = Int32(stops.count)
        var locations = [Float](repeating: 0, count: maximum), colors = [Float](repeating: 0, count: 4 * maximum)
        for (i, stop) in stops.enumerated() {
            locations[i] = stop.location
            colors[4 * i] = stop.red; colors[4 * i + 1] = stop.green; colors[4 * i + 2] = stop.blue; colors[4 * i + 3] = stop.alpha
        }
        self.locations = locations
        self.colors = colors
    }
}
