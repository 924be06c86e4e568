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
struct PlanarRotationMemo: Sendable {
    /// The transform last decomposed, or nil before the first.
    private var transform: CATransform3D?
    /// Its parts, or nil when it does not turn only about z (or cannot be decomposed).
    private var parts: DecomposedTransform3D?

    /// A memo that has seen no transform.
    init() {}

    /// `transform.settingRotationAboutZ(to: angle)`, decomposing `transform` only when it is
    /// not the one decomposed last.
    mutating func settingRotationAboutZ(of transform: CATransform3D, to angle: CGFloat) -> CATransform3D? {
        guard angle.isFinite else { return nil }
        if let known = self.transform, known.hasSameBits(as: transform) {
            return parts?.turnedAboutZ(to: angle)
        }
        self.transform = transform
        parts = transform.planarRotationParts
        return parts?.turnedAboutZ(to: angle)
    }

    /// A memo kept out of line, by a presentation box (`LayerStateBox.planarRotationMemo`):
    /// about 300 bytes that the committed box of every layer would otherwise carry unused.
    ///
    /// Unchecked Sendable: only the renderer that fills the box it belongs to reads or writes
    /// it, while nothing else holds that box (`PresentationBoxOwner`), so accesses neither
    /// overlap nor race, and they are not checked at run time.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var memo: PlanarRotationMemo

        init(_ memo: PlanarRotationMemo) { self.memo = memo }
    }
}

extension CATransform3D {
    /// Whether every entry of the two transforms has the same bits (so +0 and -0 differ, and a
    /// NaN matches the same NaN). A comparison of the 128 bytes: `==` on two `SIMD16<UInt64>`
    /// goes lane by lane through the generic SIMD storage (~420 instructions, against ~30).
    func hasSameBits(as other: CATransform3D) -> Bool {
        withUnsafeBytes(of: self) { a in
            withUnsafeBytes(of: other) { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
