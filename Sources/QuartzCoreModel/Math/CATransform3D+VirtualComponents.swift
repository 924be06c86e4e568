import Foundation

/// A virtual key path of a transform property, the part after `transform.` or `sublayerTransform.`
/// in `value(forKeyPath:)`, `setValue(_:forKeyPath:)` and `CAPropertyAnimation(keyPath:)`.
///
/// Rotations are the Euler angles of the decomposed rotation, applied to points about x, then y,
/// then z (`Rx × Ry × Rz`); for a rotation about z alone `rotation.z` is `atan2(m12, m11)`.
enum TransformComponent: String, CaseIterable, Sendable {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
    /// The same as `rotation.z`.
    case rotation = "rotation"
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
    /// The average of the three scales when read; all three when written.
    case scale = "scale"
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
}

extension CATransform3D {
    /// The value of a virtual component, read from the decomposed transform; nil when the transform
    /// cannot be decomposed (see `DecomposedTransform3D.init?(_:)`).
    func virtualComponent(_ component: TransformComponent) -> CGFloat? {
        guard let parts = DecomposedTransform3D(self) else { return nil }
        let value: Double
        switch component {
        case .rotationX: value = parts.quaternion.eulerAngles.x
        case .rotationY: value = parts.quaternion.eulerAngles.y
        case .rotationZ, .rotation: value = parts.quaternion.eulerAngles.z
        case .scaleX: value = parts.scale.x
        case .scaleY: value = parts.scale.y
        case .scaleZ: value = parts.scale.z
        case .scale: value = parts.scale.sum() / 3
        case .translationX: value = parts.translation.x
        case .translationY: value = parts.translation.y
        case .translationZ: value = parts.translation.z
        }
        return CGFloat(value)
    }

    /// The transform with one virtual component replaced: the transform is decomposed, the
    /// component set, and the parts recomposed, so the other components are kept (setting
    /// `scale.x` to 2 on a transform rotated 30° gives a 30° rotation with x-scale 2).
    ///
    /// A transform that cannot be decomposed has its translation entries set directly for the
    /// translation components and is returned unchanged for the others.
    ///
    /// The rotation about z of a transform that turns only about z (the flat transforms of 2D
    /// layers, most of all) is set without the Euler angles' round trip
    /// (`settingRotationAboutZ(to:)`), with the same result.
    func settingVirtualComponent(_ component: TransformComponent, to value: CGFloat) -> CATransform3D {
        var memo = PlanarRotationMemo()
        return settingVirtualComponent(component, to: value, memo: &memo)
    }

    /// `settingVirtualComponent(_:to:)`, the rotation about z of a flat transform set through
    /// `memo`, which decomposes the transform only when it is not the one it decomposed last
    /// (a running animation's presentation box keeps one from frame to frame).
    func settingVirtualComponent(_ component: TransformComponent, to value: CGFloat,
                                 memo: inout PlanarRotationMemo) -> CATransform3D {
        if component == .rotationZ || component == .rotation,
           let turned = memo.settingRotationAboutZ(of: self, to: value) {
            return turned
        }
        return settingVirtualComponentByDecomposition(component, to: value)
    }

    /// `settingVirtualComponent(_:to:)` by decomposing, setting the component and recomposing,
    /// for every transform and component.
    func settingVirtualComponentByDecomposition(_ component: TransformComponent, to value: CGFloat) -> CATransform3D {
        guard var parts = DecomposedTransform3D(self) else {
            return settingTranslationEntries(component, to: value)
        }
        let v = Double(value)
        func settingEuler(_ axis: Int) {
            var angles = parts.quaternion.eulerAngles
            angles[axis] = v
            parts.quaternion = Quaternion(eulerAngles: angles)
        }
        switch component {
        case .rotationX: settingEuler(0)
        case .rotationY: settingEuler(1)
        case .rotationZ, .rotation: settingEuler(2)
        case .scaleX: parts.scale.x = v
        case .scaleY: parts.scale.y = v
        case .scaleZ: parts.scale.z = v
        case .scale: parts.scale = SIMD3(repeating: v)
        case .translationX: parts.translation.x = v
        case .translationY: parts.translation.y = v
        case .translationZ: parts.translation.z = v
        }
        return parts.recomposed
    }

    /// The fallback of `settingVirtualComponent(_:to:)` for transforms that cannot be decomposed.
    private func settingTranslationEntries(_ component: TransformComponent, to value: CGFloat) -> CATransform3D {
        var t = self
        switch component {
        case .translationX: t.m41 = value * m44
        case .translationY: t.m42 = value * m44
        case .translationZ: t.m43 = value * m44
        default: break
        }
        return t
    }

    /// The x and y translation (`transform.translation`), as a size.
    var translation2D: CGSize {
        CGSize(width: virtualComponent(.translationX) ?? m41, height: virtualComponent(.translationY) ?? m42)
    }

    /// The transform with its x and y translation replaced (`setValue(_, forKeyPath: "transform.translation")`).
    func settingTranslation2D(_ size: CGSize) -> CATransform3D {
        settingVirtualComponent(.translationX, to: size.width).settingVirtualComponent(.translationY, to: size.height)
    }

    /// `transform.rotation.x`, in radians; 0 when the transform cannot be decomposed.
    var rotationX: CGFloat { virtualComponent(.rotationX) ?? 0 }
    /// `transform.rotation.y`, in radians; 0 when the transform cannot be decomposed.
    var rotationY: CGFloat { virtualComponent(.rotationY) ?? 0 }
    /// `transform.rotation.z`, in radians; 0 when the transform cannot be decomposed.
    var rotationZ: CGFloat { virtualComponent(.rotationZ) ?? 0 }
    /// `transform.scale.x`; 0 when the transform cannot be decomposed.
    var scaleX: CGFloat { virtualComponent(.scaleX) ?? 0 }
    /// `transform.scale.y`; 0 when the transform cannot be decomposed.
    var scaleY: CGFloat { virtualComponent(.scaleY) ?? 0 }
    /// `transform.scale.z`; 0 when the transform cannot be decomposed.
    var scaleZ: CGFloat { virtualComponent(.scaleZ) ?? 0 }
    /// `transform.translation.x`; `m41` when the transform cannot be decomposed.
    var translationX: CGFloat { virtualComponent(.translationX) ?? m41 }
    /// `transform.translation.y`; `m42` when the transform cannot be decomposed.
    var translationY: CGFloat { virtualComponent(.translationY) ?? m42 }
    /// `transform.translation.z`; `m43` when the transform cannot be decomposed.
    var translationZ: CGFloat { virtualComponent(.translationZ) ?? m43 }
}
