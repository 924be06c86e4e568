import Foundation

/// What hit testing reads of a layer's state: the geometry that places the layer in its
/// superlayer and its sublayers in it, whether it is hidden and whether it masks to its bounds.
///
/// Plain values, no references: a presentation layer's hit test reads each sublayer's
/// presentation into one without copying its whole state, whose copy retains every object it
/// holds (`CALayer.hitTestPresentedSublayers(_:)`).
struct HitGeometry {
    var bounds: CGRect
    var anchorPoint: CGPoint
    var anchorPointZ: CGFloat
    var position: CGPoint
    var zPosition: CGFloat
    var transform: CATransform3D
    var sublayerTransform: CATransform3D
    var isGeometryFlipped: Bool
    var isHidden: Bool
    var masksToBounds: Bool

    /// The fields of the state at `state`, read where it lies.
    init(_ state: UnsafePointer<LayerState>) {
        bounds = state.pointee.bounds
        anchorPoint = state.pointee.anchorPoint
        anchorPointZ = state.pointee.anchorPointZ
        position = state.pointee.position
        zPosition = state.pointee.zPosition
        transform = state.pointee.transform
        sublayerTransform = state.pointee.sublayerTransform
        isGeometryFlipped = state.pointee.isGeometryFlipped
        isHidden = state.pointee.isHidden
        masksToBounds = state.pointee.masksToBounds
    }
}

extension CALayer {
    /// What hit testing reads of this model layer's presentation at the media time `time`
    /// (`committedPresentationState(at:)`), `parentTime` being its superlayer's local time then.
    /// When the layer is committed and its animations only move it (or it has none), the
    /// committed state is read in place and only `position` and `transform` are evaluated
    /// (`LayerPlacement`, as the render side does); otherwise the whole presentation state is
    /// made. The caller holds `LayerTreeLock`.
    func presentedHitGeometry(at time: CFTimeInterval, parentTime: CFTimeInterval) -> HitGeometry {
        guard let box = committedStateBoxIfOnlyMoved() else { return fullPresentedHitGeometry(at: time) }
        var geometry = box.withUnsafeStatePointer { HitGeometry($0) }
        let animations = lockedFields.animations
        guard !animations.isEmpty else { return geometry }
        // `localTime(fromGlobal:)` is this step from the superlayer's local time.
        let localTime = LayerTime.step(parentTime, through: lockedFields.state)
        var placement = LayerPlacement(position: geometry.position, transform: geometry.transform)
        for attached in animations { attached.compiled.apply(to: &placement, parentTime: localTime) }
        geometry.position = placement.position
        geometry.transform = placement.transform
        return geometry
    }

    /// The presentation `zPosition` of this model layer at `time`, `committed` being its
    /// committed one (nil: not committed): that of `presentedHitGeometry(at:parentTime:)`, whose
    /// placement does not change it. The caller holds `LayerTreeLock`.
    func presentedZPosition(at time: CFTimeInterval, committed: CGFloat?) -> CGFloat {
        for attached in lockedFields.animations where !attached.compiled.writesPlacementOnly {
            return committedPresentationState(at: time).zPosition
        }
        return committed ?? lockedFields.state.zPosition
    }

    /// The box of this layer's committed state when its animations, if any, write only its
    /// `position` and `transform` (`CompiledAnimation.writesPlacementOnly`): its presentation
    /// is then that state with those two evaluated. Nil when it was never committed or another
    /// animation runs. The caller holds `LayerTreeLock`.
    private func committedStateBoxIfOnlyMoved() -> LayerStateBox? {
        for attached in lockedFields.animations where !attached.compiled.writesPlacementOnly { return nil }
        return RenderTreeStores.committedStateBox(of: layerID)
    }

    /// `presentedHitGeometry(at:parentTime:)` read from the whole presentation state.
    private func fullPresentedHitGeometry(at time: CFTimeInterval) -> HitGeometry {
        let state = committedPresentationState(at: time)
        return withUnsafePointer(to: state) { HitGeometry($0) }
    }
}
