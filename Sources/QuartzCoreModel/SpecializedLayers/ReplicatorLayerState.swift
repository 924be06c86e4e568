import Foundation

/// The model values of a `CAReplicatorLayer`, with Apple's defaults.
package struct ReplicatorLayerState: Sendable {
    var instanceCount = 1
    package var preservesDepth = false
    var instanceDelay: Double = 0
    var instanceTransform = CATransform3DIdentity
    var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    var instanceRedOffset: Float = 0
    var instanceGreenOffset: Float = 0
    var instanceBlueOffset: Float = 0
    var instanceAlphaOffset: Float = 0

    static let accessors: [String: LayerPropertyAccessor] = [
        "instanceCount": .int(\.replicator.instanceCount),
        "preservesDepth": .bool(\.replicator.preservesDepth),
        "instanceDelay": .double(\.replicator.instanceDelay),
        "instanceTransform": .transform(\.replicator.instanceTransform),
        "instanceColor": .color(\.replicator.instanceColor),
        "instanceRedOffset": .float(\.replicator.instanceRedOffset),
        "instanceGreenOffset": .float(\.replicator.instanceGreenOffset),
        "instanceBlueOffset": .float(\.replicator.instanceBlueOffset),
        "instanceAlphaOffset": .float(\.replicator.instanceAlphaOffset),
    ]

    /// Apple's animatable replicator-layer properties.
    static let implicitlyAnimatedKeys: Set<String> = [
        "instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset",
        "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset",
    ]
}
