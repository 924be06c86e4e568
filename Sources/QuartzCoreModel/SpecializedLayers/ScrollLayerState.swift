import Foundation

/// The model values of a `CAScrollLayer`, with Apple's defaults, and its scrolling maths.
package struct ScrollLayerState: Sendable {
    var scrollMode: CAScrollLayerScrollMode = .both

    static let accessors: [String: LayerPropertyAccessor] = [
        "scrollMode": .constant(\.scroll.scrollMode),
    ]

    /// The bounds origin after scrolling to `point`: only the axes `scrollMode` allows change.
    func origin(scrolledTo point: CGPoint, from origin: CGPoint) -> CGPoint {
        switch scrollMode {
        case .both: return point
        case .horizontally: return CGPoint(x: point.x, y: origin.y)
        case .vertically: return CGPoint(x: origin.x, y: point.y)
        default: return origin
        }
    }

    /// The smallest move of `bounds` that brings `rect` into view, as the point to scroll to:
    /// on each axis the bounds move just far enough for the rectangle's near edge (or, when it
    /// is larger than the bounds, its minimum edge) to be visible.
    static func origin(revealing rect: CGRect, in bounds: CGRect) -> CGPoint {
        func axis(_ minR: CGFloat, _ maxR: CGFloat, _ minB: CGFloat, _ length: CGFloat) -> CGFloat {
            if maxR - minR >= length || minR < minB { return minR }
            if maxR > minB + length { return maxR - length }
            return minB
        }
        return CGPoint(x: axis(rect.minX, rect.maxX, bounds.minX, bounds.width),
                       y: axis(rect.minY, rect.maxY, bounds.minY, bounds.height))
    }
}
