import CoreGraphics
import Foundation

extension ShadowMask {
    /// The whole texels of padding a blur of `sigma` texels needs on each side: three standard
    /// deviations, beyond which the Gaussian leaves less than 0.2% behind.
    public static func padding(sigma: Float) -> Int { sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0 }

    /// Whether the mask of a `width` x `height` coverage image blurred by `sigma` texels stays
    /// within `maximumPathTexels` (beyond it a path's shadow is drawn as a group).
    public static func pathMaskFits(width: Int, height: Int, sigma: Float) -> Bool {
        guard width > 0, height > 0, sigma.isFinite, sigma >= 0 else { return false }
        let pad = padding(sigma: sigma)
        return (width + 2 * pad) * (height + 2 * pad) <= maximumPathTexels
    }

    /// The most texels a path's mask may have (a 2048 x 2048 image, 16 MiB).
    public static let maximumPathTexels = 1 << 22

    /// The shadow mask of a path: the alpha of `coverage` (a path's coverage image) blurred by a
    /// separable Gaussian of standard deviation `sigma` texels, exactly (normalised weights
    /// from -3σ to 3σ, whole texels, the kernel the group blur uses), in an image `padding(sigma:)`
    /// texels larger on each side. The extent is in texels of `coverage`. Nil when the mask
    /// would exceed `maximumPathTexels`.
    public init?(blurring coverage: CGImage, sigma: Float) {
        guard Self.pathMaskFits(width: coverage.width, height: coverage.height, sigma: sigma) else { return nil }
        let pad = Self.padding(sigma: sigma)
        let sourceWidth = coverage.width, sourceHeight = coverage.height
        let columns = sourceWidth + 2 * pad, rows = sourceHeight + 2 * pad
        let weights = Self.kernel(sigma: sigma), radius = weights.count / 2
        // Horizontal pass: each source row into a padded row of sums.
        var across = [Float](repeating: 0, count: columns * sourceHeight)
        coverage.data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for y in 0..<sourceHeight {
                let row = y * coverage.bytesPerRow
                for x in 0..<columns {
                    let lo = max(0, x - pad - radius), hi = min(sourceWidth - 1, x - pad + radius)
                    guard lo <= hi else { continue }
                    var sum: Float = 0
                    for sx in lo...hi { sum += weights[sx - (x - pad) + radius] * Float(bytes[row + sx * 4 + 3]) }
                    across[y * columns + x] = sum
                }
            }
        }
        // Vertical pass into bytes.
        var alpha = [UInt8](repeating: 0, count: columns * rows)
        for y in 0..<rows {
            let lo = max(0, y - pad - radius), hi = min(sourceHeight - 1, y - pad + radius)
            guard lo <= hi else { continue }
            for x in 0..<columns {
                var sum: Float = 0
                for sy in lo...hi { sum += weights[sy - (y - pad) + radius] * across[sy * columns + x] }
                alpha[y * columns + x] = UInt8(min(max(sum, 0), 255).rounded())
            }
        }
        let extent = CGRect(x: -pad, y: -pad, width: columns, height: rows)
        self.init(alpha: alpha, columns: columns, rows: rows, extent: extent)
    }

    /// Normalised weights of the Gaussian of `sigma` texels from -padding to padding.
    static func kernel(sigma: Float) -> [Float] {
        let radius = padding(sigma: sigma)
        guard radius > 0 else { return [1] }
        var weights = (-radius...radius).map { expf(-0.5 * Float($0 * $0) / (sigma * sigma)) }
        let total = weights.reduce(0, +)
        for i in weights.indices { weights[i] /= total }
        return weights
    }
}
