import Foundation
import CoreGraphics

/// How a quad or a group is combined with what is already drawn beneath it.
public enum BlendMode: Sendable, Equatable {
    /// Porter-Duff source-over of premultiplied colours: `src + dst × (1 − src.alpha)`.
    case sourceOver
    /// Additive: `src + dst`, clamped (Apple's `kCAEmitterLayerAdditive`, the exact crossfade).
    case plusLighter
}

/// A colour gradient painted in place of a quad's fill colour, evaluated per pixel.
///
/// Points are in the quad's local space (the same units as `Quad.rect`). Colours between stops
/// are interpolated in straight (unpremultiplied) sRGB components, then premultiplied, as
/// Core Graphics and `CAGradientLayer` do; before the first stop and after the last the end
/// colours extend.
public struct GradientFill: Sendable, Equatable {
    /// The shape of the gradient.
    public enum Kind: Sendable, Equatable {
        /// Constant along lines perpendicular to start→end; 0 at `startPoint`, 1 at `endPoint`.
        case axial
        /// Elliptical about `startPoint`: 0 at the centre, 1 on the ellipse whose radii are
        /// |endPoint.x − startPoint.x| and |endPoint.y − startPoint.y| (a zero radius takes the other).
        case radial
        /// Angular about `startPoint`: 0 along the direction towards `endPoint`, growing
        /// clockwise on screen (y down) to 1 after a full turn.
        case conic
    }

    /// One colour stop.
    public struct Stop: Sendable, Equatable {
        /// Position along the gradient, 0...1.
        public var location: Float
        /// Straight (unpremultiplied) red, green, blue and alpha, 0...1.
        public var red: Float, green: Float, blue: Float, alpha: Float
        /// Creates a stop.
        public init(location: Float, red: Float, green: Float, blue: Float, alpha: Float) {
            self.location = location; self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        }
    }

    /// The shape.
    public var kind: Kind
    /// The start point (the centre for radial and conic gradients), in local units.
    public var startPoint: CGPoint
    /// The end point, in local units.
    public var endPoint: CGPoint
    /// The stops, in increasing location; at most `GradientFill.maximumStops`.
    public var stops: [Stop]

    /// The most stops a renderer must support; layers with more are resampled to this many.
    public static let maximumStops = 16

    /// Creates a gradient.
    public init(kind: Kind, startPoint: CGPoint, endPoint: CGPoint, stops: [Stop]) {
        self.kind = kind; self.startPoint = startPoint; self.endPoint = endPoint; self.stops = stops
    }

    /// The gradient parameter (before clamping to the stops) at local point `p`.
    public func parameter(atX x: Double, y: Double) -> Double {
        let sx = Double(startPoint.x), sy = Double(startPoint.y)
        let dx = Double(endPoint.x) - sx, dy = Double(endPoint.y) - sy
        switch kind {
        case .axial:
            let lengthSquared = dx * dx + dy * dy
            guard lengthSquared > 0 else { return 0 }
            return ((x - sx) * dx + (y - sy) * dy) / lengthSquared
        case .radial:
            var rx = abs(dx), ry = abs(dy)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0 else { return 1 }
            let u = (x - sx) / rx, v = (y - sy) / ry
            return (u * u + v * v).squareRoot()
        case .conic:
            let base = atan2(dy, dx), angle = atan2(y - sy, x - sx)
            var turn = (angle - base) / (2 * Double.pi)
            turn -= turn.rounded(.down)
            return turn
        }
    }

    /// The premultiplied colour at gradient parameter `t`.
    public func color(at t: Double) -> PremultipliedColor {
        guard let first = stops.first, let last = stops.last else { return .clear }
        func premultiplied(_ s: Stop) -> PremultipliedColor {
            PremultipliedColor(straightRed: s.red, green: s.green, blue: s.blue, alpha: s.alpha)
        }
        let t = Float(t)
        if t <= first.location { return premultiplied(first) }
        if t >= last.location { return premultiplied(last) }
        for (a, b) in zip(stops, stops.dropFirst()) where t <= b.location {
            let span = b.location - a.location
            let f = span > 0 ? (t - a.location) / span : 1
            return PremultipliedColor(straightRed: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                                      blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
        }
        return premultiplied(last)
    }

    /// The stops a renderer draws: the gradient's own when there are at most `maximumStops`,
    /// otherwise that many evenly spaced across its stop range, taken from `color(at:)`
    /// (unpremultiplied again), so both renderers draw the same colours.
    public var renderedStops: [Stop] {
        let count = Self.maximumStops
        guard stops.count > count else { return stops }
        let first = Double(stops[0].location), last = Double(stops[stops.count - 1].location)
        return (0..<count).map { index in
            let location = first + (last - first) * Double(index) / Double(count - 1)
            let c = color(at: location)
            let a = c.alpha
            return Stop(location: Float(location), red: a > 0 ? c.red / a : 0, green: a > 0 ? c.green / a : 0,
                        blue: a > 0 ? c.blue / a : 0, alpha: a)
        }
    }
}
