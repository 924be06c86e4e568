import Foundation

/// The parts of the last transform a `transform.rotation.z` animation turned
/// (`CATransform3D.planarRotationParts`), kept with a layer's presentation box from frame to
/// frame: a running turn sets the rotation of the same model transform at every frame, and
/// decomposing it (a Gram-Schmidt pass: square roots, divisions) is most of the cost of
/// setting the angle.
///
/// The parts are a function of the transform's bits alone, so the memo is looked up by them:
/// a model transform changed between two frames (or an earlier animation in the list that
/// writes the transform) decomposes anew, and the result is the one without the memo, bit for
/// bit. Bits, not `==`: +0 and -0 compare equal but their signs reach the recomposed zeros.
package struct PlanarRotationMemo: Sendable {
    /// The transform last decomposed (meaningful once `hasTransform`). Kept as a plain value,
    /// not an optional, so that it is compared where it lies rather than copied out first.
    private var transform = CATransform3DIdentity
    /// Whether a transform has been decomposed.
    private var hasTransform = false
    /// Its parts, their rotation the one last set (meaningful when `turnsOnlyAboutZ`).
    private var parts = DecomposedTransform3D()
    /// Whether the transform turns only about z (it can be decomposed, its rotation about z).
    private var turnsOnlyAboutZ = false

    /// A memo that has seen no transform.
    init() {}

    /// `transform.settingRotationAboutZ(to: angle)`, decomposing `transform` only when it is
    /// not the one decomposed last.
    mutating func settingRotationAboutZ(of transform: CATransform3D, to angle: CGFloat) -> CATransform3D? {
        var turned = transform
        return setRotationAboutZ(of: &turned, to: angle) ? turned : nil
    }

    /// Sets the rotation about z of `transform` to `angle` in place, as
    /// `settingRotationAboutZ(of:to:)` computes it, and returns true; returns false, leaving
    /// `transform` as it is, where that gives nil (a turn out of the plane, an angle that is
    /// not finite). The transform is compared and written where it lies, and the parts are
    /// turned where the memo keeps them: no copies of either (about 150 instructions a frame
    /// for a running turn, against `settingRotationAboutZ(of:to:)` and an assignment).
    @inline(__always)
    mutating func setRotationAboutZ(of transform: inout CATransform3D, to angle: CGFloat) -> Bool {
        guard angle.isFinite else { return false }
        if !hasTransform || !self.transform.hasSameBits(as: transform) {
            self.transform = transform
            hasTransform = true
            if let found = transform.planarRotationParts {
                parts = found
                turnsOnlyAboutZ = true
            } else {
                turnsOnlyAboutZ = false
            }
        }
        guard turnsOnlyAboutZ else { return false }
        // `DecomposedTransform3D.turnedAboutZ(to:)`, on the memo's own parts: only their
        // rotation changes (the decomposition's is the identity, replaced at every turn).
        parts.quaternion = Quaternion(rotationAboutZ: Double(angle))
        transform = parts.recomposed
        return true
    }

    /// A memo kept out of line, by a presentation box (`LayerStateBox.planarRotationMemo`):
    /// about 300 bytes that the committed box of every layer would otherwise carry unused; or
    /// by a renderer's record of a layer it draws moved while it turns
    /// (`LayerStateBox.animatedToPosition(by:localTime:memo:toPosition:)`).
    ///
    /// Unchecked Sendable: only the renderer that fills the box it belongs to reads or writes
    /// it, while nothing else holds that box (`PresentationBoxOwner`), or only the flattener
    /// drawing its layer in a frame (one thread at a time), so accesses neither overlap nor
    /// race, and they are not checked at run time.
    package final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var memo: PlanarRotationMemo

        init(_ memo: PlanarRotationMemo) { self.memo = memo }

        /// A memo that has seen no transform.
        package init() { memo = PlanarRotationMemo() }
    }
}

extension CATransform3D {
    /// Whether every entry of the two transforms has the same bits (so +0 and -0 differ, and a
    /// NaN matches the same NaN). The entries' bit patterns are compared where they lie, their
    /// differences gathered into one word: `memcmp` of the two made copies of both for
    /// `withUnsafeBytes(of:)` and a call (about 60 instructions a running turn and frame), and
    /// `==` on two `SIMD16<UInt64>` goes lane by lane through the generic SIMD storage (~420).
    /// Inlined: as a call, both transforms were copied to be passed (about 40 instructions).
    @inline(__always)
    func hasSameBits(as other: CATransform3D) -> Bool {
        @_transparent
        func difference(_ a: CGFloat, _ b: CGFloat) -> UInt64 { Double(a).bitPattern ^ Double(b).bitPattern }
        let rows12 = difference(m11, other.m11) | difference(m12, other.m12) | difference(m13, other.m13)
            | difference(m14, other.m14) | difference(m21, other.m21) | difference(m22, other.m22)
            | difference(m23, other.m23) | difference(m24, other.m24)
        let rows34 = difference(m31, other.m31) | difference(m32, other.m32) | difference(m33, other.m33)
            | difference(m34, other.m34) | difference(m41, other.m41) | difference(m42, other.m42)
            | difference(m43, other.m43) | difference(m44, other.m44)
        return rows12 | rows34 == 0
    }
}
