import Foundation

/// The axis a constraint attribute belongs to.
enum ConstraintAxis: CaseIterable {
    case horizontal, vertical
}

extension CAConstraintAttribute {
    /// The axis of the attribute.
    var axis: ConstraintAxis {
        switch self {
        case .minX, .midX, .maxX, .width: .horizontal
        case .minY, .midY, .maxY, .height: .vertical
        }
    }

    /// Where an edge attribute lies along its axis, as a fraction of the length (0 for the
    /// minimum edge, 0.5 for the middle, 1 for the maximum edge); nil for `width` and `height`.
    var edgeFraction: CGFloat? {
        switch self {
        case .minX, .minY: 0
        case .midX, .midY: 0.5
        case .maxX, .maxY: 1
        case .width, .height: nil
        }
    }

    /// The attribute's value for `rect`.
    func value(in rect: CGRect) -> CGFloat {
        switch self {
        case .minX: rect.minX
        case .midX: rect.midX
        case .maxX: rect.maxX
        case .width: rect.width
        case .minY: rect.minY
        case .midY: rect.midY
        case .maxY: rect.maxY
        case .height: rect.height
        }
    }
}

/// The extent of a frame along one axis.
struct AxisSpan: Equatable {
    /// The minimum coordinate (`minX` or `minY`).
    var origin: CGFloat
    /// The length (`width` or `height`).
    var length: CGFloat

    init(origin: CGFloat, length: CGFloat) {
        self.origin = origin
        self.length = length
    }

    /// The span of `rect` along `axis`.
    init(_ rect: CGRect, _ axis: ConstraintAxis) {
        switch axis {
        case .horizontal: self.init(origin: rect.minX, length: rect.width)
        case .vertical: self.init(origin: rect.minY, length: rect.height)
        }
    }

    /// Builds a rectangle from a horizontal and a vertical span.
    static func rect(horizontal x: AxisSpan, vertical y: AxisSpan) -> CGRect {
        CGRect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    /// Solves one axis from the values its constraints require, in the order they were given;
    /// nil when they place nothing and the axis is left as it is.
    ///
    /// Apple's rules, as measured (GNUstep libs-quartzcore
    /// `Tests/quartzcore/CAConstraint/layout.m`):
    /// - one edge (min, mid or max) moves the span there and keeps its current length;
    /// - a length on its own places nothing;
    /// - with more, the constraint given last decides the axis, paired with the other attribute
    ///   that comes first in the order min, mid, max, length (the last value given for it); two
    ///   edges fix the origin and the length, an edge and a length fix both;
    /// - the same attribute given twice, and nothing else, places nothing.
    /// A negative length is clamped to zero.
    static func solve(_ values: [(attribute: CAConstraintAttribute, value: CGFloat)], current: AxisSpan) -> AxisSpan? {
        guard let last = values.last else { return nil }
        if values.count == 1 {
            guard let fraction = last.attribute.edgeFraction else { return nil }
            return AxisSpan(origin: last.value - fraction * current.length, length: current.length)
        }
        let others = values.dropLast().filter { $0.attribute != last.attribute }
        guard let partnerAttribute = others.map(\.attribute).min(by: { $0.rawValue < $1.rawValue }),
              let partner = others.last(where: { $0.attribute == partnerAttribute }) else { return nil }
        let pair = [last, partner]
        let edges = pair.compactMap { item in item.attribute.edgeFraction.map { (fraction: $0, position: item.value) } }
        let length: CGFloat
        if let sized = pair.first(where: { $0.attribute.edgeFraction == nil }) {
            length = sized.value
        } else {
            length = (edges[1].position - edges[0].position) / (edges[1].fraction - edges[0].fraction)
        }
        let clamped = max(0, length)
        let edge = edges[0]
        return AxisSpan(origin: edge.position - edge.fraction * clamped, length: clamped)
    }
}
