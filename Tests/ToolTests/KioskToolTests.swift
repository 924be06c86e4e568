import ArgumentParser
import QuartzCoreDisplay
import XCTest
@testable import qc_kiosk

/// qc-kiosk's options as scripts/kiosk-vm-test.sh and the README use them.
final class KioskToolTests: XCTestCase {
    func testDisplayOptionsMapToTheConfiguration() throws {
        let options = try QCKiosk.parse(["--connector", "HDMI-A-1", "--mode", "1920x1080@60", "--rotate", "90",
                                         "--pacing", "triple", "--legacy", "--cpu", "--device", "/dev/dri/card1",
                                         "--stats", "300", "--no-input", "--plain"])
        let display = options.displayConfiguration
        XCTAssertEqual(display.request.connectorName, "HDMI-A-1")
        XCTAssertEqual(display.request.size?.width, 1920)
        XCTAssertEqual(display.request.size?.height, 1080)
        XCTAssertEqual(display.request.refreshRate, 60)
        XCTAssertEqual(display.pacing, .tripleBuffered)
        XCTAssertFalse(display.allowsAtomic)
        XCTAssertEqual(display.renderingPath, .cpu)
        XCTAssertEqual(display.devicePath, "/dev/dri/card1")
        XCTAssertEqual(display.statisticsInterval, 300)
        XCTAssertFalse(display.readsInput)
        XCTAssertEqual(options.rotate, .degrees90)
        XCTAssertTrue(options.plain)
        XCTAssertNil(options.offscreenDirectory, "--device names a card: no offscreen fallback")
    }

    func testDefaultsAndOffscreenOptions() throws {
        let defaults = try QCKiosk.parse([])
        XCTAssertEqual(defaults.displayConfiguration.pacing, .adaptive)
        XCTAssertTrue(defaults.displayConfiguration.allowsAtomic)
        XCTAssertEqual(defaults.displayConfiguration.renderingPath, .automatic)
        XCTAssertEqual(defaults.frames.seconds, [0.5, 1.5])
        XCTAssertEqual(defaults.size.size, CGSize(width: 1280, height: 720))
        let offscreen = try QCKiosk.parse(["--offscreen", "out/k", "--size", "640x480", "--frames", "0,1", "--key", "0.5:down",
                                           "--key", "0.7:enter"])
        XCTAssertEqual(offscreen.offscreenDirectory, "out/k")
        XCTAssertEqual(offscreen.size.size, CGSize(width: 640, height: 480))
        XCTAssertEqual(offscreen.frames.seconds, [0, 1])
        XCTAssertEqual(offscreen.key.map(\.time), [0.5, 0.7])
        XCTAssertEqual(offscreen.key.map(\.code), [CAKeyCode.down, CAKeyCode.enter])
        XCTAssertThrowsError(try QCKiosk.parse(["--size", "640x480@60"]))
    }
}
