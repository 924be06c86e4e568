import CoreGraphics
import Foundation
import XCTest

/// Decoding the committed PNG and JPEG fixtures, good and broken, through every loading entry.
final class ImageDecodingTests: XCTestCase {
    func testRGBAPNGIsPremultiplied() throws {
        let image = try CGImage.load(contentsOf: Fixtures.url("rgba.png"))
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(image.height, 2)
        assertPixel(image, 0, 0, (255, 0, 0, 255))
        assertPixel(image, 1, 0, (0, 255, 0, 255))
        assertPixel(image, 0, 1, (0, 0, 255, 255))
        // White at alpha 128 premultiplies to 128 in every channel.
        assertPixel(image, 1, 1, (128, 128, 128, 128))
    }

    func testGreyPNGSpreadsToRGB() throws {
        let image = try CGImage.load(contentsOf: Fixtures.url("grey.png"))
        for (x, grey) in [0, 85, 170, 255].enumerated() {
            assertPixel(image, x, 0, (grey, grey, grey, 255))
        }
    }

    func testPalettePNGHonoursTransparency() throws {
        let image = try CGImage.load(contentsOf: Fixtures.url("palette.png"))
        assertPixel(image, 0, 0, (255, 0, 0, 255))
        assertPixel(image, 1, 0, (0, 255, 0, 255))
        assertPixel(image, 2, 0, (0, 0, 0, 0))
    }

    func testSixteenBitPNGReducesToEightBits() throws {
        let image = try CGImage.load(contentsOf: Fixtures.url("rgb16.png"))
        XCTAssertEqual(image.bitsPerComponent, 8)
        assertPixel(image, 1, 0, (0, 0, 255, 255))
        let p = try XCTUnwrap(image.premultipliedPixel(x: 0, y: 0))
        XCTAssertEqual(p.r, 255)
        XCTAssertEqual(p.b, 0)
        // 0x8000 of 0xFFFF is one half; whichever transfer function libpng applies, it lies strictly inside.
        XCTAssertTrue((100...200).contains(Int(p.g)), "green \(p.g)")
    }

    func testInterlacedPNGDeinterlaces() throws {
        let image = try CGImage.load(contentsOf: Fixtures.url("interlaced.png"))
        XCTAssertEqual(image.width, 9)
        for (x, y) in [(0, 0), (4, 0), (3, 5), (8, 8), (7, 1)] {
            assertPixel(image, x, y, (28 * x, 28 * y, 100, 255))
        }
    }

    func testBaselineAndProgressiveJPEGs() throws {
        for name in ["baseline.jpg", "progressive.jpg"] {
            let image = try CGImage.load(contentsOf: Fixtures.url(name))
            XCTAssertEqual(image.width, 16, name)
            XCTAssertEqual(image.height, 16, name)
            // Away from the colour edge (x = 8) JPEG at quality 95 stays within a few levels.
            assertPixel(image, 2, 8, (255, 0, 0, 255), tolerance: 12)
            assertPixel(image, 13, 3, (0, 0, 255, 255), tolerance: 12)
        }
    }

    func testBrokenFilesThrowClearErrors() throws {
        try assertDecodingFails("truncated.png")
        try assertDecodingFails("corrupt-header.png")
        try assertDecodingFails("truncated.jpg")
        try assertDecodingFails("corrupt.jpg")
        try assertDecodingFails("not-an-image.txt")
        try assertDecodingFails("huge.png", with: .tooLarge(width: 100_000, height: 100_000))
        try assertDecodingFails("huge.jpg", with: .tooLarge(width: 65_000, height: 65_000))
        XCTAssertThrowsError(try CGImage.decode(Data())) { XCTAssertTrue($0 is CGImageError) }
        XCTAssertThrowsError(try CGImage.load(contentsOf: Fixtures.url("missing.png"))) { error in
            guard case .ioFailure = error as? CGImageError else { return XCTFail("\(error)") }
        }
    }

    func testImageSourceReportsTypeStatusAndImage() throws {
        let png = try XCTUnwrap(CGImageSourceCreateWithURL(Fixtures.url("rgba.png") as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetType(png), "public.png")
        XCTAssertEqual(CGImageSourceGetCount(png), 1)
        XCTAssertEqual(CGImageSourceGetStatus(png), .statusComplete)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(png, 0, nil))
        XCTAssertTrue(image === CGImageSourceCreateImageAtIndex(png, 0, nil), "decoded once and kept")
        XCTAssertNil(CGImageSourceCreateImageAtIndex(png, 1, nil))

        let jpeg = try XCTUnwrap(CGImageSourceCreateWithData(try Fixtures.data("progressive.jpg") as CFData, nil))
        XCTAssertEqual(CGImageSourceGetType(jpeg), "public.jpeg")
        XCTAssertEqual(CGImageSourceCreateImageAtIndex(jpeg, 0, nil)?.width, 16)

        let broken = try XCTUnwrap(CGImageSourceCreateWithData(try Fixtures.data("truncated.jpg"), nil))
        XCTAssertNil(CGImageSourceCreateImageAtIndex(broken, 0, nil))
        XCTAssertEqual(CGImageSourceGetStatus(broken), .statusInvalidData)
        XCTAssertNotNil(broken.error)

        let text = try XCTUnwrap(CGImageSourceCreateWithData(try Fixtures.data("not-an-image.txt"), nil))
        XCTAssertEqual(CGImageSourceGetStatus(text), .statusUnknownType)
        XCTAssertEqual(CGImageSourceGetCount(text), 0)
        XCTAssertNil(CGImageSourceCreateWithURL(Fixtures.url("missing.png"), nil))
    }

    func testCroppingCopiesTheRectangle() throws {
        let image = try CGImage.load(contentsOf: Fixtures.url("interlaced.png"))
        let crop = try XCTUnwrap(image.cropping(to: CGRect(x: 2, y: 3, width: 4, height: 2)))
        XCTAssertEqual(crop.width, 4)
        XCTAssertEqual(crop.height, 2)
        assertPixel(crop, 0, 0, (56, 84, 100, 255))
        assertPixel(crop, 3, 1, (140, 112, 100, 255))
        XCTAssertNil(image.cropping(to: CGRect(x: 20, y: 20, width: 4, height: 4)))
    }
}
