import CoreGraphics
import Foundation
import XCTest

/// `CGImage(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)`
/// with the layouts Apple code hands it, and `dataProvider`.
final class CGImageProviderTests: XCTestCase {
    /// One 2×1 image from `bytes` in a 32-bit layout.
    private func image(_ bytes: [UInt8], width: Int = 2, height: Int = 1, bitsPerPixel: Int = 32, bytesPerRow: Int? = nil,
                       space: CGColorSpace = CGColorSpaceCreateDeviceRGB(), info: CGBitmapInfo,
                       decode: [CGFloat]? = nil) -> CGImage? {
        guard let provider = CGDataProvider(data: Data(bytes) as CFData) else { return nil }
        let rowBytes = bytesPerRow ?? width * bitsPerPixel / 8
        if let decode {
            return decode.withUnsafeBufferPointer { pointer in
                CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel, bytesPerRow: rowBytes,
                        space: space, bitmapInfo: info, provider: provider, decode: pointer.baseAddress,
                        shouldInterpolate: true, intent: .defaultIntent)
            }
        }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel, bytesPerRow: rowBytes,
                       space: space, bitmapInfo: info, provider: provider, decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)
    }

    private func pixel(_ image: CGImage?, _ x: Int, _ y: Int = 0) -> [UInt8]? {
        guard let p = image?.premultipliedPixel(x: x, y: y) else { return nil }
        return [p.r, p.g, p.b, p.a]
    }

    func testThirtyTwoBitOrdersPlaceTheComponentsAsTheBitmapInfoSays() {
        // Pixel 0: red 200, green 100, blue 50, opaque. Pixel 1: blue 60 at alpha 60 (premultiplied).
        let cases: [(String, CGBitmapInfo, [UInt8])] = [
            ("RGBA", CGBitmapInfo(alphaInfo: .premultipliedLast), [200, 100, 50, 255, 0, 0, 60, 60]),
            ("RGBA big", CGBitmapInfo(alphaInfo: .premultipliedLast).union(.byteOrder32Big), [200, 100, 50, 255, 0, 0, 60, 60]),
            ("ABGR little", CGBitmapInfo(alphaInfo: .premultipliedLast).union(.byteOrder32Little), [255, 50, 100, 200, 60, 60, 0, 0]),
            ("ARGB", CGBitmapInfo(alphaInfo: .premultipliedFirst), [255, 200, 100, 50, 60, 0, 0, 60]),
            ("BGRA little", CGBitmapInfo(alphaInfo: .premultipliedFirst).union(.byteOrder32Little), [50, 100, 200, 255, 60, 0, 0, 60]),
        ]
        for (name, info, bytes) in cases {
            let made = image(bytes, info: info)
            XCTAssertNotNil(made, name)
            XCTAssertEqual(pixel(made, 0), [200, 100, 50, 255], name)
            XCTAssertEqual(pixel(made, 1), [0, 0, 60, 60], name)
        }
    }

    func testSkippedBytesAreOpaqueWhateverTheyHold() {
        let cases: [(String, CGBitmapInfo, [UInt8])] = [
            ("RGBX", CGBitmapInfo(alphaInfo: .noneSkipLast), [200, 100, 50, 7, 1, 2, 3, 0]),
            ("XRGB", CGBitmapInfo(alphaInfo: .noneSkipFirst), [7, 200, 100, 50, 0, 1, 2, 3]),
            ("BGRX little", CGBitmapInfo(alphaInfo: .noneSkipFirst).union(.byteOrder32Little), [50, 100, 200, 7, 3, 2, 1, 0]),
        ]
        for (name, info, bytes) in cases {
            let made = image(bytes, info: info)
            XCTAssertEqual(pixel(made, 0), [200, 100, 50, 255], name)
            XCTAssertEqual(pixel(made, 1), [1, 2, 3, 255], name)
        }
    }

    func testStraightAlphaIsPremultipliedRoundingToNearest() {
        // 200·128/255 = 100.4, 100·128/255 = 50.2, 50·128/255 = 25.1; alpha 0 clears the colour.
        let last = image([200, 100, 50, 128, 255, 255, 255, 0], info: CGBitmapInfo(alphaInfo: .last))
        XCTAssertEqual(pixel(last, 0), [100, 50, 25, 128])
        XCTAssertEqual(pixel(last, 1), [0, 0, 0, 0])
        let first = image([128, 200, 100, 50, 255, 10, 20, 30], info: CGBitmapInfo(alphaInfo: .first))
        XCTAssertEqual(pixel(first, 0), [100, 50, 25, 128])
        XCTAssertEqual(pixel(first, 1), [10, 20, 30, 255])
    }

    func testGrayAndTwentyFourBitRGBAndPaddedRows() {
        let gray = image([0, 128, 255, 9, 64, 32, 16, 9], width: 3, height: 2, bitsPerPixel: 8, bytesPerRow: 4,
                         space: CGColorSpaceCreateDeviceGray(), info: CGBitmapInfo(alphaInfo: .none))
        XCTAssertEqual(pixel(gray, 1), [128, 128, 128, 255])
        XCTAssertEqual(pixel(gray, 2, 1), [16, 16, 16, 255])
        XCTAssertEqual(gray?.bitsPerPixel, 8)
        XCTAssertEqual(gray?.colorSpace?.model, .monochrome)

        let rgb = image([1, 2, 3, 4, 5, 6, 0, 0, 7, 8, 9, 10, 11, 12, 0, 0], height: 2, bitsPerPixel: 24, bytesPerRow: 8,
                        info: CGBitmapInfo(alphaInfo: .none))
        XCTAssertEqual(pixel(rgb, 1), [4, 5, 6, 255])
        XCTAssertEqual(pixel(rgb, 0, 1), [7, 8, 9, 255])

        // A 32-bit image keeps its row length: bytesPerRow describes the provider's bytes.
        let padded = image([1, 2, 3, 255, 9, 9, 9, 9, 4, 5, 6, 255, 9, 9, 9, 9], width: 1, height: 2, bytesPerRow: 8,
                           info: CGBitmapInfo(alphaInfo: .premultipliedLast))
        XCTAssertEqual(padded?.bytesPerRow, 8)
        XCTAssertEqual(pixel(padded, 0, 1), [4, 5, 6, 255])
    }

    func testDecodeArrayMapsEachColourComponent() {
        // [1, 0] inverts gray: 0 becomes white, 255 black.
        let inverted = image([0, 255], bitsPerPixel: 8, space: CGColorSpaceCreateDeviceGray(),
                             info: CGBitmapInfo(alphaInfo: .none), decode: [1, 0])
        XCTAssertEqual(pixel(inverted, 0), [255, 255, 255, 255])
        XCTAssertEqual(pixel(inverted, 1), [0, 0, 0, 255])
        // Red halved (0...0.5), green and blue unchanged.
        let halved = image([200, 100, 50, 255, 0, 0, 0, 255], info: CGBitmapInfo(alphaInfo: .noneSkipLast),
                           decode: [0, 0.5, 0, 1, 0, 1])
        XCTAssertEqual(pixel(halved, 0), [100, 100, 50, 255])
    }

    func testTheImageReportsItsDeclaredLayoutAndHandsBackTheProvidersBytes() throws {
        let bytes: [UInt8] = [50, 100, 200, 255, 60, 0, 0, 60]
        let info = CGBitmapInfo(alphaInfo: .premultipliedFirst).union(.byteOrder32Little)
        let made = try XCTUnwrap(image(bytes, info: info))
        XCTAssertEqual(made.bitmapInfo, info)
        XCTAssertEqual(made.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(made.byteOrderInfo, .order32Little)
        XCTAssertEqual(made.bitsPerComponent, 8)
        XCTAssertEqual(made.bitsPerPixel, 32)
        let data = try XCTUnwrap(made.dataProvider?.data)
        XCTAssertEqual(Array(data), bytes)
        XCTAssertEqual(CFDataGetLength(data), 8)
    }

    func testLibraryImagesProvideTheirPremultipliedRGBABytes() throws {
        let made = try XCTUnwrap(CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data([10, 20, 30, 40])))
        XCTAssertEqual(made.dataProvider?.data.map(Array.init), [10, 20, 30, 40])
        XCTAssertEqual(made.alphaInfo, .premultipliedLast)
        XCTAssertEqual(made.byteOrderInfo, .order32Big)
    }

    func testCombinationsCoreGraphicsRefusesReturnNil() {
        let eight: [UInt8] = Array(repeating: 0, count: 64)
        XCTAssertNil(image(eight, bitsPerPixel: 24, info: CGBitmapInfo(alphaInfo: .premultipliedLast)), "alpha in 24-bit pixels")
        XCTAssertNil(image(eight, info: CGBitmapInfo(alphaInfo: .none)), "32-bit pixels without alpha or a skipped byte")
        XCTAssertNil(image(eight, info: CGBitmapInfo(alphaInfo: .premultipliedLast).union(.byteOrder16Little)), "16-bit order")
        XCTAssertNil(image(eight, bytesPerRow: 7, info: CGBitmapInfo(alphaInfo: .premultipliedLast)), "row shorter than its pixels")
        XCTAssertNil(image([0, 0, 0, 0, 0, 0, 0], info: CGBitmapInfo(alphaInfo: .premultipliedLast)), "provider too short")
        XCTAssertNil(image(eight, info: CGBitmapInfo(alphaInfo: .premultipliedLast).union(.floatComponents)), "float components")
        XCTAssertNil(image(eight, bitsPerPixel: 16, space: CGColorSpaceCreateDeviceGray(),
                           info: CGBitmapInfo(alphaInfo: .premultipliedLast)), "gray with alpha")
        XCTAssertNil(image(eight, width: 0, info: CGBitmapInfo(alphaInfo: .premultipliedLast)), "empty")
        let provider = CGDataProvider(data: Data(eight) as CFData)!
        XCTAssertNil(CGImage(width: 2, height: 1, bitsPerComponent: 16, bitsPerPixel: 64, bytesPerRow: 16,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .premultipliedLast),
                             provider: provider, decode: nil, shouldInterpolate: false, intent: .perceptual))
    }

    func testDataProviderReadsAFileAndRefusesAMissingOne() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("provider-\(UUID().uuidString).bin")
        try Data([1, 2, 3]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(CGDataProvider(url: url as CFURL)?.data.map(Array.init), [1, 2, 3])
        XCTAssertNil(CGDataProvider(url: url.appendingPathExtension("missing") as CFURL))
    }

    func testAnImageFromProviderBytesDraws() throws {
        // A BGRA (little-endian premultiplied-first) red pixel, drawn into a bitmap context.
        let made = try XCTUnwrap(image([0, 0, 255, 255, 0, 0, 255, 255], info:
            CGBitmapInfo(alphaInfo: .premultipliedFirst).union(.byteOrder32Little)))
        let ctx = try TestCanvas.make(4, 4)
        ctx.draw(made, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let drawn = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(pixel(drawn, 1, 1), [255, 0, 0, 255])
    }

    func testInterpolationAndIntentAreKept() throws {
        let provider = try XCTUnwrap(CGDataProvider(data: Data([1, 2, 3, 255]) as CFData))
        let made = try XCTUnwrap(CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                                         space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alphaInfo: .noneSkipLast),
                                         provider: provider, decode: nil, shouldInterpolate: false, intent: .perceptual))
        XCTAssertFalse(made.shouldInterpolate)
        XCTAssertEqual(made.renderingIntent, .perceptual)
    }
}
