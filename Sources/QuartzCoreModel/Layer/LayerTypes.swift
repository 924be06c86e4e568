import Foundation

/// Constants that specify how a layer's contents are positioned or scaled within its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String
    /// Creates a gravity from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The content is horizontally and vertically centred in the bounds.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// The content is horizontally centred at the top edge of the bounds.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// The content is horizontally centred at the bottom edge of the bounds.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// The content is vertically centred at the left edge of the bounds.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// The content is vertically centred at the right edge of the bounds.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// The content is positioned in the top-left corner of the bounds.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// The content is positioned in the top-right corner of the bounds.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// The content is positioned in the bottom-left corner of the bounds.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// The content is positioned in the bottom-right corner of the bounds.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// The content is resized to fit the entire bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// The content is resized to fit the bounds, preserving its aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// The content is resized to fill the bounds, preserving its aspect ratio; it may be clipped.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")

    /// Whether the value is one of the constants above.
    var isKnown: Bool { Self.constants.contains(self) }
    private static let constants: Set<CALayerContentsGravity> = [
        .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight,
        .resize, .resizeAspect, .resizeAspectFill,
    ]
}

/// Filters used when a layer's contents are scaled.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String
    /// Creates a filter from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear (bilinear) interpolation, the default.
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest-neighbour sampling.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Trilinear interpolation between mipmap levels.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}

/// The shape of a layer's rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String
    /// Creates a corner curve from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A quarter circle, the default.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// A continuous curve with no abrupt change in curvature where it meets the edge.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// The pixel format of a layer's backing store.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable {
    /// The constant's string value.
    public let rawValue: String
    /// Creates a format from its string value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Eight bits per component RGBA, the default.
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Sixteen-bit half float per component RGBA.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// Eight-bit alpha only.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// The corners of a layer that `cornerRadius` rounds. Names follow macOS geometry, as Apple's do:
/// on iOS-style (y down) layers `layerMinXMinYCorner` is the top-left corner.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The option set's raw bits.
    public let rawValue: UInt
    /// Creates a corner mask from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at minimum x and minimum y.
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The corner at maximum x and minimum y.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The corner at minimum x and maximum y.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The corner at maximum x and maximum y.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// The edges of a layer that are antialiased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The option set's raw bits.
    public let rawValue: UInt32
    /// Creates an edge mask from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left edge.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1 << 0)
    /// The right edge.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 1 << 1)
    /// The bottom edge (minimum y).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 1 << 2)
    /// The top edge (maximum y).
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 1 << 3)
}

/// How a layer is resized when its superlayer's bounds change (macOS's springs and struts).
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    /// The option set's raw bits.
    public let rawValue: UInt32
    /// Creates a mask from its raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left margin is flexible.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    /// The width is flexible.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    /// The right margin is flexible.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    /// The bottom margin (minimum y) is flexible.
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    /// The height is flexible.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    /// The top margin (maximum y) is flexible.
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}
