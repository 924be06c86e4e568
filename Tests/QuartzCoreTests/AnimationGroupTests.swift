import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

final class AnimationGroupTests: XCTestCase {
    private func basic(_ keyPath: String, from: Double, to: Double, duration: CFTimeInterval = 0,
                       beginTime: CFTimeInterval = 0) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        animation.beginTime = beginTime
        return animation
    }

    private let model: [String: AnimatableValue] = ["a": .scalar(-1), "b": .scalar(-1), "c": .scalar(-1)]

    private func group(fillMode: CAMediaTimingFillMode = .removed) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.duration = 2
        group.fillMode = fillMode
        group.animations = [basic("a", from: 0, to: 100),                      // no duration: takes 2 s
                            basic("b", from: 0, to: 100, duration: 4),         // cut at 2 s
                            basic("c", from: 0, to: 100, duration: 1, beginTime: 0.5)]
        return group
    }

    func testChildWithoutDurationTakesTheGroups() throws {
        XCTAssertEqual(try evaluate(group(), model: model, at: 1).scalar("a"), 50)
        XCTAssertEqual(try evaluate(group(), model: model, at: 1.5).scalar("a"), 75)
    }

    func testLongerChildIsCutAtTheGroupsEnd() throws {
        XCTAssertEqual(try evaluate(group(), model: model, at: 1.9).scalar("b") ?? 0, 47.5, accuracy: 1e-9)
        // Past the group's end: with the group removed, the model value; with the group
        // filling forwards, the child's value at the group's end (2 s of 4), never more.
        XCTAssertEqual(try evaluate(group(), model: model, at: 3).scalar("b"), -1)
        XCTAssertEqual(try evaluate(group(fillMode: .forwards), model: model, at: 3).scalar("b"), 50)
    }

    func testChildBeginTimeIsRelativeToTheGroupsStart() throws {
        XCTAssertEqual(try evaluate(group(), model: model, at: 0.25).scalar("c"), -1)
        XCTAssertEqual(try evaluate(group(), model: model, at: 1).scalar("c"), 50)
        let delayed = group()
        delayed.beginTime = 10
        XCTAssertEqual(try evaluate(delayed, model: model, at: 11).scalar("c"), 50)
        XCTAssertEqual(try evaluate(delayed, model: model, at: 11).scalar("a"), 50)
    }

    func testGroupSpeedScalesItsChildren() throws {
        let fast = group()
        fast.speed = 2
        XCTAssertEqual(try evaluate(fast, model: model, at: 0.5).scalar("a"), 50)
    }

    /// A copy holds the grouped animations themselves, not copies of them, as Apple's does
    /// (GNUstep libs-quartzcore Tests/quartzcore/CAAnimationGroup/group.m, measured).
    func testCopyingAGroupKeepsItsChildren() throws {
        let original = group()
        let copy = try XCTUnwrap(original.copy() as? CAAnimationGroup)
        XCTAssertEqual(copy.animations?.count, 3)
        XCTAssertTrue(copy.animations?[0] === original.animations?[0])
        XCTAssertEqual(copy.duration, 2, "along with the timing of the group")
        copy.animations = nil
        XCTAssertEqual(original.animations?.count, 3, "the array itself is the copy's own")
    }
}
