import Foundation

/// A smooth transition between colours across an area, drawn by `drawLinearGradient` and
/// `drawRadialGradient`.
public final class CGGradient: Sendable {
    /// One colour of the gradient and where it sits, from 0 (start) to 1 (end).
    struct Stop: Sendable {
        var location: Double
        var color: PaintColor
    }

    let stops: [Stop]

    /// Creates a gradient from colours and their locations (0...1), or nil when there are no
    /// colours, an element is not a `CGColor`, or locations are not finite. Nil `locations`
    /// spreads the colours evenly; otherwise it must hold one location per colour.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let cgColors = colors.compactMap { $0 as? CGColor }
        guard !cgColors.isEmpty, cgColors.count == colors.count else { return nil }
        guard let stops = Self.stops(cgColors, locations: locations) else { return nil }
        self.stops = stops
    }

    /// Creates a gradient from `count` colours given as components of `space` (plus alpha each),
    /// at `locations` (nil spreads them evenly).
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        let perColor = space.numberOfComponents + 1
        var colors: [CGColor] = []
        for index in 0..<count {
            guard let color = CGColor(colorSpace: space, components: components + index * perColor) else { return nil }
            colors.append(color)
        }
        guard let stops = Self.stops(colors, locations: locations) else { return nil }
        self.stops = stops
    }

    private static func stops(_ colors: [CGColor], locations: UnsafePointer<CGFloat>?) -> [Stop]? {
        var stops: [Stop] = []
        for (index, color) in colors.enumerated() {
            let location = locations.map { Double($0[index]) }
                ?? (colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1))
            guard location.isFinite else { return nil }
            stops.append(Stop(location: min(max(location, 0), 1), color: PaintColor(color, alpha: 1)))
        }
        return stops
    }
}
