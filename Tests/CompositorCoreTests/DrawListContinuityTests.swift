import CompositorCore
import CoreGraphics
import XCTest

/// `DamageTracker` skips the ranges a list's producer says it repeated from the list just
/// before in its sequence, and only then.
final class DrawListContinuityTests: XCTestCase {
    private func square(x: Double, color: Float) -> DrawCommand {
        .quad(Quad(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                   fillColor: PremultipliedColor(red: color, green: 0, blue: 0, alpha: 1)))
    }

    private func list(secondColor: Float, sequence: UInt64, frame: UInt64, unchanged: [Range<Int>]) -> DrawList {
        var list = DrawList(pixelWidth: 100, pixelHeight: 40,
                            commands: [square(x: 10, color: 1), square(x: 50, color: secondColor), square(x: 80, color: 1)])
        list.continuity = DrawListContinuity(sequence: sequence, frame: frame, unchangedRanges: unchanged)
        return list
    }

    func testRepeatedRangesAreNotComparedInTheNextFrameOfTheSequence() {
        let old = list(secondColor: 1, sequence: 7, frame: 3, unchanged: [])
        // The second square changed colour; a (wrong) claim that it repeated is trusted, so
        // the tracker sees no change: proof that the range is not compared.
        let claimed = list(secondColor: 0.5, sequence: 7, frame: 4, unchanged: [0..<3])
        XCTAssertEqual(DamageTracker.damage(from: old, to: claimed), [])
        // The truthful claim leaves the second square to compare: its pixels (50..<60, on whole pixels).
        let truthful = list(secondColor: 0.5, sequence: 7, frame: 4, unchanged: [0..<1, 2..<3])
        XCTAssertEqual(DamageTracker.damage(from: old, to: truthful), [PixelRect(x: 50, y: 10, width: 10, height: 10)])
    }

    func testClaimsOutsideTheSequenceOrItsNextFrameAreIgnored() {
        let old = list(secondColor: 1, sequence: 7, frame: 3, unchanged: [])
        let expected = [PixelRect(x: 50, y: 10, width: 10, height: 10)]
        XCTAssertEqual(DamageTracker.damage(from: old, to: list(secondColor: 0.5, sequence: 8, frame: 4, unchanged: [0..<3])), expected)
        XCTAssertEqual(DamageTracker.damage(from: old, to: list(secondColor: 0.5, sequence: 7, frame: 5, unchanged: [0..<3])), expected)
        XCTAssertEqual(DamageTracker.damage(from: old, to: list(secondColor: 0.5, sequence: 7, frame: 4, unchanged: [0..<9])), expected,
                       "a range past the end of the lists is dropped")
    }

    func testContinuityDoesNotTakePartInEquality() {
        XCTAssertEqual(list(secondColor: 1, sequence: 1, frame: 1, unchanged: []),
                       list(secondColor: 1, sequence: 2, frame: 9, unchanged: [0..<3]))
    }
}
