import Foundation
import XCTest
@testable import CoreGraphics

final class CGImagePNGTests: XCTestCase {
    /// Premultiplied pixels: opaque colours, partial alpha and fully transparent.
    private let pixels: [UInt8] = [
        255, 0, 0, 255,   0, 128, 255, 255,   12, 34, 56, 255,
        100, 50, 0, 128,  10, 20, 30, 40,     0, 0, 0, 0,
    ]

    private func makeImage() throws -> CGImage {
        try XCTUnwrap(CGImage(width: 3, height: 2, bytesPerRow: 12, data: Data(pixels)))
    }

    func testRoundTripReproducesPremultipliedPixels() throws {
        let decoded = try CGImage.decodePNG(try makeImage().pngData())
        XCTAssertEqual(decoded.width, 3)
        XCTAssertEqual(decoded.height, 2)
        XCTAssertEqual(decoded.bytesPerRow, 12)
        for index in 0..<6 {
            let pixel = try XCTUnwrap(decoded.premultipliedPixel(x: index % 3, y: index / 3))
            let actual = [pixel.r, pixel.g, pixel.b, pixel.a].map(Int.init)
            let expected = pixels[(index * 4)..<(index * 4 + 4)].map(Int.init)
            XCTAssertEqual(actual[3], expected[3], "alpha is stored exactly")
            if expected[3] == 255 {
                XCTAssertEqual(actual, expected)
            } else {
                for channel in 0..<3 { XCTAssertEqual(actual[channel], expected[channel], accuracy: 1) }
            }
        }
    }

    func testEncodedPNGStoresStraightAlpha() throws {
        // Decoding with a premultiply of its own: 100 at alpha 128 was stored as round(100·255/128) = 199.
        let image = try CGImage.decodePNG(try makeImage().pngData())
        let pixel = try XCTUnwrap(image.premultipliedPixel(x: 0, y: 1))
        XCTAssertEqual(Int(pixel.r), (199 * 128 + 127) / 255)
        XCTAssertNil(image.premultipliedPixel(x: 3, y: 0))
        XCTAssertNil(image.premultipliedPixel(x: 0, y: -1))
    }

    func testRowPaddingIsIgnoredOnEncode() throws {
        var padded = Data(pixels[0..<12]) + Data(repeating: 7, count: 4)
        padded += Data(pixels[12..<24]) + Data(repeating: 7, count: 4)
        let image = try XCTUnwrap(CGImage(width: 3, height: 2, bytesPerRow: 16, data: padded))
        let decoded = try CGImage.decodePNG(try image.pngData())
        XCTAssertEqual(decoded.premultipliedPixel(x: 2, y: 0)?.b, 56)
        XCTAssertEqual(decoded.data.count, 24)
    }

    func testTruncatedPNGThrowsInvalidData() throws {
        let encoded = try makeImage().pngData()
        XCTAssertThrowsError(try CGImage.decodePNG(encoded.prefix(encoded.count - 20))) { error in
            guard case CGImageError.invalidData = error else { return XCTFail("unexpected \(error)") }
        }
        XCTAssertThrowsError(try CGImage.decodePNG(Data([1, 2, 3]))) { error in
            XCTAssertEqual(error as? CGImageError, .invalidData("missing PNG signature"))
        }
    }

    func testHugeDeclaredSizeThrowsTooLargeBeforeAllocating() {
        let bytes = PNGTestData.signature
            + PNGTestData.header(width: 100_000, height: 100_000, bitDepth: 8, colorType: 6)
            + PNGTestData.chunk("IDAT", [])
            + PNGTestData.chunk("IEND", [])
        XCTAssertThrowsError(try CGImage.decodePNG(Data(bytes))) { error in
            XCTAssertEqual(error as? CGImageError, .tooLarge(width: 100_000, height: 100_000))
        }
    }

    func testGrayscalePNGDecodesToOpaqueRGBA() throws {
        // A 2×1 8-bit gray image: filter byte 0, then gray 0x80 and 0xFF.
        let bytes = PNGTestData.signature
            + PNGTestData.header(width: 2, height: 1, bitDepth: 8, colorType: 0)
            + PNGTestData.chunk("IDAT", PNGTestData.storedZlib([0, 0x80, 0xFF]))
            + PNGTestData.chunk("IEND", [])
        let image = try CGImage.decodePNG(Data(bytes))
        let first = try XCTUnwrap(image.premultipliedPixel(x: 0, y: 0))
        XCTAssertEqual([first.r, first.g, first.b, first.a], [0x80, 0x80, 0x80, 0xFF])
        XCTAssertEqual(image.premultipliedPixel(x: 1, y: 0)?.g, 0xFF)
    }

    func testFileRoundTripAndMissingFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cg-png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try makeImage().writePNG(to: url)
        let image = try CGImage(contentsOfPNGFile: url)
        XCTAssertEqual(image.premultipliedPixel(x: 1, y: 0)?.g, 128)
        let missing = url.appendingPathExtension("missing")
        XCTAssertThrowsError(try CGImage(contentsOfPNGFile: missing)) { error in
            guard case CGImageError.ioFailure = error else { return XCTFail("unexpected \(error)") }
        }
    }
}
