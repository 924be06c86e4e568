import Foundation

/// Apple's spellings for boxing Core Graphics structures (`NSValue(cgPoint:)`, `cgPointValue`,
/// ...), which swift-corelibs-foundation lacks: it has `NSValue(point:)`, `NSValue(size:)` and
/// `NSValue(rect:)`, whose boxes these create, so key-value coding and animations accept them
/// wherever they accept the unboxed structures.
extension NSValue {
    /// Creates a value that boxes `point`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Creates a value that boxes `size`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Creates a value that boxes `rect`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// The point the value boxes.
    public var cgPointValue: CGPoint { pointValue }
    /// The size the value boxes.
    public var cgSizeValue: CGSize { sizeValue }
    /// The rectangle the value boxes.
    public var cgRectValue: CGRect { rectValue }

    /// Creates a value that boxes `transform` (six `double`s: a, b, c, d, tx, ty; boxed as an
    /// array because swift-corelibs-foundation cannot box a structure encoding).
    public convenience init(cgAffineTransform transform: CGAffineTransform) {
        var fields = [Double(transform.a), Double(transform.b), Double(transform.c),
                      Double(transform.d), Double(transform.tx), Double(transform.ty)]
        self.init(bytes: &fields, objCType: "[6d]")
    }

    /// The affine transform the value boxes. A value that boxes something else answers the
    /// identity and logs the mismatch.
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == "[6d]" else {
            Diagnostics.reject("NSValue.cgAffineTransformValue: the value boxes \(String(cString: objCType)), not a CGAffineTransform")
            return .identity
        }
        var fields = [Double](repeating: 0, count: 6)
        fields.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return CGAffineTransform(a: fields[0], b: fields[1], c: fields[2], d: fields[3], tx: fields[4], ty: fields[5])
    }
}
