import CompositorCore
import CoreGraphics
import Foundation
import XCTest

/// Pixel probes, test images, colours and transforms shared by the tests of both renderers, so
/// that the same quad checked on the GPU and the CPU is built and read the same way.
///
/// A test support enum adopts it and gets every member as its own (`S.pixel(image, x, y)`).
public protocol PixelProbes {}

extension PixelProbes {
    /// The RGBA bytes of pixel (x, y), row 0 at the top.
    public static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let offset = y * image.bytesPerRow + x * 4
        return (0..<4).map { Int(image.data[image.data.startIndex + offset + $0]) }
    }

    /// An image of `width` x `height` pixels produced by `color(x, y)` as RGBA bytes.
    public static func image(width: Int, height: Int, color: (Int, Int) -> [UInt8]) -> CGImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                for i in 0..<4 { bytes[(y * width + x) * 4 + i] = c[i] }
            }
        }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(bytes))!
    }

    /// Opaque red.
    public static var red: PremultipliedColor { PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// Opaque blue.
    public static var blue: PremultipliedColor { PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// Opaque green.
    public static var green: PremultipliedColor { PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1) }

    /// A rotation about z by `angle` (Core Animation's convention, row vectors).
    public static func rotationZ(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }
}

/// Asserts that two pixels are equal within `tolerance` per channel.
public func XCTAssertPixel(_ actual: [Int], _ expected: [Int], tolerance: Int = 2, _ message: String = "",
                           file: StaticString = #filePath, line: UInt = #line) {
    let close = zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(close, "pixel \(actual) != \(expected) ±\(tolerance) \(message)", file: file, line: line)
}
