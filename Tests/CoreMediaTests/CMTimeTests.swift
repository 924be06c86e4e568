import CoreMedia
import XCTest

/// `CMTime` against the values Apple documents for CoreMedia's constants and functions.
final class CMTimeTests: XCTestCase {
    func testConstantsHaveApplesFields() {
        XCTAssertEqual(CMTime.zero.value, 0); XCTAssertEqual(CMTime.zero.timescale, 1)
        XCTAssertEqual(CMTime.zero.flags.rawValue, 1); XCTAssertEqual(CMTime.zero.epoch, 0)
        XCTAssertEqual(CMTime.invalid.flags.rawValue, 0); XCTAssertEqual(CMTime.invalid.timescale, 0)
        XCTAssertEqual(CMTime.indefinite.flags.rawValue, 17)
        XCTAssertEqual(CMTime.positiveInfinity.flags.rawValue, 5)
        XCTAssertEqual(CMTime.negativeInfinity.flags.rawValue, 9)
        XCTAssertEqual(CMTimeFlags.impliedValueFlagsMask.rawValue, 28)
        XCTAssertFalse(CMTime().isValid)
    }

    func testPredicates() {
        XCTAssertTrue(CMTime.zero.isNumeric)
        XCTAssertFalse(CMTime.indefinite.isNumeric); XCTAssertTrue(CMTime.indefinite.isIndefinite)
        XCTAssertTrue(CMTime.positiveInfinity.isPositiveInfinity); XCTAssertFalse(CMTime.positiveInfinity.isNumeric)
        XCTAssertTrue(CMTime.negativeInfinity.isNegativeInfinity)
        XCTAssertFalse(CMTime.invalid.isNumeric); XCTAssertFalse(CMTime.invalid.isIndefinite)
        // Flags without .valid are not an infinity.
        XCTAssertFalse(CMTime(value: 0, timescale: 0, flags: .positiveInfinity, epoch: 0).isPositiveInfinity)
    }

    func testSeconds() {
        XCTAssertEqual(CMTimeMake(value: 1, timescale: 30).seconds, 1.0 / 30)
        XCTAssertEqual(CMTime(value: 1500, timescale: 600).seconds, 2.5)
        XCTAssertTrue(CMTime.invalid.seconds.isNaN); XCTAssertTrue(CMTime.indefinite.seconds.isNaN)
        XCTAssertEqual(CMTime.positiveInfinity.seconds, .infinity)
        XCTAssertEqual(CMTimeGetSeconds(.negativeInfinity), -.infinity)
    }

    func testMakeWithSecondsRoundsHalfAwayFromZeroAndFlagsIt() {
        let exact = CMTime(seconds: 2.5, preferredTimescale: 600)
        XCTAssertEqual(exact.value, 1500); XCTAssertEqual(exact.timescale, 600); XCTAssertFalse(exact.hasBeenRounded)
        let half = CMTimeMakeWithSeconds(0.5, preferredTimescale: 1)
        XCTAssertEqual(half.value, 1); XCTAssertTrue(half.hasBeenRounded)
        let negativeHalf = CMTime(seconds: -0.5, preferredTimescale: 1)
        XCTAssertEqual(negativeHalf.value, -1)
        let third = CMTime(seconds: 0.1, preferredTimescale: 30)
        XCTAssertEqual(third.value, 3); XCTAssertEqual(third.timescale, 30)
        XCTAssertFalse(CMTime(seconds: .nan, preferredTimescale: 600).isValid)
        XCTAssertTrue(CMTime(seconds: .infinity, preferredTimescale: 600).isPositiveInfinity)
        XCTAssertTrue(CMTime(seconds: -.infinity, preferredTimescale: 600).isNegativeInfinity)
        XCTAssertFalse(CMTime(value: 1, timescale: 0).isValid)
    }

    func testMakeWithSecondsHalvesTheTimescaleWhenTheValueOverflows() {
        // 1e12 s at 2^30 per second is 2^70-ish units: the timescale halves until it fits.
        let t = CMTime(seconds: 1e12, preferredTimescale: 1 << 30)
        XCTAssertEqual(t.timescale, 1 << 23)
        XCTAssertEqual(t.seconds, 1e12)
    }

    func testCompareOrdersInvalidAboveInfinityAboveIndefiniteAboveNumbers() {
        let ordered: [CMTime] = [.negativeInfinity, CMTime(value: -5, timescale: 1), .zero, CMTime(value: 1, timescale: 3),
                                 CMTime(value: 1, timescale: 2), .indefinite, .positiveInfinity, .invalid]
        for (i, a) in ordered.enumerated() {
            for (j, b) in ordered.enumerated() {
                XCTAssertEqual(CMTimeCompare(a, b), i < j ? -1 : (i == j ? 0 : 1), "\(a) vs \(b)")
            }
        }
        XCTAssertEqual(CMTime(value: 1, timescale: 2), CMTime(value: 300, timescale: 600))
        XCTAssertEqual(CMTime.invalid, CMTime.invalid)
        XCTAssertEqual(Set([CMTime(value: 1, timescale: 2), CMTime(value: 2, timescale: 4)]).count, 1)
        // Numeric times in different epochs order by epoch, whatever their values.
        let late = CMTime(value: 0, timescale: 1, flags: .valid, epoch: 2)
        let early = CMTime(value: 100, timescale: 1, flags: .valid, epoch: 1)
        XCTAssertLessThan(early, late)
    }

    func testAddUsesTheSharedOrLeastCommonTimescale() {
        let same = CMTimeMake(value: 1, timescale: 30) + CMTimeMake(value: 2, timescale: 30)
        XCTAssertEqual(same.value, 3); XCTAssertEqual(same.timescale, 30)
        let mixed = CMTimeMake(value: 1, timescale: 2) + CMTimeMake(value: 1, timescale: 3)
        XCTAssertEqual(mixed.value, 5); XCTAssertEqual(mixed.timescale, 6); XCTAssertFalse(mixed.hasBeenRounded)
        let frames = CMTimeMake(value: 1, timescale: 30) + CMTimeMake(value: 1, timescale: 600)
        XCTAssertEqual(frames.value, 21); XCTAssertEqual(frames.timescale, 600)
        let difference = CMTimeMake(value: 1, timescale: 2) - CMTimeMake(value: 1, timescale: 3)
        XCTAssertEqual(difference.value, 1); XCTAssertEqual(difference.timescale, 6)
    }

    func testAddCapsTheTimescaleAndRounds() {
        let a = CMTime(value: 1, timescale: 0x7fff_ffff), b = CMTime(value: 1, timescale: 0x7fff_fffe)
        let sum = a + b
        XCTAssertEqual(Int(sum.timescale), kCMTimeMaxTimescale)
        XCTAssertTrue(sum.hasBeenRounded)
        XCTAssertEqual(sum.value, 2)  // (1/(2^31-1) + 1/(2^31-2)) · (2^31-1) = 2.0000000005 → 2
    }

    func testAddHalvesTheTimescaleWhenTheValueOverflows() {
        let big = CMTime(value: .max, timescale: 600)
        let sum = big + big
        XCTAssertEqual(sum.timescale, 300); XCTAssertEqual(sum.value, .max)
        XCTAssertFalse(sum.hasBeenRounded)
    }

    func testInfinityAndIndefiniteRules() {
        XCTAssertTrue((CMTime.positiveInfinity + .positiveInfinity).isPositiveInfinity)
        XCTAssertTrue((CMTime.negativeInfinity + .negativeInfinity).isNegativeInfinity)
        XCTAssertFalse((CMTime.positiveInfinity + .negativeInfinity).isValid)
        XCTAssertFalse((CMTime.negativeInfinity + .positiveInfinity).isValid)
        XCTAssertFalse((CMTime.positiveInfinity - .positiveInfinity).isValid)
        XCTAssertFalse((CMTime.negativeInfinity - .negativeInfinity).isValid)
        XCTAssertTrue((CMTime.positiveInfinity - .negativeInfinity).isPositiveInfinity)
        XCTAssertTrue((CMTime.zero - .positiveInfinity).isNegativeInfinity)
        XCTAssertTrue((CMTime.positiveInfinity + .indefinite).isPositiveInfinity)
        XCTAssertTrue((CMTime.zero + .indefinite).isIndefinite)
        XCTAssertFalse((CMTime.invalid + .zero).isValid)
        XCTAssertFalse((CMTime.invalid + .positiveInfinity).isValid)
    }

    func testEpochRules() {
        func t(_ v: Int64, epoch: Int64) -> CMTime { CMTime(value: v, timescale: 1, flags: .valid, epoch: epoch) }
        XCTAssertFalse((t(1, epoch: 1) + t(1, epoch: 2)).isValid)
        XCTAssertEqual((t(5, epoch: 3) - t(2, epoch: 3)).epoch, 0)
        let moved = t(5, epoch: 3) + t(2, epoch: 0)
        XCTAssertEqual(moved.epoch, 3); XCTAssertEqual(moved.value, 7)
    }

    func testMultiplyAndConvertScale() {
        let t = CMTimeMake(value: 1, timescale: 30)
        XCTAssertEqual((t * Int32(45)).value, 45); XCTAssertEqual((t * Int32(45)).timescale, 30)
        let scaled = CMTimeMultiplyByFloat64(CMTimeMake(value: 3, timescale: 30), multiplier: 0.5)
        XCTAssertEqual(scaled.value, 2); XCTAssertTrue(scaled.hasBeenRounded)
        XCTAssertEqual(CMTimeMultiplyByRatio(CMTimeMake(value: 10, timescale: 30), multiplier: 1, divisor: 4).value, 3)
        XCTAssertTrue((CMTime.positiveInfinity * Int32(-2)).isNegativeInfinity)
        let converted = CMTimeMake(value: 1, timescale: 3).convertScale(600, method: .default)
        XCTAssertEqual(converted.value, 200); XCTAssertFalse(converted.hasBeenRounded)
        let down = CMTimeMake(value: 1001, timescale: 30000).convertScale(600, method: .default)
        XCTAssertEqual(down.value, 20); XCTAssertTrue(down.hasBeenRounded)  // 20.02 → 20
        XCTAssertEqual(CMTimeMake(value: 1001, timescale: 30000).convertScale(600, method: .roundAwayFromZero).value, 21)
        XCTAssertEqual(CMTimeMake(value: -1, timescale: 2).convertScale(1, method: .roundTowardNegativeInfinity).value, -1)
        XCTAssertEqual(CMTimeMake(value: -1, timescale: 2).convertScale(1, method: .roundTowardPositiveInfinity).value, 0)
    }

    func testMinimumMaximumAbsolute() {
        let a = CMTimeMake(value: 1, timescale: 2), b = CMTimeMake(value: 2, timescale: 3)
        XCTAssertEqual(CMTimeMinimum(a, b), a); XCTAssertEqual(CMTimeMaximum(a, b), b)
        XCTAssertEqual(CMTimeMinimum(.invalid, b), b); XCTAssertEqual(CMTimeMaximum(.invalid, b), b)
        XCTAssertEqual(CMTimeAbsoluteValue(CMTimeMake(value: -3, timescale: 4)).value, 3)
        XCTAssertTrue(CMTimeAbsoluteValue(.negativeInfinity).isPositiveInfinity)
    }

    func testRange() {
        let r = CMTimeRange(start: CMTimeMake(value: 1, timescale: 1), duration: CMTimeMake(value: 2, timescale: 1))
        XCTAssertEqual(r.end, CMTimeMake(value: 3, timescale: 1))
        XCTAssertTrue(r.containsTime(CMTimeMake(value: 1, timescale: 1)))
        XCTAssertFalse(r.containsTime(CMTimeMake(value: 3, timescale: 1)))
        XCTAssertTrue(CMTimeRange.zero.isEmpty); XCTAssertFalse(CMTimeRange.invalid.isValid)
        let other = CMTimeRange(start: CMTimeMake(value: 2, timescale: 1), end: CMTimeMake(value: 5, timescale: 1))
        XCTAssertEqual(r.intersection(other), CMTimeRange(start: CMTimeMake(value: 2, timescale: 1), duration: CMTimeMake(value: 1, timescale: 1)))
    }

    func testDescription() {
        XCTAssertEqual(CMTimeMake(value: 1, timescale: 2).description, "{1/2 = 0.5}")
        XCTAssertEqual(CMTime.invalid.description, "{INVALID}")
    }
}
