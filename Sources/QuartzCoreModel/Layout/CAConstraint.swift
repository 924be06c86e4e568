import Foundation

/// The geometric attributes a constraint can relate.
///
/// Attributes are measured on a layer's `frame`, in its superlayer's coordinate space. `minY` is
/// the edge with the smaller y value and `maxY` the one with the larger: with this project's
/// iOS-style geometry (y grows downwards) `minY` is the top edge; on macOS, or under
/// `isGeometryFlipped`, it is the bottom edge.
public enum CAConstraintAttribute: Int32, Sendable {
    /// The left edge of the frame.
    case minX = 0
    /// The horizontal centre of the frame.
    case midX = 1
    /// The right edge of the frame.
    case maxX = 2
    /// The width of the frame.
    case width = 3
    /// The edge with the smaller y value (the top edge in iOS-style geometry).
    case minY = 4
    /// The vertical centre of the frame.
    case midY = 5
    /// The edge with the larger y value (the bottom edge in iOS-style geometry).
    case maxY = 6
    /// The height of the frame.
    case height = 7
}

/// A geometric relationship between two layers, used by `CAConstraintLayoutManager`:
/// `attribute = source.sourceAttribute × scale + offset`.
public final class CAConstraint: Sendable {
    /// The attribute of the constrained layer.
    public let attribute: CAConstraintAttribute
    /// The name of the source layer: a sibling's `name`, or `"superlayer"`.
    public let sourceName: String
    /// The attribute of the source layer.
    public let sourceAttribute: CAConstraintAttribute
    /// The factor applied to the source attribute.
    public let scale: CGFloat
    /// The value added to the scaled source attribute.
    public let offset: CGFloat

    /// Creates a constraint: `attribute = source.sourceAttribute × scale + offset`.
    public init(attribute: CAConstraintAttribute, relativeTo sourceName: String,
                attribute sourceAttribute: CAConstraintAttribute, scale: CGFloat, offset: CGFloat) {
        self.attribute = attribute
        self.sourceName = sourceName
        self.sourceAttribute = sourceAttribute
        self.scale = scale
        self.offset = offset
    }

    /// Creates a constraint with a scale of 1: `attribute = source.sourceAttribute + offset`.
    public convenience init(attribute: CAConstraintAttribute, relativeTo sourceName: String,
                            attribute sourceAttribute: CAConstraintAttribute, offset: CGFloat) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: offset)
    }

    /// Creates a constraint with a scale of 1 and no offset: `attribute = source.sourceAttribute`.
    public convenience init(attribute: CAConstraintAttribute, relativeTo sourceName: String,
                            attribute sourceAttribute: CAConstraintAttribute) {
        self.init(attribute: attribute, relativeTo: sourceName, attribute: sourceAttribute, scale: 1, offset: 0)
    }
}
