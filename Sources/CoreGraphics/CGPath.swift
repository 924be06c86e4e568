import Foundation

/// An immutable graphics path: a mathematical description of shapes or lines to be drawn.
///
/// `CGPath` is `@unchecked Sendable` because only its subclass `CGMutablePath` ever changes the stored
/// elements; a plain `CGPath` (for example one returned by `copy()`) is an immutable snapshot that may
/// cross threads. Do not share a `CGMutablePath` across threads while it is being changed.
public class CGPath: Equatable, Hashable, @unchecked Sendable {
    /// The elements; only `CGMutablePath` changes them after initialisation.
    var storage: [Element]

    /// Creates a path holding elements.
    init(elements: [Element]) {
        storage = elements
    }

    /// Creates an immutable path of a rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.storage)
    }

    /// Creates an immutable path of an ellipse that fits inside a rectangle.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.storage)
    }

    /// Creates an immutable path of a rounded rectangle.
    ///
    /// Corner sizes larger than half the rectangle's size are reduced to half of it.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.storage)
    }

    /// The path's elements in order (a Linux addition: a Swift value form of `applyWithBlock(_:)`).
    public var elements: [Element] { storage }

    /// A Boolean value that indicates whether the path contains no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The current point in the path: the end of the last element, or the start of the last
    /// subpath after it was closed; `.zero` for an empty path.
    public var currentPoint: CGPoint {
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for element in storage {
            switch element {
            case .moveToPoint(let point):
                subpathStart = point
                current = point
            case .closeSubpath:
                current = subpathStart
            default:
                current = element.points.last ?? current
            }
        }
        return current
    }

    /// Returns an immutable copy of the path.
    public func copy() -> CGPath? {
        CGPath(elements: storage)
    }

    /// Returns an immutable copy of the path transformed by a transform (or untransformed when it is `nil`).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: transformedElements(transform?.pointee ?? .identity))
    }

    /// Returns a mutable copy of the path.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(elements: storage)
    }

    /// Returns a mutable copy of the path transformed by a transform (or untransformed when it is `nil`).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(elements: transformedElements(transform?.pointee ?? .identity))
    }

    /// The elements with every point transformed.
    func transformedElements(_ transform: CGAffineTransform) -> [Element] {
        transform.isIdentity ? storage : storage.map { $0.applying(transform) }
    }

    /// Calls a block for each element of the path, in order.
    ///
    /// The element and its points are valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        for element in storage {
            var points = element.points
            points.withUnsafeMutableBufferPointer { buffer in
                // Close elements have no points; hand them a valid one-point buffer anyway.
                var spare = CGPoint.zero
                withUnsafeMutablePointer(to: &spare) { sparePointer in
                    var cElement = CGPathElement(type: element.type, points: buffer.baseAddress ?? sparePointer)
                    withUnsafePointer(to: &cElement) { block($0) }
                }
            }
        }
    }

    /// Returns whether two paths have the same elements.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.storage == rhs.storage
    }

    /// Hashes the path's elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}
