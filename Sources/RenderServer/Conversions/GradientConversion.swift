import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

extension GradientFill {
    /// The gradient a `CAGradientLayer` whose presentation state is `s` paints over its bounds;
    /// nil when it paints nothing: fewer than two colours (one colour is not enough either, as
    /// Apple's measurably draws nothing with one: GNUstep libs-quartzcore
    /// `Tests/quartzcore/CAGradientLayer/drawing.m`), or `locations` whose count differs from theirs.
    ///
    /// `startPoint` and `endPoint` are unit coordinates of the bounds ((0, 0) the top-left
    /// corner). The stops are sorted by location (stable, so equal locations keep their order
    /// and make a hard edge); more than `maximumStops` are resampled to that many, evenly over
    /// the span of the locations, keeping the first and last exactly.
    init?(gradientLayer s: __shared LayerState) {
        guard case .gradient(let g)? = s.specialized else { return nil }
        let stops = g.stops.enumerated()
            .map { (index: $0.offset, stop: Stop(location: Float($0.element.location), color: $0.element.color)) }
            .sorted { $0.stop.location != $1.stop.location ? $0.stop.location < $1.stop.location : $0.index < $1.index }
            .map(\.stop)
        guard stops.count >= 2 else { return nil }
        let b = s.bounds
        func local(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: b.minX + unit.x * b.width, y: b.minY + unit.y * b.height)
        }
        let kind: Kind
        switch g.type {
        case .radial: kind = .radial
        case .conic: kind = .conic
        default: kind = .axial
        }
        self.init(kind: kind, startPoint: local(g.startPoint), endPoint: local(g.endPoint),
                  stops: Self.resampled(stops, to: Self.maximumStops))
    }

    /// `stops` (sorted) when there are at most `count`, otherwise `count` stops sampled evenly
    /// from the first location to the last, interpolated in straight components as drawn.
    static func resampled(_ stops: [Stop], to count: Int) -> [Stop] {
        guard stops.count > count, count >= 2, let first = stops.first, let last = stops.last else { return stops }
        let span = last.location - first.location
        return (0..<count).map { i in
            let t = i == count - 1 ? last.location : first.location + span * Float(i) / Float(count - 1)
            return straightStop(in: stops, at: t)
        }
    }

    /// The straight colour of sorted `stops` at `t`, as a stop at `t`.
    private static func straightStop(in stops: [Stop], at t: Float) -> Stop {
        var previous = stops[0]
        for stop in stops {
            if t <= stop.location {
                let span = stop.location - previous.location
                let f = span > 0 ? (t - previous.location) / span : 1
                func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * f }
                return Stop(location: t, red: mix(previous.red, stop.red), green: mix(previous.green, stop.green),
                            blue: mix(previous.blue, stop.blue), alpha: mix(previous.alpha, stop.alpha))
            }
            previous = stop
        }
        var end = stops[stops.count - 1]
        end.location = t
        return end
    }
}

extension GradientFill.Stop {
    /// A stop of a Core Graphics colour (its straight sRGB components).
    init(location: Float, color: CGColor) {
        let c = color.rgba
        self.init(location: location, red: Float(c.red), green: Float(c.green), blue: Float(c.blue), alpha: Float(c.alpha))
    }
}
