import ArgumentParser
import Foundation
import XCTest
@testable import qc_kiosk

/// qc-kiosk's demo options: the demo, the cover flow's photos, the overlay and the measurement.
final class KioskDemoOptionTests: XCTestCase {
    func testDemoOptions() throws {
        XCTAssertEqual(try QCKiosk.parse([]).demo, .menu, "the guide's menu by default")
        let flow = try QCKiosk.parse(["--demo", "coverflow", "--photos", "pictures", "--status", "--offscreen", "out/k", "--measure", "5"])
        XCTAssertEqual(flow.demo, .coverflow)
        XCTAssertEqual(flow.photos, "pictures")
        XCTAssertTrue(flow.status)
        XCTAssertEqual(flow.measure, 5)
        XCTAssertEqual(try QCKiosk.parse(["--key", "1:f1", "--key", "2:s"]).key.map(\.code), [59, 31])
    }

    func testMeasurementOnTheCPURenderer() throws {
        let measured = try QCKiosk.parse(["--cpu", "--measure", "2", "--size", "1920x1080"])
        XCTAssertTrue(measured.cpu, "--measure draws on the CPU renderer with --cpu, as a kiosk without a GPU does")
        XCTAssertEqual(measured.measure, 2)
        XCTAssertEqual(measured.size.size, CGSize(width: 1920, height: 1080))
        XCTAssertThrowsError(try QCKiosk.parse(["--cpu", "--gpu", "--measure", "2"]))
    }

    func testInvalidDemoOptionsAreRefused() {
        XCTAssertThrowsError(try QCKiosk.parse(["--demo", "carousel"]))
        XCTAssertThrowsError(try QCKiosk.parse(["--measure", "0"]))
        XCTAssertThrowsError(try QCKiosk.parse(["--measure", "nan"]))
        XCTAssertThrowsError(try QCKiosk.parse(["--photos", "pictures"]), "--photos goes with the cover flow")
    }
}
