import Foundation

/// A colour transform of Core Image's colour filters, as one 4x5 matrix on straight
/// (unpremultiplied) RGBA: each result component is its row dotted with (r, g, b, a) plus its
/// bias, clamped to 0...1 once at the end.
///
/// Consecutive colour filters compose into one matrix (`then(_:)`), unclamped in between as
/// Core Image's extended-range working space leaves them, so a chain of them costs one stage
/// of the quad shader or the CPU painter, not a pass. Components are the encoded sRGB values
/// layers blend in.
public struct ColorMatrix: Sendable, Equatable {
    /// The rows giving red, green, blue and alpha from (r, g, b, a).
    public var red, green, blue, alpha: SIMD4<Float>
    /// Added to each result component.
    public var bias: SIMD4<Float>

    /// Creates a matrix of the given rows.
    public init(red: SIMD4<Float>, green: SIMD4<Float>, blue: SIMD4<Float>, alpha: SIMD4<Float>,
                bias: SIMD4<Float> = .zero) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; self.bias = bias
    }

    /// The matrix that changes nothing.
    public static let identity = ColorMatrix(red: SIMD4(1, 0, 0, 0), green: SIMD4(0, 1, 0, 0),
                                             blue: SIMD4(0, 0, 1, 0), alpha: SIMD4(0, 0, 0, 1))

    /// Whether the matrix changes nothing.
    public var isIdentity: Bool { self == .identity }

    /// The straight colour `c` transformed, unclamped.
    public func transform(_ c: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4((red * c).sum(), (green * c).sum(), (blue * c).sum(), (alpha * c).sum()) + bias
    }

    /// The premultiplied colour `p` transformed: unpremultiplied, transformed, clamped to 0...1
    /// and premultiplied again.
    public func transformPremultiplied(_ p: SIMD4<Float>) -> SIMD4<Float> {
        let a = p.w
        let straight = a > 0 ? SIMD4(p.x / a, p.y / a, p.z / a, a) : .zero
        let out = transform(straight).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
        return SIMD4(out.x * out.w, out.y * out.w, out.z * out.w, out.w)
    }

    /// This matrix followed by `next`.
    public func then(_ next: ColorMatrix) -> ColorMatrix {
        func row(_ r: SIMD4<Float>) -> SIMD4<Float> {
            r.x * SIMD4(red.x, red.y, red.z, red.w) + r.y * SIMD4(green.x, green.y, green.z, green.w)
                + r.z * SIMD4(blue.x, blue.y, blue.z, blue.w) + r.w * SIMD4(alpha.x, alpha.y, alpha.z, alpha.w)
        }
        return ColorMatrix(red: row(next.red), green: row(next.green), blue: row(next.blue), alpha: row(next.alpha),
                           bias: next.transform(bias))
    }

    /// The 20 values row by row, each row's four weights then its bias (the layout of the
    /// shaders' uniform).
    public var values: [Float] {
        [red.x, red.y, red.z, red.w, bias.x, green.x, green.y, green.z, green.w, bias.y,
         blue.x, blue.y, blue.z, blue.w, bias.z, alpha.x, alpha.y, alpha.z, alpha.w, bias.w]
    }
}
