import Foundation

/// An immutable graphics path (placeholder shape until the CoreGraphics branch lands).
public class CGPath: @unchecked Sendable, Equatable {
    /// Returns an immutable copy of the path.
    public func copy() -> CGPath? { self }
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs === rhs }
}
