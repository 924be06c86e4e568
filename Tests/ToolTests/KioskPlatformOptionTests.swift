import ArgumentParser
@testable import qc_kiosk
import XCTest

/// qc-kiosk's platform options: `--blank-after` reaches the display configuration.
final class KioskPlatformOptionTests: XCTestCase {
    func testBlankAfterSetsTheBlankingDelay() throws {
        XCTAssertEqual(try QCKiosk.parse(["--blank-after", "90"]).displayConfiguration.blankingDelay, 90)
        XCTAssertEqual(try QCKiosk.parse(["--blank-after", "0.5"]).displayConfiguration.blankingDelay, 0.5)
        XCTAssertNil(try QCKiosk.parse([]).displayConfiguration.blankingDelay, "no blanking by default")
    }

    func testBlankAfterRejectsNonPositiveTimes() {
        for value in ["0", "-5", "inf", "nan", "soon"] {
            XCTAssertThrowsError(try QCKiosk.parse(["--blank-after", value]), value)
        }
    }
}
