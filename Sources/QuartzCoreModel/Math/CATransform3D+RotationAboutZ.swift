import Foundation

extension CATransform3D {
    /// The transform with its rotation about z (`transform.rotation.z`) set to `angle`, when
    /// the transform turns only about z; nil otherwise (a turn about x or y, a mirror, a
    /// transform that cannot be decomposed), for `settingVirtualComponent(_:to:)` to do.
    ///
    /// Decomposing, setting the Euler angle and recomposing does, for such a transform: read the
    /// Euler angles of its rotation, x and y being zeros; build the rotation `Rx(x) × Ry(y) ×
    /// Rz(angle)`, which is `Rz(angle)` entry for entry (the zero angles' matrices hold ones
    /// and zeros only); turn that into a quaternion; recompose with the scale, skew,
    /// translation and perspective kept. Here the quaternion is made from `Rz(angle)` at once
    /// (`Quaternion(rotationAboutZ:)`), skipping the Euler angles (an arcsine, two arctangents),
    /// the two other rotations (two sines and cosines) and their two products. Every other
    /// step is the same code on the same numbers, so every entry of the result is the same
    /// number; only a zero entry may be +0 here and -0 there (or the reverse), which no
    /// arithmetic on the transform tells apart (`PlanarRotationShortcutTests`).
    func settingRotationAboutZ(to angle: CGFloat) -> CATransform3D? {
        guard angle.isFinite, let parts = planarRotationParts else { return nil }
        return parts.turnedAboutZ(to: angle)
    }

    /// The decomposition of this transform but for its rotation (left at the identity), when
    /// that rotation turns only about z; nil otherwise (see `settingRotationAboutZ(to:)`).
    var planarRotationParts: DecomposedTransform3D? {
        // A cheap test first: rows 1 and 2 with a z part turn the layer out of its plane.
        guard m13 == 0, m23 == 0, let decomposed = DecomposedTransform3D.partsAndRotationRows(of: self) else {
            return nil
        }
        let rows = decomposed.rotationRows
        guard rows.row0.z == 0, rows.row1.z == 0, rows.row2.x == 0, rows.row2.y == 0, rows.row2.z == 1 else { return nil }
        return decomposed.parts
    }
}

extension DecomposedTransform3D {
    /// These parts recomposed with the rotation `Rz(angle)` (`settingRotationAboutZ(to:)`
    /// once the transform is decomposed).
    func turnedAboutZ(to angle: CGFloat) -> CATransform3D {
        var turned = self
        turned.quaternion = Quaternion(rotationAboutZ: Double(angle))
        return turned.recomposed
    }
}

extension Quaternion {
    /// The rotation `Quaternion(eulerAngles: (0, 0, angle))` gives: Shepperd's method on the
    /// rows of `CATransform3DMakeRotation(angle, 0, 0, 1)`, entry for entry the same numbers
    /// (its `m33` is `c + (1 - c)`, which is not always 1).
    init(rotationAboutZ angle: Double) {
        let c = cos(angle), s = sin(angle), k = 1 - c
        self.init(rotationRows: Rows3(SIMD3(c, s, 0), SIMD3(-s, c, 0), SIMD3(0, 0, c + k)))
    }
}
