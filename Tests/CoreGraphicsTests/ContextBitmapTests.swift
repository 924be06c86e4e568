import CoreGraphics
import Foundation
import XCTest

/// Bitmap layouts: memory the caller owns, in Cairo's order or in RGBA order, and rejected layouts.
final class ContextBitmapTests: XCTestCase {
    func testRGBAMemoryReceivesEveryOperation() throws {
        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            let ctx = try XCTUnwrap(CGContext(data: buffer.baseAddress, width: 4, height: 4, bitsPerComponent: 8,
                                              bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            XCTAssertEqual(ctx.bytesPerRow, 16)
            XCTAssertEqual(ctx.data, buffer.baseAddress)
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))   // the bottom row: the last in memory
        }
        XCTAssertEqual(Array(pixels[48..<52]), [0, 0, 255, 255])
        XCTAssertEqual(Array(pixels[0..<4]), [0, 0, 0, 0])
    }

    func testCairoOrderMemoryIsDrawnInPlace() throws {
        var pixels = [UInt8](repeating: 0, count: 2 * 2 * 4)
        try pixels.withUnsafeMutableBytes { buffer in
            let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
            let ctx = try XCTUnwrap(CGContext(data: buffer.baseAddress, width: 2, height: 2, bitsPerComponent: 8,
                                              bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 1, width: 1, height: 1))   // the top-left pixel
            ctx.flush()
        }
        XCTAssertEqual(Array(pixels[0..<4]), [0, 0, 255, 255], "B, G, R, A bytes")
        XCTAssertEqual(Array(pixels[4..<8]), [0, 0, 0, 0])
    }

    func testRGBAMemoryIsReadAtCreation() throws {
        var pixels: [UInt8] = [10, 20, 30, 255]
        let image = try pixels.withUnsafeMutableBytes { buffer in
            let ctx = try XCTUnwrap(CGContext(data: buffer.baseAddress, width: 1, height: 1, bitsPerComponent: 8,
                                              bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            return try XCTUnwrap(ctx.makeImage())
        }
        assertPixel(image, 0, 0, (10, 20, 30, 255))
    }

    func testUnsupportedLayoutsReturnNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.last.rawValue), "straight alpha is not drawable")
        XCTAssertNil(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8, space: rgb,
                               bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue), "rows too short")
    }

    func testAlphaOnlyContextMakesAlphaImage() throws {
        let ctx = try XCTUnwrap(CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceGray(),
                                          bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        XCTAssertNil(ctx.colorSpace)
        ctx.setFillColor(gray: 0, alpha: 0.5)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 8))
        let image = try XCTUnwrap(ctx.makeImage())
        assertPixel(image, 1, 1, (0, 0, 0, 128), tolerance: 1)
        assertPixel(image, 6, 1, (0, 0, 0, 0))
    }
}
