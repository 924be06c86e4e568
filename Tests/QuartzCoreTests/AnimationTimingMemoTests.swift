import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// Animations with the same timing share its evaluation in a frame (`AnimationTimingMemo`, keyed
/// by `TimingIdentity`): what they write must be what each writes alone, bit for bit, whatever
/// the order, times and slots the evaluations come in; different timings must never share.
final class AnimationTimingMemoTests: XCTestCase {
    /// The timings under test: several animations share each, some differ only in a sign of
    /// zero, a curve or a fill.
    private static let timings: [@Sendable (CABasicAnimation) -> Void] = [
        { _ in },
        { _ in },
        { $0.beginTime = 0.25 },
        { $0.beginTime = -0.0 },
        { $0.timeOffset = 0.3; $0.repeatCount = 2.5 },
        { $0.timeOffset = 0.35; $0.repeatCount = 2.5 },
        { $0.autoreverses = true; $0.repeatCount = .infinity },
        { $0.speed = 2; $0.fillMode = .forwards },
        { $0.speed = 2; $0.fillMode = .both },
        { $0.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) },
        { $0.timingFunction = CAMediaTimingFunction(name: .easeIn) },
        { $0.timingFunction = CAMediaTimingFunction(controlPoints: 0.9, -0.4, 0.1, 1.6); $0.fillMode = .backwards },
    ]

    /// `position.x` animations, one per timing and each timing twice, with distinct values.
    private func forms() throws -> [StateFieldAnimation<ScalarField>] {
        try (0..<2).flatMap { copy in
            try Self.timings.enumerated().map { index, configure in
                let animation = CABasicAnimation(keyPath: "position.x")
                animation.fromValue = Double(index) - 3.5 + Double(copy)
                animation.toValue = Double(index) * 1.25 + 0.125
                animation.duration = 0.8
                configure(animation)
                let compiled = try CompiledAnimation(animation, presentationValue: nil, modelValue: nil)
                return try XCTUnwrap(compiled.fieldForms.scalar)
            }
        }
    }

    private func bits(_ placement: LayerPlacement) -> UInt64 { Double(placement.position.x).bitPattern }

    func testSharedEvaluationWritesWhatEachWritesAlone() throws {
        let forms = try forms()
        var shared = AnimationTimingMemo()
        var generator = SystemRandomNumberGenerator()
        let times: [CFTimeInterval] = [-0.5, 0, 0.1, 0.4, 0.8, 1.3, 2.2, 7.9]
        var compared = 0
        func compare(_ form: StateFieldAnimation<ScalarField>, at time: CFTimeInterval, slot: Int) {
            var memo = PlanarRotationMemo(), alone = AnimationTimingMemo()
            var expected = LayerPlacement(position: CGPoint(x: 4, y: 5), transform: CATransform3DIdentity)
            var got = expected
            withUnsafePointer(to: form) { form in
                XCTAssertTrue(StateFieldAnimation.apply(form, to: &expected, parentTime: time, memo: &memo,
                                                        timings: &alone, slot: slot))
                XCTAssertTrue(StateFieldAnimation.apply(form, to: &got, parentTime: time, memo: &memo,
                                                        timings: &shared, slot: slot))
            }
            XCTAssertEqual(bits(got), bits(expected), "at \(time), slot \(slot)")
            compared += 1
        }
        for time in times {
            // Each time, every animation in both slots, in an order that mixes the timings.
            for slot in [0, 1, 0] {
                for form in forms.shuffled(using: &generator) { compare(form, at: time, slot: slot) }
            }
        }
        // One animation after another at every time: the same timing at a new time.
        for form in forms {
            for time in times { compare(form, at: time, slot: 1) }
        }
        XCTAssertEqual(compared, times.count * 4 * forms.count)
    }

    func testSameTimingsShareANumberAndOthersDoNot() throws {
        // The table empties when full (256 timings): emptied first, it cannot between the copies.
        TimingIdentity.forgetAll()
        let forms = try forms()
        let count = Self.timings.count
        for (index, form) in forms.enumerated() {
            // The same timing (the second copy of each) shares the number, whatever the values.
            XCTAssertEqual(form.timingIdentity, forms[(index + count) % forms.count].timingIdentity)
            XCTAssertNotEqual(form.timingIdentity, 0)
        }
        // The first two timings are the same; every other pair differs, even -0 from +0.
        XCTAssertEqual(forms[0].timingIdentity, forms[1].timingIdentity)
        let distinct = Set(forms.prefix(count).map(\.timingIdentity))
        XCTAssertEqual(distinct.count, count - 1)
    }

    func testSpringsAreNotShared() throws {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 10
        let compiled = try CompiledAnimation(spring, presentationValue: nil, modelValue: nil)
        XCTAssertEqual(try XCTUnwrap(compiled.fieldForms.scalar).timingIdentity, 0)
    }

    func testNumbersAreNeverGivenTwiceWhenTheTableIsEmptied() {
        var seen = Set<Int>()
        // More distinct timings than the table holds, then the first ones again.
        for round in 0..<2 {
            for k in 0..<(TimingIdentity.capacity + 10) {
                let number = TimingIdentity.of(MediaTimingParameters(beginTime: 1000 + Double(k), duration: 1),
                                               pacing: .fraction)
                if round == 0 { XCTAssertTrue(seen.insert(number).inserted) }
            }
        }
        // A timing given a number before the table was emptied may get a new one, never another's.
        let again = TimingIdentity.of(MediaTimingParameters(beginTime: 1000, duration: 1), pacing: .fraction)
        let other = TimingIdentity.of(MediaTimingParameters(beginTime: 1001, duration: 1), pacing: .fraction)
        XCTAssertNotEqual(again, other)
    }
}
