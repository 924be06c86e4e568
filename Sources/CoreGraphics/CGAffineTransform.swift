import Foundation

/// An affine transformation matrix for use in drawing 2D graphics.
///
/// The matrix is `[a b 0; c d 0; tx ty 1]` and points are row vectors: `[x y 1] × M`,
/// so `x' = a·x + c·y + tx` and `y' = b·x + d·y + ty`, as on Apple platforms.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    /// The entry at position [1,1] in the matrix.
    public var a: CGFloat
    /// The entry at position [1,2] in the matrix.
    public var b: CGFloat
    /// The entry at position [2,1] in the matrix.
    public var c: CGFloat
    /// The entry at position [2,2] in the matrix.
    public var d: CGFloat
    /// The entry at position [3,1] in the matrix.
    public var tx: CGFloat
    /// The entry at position [3,2] in the matrix.
    public var ty: CGFloat

    /// Creates an affine transformation matrix from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// Creates the identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The identity transform.
    public static let identity = CGAffineTransform()
}
