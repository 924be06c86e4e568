import XCTest
@testable import QuartzCoreModel

/// `CATransform3DMakeRotation` takes the angle's sine and cosine from one `sincos` call
/// (`qc_sinCos`): its transforms must be the ones `sin` and `cos` gave, bit for bit, or every
/// frame drawn from them would move.
final class RotationSinCosTests: XCTestCase {
    func testRotationsAreTheOnesSineAndCosineGave() {
        var generator = SystemRandomNumberGenerator()
        var angles: [CGFloat] = [0, -0.0, .pi, -.pi, .pi / 2, 1e-300, 1e22, -1e22, 7.0e5, .greatestFiniteMagnitude]
        // The benchmark scenes' angles (a turn a card), and angles of every size.
        angles += (0..<4000).map { 2 * .pi * CGFloat($0) / 4000 }
        angles += (0..<4000).map { _ in CGFloat(Double.random(in: -1e6...1e6, using: &generator)) }
        angles += (0..<2000).map { _ in CGFloat(Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator))) }
        for angle in angles {
            for (x, y, z) in [(0.0, 0.0, 1.0), (0.0, 1.0, 0.0), (1.0, 2.0, 3.0)] as [(CGFloat, CGFloat, CGFloat)] {
                XCTAssertEqual(RotationReference.bits(CATransform3DMakeRotation(angle, x, y, z)),
                               RotationReference.bits(RotationReference.rotation(angle, x, y, z)),
                               "angle \(angle) about (\(x), \(y), \(z))")
            }
        }
    }
}
