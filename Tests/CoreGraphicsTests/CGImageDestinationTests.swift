import CoreGraphics
import Foundation
import XCTest

/// `CGImageDestination` writing PNG and JPEG, read back with the library's decoders.
final class CGImageDestinationTests: XCTestCase {
    /// A 16×8 opaque image: red rising left to right, green top to bottom, blue 128.
    private func gradient() throws -> CGImage {
        var bytes: [UInt8] = []
        for y in 0..<8 {
            for x in 0..<16 { bytes += [UInt8(x * 16), UInt8(y * 32), 128, 255] }
        }
        return try XCTUnwrap(CGImage(width: 16, height: 8, bytesPerRow: 64, data: Data(bytes)))
    }

    private func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                guard let p = a.premultipliedPixel(x: x, y: y), let q = b.premultipliedPixel(x: x, y: y) else { return .max }
                largest = max(largest, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                              abs(Int(p.a) - Int(q.a)))
            }
        }
        return largest
    }

    func testPNGIntoMutableDataRoundTripsEveryPixel() throws {
        // Premultiplied (64, 32, 0, 128) is straight (128, 64, 0) and comes back the same.
        var bytes: [UInt8] = [64, 32, 0, 128, 0, 0, 0, 0]
        bytes += [255, 255, 255, 255, 10, 20, 30, 255]
        let image = try XCTUnwrap(CGImage(width: 2, height: 2, bytesPerRow: 8, data: Data(bytes)))
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let decoded = try CGImage.decodePNG(data as Data)
        XCTAssertEqual(decoded.width, 2)
        XCTAssertEqual(Array(decoded.data), bytes)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data as Data as CFData, nil))
        XCTAssertEqual(CGImageSourceGetType(source), "public.png")
    }

    func testJPEGToAURLDecodesCloseToTheOriginal() throws {
        let image = try gradient()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("destination-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: url) }
        let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url as CFURL, "public.jpeg" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, image, [kCGImageDestinationLossyCompressionQuality: 0.95] as CFDictionary)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let decoded = try CGImage.decodeJPEG(Data(contentsOf: url))
        XCTAssertEqual(decoded.width, 16)
        XCTAssertEqual(decoded.height, 8)
        // Quality 0.95 keeps every component within 16 levels: red steps 16 a pixel and libjpeg's
        // 4:2:0 chroma subsampling averages neighbouring pixels' colour (a swapped channel is off by 100+).
        XCTAssertLessThanOrEqual(largestDifference(image, decoded), 16)
    }

    func testLossyCompressionQualityChangesTheSize() throws {
        var bytes: [UInt8] = []
        var seed: UInt32 = 12345
        for _ in 0..<(64 * 64) {
            seed = seed &* 1_103_515_245 &+ 12345
            bytes += [UInt8(truncatingIfNeeded: seed >> 16), UInt8(truncatingIfNeeded: seed >> 8), UInt8(truncatingIfNeeded: seed), 255]
        }
        let noise = try XCTUnwrap(CGImage(width: 64, height: 64, bytesPerRow: 256, data: Data(bytes)))
        func encoded(_ quality: Double?) throws -> Int {
            let data = NSMutableData()
            let options = quality.map { [kCGImageDestinationLossyCompressionQuality: $0] as CFDictionary }
            let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, "public.jpeg" as CFString, 1, options))
            CGImageDestinationAddImage(destination, noise, nil)
            XCTAssertTrue(CGImageDestinationFinalize(destination))
            return data.length
        }
        let low = try encoded(0.1), standard = try encoded(nil), high = try encoded(1.0)
        XCTAssertLessThan(low, standard)
        XCTAssertLessThan(standard, high)
    }

    func testUnknownTypesAndMisuseAreRefused() throws {
        let data = NSMutableData()
        XCTAssertNil(CGImageDestinationCreateWithData(data as CFMutableData, "public.tiff" as CFString, 1, nil))
        XCTAssertNil(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 0, nil))
        XCTAssertEqual(CGImageDestinationCopyTypeIdentifiers() as? [String], ["public.png", "public.jpeg"])

        let empty = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil))
        XCTAssertFalse(CGImageDestinationFinalize(empty), "no image added")
        XCTAssertEqual(data.length, 0)

        let image = try gradient()
        let twice = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(twice, image, nil)
        CGImageDestinationAddImage(twice, image, nil)   // beyond the declared count: ignored
        XCTAssertTrue(CGImageDestinationFinalize(twice))
        XCTAssertFalse(CGImageDestinationFinalize(twice), "finalized once")
        XCTAssertEqual(try CGImage.decodePNG(data as Data).width, 16)

        let unwritable = URL(fileURLWithPath: "/nonexistent-directory/image.png")
        let failing = try XCTUnwrap(CGImageDestinationCreateWithURL(unwritable as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(failing, image, nil)
        XCTAssertFalse(CGImageDestinationFinalize(failing))
    }
}
