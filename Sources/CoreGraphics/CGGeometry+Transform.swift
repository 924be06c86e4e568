import Foundation

extension CGPoint {
    /// Returns the point resulting from an affine transformation of an existing point.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Returns the height and width resulting from a transformation of an existing height and width.
    ///
    /// The translation part of the transform is ignored, as on Apple platforms.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Applies an affine transform to a rectangle.
    ///
    /// The result is the smallest rectangle that contains the four transformed corners; a null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard !isNull else { return self }
        let corners = [
            CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
            CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY),
        ].map { $0.applying(t) }
        return CGRect(boundingPoints: corners)
    }

    /// The smallest rectangle containing every point, or `.null` when there are none.
    init(boundingPoints points: [CGPoint]) {
        guard let first = points.first else { self = .null; return }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for point in points.dropFirst() {
            minX = Swift.min(minX, point.x); maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y); maxY = Swift.max(maxY, point.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
