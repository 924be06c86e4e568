import Foundation

/// The model values of a `CAGradientLayer`, with Apple's defaults.
package struct GradientLayerState: Sendable {
    var colors: [CGColor]?
    var locations: [Double]?
    package var startPoint = CGPoint(x: 0.5, y: 0)
    package var endPoint = CGPoint(x: 0.5, y: 1)
    package var type: CAGradientLayerType = .axial

    static let accessors: [String: LayerPropertyAccessor] = [
        "colors": .colors(\.gradient.colors),
        "locations": .numbers(\.gradient.locations),
        "startPoint": .point(\.gradient.startPoint),
        "endPoint": .point(\.gradient.endPoint),
        "type": .constant(\.gradient.type),
    ]

    /// Apple's animatable gradient-layer properties.
    static let implicitlyAnimatedKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]

    /// The colour stops the renderer draws: each colour with its location in 0...1. Without
    /// `locations` the colours are evenly spaced; with a `locations` array whose count differs
    /// from the colours' the gradient is blank (empty), as the book says (001:3276).
    package var stops: [(location: Double, color: CGColor)] {
        guard let colors, !colors.isEmpty else { return [] }
        if let locations {
            guard locations.count == colors.count else { return [] }
            return Array(zip(locations, colors))
        }
        guard colors.count > 1 else { return [(0, colors[0])] }
        let step = 1 / Double(colors.count - 1)
        return colors.enumerated().map { (Double($0.offset) * step, $0.element) }
    }
}
