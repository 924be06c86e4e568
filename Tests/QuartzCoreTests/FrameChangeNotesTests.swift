import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel
@testable import RenderServer

/// `FrameChangeNotes.noteAnimations(_:localTime:rate:)` stops at a layer's first running
/// animation (nothing can change sooner than now); the next change time must be the one every
/// animation asked gives, in any order.
final class FrameChangeNotesTests: XCTestCase {
    private func animation(begin: CFTimeInterval, duration: CFTimeInterval) throws -> CompiledAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.beginTime = begin
        animation.duration = duration
        return try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
    }

    private func nextChange(_ animations: [CompiledAnimation], localTime: CFTimeInterval,
                            rate: Double = 1) -> CFTimeInterval {
        var notes = FrameChangeNotes(time: 100)
        notes.noteAnimations(animations, localTime: localTime, rate: rate)
        XCTAssertTrue(notes.sawAnimations)
        XCTAssertEqual(notes.timeDependencies, 1)
        return notes.nextChangeTime
    }

    func testARunningAnimationMakesTheNextChangeNowInAnyOrder() throws {
        let running = try animation(begin: 0, duration: 10)
        let later = try animation(begin: 5, duration: 1)
        let ended = try animation(begin: 0, duration: 0.5)
        XCTAssertEqual(nextChange([running, later], localTime: 1), 100)
        XCTAssertEqual(nextChange([later, running], localTime: 1), 100)
        XCTAssertEqual(nextChange([ended, later, running, later], localTime: 1), 100)
    }

    func testWithoutARunningAnimationTheEarliestStartIsNext() throws {
        let later = try animation(begin: 5, duration: 1)
        let sooner = try animation(begin: 3, duration: 1)
        let ended = try animation(begin: 0, duration: 0.5)
        XCTAssertEqual(nextChange([later, sooner, ended], localTime: 1), 102)
        XCTAssertEqual(nextChange([later, sooner], localTime: 1, rate: 2), 101)
        XCTAssertEqual(nextChange([ended], localTime: 1), .infinity)
        XCTAssertEqual(nextChange([later], localTime: 1, rate: 0), .infinity)
    }
}
