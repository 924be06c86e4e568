import CoreGraphics
import Foundation

extension ShadowMask {
    /// Whether the mask of a `width` x `height` coverage image blurred by `sigma` texels stays
    /// within `maximumPathTexels` (beyond it a path's shadow is drawn as a group): every plane
    /// the `BlurPlan` the mask is made by allocates, the mask and each halved level before it.
    public static func pathMaskFits(width: Int, height: Int, sigma: Float) -> Bool {
        pathMaskPlan(width: width, height: height, sigma: sigma) != nil
    }

    /// The plan of a path's mask, or nil when a plane it allocates would exceed
    /// `maximumPathTexels`. The padded space (level 0) is no plane of its own when the plan
    /// halves, but the first halved level covers it: a sigma of thousands of texels pads a small
    /// coverage by three times that on each side, and the mask can fit where that level does not.
    private static func pathMaskPlan(width: Int, height: Int, sigma: Float) -> BlurPlan? {
        guard width > 0, height > 0, sigma.isFinite, sigma >= 0 else { return nil }
        let plan = BlurPlan(sigma: Double(sigma), contentWidth: width, contentHeight: height)
        let planes = plan.levelSizes.dropFirst(plan.levels > 0 ? 1 : 0)
        let fits = planes.allSatisfy { size in
            let (texels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            return !overflow && texels <= maximumPathTexels
        }
        return fits ? plan : nil
    }

    /// The most texels a plane of a path's mask may have (a 2048 x 2048 image, 16 MiB).
    public static let maximumPathTexels = 1 << 22

    /// The shadow mask of a path: the alpha of `coverage` (a path's coverage image) blurred by
    /// `BlurPlan` for `sigma` texels, the plan every group shadow follows (exact Gaussian weights
    /// up to σ 4, box halvings beyond), over the coverage grown by the plan's padding. The extent
    /// is in texels of `coverage` (a halved mask has fewer texels than its extent). Nil when the
    /// mask would exceed `maximumPathTexels`.
    public init?(blurring coverage: CGImage, sigma: Float) {
        let width = coverage.width, height = coverage.height
        guard let plan = Self.pathMaskPlan(width: width, height: height, sigma: sigma) else { return nil }
        var alpha = [Float](repeating: 0, count: width * height)
        coverage.data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for y in 0..<height {
                for x in 0..<width { alpha[y * width + x] = Float(bytes[y * coverage.bytesPerRow + x * 4 + 3]) }
            }
        }
        let blurred = plan.blurredAlpha(alpha, width: width, height: height)
        let bytes = blurred.map { UInt8(min(max($0, 0), 255).rounded()) }
        self.init(alpha: bytes, columns: plan.width, rows: plan.height, extent: plan.coveredRect)
    }
}
