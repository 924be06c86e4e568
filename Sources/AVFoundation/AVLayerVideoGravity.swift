import Foundation

/// How a player layer fits the video into its bounds.
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the value.
    public let rawValue: String
    /// Creates a gravity from Apple's string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Stretch the video to fill the bounds, whatever its aspect ratio.
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
    /// Keep the aspect ratio and fit the whole video inside the bounds (the default).
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    /// Keep the aspect ratio and fill the bounds, cropping what lies outside them.
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")

    /// The rectangle a video of `size` covers in `bounds` under this gravity (it extends past the
    /// bounds for `.resizeAspectFill`); zero for an empty size.
    public func videoRect(for size: CGSize, in bounds: CGRect) -> CGRect {
        guard size.width > 0, size.height > 0 else { return .zero }
        switch self {
        case .resize: return bounds
        case .resizeAspectFill:
            let scale = max(bounds.width / size.width, bounds.height / size.height)
            let w = size.width * scale, h = size.height * scale
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        default:
            return AVMakeRect(aspectRatio: size, insideRect: bounds)
        }
    }
}

/// The largest rectangle of `aspectRatio`'s proportions that fits in `boundingRect`, centred in it.
public func AVMakeRect(aspectRatio: CGSize, insideRect boundingRect: CGRect) -> CGRect {
    guard aspectRatio.width > 0, aspectRatio.height > 0 else { return .zero }
    let scale = min(boundingRect.width / aspectRatio.width, boundingRect.height / aspectRatio.height)
    let w = aspectRatio.width * scale, h = aspectRatio.height * scale
    return CGRect(x: boundingRect.midX - w / 2, y: boundingRect.midY - h / 2, width: w, height: h)
}
