import XCTest
import QuartzCore

/// A layer's own `CAMediaTiming`: the values it starts with and how they act on its time.
/// Expected values from GNUstep libs-quartzcore `Tests/quartzcore/CAMediaTiming/timing.m`
/// (measured against Apple's framework) unless a test says otherwise.
final class LayerTimingDefaultsTests: XCTestCase {
    func testTheTimingALayerStartsWith() {
        let layer = CALayer()
        XCTAssertEqual(layer.beginTime, 0)
        XCTAssertEqual(layer.timeOffset, 0)
        XCTAssertEqual(layer.repeatDuration, 0)
        XCTAssertEqual(layer.repeatCount, 0)
        XCTAssertFalse(layer.autoreverses)
        XCTAssertEqual(layer.duration, .infinity, "a layer's duration is infinite")
        XCTAssertEqual(layer.speed, 1)
        XCTAssertEqual(layer.fillMode, .removed)
    }

    func testTheTimingAnAnimationStartsWith() {
        let animation = CABasicAnimation()
        XCTAssertEqual(animation.beginTime, 0)
        XCTAssertEqual(animation.timeOffset, 0)
        XCTAssertEqual(animation.repeatDuration, 0)
        XCTAssertEqual(animation.repeatCount, 0)
        XCTAssertFalse(animation.autoreverses)
        XCTAssertEqual(animation.duration, 0, "an animation's duration is 0 (0.25 s once added)")
        XCTAssertEqual(animation.speed, 1)
        XCTAssertEqual(animation.fillMode, .removed)
    }

    func testWhatTheTimingSettersKeep() {
        let layer = CALayer()
        layer.beginTime = 1.5
        layer.timeOffset = 0.25
        layer.repeatCount = 3
        layer.repeatDuration = 9
        layer.autoreverses = true
        layer.fillMode = .both
        layer.duration = 2
        layer.speed = 0.5
        XCTAssertEqual(layer.beginTime, 1.5)
        XCTAssertEqual(layer.timeOffset, 0.25)
        XCTAssertEqual(layer.repeatCount, 3)
        XCTAssertEqual(layer.repeatDuration, 9)
        XCTAssertTrue(layer.autoreverses)
        XCTAssertEqual(layer.fillMode, .both)
        XCTAssertEqual(layer.duration, 2)
        XCTAssertEqual(layer.speed, 0.5)
        layer.repeatCount = .infinity
        XCTAssertEqual(layer.repeatCount, .infinity)
        layer.duration = .infinity
        XCTAssertEqual(layer.duration, .infinity, "an infinite duration can be set back")
        layer.duration = .nan
        XCTAssertEqual(layer.duration, .infinity, "NaN is rejected")
    }

    func testTheTimingValuesTheClassHandsOut() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "speed") as? Float, 1)
        XCTAssertEqual(CALayer.defaultValue(forKey: "duration") as? Double, .infinity)
        XCTAssertEqual(CALayer.defaultValue(forKey: "fillMode") as? CAMediaTimingFillMode, .removed)
    }

    /// root → mid → leaf; mid begins at 2, runs 3× and is offset by 0.25; leaf begins at 1,
    /// runs 2× and is offset by 0.5.
    func testConvertingATimeBetweenLayers() {
        let root = CALayer(), mid = CALayer(), leaf = CALayer()
        root.addSublayer(mid)
        mid.addSublayer(leaf)
        mid.beginTime = 2
        mid.speed = 3
        mid.timeOffset = 0.25
        leaf.beginTime = 1
        leaf.speed = 2
        leaf.timeOffset = 0.5
        XCTAssertEqual(leaf.convertTime(10, from: mid), 18.5)
        XCTAssertEqual(leaf.convertTime(10, from: root), 47)
        XCTAssertEqual(leaf.convertTime(10, to: mid), 5.75)
        XCTAssertEqual(leaf.convertTime(10, to: root), 23.0 / 6.0, accuracy: 1e-5)
        XCTAssertEqual(leaf.convertTime(10, to: nil), 23.0 / 6.0, accuracy: 1e-5)
        XCTAssertEqual(leaf.convertTime(10, from: nil), 47)
    }

    /// With a finite duration a layer's timeline repeats and autoreverses as an animation's
    /// does (CAMediaTiming.h: layers and animations share the hierarchical timing model).
    func testAFiniteDurationRepeatsTheLayersTime() {
        let root = CALayer(), looping = CALayer()
        root.addSublayer(looping)
        looping.duration = 2
        looping.repeatCount = .infinity
        XCTAssertEqual(looping.convertTime(5, from: root), 1, accuracy: 1e-12, "5 s is 1 s into the third pass")
        looping.autoreverses = true
        XCTAssertEqual(looping.convertTime(5, from: root), 1, accuracy: 1e-12, "1 s into the forward half of the second pass")
        XCTAssertEqual(looping.convertTime(3.5, from: root), 0.5, accuracy: 1e-12, "half a second before the first pass ends, going back")
        let once = CALayer()
        root.addSublayer(once)
        once.duration = 2
        once.fillMode = .forwards
        XCTAssertEqual(once.convertTime(7, from: root), 2, accuracy: 1e-12, "held at its end when it fills forwards")
        once.fillMode = .removed
        XCTAssertEqual(once.convertTime(7, from: root), 7, accuracy: 1e-12, "time runs on unwrapped without a fill")
    }
}
