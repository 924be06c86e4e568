import CoreGraphics
import Foundation

/// What a (rounded) rectangle's blurred shadow mask depends on, and nothing else: the rect's
/// size, its corner radii, the blur (in local units) and how many texels a local unit gets.
/// Position, rotation and colour are applied when the mask is drawn, so a moving or turning
/// card keeps its mask.
public struct ShadowMaskKey: Hashable, Sendable {
    /// The rectangle's size in local units.
    public var width: Float, height: Float
    /// Corner radii (minX/minY, maxX/minY, maxX/maxY, minX/maxY), local units.
    public var radii: SIMD4<Float>
    /// The standard deviation the mask is blurred with, local units (the pixel footprint included).
    public var sigma: Float
    /// Texels per local unit.
    public var density: Float

    /// Creates a key.
    public init(width: Float, height: Float, radii: SIMD4<Float>, sigma: Float, density: Float) {
        self.width = width; self.height = height; self.radii = radii; self.sigma = sigma; self.density = density
    }
}

/// A shadow's coverage blurred once into an image: white, premultiplied by the coverage, drawn
/// tinted by the shadow colour. A rounded rectangle's mask covers the rect outset by three
/// standard deviations and one texel (zero) on each side; a path's (`init(blurring:sigma:)`)
/// covers its coverage image outset by three standard deviations, whole texels.
public struct ShadowMask: Sendable {
    /// The premultiplied white mask.
    public let image: CGImage
    /// The local rect the image covers, relative to the shadow rect's origin (a path's mask: in
    /// texels of its coverage image, relative to that image's origin).
    public let extent: CGRect
    /// Which texels can show at a given shadow alpha.
    public let visibility: ShadowMaskVisibility

    /// The bytes the image holds.
    public var bytes: Int { image.width * image.height * 4 }

    /// The mask of `key`, evaluated by `BlurredRoundedRect` at each texel's centre (as the
    /// closed-form shader evaluates it at each pixel's centre), or nil when it would have
    /// no texel or more than `maximumTexels`.
    public init?(_ key: ShadowMaskKey, maximumTexels: Int = ShadowMask.maximumTexels) {
        let d = key.density, w = key.width, h = key.height
        guard d > 0, w > 0, h > 0, key.sigma > 0, d.isFinite, w.isFinite, h.isFinite, key.sigma.isFinite else { return nil }
        let shape = BlurredRoundedRect(minX: 0, minY: 0, maxX: w, maxY: h, radii: key.radii, sigma: key.sigma)
        let texel = 1 / d, pad = shape.reach + texel
        let columnsExact = ((w + 2 * pad) * d).rounded(.up), rowsExact = ((h + 2 * pad) * d).rounded(.up)
        guard columnsExact * rowsExact <= Float(maximumTexels) else { return nil }
        let columns = Int(columnsExact), rows = Int(rowsExact)
        var alpha = [UInt8](repeating: 0, count: columns * rows)
        let offsets = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        for row in 0..<rows {
            let y = SIMD8<Float>(repeating: -pad + (Float(row) + 0.5) * texel)
            var column = 0
            while column < columns {
                let x = -pad + (offsets + Float(column) + 0.5) * texel
                let coverage = shape.coverage(x: x, y: y)
                // Clamped, and NaN (from radii or a sigma at the edge of Float's range) taken as
                // no coverage, so that a degenerate key makes an empty mask, not a trap.
                let bytes = (coverage.replacing(with: 0, where: .!(coverage .== coverage))
                    .clamped(lowerBound: .zero, upperBound: SIMD8(repeating: 1)) * 255).rounded(.toNearestOrAwayFromZero)
                for lane in 0..<min(8, columns - column) {
                    alpha[row * columns + column + lane] = UInt8(bytes[lane])
                }
                column += 8
            }
        }
        let extent = CGRect(x: Double(-pad), y: Double(-pad), width: Double(columnsExact * texel), height: Double(rowsExact * texel))
        self.init(alpha: alpha, columns: columns, rows: rows, extent: extent)
    }

    /// The mask holding `alpha` (`columns` x `rows` bytes, row by row) over `extent`.
    init?(alpha: [UInt8], columns: Int, rows: Int, extent: CGRect) {
        var bytes = Data(count: columns * rows * 4)
        bytes.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: UInt32.self)
            for (index, a) in alpha.enumerated() {
                let value = UInt32(a)
                out[index] = value | value << 8 | value << 16 | value << 24
            }
        }
        guard let image = CGImage(width: columns, height: rows, bytesPerRow: columns * 4, data: bytes) else { return nil }
        self.image = image
        self.extent = extent
        visibility = alpha.withUnsafeBufferPointer { ShadowMaskVisibility(columns: columns, rows: rows, alpha: $0) }
    }

    /// The most texels one mask may have (a 1024 x 1024 image, 4 MiB); larger shadows are drawn
    /// in closed form.
    public static let maximumTexels = 1 << 20
}
