@_spi(Lanes) import CompositorCore
import Foundation

/// A gradient's stops, owned for the `PreparedGradient`s that read them: straight colours and
/// their locations, at least one.
/// Unchecked Sendable: nothing writes the stops after `init`.
final class GradientStops: @unchecked Sendable {
    /// Stop locations, `count` of them.
    let locations: UnsafeMutablePointer<Float>
    /// Straight colours, one per location.
    let colors: UnsafeMutablePointer<SIMD4<Float>>
    let count: Int

    /// The rendered stops of `fill`, or nil when it has none (the quad then paints nothing under its texture).
    init?(_ fill: GradientFill) {
        let stops = fill.renderedStops
        guard !stops.isEmpty else { return nil }
        count = stops.count
        locations = .allocate(capacity: count)
        colors = .allocate(capacity: count)
        for (index, stop) in stops.enumerated() {
            (locations + index).initialize(to: stop.location)
            (colors + index).initialize(to: SIMD4(stop.red, stop.green, stop.blue, stop.alpha))
        }
    }

    deinit {
        locations.deallocate()
        colors.deallocate()
    }
}

/// A quad's gradient ready for per-pixel evaluation, eight local points at a time: the same
/// maths as `GradientFill.parameter(atX:y:)` and `GradientFill.color(at:)`, in single precision.
///
/// A plain value that reads its stops through pointers, valid while the `GradientStops` it was
/// made with lives (the prepared quad holds them): the per-pixel loop reads it out of the
/// prepared quad for every eight pixels, and copying arrays there retained and released them
/// each time (a sixth of a full-screen radial gradient's frame). Sendable because bands only
/// read what it points to.
struct PreparedGradient: @unchecked Sendable {
    private let kind: GradientFill.Kind
    private let startX: Float, startY: Float
    /// Axial: the direction divided by its squared length (zero for a degenerate gradient).
    private let axisX: Float, axisY: Float
    /// Radial: the reciprocal radii (zero radii make every point lie on the unit ellipse).
    private let inverseRadiusX: Float, inverseRadiusY: Float
    private let isDegenerateRadial: Bool
    /// Conic: the angle of start→end.
    private let baseAngle: Float
    /// Stop locations and straight colours, `stopCount` of each, at least one.
    private let locations: UnsafePointer<Float>
    private let colors: UnsafePointer<SIMD4<Float>>
    private let stopCount: Int

    /// Prepares `fill`, whose rendered stops are `stops`.
    init(_ fill: GradientFill, stops: GradientStops) {
        kind = fill.kind
        let sx = Double(fill.startPoint.x), sy = Double(fill.startPoint.y)
        let dx = Double(fill.endPoint.x) - sx, dy = Double(fill.endPoint.y) - sy
        startX = Float(sx); startY = Float(sy)
        let lengthSquared = dx * dx + dy * dy
        axisX = lengthSquared > 0 ? Float(dx / lengthSquared) : 0
        axisY = lengthSquared > 0 ? Float(dy / lengthSquared) : 0
        var rx = abs(dx), ry = abs(dy)
        if rx == 0 { rx = ry }
        if ry == 0 { ry = rx }
        isDegenerateRadial = !(rx > 0)
        inverseRadiusX = rx > 0 ? Float(1 / rx) : 0
        inverseRadiusY = ry > 0 ? Float(1 / ry) : 0
        baseAngle = Float(atan2(dy, dx))
        locations = UnsafePointer(stops.locations)
        colors = UnsafePointer(stops.colors)
        stopCount = stops.count
    }

    /// The premultiplied colour (0...1) at eight local points.
    @inline(__always)
    func color(x: Lanes, y: Lanes) -> LaneColor {
        color(at: parameter(x: x, y: y))
    }

    /// The gradient parameter, before clamping, at eight local points.
    @inline(__always)
    func parameter(x: Lanes, y: Lanes) -> Lanes {
        let px = x - startX, py = y - startY
        switch kind {
        case .axial:
            return px * axisX + py * axisY
        case .radial:
            if isDegenerateRadial { return Lanes(repeating: 1) }
            let u = px * inverseRadiusX, v = py * inverseRadiusY
            return lanesSquareRoot(u * u + v * v)
        case .conic:
            var turn = Lanes()
            for lane in 0..<8 { turn[lane] = (atan2f(py[lane], px[lane]) - baseAngle) * (0.5 / Float.pi) }
            return turn - turn.rounded(.down)
        }
    }

    /// The premultiplied colour at eight parameters: straight colours interpolated between the
    /// two stops around each, then premultiplied; the end colours extend beyond the stops.
    @inline(__always)
    func color(at t: Lanes) -> LaneColor {
        var straight = LaneColor(colors[0])
        for i in 1..<max(stopCount, 1) {
            // The segment whose first stop lies below t wins (later segments override earlier).
            let a = locations[i - 1], span = locations[i] - a
            let f = span > 0 ? lanesClamp01((t - a) * (1 / span)) : Lanes(repeating: 1)
            let ca = colors[i - 1], delta = colors[i] - ca
            let below = t .> a
            straight.r = straight.r.replacing(with: ca.x + delta.x * f, where: below)
            straight.g = straight.g.replacing(with: ca.y + delta.y * f, where: below)
            straight.b = straight.b.replacing(with: ca.z + delta.z * f, where: below)
            straight.a = straight.a.replacing(with: ca.w + delta.w * f, where: below)
        }
        return LaneColor(r: straight.r * straight.a, g: straight.g * straight.a, b: straight.b * straight.a, a: straight.a)
    }
}
