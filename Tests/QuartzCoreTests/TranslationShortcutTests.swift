import XCTest
@testable import QuartzCoreModel

/// The per-frame placement of a layer composes translations without whole 4x4 products: the
/// shortcuts must give the products' results to the bit, or frames would differ from before.
final class TranslationShortcutTests: XCTestCase {
    private func randomMatrix(_ generator: inout SystemRandomNumberGenerator) -> CATransform3D {
        func v() -> CGFloat { CGFloat.random(in: -3...3, using: &generator) }
        return CATransform3D(m11: v(), m12: v(), m13: v(), m14: v(), m21: v(), m22: v(), m23: v(), m24: v(),
                             m31: v(), m32: v(), m33: v(), m34: v(), m41: v(), m42: v(), m43: v(), m44: v())
    }

    private func bits(_ m: CATransform3D) -> [UInt64] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
         m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44].map { ($0 + 0).bitPattern }
    }

    func testTranslationShortcutsEqualTheProducts() {
        var generator = SystemRandomNumberGenerator()
        var perspective = CATransform3DMakeRotation(0.7, 0, 1, 0)
        perspective.m34 = -1.0 / 800
        let fixed = [CATransform3DIdentity, CATransform3DMakeRotation(1.1, 0, 0, 1), perspective]
        for index in 0..<200 {
            let m = index < fixed.count ? fixed[index] : randomMatrix(&generator)
            let x = CGFloat.random(in: -500...500, using: &generator)
            let y = CGFloat.random(in: -500...500, using: &generator)
            let z = CGFloat.random(in: -50...50, using: &generator)
            let translation = CATransform3DMakeTranslation(x, y, z)
            XCTAssertEqual(bits(m.afterTranslation(x: x, y: y, z: z)), bits(translation.concatenating(m)), "\(m)")
            XCTAssertEqual(bits(m.followedByTranslation(x: x, y: y, z: z)), bits(m.concatenating(translation)), "\(m)")
        }
    }
}
