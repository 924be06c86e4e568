@testable import QuartzCoreModel
import XCTest

/// `DeepRecursion.hasRoom(above:)`, the check a walk makes with the stack limit it read once,
/// answers as `hasRoom` does for the calling thread, and says no once the frame is within
/// `reserve` bytes of the limit it is given.
final class DeepRecursionStackLimitTests: XCTestCase {
    func testTheCallingThreadsLimitAnswersAsHasRoom() {
        let limit = DeepRecursion.stackLimit
        XCTAssertGreaterThan(limit, 0, "the stack of a test thread can be found on Linux")
        XCTAssertEqual(DeepRecursion.hasRoom(above: limit), DeepRecursion.hasRoom)
        XCTAssertTrue(DeepRecursion.hasRoom(above: limit))
    }

    func testAnUnknownLimitLeavesRoomAndANearLimitLeavesNone() {
        XCTAssertTrue(DeepRecursion.hasRoom(above: 0), "an unknown stack is not checked")
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let reserve = UInt(DeepRecursion.reserve)
        // A limit a quarter of the reserve below this frame: too close.
        XCTAssertFalse(DeepRecursion.hasRoom(above: here - reserve / 4))
        // A limit far below: room.
        XCTAssertTrue(DeepRecursion.hasRoom(above: here - 4 * reserve))
    }
}
