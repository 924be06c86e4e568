/// Why a layer tree could not be rendered for a render test.
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
    /// The size of the image (width and height in points) is empty or larger than
    /// `CGImage.maximumDimension` pixels a side, or the scale is not positive and finite.
    case invalidSize(width: Double, height: Double, scale: Double)
    /// The time is not finite.
    case invalidTime(Double)
    /// The layer is a sublayer of another tree: render tests render a tree's root layer.
    case notARootLayer
    /// The renderer could not be created or failed to draw (the underlying error's description).
    case renderingFailed(String)

    /// A textual description, for test failure messages.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height, let scale):
            "Cannot render a \(width) x \(height) point image at scale \(scale): each must be positive, and the image at most \(CGImage.maximumDimension) pixels a side"
        case .invalidTime(let time): "Cannot render at time \(time): the time must be finite"
        case .notARootLayer:
            "Cannot render a sublayer on its own: render the root layer of its tree (the layer has a superlayer)"
        case .renderingFailed(let reason): "Rendering failed: \(reason)"
        }
    }
}
