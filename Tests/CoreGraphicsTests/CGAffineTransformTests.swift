import XCTest
@testable import CoreGraphics

final class CGAffineTransformSkeletonTests: XCTestCase {
    func testIdentity() { XCTAssertEqual(CGAffineTransform.identity.a, 1) }
}
