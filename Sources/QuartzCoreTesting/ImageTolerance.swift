/// How far an image may differ from its reference and still match it.
///
/// A pixel matches when none of its premultiplied red, green, blue and alpha components differs
/// from the reference's by more than ``maximumChannelDifference`` (in 8-bit steps); the image
/// matches when at least ``precision`` of its pixels match. An image of another size never matches.
public struct ImageTolerance: Sendable, Equatable, CustomStringConvertible {
    /// The fraction of pixels that must match, from 0 to 1 (1: every pixel), as swift-snapshot-testing's `precision`.
    public var precision: Double
    /// The largest difference of one 8-bit component that still counts as matching, from 0 to 255.
    public var maximumChannelDifference: Int

    /// Creates a tolerance; values outside their ranges are clamped to them.
    public init(precision: Double = 1, maximumChannelDifference: Int = 0) {
        self.precision = precision.isNaN ? 1 : min(max(precision, 0), 1)
        self.maximumChannelDifference = min(max(maximumChannelDifference, 0), 255)
    }

    /// Every pixel identical: for references drawn by the same renderer, which draws the same tree
    /// to the same bytes on every run.
    public static let exact = ImageTolerance()

    /// Every pixel within 2 steps of 255 in each component: the GLES renderer (Mesa llvmpipe) and the
    /// CPU renderer differ by rounding of blending, filtering and edge coverage. Measured on the trees
    /// of QuartzCoreTestingTests' `CrossRendererToleranceTests` (solid fills, borders, rounded corners,
    /// gradients, shadows, rotated and 3D-transformed layers, an animation mid-flight): the largest
    /// difference seen was 1 (translucent blending), so 2 leaves one step of margin. An edge that
    /// falls exactly on a pixel centre (a layer at x = 10.5 at scale 1) is the exception: the
    /// renderers break that tie differently, so a reference shared by both should avoid it.
    public static let crossRenderer = ImageTolerance(maximumChannelDifference: 2)

    /// A short description ("precision 1.0, channel difference <= 2").
    public var description: String { "precision \(precision), channel difference <= \(maximumChannelDifference)" }
}
