import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Setting `transform.rotation.z` on a transform that turns only about z skips the Euler
/// angles' round trip (`CATransform3D.settingRotationAboutZ(to:)`); the result must be the
/// decomposition path's, entry for entry.
final class PlanarRotationShortcutTests: XCTestCase {
    private static let angles: [CGFloat] = [0, -0.0, 1e-300, 1e-9, 0.25, -0.7, .pi / 4, .pi / 2, -.pi / 2, .pi, -.pi,
                                            3 * .pi / 4, 2 * .pi, 7.5, -100.125, 1e6]

    /// Flat transforms: turns about z, scales (uniform, unequal, one or both axes negative,
    /// tiny, huge), shears, translations in x, y and z, z scales, `m44` other than 1, and
    /// random affine matrices.
    private func flatTransforms() -> [CATransform3D] {
        var list: [CATransform3D] = [CATransform3DIdentity]
        for angle in Self.angles {
            for (sx, sy) in [(1.0, 1.0), (2.0, 0.5), (-1.0, -1.0), (-3.0, 0.25), (1e-7, 5.0), (1e8, 1e8), (0.3, -0.3)] {
                var t = CATransform3DMakeRotation(angle, 0, 0, 1)
                t = CATransform3DScale(t, CGFloat(sx), CGFloat(sy), 1)
                t = CATransform3DTranslate(t, 13.5, -250.25, 0)
                list.append(t)
                var z = t
                z.m33 = 2.5
                z.m43 = -4
                list.append(z)
            }
            var sheared = CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.3, c: -0.7, d: 1.2, tx: 5, ty: 6))
            sheared = CATransform3DRotate(sheared, angle, 0, 0, 1)
            list.append(sheared)
            var scaledW = sheared
            let entries: [WritableKeyPath<CATransform3D, CGFloat>] = [\.m11, \.m12, \.m21, \.m22, \.m33, \.m41, \.m42, \.m44]
            for key in entries { scaledW[keyPath: key] *= 2 }
            list.append(scaledW)
        }
        // A deterministic generator, so that a failure names a reproducible case.
        var generator = ParticleRandom(key: 20_261_129)
        for _ in 0..<1_500 {
            func r() -> CGFloat { CGFloat(generator.unit() * 8 - 4) }
            list.append(CATransform3DMakeAffineTransform(CGAffineTransform(a: r(), b: r(), c: r(), d: r(),
                                                                           tx: r() * 100, ty: r() * 100)))
        }
        return list
    }

    func testTheShortcutGivesTheDecompositionsNumbers() {
        var shortcuts = 0, fallbacks = 0, signedZeros = 0
        for (index, t) in flatTransforms().enumerated() {
            for angle in Self.angles {
                let expected = t.settingVirtualComponentByDecomposition(.rotationZ, to: angle)
                guard let turned = t.settingRotationAboutZ(to: angle) else {
                    fallbacks += 1
                    XCTAssertEqual(entries(t.settingVirtualComponent(.rotationZ, to: angle)).map(\.bitPattern),
                                   entries(expected).map(\.bitPattern))
                    continue
                }
                shortcuts += 1
                for (k, (a, b)) in zip(entries(turned), entries(expected)).enumerated() {
                    if a.bitPattern == b.bitPattern { continue }
                    // Only a zero may differ, in its sign.
                    XCTAssertTrue(a == 0 && b == 0, "transform \(index), angle \(angle), entry \(k): \(a) against \(b)")
                    signedZeros += 1
                }
                XCTAssertEqual(entries(t.settingVirtualComponent(.rotation, to: angle)).map(\.bitPattern),
                               entries(turned).map(\.bitPattern))
            }
        }
        // Mirrored flat transforms (one negative axis scale) turn about an axis in the plane
        // when decomposed: those fall back.
        XCTAssertGreaterThan(shortcuts, 12_000)
        XCTAssertGreaterThan(fallbacks, 5_000)
        print("PlanarRotationShortcutTests: \(shortcuts) shortcuts, \(fallbacks) fallbacks, \(signedZeros) zero entries of the other sign")
    }

    /// Transforms that turn about x or y, have perspective in a tilted plane, or cannot be
    /// decomposed are left to the decomposition.
    func testTurnsOutOfThePlaneAreLeftToTheDecomposition() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let tilted = CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0), perspective)
        var singular = CATransform3DIdentity
        singular.m44 = 0
        let mirrored = CATransform3DMakeScale(-1, 1, 1)
        for t in [CATransform3DMakeRotation(0.5, 0, 1, 0), CATransform3DMakeRotation(0.2, 1, 1, 1), tilted,
                  singular, mirrored] {
            XCTAssertNil(t.settingRotationAboutZ(to: 0.75))
            XCTAssertEqual(t.settingVirtualComponent(.rotationZ, to: 0.75),
                           t.settingVirtualComponentByDecomposition(.rotationZ, to: 0.75))
        }
        XCTAssertNil(CATransform3DIdentity.settingRotationAboutZ(to: .infinity))
        // Perspective over a flat turn about z, and a mirror in z (which decomposes as a half
        // turn about z with x and y scales of -1), keep the shortcut, with the same numbers.
        let flatUnderPerspective = CATransform3DConcat(CATransform3DMakeRotation(0.3, 0, 0, 1), perspective)
        for t in [flatUnderPerspective, CATransform3DMakeScale(1, 1, -1)] {
            let turned = t.settingRotationAboutZ(to: 1.1)
            XCTAssertNotNil(turned)
            XCTAssertEqual(turned, t.settingVirtualComponentByDecomposition(.rotationZ, to: 1.1))
        }
    }

    /// The turn it sets is the turn read back, and a quarter turn of the identity is exact
    /// where the sine and cosine are.
    func testTheShortcutSetsTheTurnItIsAsked() throws {
        let turned = try XCTUnwrap(CATransform3DMakeScale(2, 3, 1).settingRotationAboutZ(to: 0.6))
        XCTAssertEqual(turned.rotationZ, 0.6, accuracy: 1e-12)
        XCTAssertEqual(turned.scaleX, 2, accuracy: 1e-12)
        XCTAssertEqual(turned.scaleY, 3, accuracy: 1e-12)
        let quarter = try XCTUnwrap(CATransform3DIdentity.settingRotationAboutZ(to: .pi / 2))
        XCTAssertEqual(quarter.m12, 1, accuracy: 1e-15)
        XCTAssertEqual(quarter.m21, -1, accuracy: 1e-15)
    }

    private func entries(_ t: CATransform3D) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
            .map { Double($0) }
    }
}
