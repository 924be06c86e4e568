/// How 8-bit Y'CbCr samples become R'G'B' (0...1): the matrix of the caps' colorimetry and the
/// sample range. Both renderers use these coefficients, so they agree to rounding.
public struct YCbCrConversion: Sendable, Equatable, Hashable {
    /// The luma coefficients of the standards (Kr, Kb).
    public enum Matrix: Sendable, Equatable, Hashable {
        /// ITU-R BT.601: Kr 0.299, Kb 0.114.
        case bt601
        /// ITU-R BT.709: Kr 0.2126, Kb 0.0722.
        case bt709
        /// ITU-R BT.2020 (non-constant luminance): Kr 0.2627, Kb 0.0593.
        case bt2020

        var kr: Double {
            switch self {
            case .bt601: 0.299
            case .bt709: 0.2126
            case .bt2020: 0.2627
            }
        }
        var kb: Double {
            switch self {
            case .bt601: 0.114
            case .bt709: 0.0722
            case .bt2020: 0.0593
            }
        }
    }

    /// The matrix.
    public var matrix: Matrix
    /// True for full range (Y' 0...255, Cb/Cr 0...255 around 128); false for limited range
    /// (Y' 16...235, Cb/Cr 16...240 around 128), the range of broadcast and of most files.
    public var isFullRange: Bool

    /// Creates a conversion.
    public init(matrix: Matrix, isFullRange: Bool) { self.matrix = matrix; self.isFullRange = isFullRange }

    /// The affine map from samples (Y', Cb, Cr as bytes 0...255) to R'G'B' (0...1, unclamped):
    /// rows R, G, B of (y, cb, cr, constant) coefficients.
    public var coefficients: [SIMD4<Float>] {
        let kr = matrix.kr, kb = matrix.kb, kg = 1 - kr - kb
        // Normalised luma l = (Y' - yOffset) · yScale; chroma c = (C - 128) · cScale, in -0.5...0.5.
        let yOffset = isFullRange ? 0.0 : 16.0, yScale = isFullRange ? 1.0 / 255 : 1.0 / 219
        let cScale = isFullRange ? 1.0 / 255 : 1.0 / 224
        let crToR = 2 * (1 - kr), cbToB = 2 * (1 - kb)
        let cbToG = -2 * kb * (1 - kb) / kg, crToG = -2 * kr * (1 - kr) / kg
        func row(_ cb: Double, _ cr: Double) -> SIMD4<Float> {
            let y = yScale, b = cb * cScale, r = cr * cScale
            return SIMD4(Float(y), Float(b), Float(r), Float(-yOffset * y - 128 * b - 128 * r))
        }
        return [row(0, crToR), row(cbToG, crToG), row(cbToB, 0)]
    }

    /// The R'G'B' bytes (rounded, clamped) of one sample triple: the reference both renderers meet.
    public func rgb(y: UInt8, cb: UInt8, cr: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        let c = coefficients, v = SIMD4<Float>(Float(y), Float(cb), Float(cr), 1)
        func byte(_ row: SIMD4<Float>) -> UInt8 { UInt8(max(0, min(255, ((row * v).sum() * 255).rounded()))) }
        return (byte(c[0]), byte(c[1]), byte(c[2]))
    }
}
