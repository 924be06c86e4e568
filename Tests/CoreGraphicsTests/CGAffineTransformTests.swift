import Foundation
import XCTest
@testable import CoreGraphics

final class CGAffineTransformTests: XCTestCase {
    private func assertEqual(_ t: CGAffineTransform, _ expected: [CGFloat], accuracy: CGFloat = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        let actual = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        for (value, wanted) in zip(actual, expected) {
            XCTAssertEqual(value, wanted, accuracy: accuracy, "\(actual) != \(expected)", file: file, line: line)
        }
    }

    func testConstructorsMatchApplesMatrices() {
        assertEqual(CGAffineTransform(translationX: 5, y: -7), [1, 0, 0, 1, 5, -7])
        assertEqual(CGAffineTransform(scaleX: 2, y: 3), [2, 0, 0, 3, 0, 0])
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        assertEqual(quarter, [0, 1, -1, 0, 0, 0])
        let rotated = CGPoint(x: 1, y: 0).applying(quarter)
        XCTAssertEqual(rotated.x, 0, accuracy: 1e-12)
        XCTAssertEqual(rotated.y, 1, accuracy: 1e-12)
    }

    func testConcatenatingAppliesTheReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        // Translate then scale: x' = 2(x + 10), y' = 3y.
        assertEqual(translate.concatenating(scale), [2, 0, 0, 3, 20, 0])
        // Scale then translate: x' = 2x + 10.
        assertEqual(scale.concatenating(translate), [2, 0, 0, 3, 10, 0])
        let point = CGPoint(x: 1, y: 1)
        XCTAssertEqual(point.applying(translate.concatenating(scale)), point.applying(translate).applying(scale))
    }

    func testTranslatedScaledRotatedApplyTheNewStepFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        // The translation happens before the scale, so it is scaled too.
        assertEqual(scale.translatedBy(x: 10, y: 1), [2, 0, 0, 3, 20, 3])
        assertEqual(CGAffineTransform(translationX: 10, y: 1).scaledBy(x: 2, y: 3), [2, 0, 0, 3, 10, 1])
        let rotatedThenTranslated = CGAffineTransform(translationX: 5, y: 0).rotated(by: .pi / 2)
        let point = CGPoint(x: 1, y: 0).applying(rotatedThenTranslated)
        XCTAssertEqual(point.x, 5, accuracy: 1e-12)
        XCTAssertEqual(point.y, 1, accuracy: 1e-12)
    }

    /// Listing 5.2: scale 50%, rotate 30°, translate 200 points turns into a 100-point move rotated by 30°.
    func testBookCompoundTransform() {
        var transform = CGAffineTransform.identity
        transform = transform.scaledBy(x: 0.5, y: 0.5)
        transform = transform.rotated(by: .pi / 180 * 30)
        transform = transform.translatedBy(x: 200, y: 0)
        let angle = CGFloat.pi / 6
        assertEqual(transform, [0.5 * cos(angle), 0.5 * sin(angle), -0.5 * sin(angle), 0.5 * cos(angle),
                                100 * cos(angle), 100 * sin(angle)])
        XCTAssertEqual(hypot(transform.tx, transform.ty), 100, accuracy: 1e-9)
        XCTAssertEqual(transform.ty, 50, accuracy: 1e-9)
    }

    func testInvertedRoundTripAndSingular() {
        let transform = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: -3).translatedBy(x: 4, y: 9)
        assertEqual(transform.concatenating(transform.inverted()), [1, 0, 0, 1, 0, 0])
        let point = CGPoint(x: 12.5, y: -3.25)
        let back = point.applying(transform).applying(transform.inverted())
        XCTAssertEqual(back.x, point.x, accuracy: 1e-9)
        XCTAssertEqual(back.y, point.y, accuracy: 1e-9)
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 3, ty: 5)
        XCTAssertEqual(singular.inverted(), singular)
    }

    func testIsIdentity() {
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertTrue(CGAffineTransform(translationX: 3, y: 0).translatedBy(x: -3, y: 0).isIdentity)
        XCTAssertFalse(CGAffineTransform(scaleX: 1, y: 2).isIdentity)
    }

    func testSizeIgnoresTranslation() {
        let size = CGSize(width: 10, height: 20).applying(CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 50, y: 50))
        XCTAssertEqual(size, CGSize(width: 20, height: 60))
    }

    func testRectApplyingRotationGivesBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let angle = CGFloat.pi / 4
        let box = rect.applying(CGAffineTransform(rotationAngle: angle))
        XCTAssertEqual(box.width, 100 * cos(angle) + 50 * sin(angle), accuracy: 1e-9)
        XCTAssertEqual(box.height, 100 * sin(angle) + 50 * cos(angle), accuracy: 1e-9)
        // The corner (0, 50) rotates to (-50 sin 45°, 50 cos 45°), the leftmost point.
        XCTAssertEqual(box.minX, -50 * sin(angle), accuracy: 1e-9)
        XCTAssertEqual(box.minY, 0, accuracy: 1e-9)
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        XCTAssertEqual(rect.applying(CGAffineTransform(translationX: 5, y: 6)), CGRect(x: 5, y: 6, width: 100, height: 50))
    }
}
