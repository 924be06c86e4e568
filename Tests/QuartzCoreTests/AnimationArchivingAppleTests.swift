import Foundation
import QuartzCore
import XCTest

/// Archiving animations with `NSKeyedArchiver`. The first two tests are the facts of GNUstep
/// libs-quartzcore `Tests/quartzcore/CAAnimation/archiving.m` (run against Apple's QuartzCore);
/// the rest check that every kind of value an animation holds comes back as it went in.
final class AnimationArchivingAppleTests: XCTestCase {
    private func roundTrip<T: CAAnimation>(_ animation: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: animation, requiringSecureCoding: true)
        XCTAssertFalse(data.isEmpty)
        return try XCTUnwrap(NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    func testABasicAnimationKeepsKeyPathDurationRepeatCountAndToValue() throws {
        let basic = CABasicAnimation()
        basic.keyPath = "position"
        basic.duration = 3
        basic.repeatCount = 2
        basic.toValue = NSNumber(value: 7)
        let data = try NSKeyedArchiver.archivedData(withRootObject: basic, requiringSecureCoding: false)
        let back = try XCTUnwrap(NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? CABasicAnimation)
        XCTAssertEqual(back.keyPath, "position")
        XCTAssertEqual(back.duration, 3)
        XCTAssertEqual(back.repeatCount, 2)
        XCTAssertEqual((back.toValue as? NSNumber)?.intValue, 7)
    }

    func testAKeyframeAnimationKeepsKeyPathAndValues() throws {
        let keyframes = CAKeyframeAnimation(keyPath: "opacity")
        keyframes.values = [NSNumber(value: 1), NSNumber(value: 2)]
        let back = try roundTrip(keyframes)
        XCTAssertEqual(back.keyPath, "opacity")
        XCTAssertEqual(back.values?.count, 2)
    }

    func testTimingAndGeometryValuesComeBackAsTheyWent() throws {
        let basic = CABasicAnimation(keyPath: "transform")
        basic.fromValue = CATransform3DMakeRotation(0.5, 0, 0, 1)
        basic.toValue = CGPoint(x: 3, y: 4)
        basic.byValue = CGRect(x: 1, y: 2, width: 3, height: 4)
        basic.beginTime = 1.5
        basic.speed = 2
        basic.timeOffset = 0.25
        basic.autoreverses = true
        basic.fillMode = .forwards
        basic.isRemovedOnCompletion = false
        basic.isAdditive = true
        basic.timingFunction = CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.9)
        basic.valueFunction = CAValueFunction(name: .rotateZ)
        basic.setValue("ship", forKey: "layerName")
        let back = try roundTrip(basic)
        XCTAssertEqual(back.fromValue as? CATransform3D, CATransform3DMakeRotation(0.5, 0, 0, 1))
        XCTAssertEqual(back.toValue as? CGPoint, CGPoint(x: 3, y: 4))
        XCTAssertEqual(back.byValue as? CGRect, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(back.beginTime, 1.5)
        XCTAssertEqual(back.speed, 2)
        XCTAssertEqual(back.timeOffset, 0.25)
        XCTAssertTrue(back.autoreverses)
        XCTAssertEqual(back.fillMode, .forwards)
        XCTAssertFalse(back.isRemovedOnCompletion)
        XCTAssertTrue(back.isAdditive)
        XCTAssertEqual(back.timingFunction, CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.9))
        XCTAssertEqual(back.valueFunction?.name, .rotateZ)
        XCTAssertEqual(back.value(forKey: "layerName") as? String, "ship")
    }

    func testAKeyframePathColoursAndModesComeBack() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 2, y: 5), control2: CGPoint(x: 8, y: 5))
        path.addQuadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 15, y: -5))
        path.closeSubpath()
        let moving = CAKeyframeAnimation(keyPath: "position")
        moving.path = path
        moving.calculationMode = .paced
        moving.rotationMode = .rotateAuto
        moving.keyTimes = [0, 0.5, 1]
        moving.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        let back = try roundTrip(moving)
        XCTAssertEqual(back.path, path)
        XCTAssertEqual(back.calculationMode, .paced)
        XCTAssertEqual(back.rotationMode, .rotateAuto)
        XCTAssertEqual(back.keyTimes?.map(\.doubleValue), [0, 0.5, 1])
        XCTAssertEqual(back.timingFunctions, [CAMediaTimingFunction(name: .easeIn)])

        let colours = CAKeyframeAnimation(keyPath: "backgroundColor")
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 0.5)
        colours.values = [red, CGColor.white]
        let coloursBack = try roundTrip(colours)
        XCTAssertEqual(coloursBack.values?.first as? CGColor, red)
        XCTAssertEqual((coloursBack.values?.last as? CGColor)?.components, CGColor.white.components)
    }

    func testGroupsTransitionsAndSpringsComeBack() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.5
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.mass = 2
        spring.stiffness = 50
        spring.damping = 4
        spring.initialVelocity = -1
        let group = CAAnimationGroup()
        group.animations = [fade, spring]
        group.duration = 4
        let back = try roundTrip(group)
        XCTAssertEqual(back.duration, 4)
        XCTAssertEqual(back.animations?.count, 2)
        XCTAssertEqual((back.animations?.first as? CABasicAnimation)?.toValue as? NSNumber, 0.5)
        let springBack = try XCTUnwrap(back.animations?.last as? CASpringAnimation)
        XCTAssertEqual([springBack.mass, springBack.stiffness, springBack.damping, springBack.initialVelocity], [2, 50, 4, -1])

        let push = CATransition()
        push.type = .push
        push.subtype = .fromTop
        push.startProgress = 0.25
        push.endProgress = 0.75
        let pushBack = try roundTrip(push)
        XCTAssertEqual(pushBack.type, .push)
        XCTAssertEqual(pushBack.subtype, .fromTop)
        XCTAssertEqual(pushBack.startProgress, 0.25)
        XCTAssertEqual(pushBack.endProgress, 0.75)
    }

    func testAValueThatCannotBeArchivedIsLeftOutAndTheRestKept() throws {
        final class Unarchivable {}
        let basic = CABasicAnimation(keyPath: "contents")
        basic.toValue = Unarchivable()
        basic.duration = 2
        let back = try roundTrip(basic)
        XCTAssertNil(back.toValue)
        XCTAssertEqual(back.duration, 2)
        XCTAssertEqual(back.keyPath, "contents")
    }

    func testAnUnarchivedAnimationRunsOnALayer() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        let back = try roundTrip(fade)
        let layer = CALayer()
        layer.add(back, forKey: "fade")
        XCTAssertNotNil(layer.animation(forKey: "fade"))
    }
}
