import CoreGraphics
import Foundation

/// An immutable vector of floating-point values: a point, a rectangle, or the rows of a colour
/// matrix (`CIColorMatrix`'s `inputRVector`...).
///
/// As Apple's, a component past `count` reads as 0, and the vector prints and parses in the
/// `"[x y z w]"` form of `stringRepresentation`.
public final class CIVector: NSObject, NSCopying, @unchecked Sendable {
    // Immutable after initialization, so sharing it between threads is safe.
    private let values: [CGFloat]

    /// Creates a vector of the given values.
    public init(values: [CGFloat]) {
        self.values = values
        super.init()
    }

    /// Creates a vector of `count` values read from `values`.
    public convenience init(values: UnsafePointer<CGFloat>, count: Int) {
        self.init(values: Array(UnsafeBufferPointer(start: values, count: max(0, count))))
    }

    /// Creates a vector of one value.
    public convenience init(x: CGFloat) { self.init(values: [x]) }

    /// Creates a vector of two values.
    public convenience init(x: CGFloat, y: CGFloat) { self.init(values: [x, y]) }

    /// Creates a vector of three values.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(values: [x, y, z]) }

    /// Creates a vector of four values.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { self.init(values: [x, y, z, w]) }

    /// Creates a vector of a point's coordinates.
    public convenience init(cgPoint p: CGPoint) { self.init(values: [p.x, p.y]) }

    /// Creates a vector of a rectangle's origin and size: `[x y width height]`.
    public convenience init(cgRect r: CGRect) { self.init(values: [r.origin.x, r.origin.y, r.width, r.height]) }

    /// Creates a vector from its string representation (`"[1 0 0 0]"`); the brackets are
    /// optional and an unreadable value reads as 0, as Apple's parser does.
    public convenience init(string representation: String) {
        let trimmed = representation.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t\n"))
        let values = trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
            .map { CGFloat(Double($0) ?? 0) }
        self.init(values: values)
    }

    /// The number of values.
    public var count: Int { values.count }

    /// The value at `index`; 0 past the end.
    public func value(at index: Int) -> CGFloat {
        values.indices.contains(index) ? values[index] : 0
    }

    /// The first value.
    public var x: CGFloat { value(at: 0) }
    /// The second value.
    public var y: CGFloat { value(at: 1) }
    /// The third value.
    public var z: CGFloat { value(at: 2) }
    /// The fourth value.
    public var w: CGFloat { value(at: 3) }

    /// The first two values as a point.
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }

    /// The first four values as a rectangle (`[x y width height]`).
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }

    /// The vector as a string, `"[x y z w]"`, that `init(string:)` reads back.
    public var stringRepresentation: String {
        "[" + values.map { Self.format($0) }.joined(separator: " ") + "]"
    }

    /// The values as an array (a Linux addition for code that reads all of them).
    public var componentsArray: [CGFloat] { values }

    /// Whether every value is a finite number.
    var isFinite: Bool { values.allSatisfy(\.isFinite) }

    /// Returns the vector itself: a vector is immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Vectors with the same values are equal.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? CIVector)?.values == values
    }

    /// A hash of the values.
    public override var hash: Int { values.hashValue }

    /// The string representation.
    public override var description: String { stringRepresentation }

    /// Prints `1.0` as `1`, as Apple's representations do.
    static func format(_ v: CGFloat) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(Double(v))
    }
}
