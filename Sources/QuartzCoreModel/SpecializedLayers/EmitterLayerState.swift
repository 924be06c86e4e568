import Foundation
import Synchronization

/// The model values of a `CAEmitterLayer`, with Apple's defaults.
package struct EmitterLayerState: Sendable {
    /// Copies of the cells as they were when assigned (or last changed through a key path).
    package var cells: [EmitterCellState] = []
    var birthRate: Float = 1
    var lifetime: Float = 1
    var emitterPosition = CGPoint.zero
    var emitterZPosition: CGFloat = 0
    var emitterSize = CGSize.zero
    var emitterDepth: CGFloat = 0
    var emitterShape: CAEmitterLayerEmitterShape = .point
    var emitterMode: CAEmitterLayerEmitterMode = .volume
    package var renderMode: CAEmitterLayerRenderMode = .unordered
    var preservesDepth = false
    var velocity: Float = 1
    var scale: Float = 1
    var spin: Float = 1
    var seed: UInt32 = 0
    /// A number no other emitter layer of the process has (0: none given): a renderer's
    /// emitter clock starts a later layer given a freed layer's ID afresh by it.
    package var serial: UInt64 = 0

    private static let serials = Atomic<UInt64>(0)

    /// The state of a new emitter layer: Apple's defaults and a serial of its own.
    static func newLayer() -> EmitterLayerState {
        var state = EmitterLayerState()
        state.serial = serials.add(1, ordering: .relaxed).newValue
        return state
    }

    static let accessors: [String: LayerPropertyAccessor] = [
        "birthRate": .float(\.emitter.birthRate),
        "lifetime": .float(\.emitter.lifetime),
        "emitterPosition": .point(\.emitter.emitterPosition),
        "emitterZPosition": .cgFloat(\.emitter.emitterZPosition),
        "emitterSize": .size(\.emitter.emitterSize),
        "emitterDepth": .cgFloat(\.emitter.emitterDepth),
        "emitterShape": .constant(\.emitter.emitterShape),
        "emitterMode": .constant(\.emitter.emitterMode),
        "renderMode": .constant(\.emitter.renderMode),
        "preservesDepth": .bool(\.emitter.preservesDepth),
        "velocity": .float(\.emitter.velocity),
        "scale": .float(\.emitter.scale),
        "spin": .float(\.emitter.spin),
        "seed": .uint32(\.emitter.seed),
    ]

    /// Apple's animatable emitter-layer properties.
    static let implicitlyAnimatedKeys: Set<String> = [
        "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth",
        "velocity", "scale", "spin",
    ]
}

extension LayerState {
    private static let cellsPrefix = "emitterCells."

    /// The value of an emitter layer's cell key path (`emitterCells.fire.birthRate`); nil for
    /// every other key path.
    func specializedNestedValue(forKeyPath keyPath: String) -> AnimatableValue? {
        guard case .emitter(let e)? = specialized, keyPath.hasPrefix(Self.cellsPrefix) else { return nil }
        return EmitterCellState.value(atPath: keyPath.dropFirst(Self.cellsPrefix.count), in: e.cells)
    }

    /// Sets an emitter layer's cell key path: whether it was set, or nil when `keyPath` is not
    /// a cell key path of this layer (the caller then handles it).
    mutating func setSpecializedNestedValue(_ value: AnimatableValue, forKeyPath keyPath: String) -> Bool? {
        guard case .emitter? = specialized, keyPath.hasPrefix(Self.cellsPrefix) else { return nil }
        return EmitterCellState.setValue(value, atPath: keyPath.dropFirst(Self.cellsPrefix.count), in: &emitter.cells)
    }
}
