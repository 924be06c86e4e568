import CPURenderer
@testable import QuartzCoreDisplay
import XCTest

final class DumbBufferLayoutTests: XCTestCase {
    func testKernelPitchIsAcceptedWhenItHoldsARow() throws {
        // virtio-gpu answers 1280x720x32 with pitch 5120 and size 3686400.
        let tight = try XCTUnwrap(DumbBufferLayout(width: 1280, height: 720, pitch: 5120, size: 3_686_400))
        XCTAssertEqual(tight.bytesPerPixel, 4)
        XCTAssertEqual(tight.offset(x: 1279, y: 719), 719 * 5120 + 1279 * 4)
        // A driver that pads rows to 64 bytes: 1366 * 4 = 5464 -> 5504, size 5504 * 768.
        let padded = try XCTUnwrap(DumbBufferLayout(width: 1366, height: 768, pitch: 5504, size: 5504 * 768))
        XCTAssertEqual(padded.offset(x: 0, y: 1), 5504)
        XCTAssertEqual(DumbBufferLayout.minimumPitch(width: 1366, bitsPerPixel: 32), 5464)
        XCTAssertEqual(DumbBufferLayout.minimumPitch(width: 3, bitsPerPixel: 12), 5) // 36 bits round up
    }

    func testAnswersThatCannotHoldTheFrameAreRejected() {
        XCTAssertNil(DumbBufferLayout(width: 1280, height: 720, pitch: 5116, size: 3_686_400)) // a row is 5120
        XCTAssertNil(DumbBufferLayout(width: 1280, height: 720, pitch: 5120, size: 5120 * 719))
        XCTAssertNil(DumbBufferLayout(width: 0, height: 720, pitch: 5120, size: 3_686_400))
        XCTAssertNil(DumbBufferLayout(width: 10, height: 10, pitch: Int.max, size: Int.max))
    }

    func testIoctlNumbersMatchDrmH() {
        // DRM_IOWR(0xB2, struct drm_mode_create_dumb): 32-byte struct -> 0xC02064B2.
        XCTAssertEqual(DRMIoctl.createDumb, 0xC020_64B2)
        XCTAssertEqual(DRMIoctl.mapDumb, 0xC010_64B3)
        XCTAssertEqual(DRMIoctl.destroyDumb, 0xC004_64B4)
    }

    func testFormatChoicePrefersXRGBThenARGB() {
        let xr24: UInt32 = 0x3432_5258, ar24: UInt32 = 0x3432_5241, rg16: UInt32 = 0x3631_4752
        XCTAssertEqual(ScanoutFormat.xrgb8888.fourcc, xr24)
        XCTAssertEqual(ScanoutFormat.argb8888.fourcc, ar24)
        XCTAssertEqual(ScanoutFormat.xrgb8888.name, "XR24")
        XCTAssertEqual(ScanoutFormat.choose(planeFormats: [rg16, ar24, xr24]), .xrgb8888)
        XCTAssertEqual(ScanoutFormat.choose(planeFormats: [rg16, ar24]), .argb8888)
        XCTAssertEqual(ScanoutFormat.choose(planeFormats: [ar24])?.pixelFormat, .argb8888)
        XCTAssertNil(ScanoutFormat.choose(planeFormats: [rg16]))
        XCTAssertEqual(ScanoutFormat.choose(planeFormats: nil), .xrgb8888) // legacy driver: no plane list
    }
}
