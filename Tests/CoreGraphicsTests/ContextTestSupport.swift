import CoreGraphics
import Foundation
import XCTest

/// Contexts and colours for the drawing tests.
enum TestCanvas {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A transparent premultiplied-RGBA bitmap context of its own memory.
    static func make(_ width: Int, _ height: Int) throws -> CGContext {
        try XCTUnwrap(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
    }

    /// The pixels of a rectangle of `image` whose red, green and blue are all below 128 and alpha above 128.
    static func darkPixels(_ image: CGImage, x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for row in y {
            for column in x {
                guard let p = image.premultipliedPixel(x: column, y: row) else { continue }
                if p.r < 128 && p.g < 128 && p.b < 128 && p.a > 128 { count += 1 }
            }
        }
        return count
    }
}
