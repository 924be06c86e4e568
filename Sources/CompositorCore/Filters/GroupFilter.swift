import Foundation

/// One step of a layer's `filters`, applied in order to the image of the layer's compositing
/// group (its whole rendering) before the group's mask, shadow and opacity.
///
/// Sigmas are in the group image's pixels. Both renderers execute the same steps: colour
/// steps per pixel, blurs with a `BlurPlan` (halvings while sigma is over
/// `BlurPlan.preferredSigma`, then a separable Gaussian) over a transparent surround.
public enum GroupFilter: Sendable, Equatable {
    /// Consecutive colour filters (`CIColorMatrix`, `CIColorControls`, `CIColorInvert`,
    /// `CISepiaTone`, `CIColorMonochrome`, `CIExposureAdjust`) as one matrix.
    case color(ColorMatrix)
    /// `CIVibrance`: the saturation of the less saturated colours raised by `amount` (lowered
    /// when negative), a per-pixel step that is not a matrix.
    case vibrance(amount: Float)
    /// `CIGaussianBlur` of the premultiplied colour, the radius being the Gaussian's standard
    /// deviation.
    case blur(sigma: Float)
    /// `CIBloom`: the image plus `intensity` times its Gaussian blur, clamped.
    case bloom(sigma: Float, intensity: Float)

    /// The largest sigma either renderer blurs with, in group-image pixels: larger radii are
    /// clamped to it (the same limit as a shadow's, `GroupShadow.maximumSigma`).
    public static let maximumSigma = GroupShadow.maximumSigma

    /// `sigma` as rendered: clamped to 0...`maximumSigma`, 0 when not a number.
    public static func renderedSigma(_ sigma: Float) -> Float {
        sigma.isNaN ? 0 : min(max(sigma, 0), maximumSigma)
    }

    /// How far, in group-image pixels, the step spreads content beyond where it was: 3 sigma
    /// for a blur or a bloom (where the Gaussian's weight falls under 0.3%), 0 for colour.
    public var reach: Float {
        switch self {
        case .color, .vibrance: 0
        case .blur(let sigma), .bloom(let sigma, _): (3 * Self.renderedSigma(sigma)).rounded(.up)
        }
    }

    /// The reach of a chain of steps: the sum of each one's.
    public static func reach(of filters: [GroupFilter]) -> Float {
        filters.reduce(0) { $0 + $1.reach }
    }

    /// Whether the step changes every pixel the same way, whatever its neighbours.
    public var isPerPixel: Bool {
        switch self {
        case .color, .vibrance: true
        case .blur, .bloom: false
        }
    }

    /// The straight colour `c` after a vibrance step of `amount`: each component moved toward
    /// the largest by (largest - mean) times -3 `amount`, clamped (Core Image's `CIVibrance`).
    public static func vibrance(_ c: SIMD3<Float>, amount: Float) -> SIMD3<Float> {
        let largest = max(c.x, max(c.y, c.z))
        let mean = (c.x + c.y + c.z) / 3
        let t = (largest - mean) * (-3 * amount)
        let out = c + (SIMD3(repeating: largest) - c) * t
        return out.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1))
    }
}
