import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A running `transform.rotation.z` animation keeps the decomposition of the transform it
/// turns with the layer's presentation box (`PlanarRotationMemo`); a transform that changes
/// between frames must give the new transform's presentation, and every result must be the
/// one without the memo, bit for bit.
final class PlanarRotationMemoTests: XCTestCase {
    /// The renderer whose frames the boxes are made for.
    private let owner = PresentationBoxOwner()

    private func animation(_ keyPath: String, from: Double, to: Double) throws -> CompiledAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        return try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
    }

    /// `Scale(sx, sy) × Rz(angle) × Translation(tx, ty)`, row-vector order (scale first).
    private func transform(scale sx: CGFloat, _ sy: CGFloat, turn angle: CGFloat,
                           translation tx: CGFloat, _ ty: CGFloat) -> CATransform3D {
        let scaled = CATransform3DMakeScale(sx, sy, 1)
        let turned = CATransform3DConcat(scaled, CATransform3DMakeRotation(angle, 0, 0, 1))
        return CATransform3DConcat(turned, CATransform3DMakeTranslation(tx, ty, 0))
    }

    /// Asserts `t` is `Scale(sx, sy, sz) × Rz(angle) × Translation(tx, ty)` written out.
    private func assertTurned(_ t: CATransform3D, scale sx: Double, _ sy: Double, _ sz: Double = 1, angle: Double,
                              translation tx: Double, _ ty: Double, line: UInt = #line) {
        let c = cos(angle), s = sin(angle)
        let expected: [Double] = [sx * c, sx * s, 0, 0, -sy * s, sy * c, 0, 0, 0, 0, sz, 0, tx, ty, 0, 1]
        for (k, (a, b)) in zip(entries(t), expected).enumerated() {
            XCTAssertEqual(a, b, accuracy: 1e-12, "entry \(k)", line: line)
        }
    }

    private func entries(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0) }
    }

    private func bits(_ t: CATransform3D) -> [UInt64] { entries(t).map(\.bitPattern) }

    /// One frame: the presentation box made (its identity) and its transform. The box is let
    /// go on return, as a frame that has been drawn lets it go, so the next frame refills it.
    private func frame(_ committed: LayerStateBox, _ animations: [CompiledAnimation],
                       _ time: CFTimeInterval) -> (box: ObjectIdentifier, transform: CATransform3D) {
        let box = committed.presentation(animatedBy: animations, localTime: time, owner: owner)
        return (ObjectIdentifier(box), box.value.transform)
    }

    /// A committed layer with the model transform `model` and a turn about z from 0 to π in
    /// 1 s, linear (π/4 at 0.25 s, π/2 at 0.5 s).
    private func turningLayer(_ model: CATransform3D) throws -> (LayerStateBox, [CompiledAnimation]) {
        var state = LayerState()
        state.transform = model
        return (LayerStateBox(state), [try animation("transform.rotation.z", from: 0, to: .pi)])
    }

    /// The presentation transform made in a fresh state, with a fresh memo.
    private func presentationWithoutMemo(_ committed: LayerStateBox, _ animations: [CompiledAnimation],
                                         _ time: CFTimeInterval) -> CATransform3D {
        var state = committed.value
        state.animate(by: animations, localTime: time)
        return state.transform
    }

    /// The model transform changed between two frames of a running turn (a commit that
    /// refills the committed box in place keeps its presentation box, and so the memo): the
    /// second frame turns the new transform's scale and translation, not the old one's.
    func testAModelTransformChangedBetweenFramesGivesTheNewModelsPresentation() throws {
        let (committed, turn) = try turningLayer(transform(scale: 2, 3, turn: 0.5, translation: 10, 20))
        let first = frame(committed, turn, 0.25)
        assertTurned(first.transform, scale: 2, 3, angle: .pi / 4, translation: 10, 20)
        let same = frame(committed, turn, 0.25)
        XCTAssertEqual(same.box, first.box, "the box, and its memo, are reused")
        XCTAssertEqual(bits(same.transform), bits(first.transform), "the memo's parts give the same bits")

        committed.value.transform = transform(scale: 1, 0.5, turn: -1, translation: -4, 6)
        let second = frame(committed, turn, 0.5)
        XCTAssertEqual(second.box, first.box)
        assertTurned(second.transform, scale: 1, 0.5, angle: .pi / 2, translation: -4, 6)
        XCTAssertEqual(bits(second.transform), bits(presentationWithoutMemo(committed, turn, 0.5)))

        // And back: the first transform again, after the memo has seen the second.
        committed.value.transform = transform(scale: 2, 3, turn: 0.5, translation: 10, 20)
        let third = frame(committed, turn, 0.75)
        XCTAssertEqual(third.box, first.box)
        assertTurned(third.transform, scale: 2, 3, angle: 3 * .pi / 4, translation: 10, 20)
    }

    /// A model transform that stops turning only about z (a turn about x) takes the general
    /// path; one that can be decomposed again takes the memo again.
    func testAModelTransformThatLeavesThePlaneFallsBackToTheDecomposition() throws {
        let (committed, turn) = try turningLayer(transform(scale: 2, 2, turn: 0, translation: 0, 0))
        let first = frame(committed, turn, 0.25)
        assertTurned(first.transform, scale: 2, 2, angle: .pi / 4, translation: 0, 0)

        committed.value.transform = CATransform3DMakeRotation(.pi / 3, 1, 0, 0)
        let tilted = frame(committed, turn, 0.5)
        XCTAssertEqual(tilted.box, first.box)
        let expected = CATransform3DMakeRotation(.pi / 3, 1, 0, 0).settingVirtualComponentByDecomposition(
            .rotationZ, to: .pi / 2)
        XCTAssertEqual(bits(tilted.transform), bits(expected))
        // Rx(π/3) then Rz(π/2) (row vectors, x first): row 0 is Rz's (0, 1, 0), row 1 is
        // (0, cos, sin) × Rz = (-cos, 0, sin).
        XCTAssertEqual(tilted.transform.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(tilted.transform.m21, -0.5, accuracy: 1e-12)
        XCTAssertEqual(tilted.transform.m23, sin(.pi / 3), accuracy: 1e-12)

        committed.value.transform = CATransform3DMakeScale(0.5, 4, 1)
        let flat = frame(committed, turn, 1.0 / 6)
        XCTAssertEqual(flat.box, first.box)
        assertTurned(flat.transform, scale: 0.5, 4, angle: .pi / 6, translation: 0, 0)
    }

    /// An animation of the transform's scale ahead of the turn changes the transform the turn
    /// sees at every frame: each frame decomposes anew, with the result of the path without
    /// the memo.
    func testATransformWrittenByAnEarlierAnimationIsDecomposedAtEveryFrame() throws {
        var model = LayerState()
        model.transform = transform(scale: 1, 1, turn: 0.2, translation: 3, -5)
        let committed = LayerStateBox(model)
        let animations = [try animation("transform.scale", from: 1, to: 3),
                          try animation("transform.rotation.z", from: 0, to: 2 * .pi)]
        // Frames inside the animations' one second (at 1 s they have ended).
        for index in 0..<12 {
            let time = Double(index) / 12
            let made = frame(committed, animations, time)
            XCTAssertEqual(bits(made.transform), bits(presentationWithoutMemo(committed, animations, time)),
                           "frame \(index)")
            // `transform.scale` sets all three axes.
            let scale = 1 + 2 * time
            assertTurned(made.transform, scale: scale, scale, scale, angle: 2 * .pi * time, translation: 3, -5)
        }
    }

    /// Transforms that repeat, change by one entry, by the sign of a zero, leave the plane or
    /// cannot be decomposed, each with whether it turns only about z; and the angles to turn
    /// each to (a non-finite one among them).
    private func memoSequence() -> (transforms: [(CATransform3D, flat: Bool)], angles: [CGFloat]) {
        let flat = transform(scale: 2, 0.5, turn: 1.25, translation: 7, 8)
        var nudged = flat
        nudged.m41 = 7.000000000000001
        var negativeZero = CATransform3DIdentity
        negativeZero.m21 = -0.0
        var singular = CATransform3DIdentity
        singular.m44 = 0
        var notFinite = flat
        notFinite.m12 = .nan
        // A turn about y, a singular and a NaN transform, and a mirror (one axis negated)
        // fall back; a half turn (both axes negated) is flat.
        let transforms: [(CATransform3D, flat: Bool)] = [
            (flat, true), (flat, true), (nudged, true), (flat, true), (CATransform3DIdentity, true),
            (negativeZero, true), (CATransform3DIdentity, true), (CATransform3DMakeRotation(0.4, 0, 1, 0), false),
            (singular, false), (notFinite, false), (notFinite, false), (flat, true),
            (CATransform3DMakeScale(-1, 1, 1), false), (CATransform3DMakeScale(-1, -1, 1), true),
        ]
        return (transforms, [0, -0.0, 0.3, .pi, -2.5, .infinity, 1e6])
    }

    /// The memo, fed `memoSequence()`, gives what the decomposition without it gives, bit for
    /// bit.
    func testTheMemoGivesTheDecompositionsBits() {
        let (transforms, angles) = memoSequence()
        var memo = PlanarRotationMemo()
        for (t, isFlat) in transforms {
            XCTAssertEqual(t.planarRotationParts != nil, isFlat, "\(t)")
            for angle in angles {
                let expected = t.settingVirtualComponent(.rotationZ, to: angle)
                let result = t.settingVirtualComponent(.rotationZ, to: angle, memo: &memo)
                XCTAssertEqual(bits(result), bits(expected), "\(t) turned to \(angle)")
            }
        }
    }

    /// The turn written in place (`setRotationAboutZ(of:to:)`) answers true and writes the
    /// shortcut's bits where the shortcut gives a transform, and answers false leaving the
    /// transform as it was where it gives none; a running animation's field
    /// (`ScalarField.set(_:in:memo:)`) writes what `settingVirtualComponent` gives, for the
    /// same sequence.
    func testTheTurnWrittenInPlaceGivesTheShortcutsBits() {
        let (transforms, angles) = memoSequence()
        var memo = PlanarRotationMemo()
        var fieldMemo = PlanarRotationMemo()
        for (t, _) in transforms {
            for angle in angles {
                let expected = t.settingRotationAboutZ(to: angle)
                var inPlace = t
                XCTAssertEqual(memo.setRotationAboutZ(of: &inPlace, to: angle), expected != nil, "\(t) turned to \(angle)")
                XCTAssertEqual(bits(inPlace), bits(expected ?? t), "\(t) turned to \(angle)")
                for component in [TransformComponent.rotationZ, .rotation] {
                    var state = LayerState()
                    state.transform = t
                    ScalarField.transform(component).set(Double(angle), in: &state, memo: &fieldMemo)
                    XCTAssertEqual(bits(state.transform), bits(t.settingVirtualComponent(component, to: angle)),
                                   "\(t) turned to \(angle) through \(component)")
                }
            }
        }
    }

    /// The memo finds a transform the same only when all 128 bytes are: each entry changed on
    /// its own (its sign flipped, +0 to -0 too; moved by one unit in the last place; a NaN's
    /// payload changed) differs; the same bits, NaNs and signed zeros included, do not.
    func testSameBitsComparesEveryEntrysBits() {
        var base = transform(scale: 2, 0.5, turn: 1.25, translation: 7, 8)
        base.m34 = -0.0
        base.m43 = CGFloat(Double(nan: 5, signaling: false))
        XCTAssertTrue(base.hasSameBits(as: base))
        let copy = base
        XCTAssertTrue(copy.hasSameBits(as: base))
        for index in 0..<16 {
            let changes: [(Double) -> Double] = [{ -$0 }, { $0.isNaN ? Double(nan: 6, signaling: false) : $0.nextUp }]
            for change in changes {
                var changed = entries(base)
                changed[index] = change(changed[index])
                let other = transform(from: changed)
                XCTAssertFalse(other.hasSameBits(as: base), "entry \(index) changed to \(changed[index])")
                XCTAssertFalse(base.hasSameBits(as: other), "entry \(index) changed to \(changed[index])")
            }
        }
    }

    /// The transform whose entries, row by row, are `e`.
    private func transform(from entries: [Double]) -> CATransform3D {
        let e = entries.map { CGFloat($0) }
        return CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                      m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }
}
