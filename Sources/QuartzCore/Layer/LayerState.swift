import Foundation

/// Every renderable property of a layer, as a Sendable value.
///
/// A `CALayer` keeps its model values here. A transaction's commit copies it into the render
/// tree, and animations evaluate against it (on the render side each frame, on the model side
/// for `presentation()`), so both sides share one definition of a layer's properties and their
/// defaults. The defaults are Apple's (see FEATURES.md sections 2-6).
struct LayerState: Sendable {
    // Geometry.
    var bounds: CGRect = .zero
    var position: CGPoint = .zero
    var zPosition: CGFloat = 0
    var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    var anchorPointZ: CGFloat = 0
    var transform = CATransform3DIdentity
    var sublayerTransform = CATransform3DIdentity
    var isGeometryFlipped = false
    var isDoubleSided = true
    var isHidden = false
    var masksToBounds = false

    // Visual style.
    var opacity: Float = 1
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat = 0
    var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                       .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    var cornerCurve: CALayerCornerCurve = .circular
    var borderWidth: CGFloat = 0
    var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    var shadowOpacity: Float = 0
    var shadowOffset = CGSize(width: 0, height: -3)
    var shadowRadius: CGFloat = 3
    var shadowPath: CGPath?
    var allowsEdgeAntialiasing = false
    var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge,
                                                        .layerBottomEdge, .layerTopEdge]
    var allowsGroupOpacity = true
    var shouldRasterize = false
    var rasterizationScale: CGFloat = 1

    // Contents.
    var contents: CGImage?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsGravity: CALayerContentsGravity = .resize
    var contentsScale: CGFloat = 1
    var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    var minificationFilter: CALayerContentsFilter = .linear
    var magnificationFilter: CALayerContentsFilter = .linear
    var minificationFilterBias: Float = 0
    var isOpaque = false
    var needsDisplayOnBoundsChange = false
    var drawsAsynchronously = false

    // Media timing of the layer itself (CAMediaTiming). A layer's duration is infinite, as
    // Apple's measurably is (GNUstep libs-quartzcore Tests/quartzcore/CAMediaTiming/timing.m).
    var beginTime: Double = 0
    var duration: Double = .infinity
    var speed: Float = 1
    var timeOffset: Double = 0
    var repeatCount: Float = 0
    var repeatDuration: Double = 0
    var autoreverses = false
    var fillMode: String = "removed"

    /// Values of custom keys set through key-value coding that have an animatable form.
    var customValues: [String: AnimatableValue] = [:]

    /// The extra model values of a specialized layer class (`CAShapeLayer`, `CAEmitterLayer`,
    /// ...); nil for a plain layer. See `SpecializedLayerState`.
    var specialized: SpecializedLayerState?
}
