import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import XCTest

/// Helpers for the CPU renderer's pixel probes (the same quads as the GLES renderer's tests).
enum CPUTestSupport {
    /// Renders `quads` on a canvas cleared to `clear`; returns the image and statistics.
    static func render(width: Int, height: Int, clear: PremultipliedColor = .clear, quads: [Quad],
                       clips: [Clip] = [], threads: Int = 2) throws -> (CGImage, RenderStatistics) {
        try render(DrawList(pixelWidth: width, pixelHeight: height, clearColor: clear,
                            commands: quads.map { .quad($0) }, clips: clips), threads: threads)
    }

    /// Renders a list with a fresh renderer.
    static func render(_ list: DrawList, threads: Int = 2) throws -> (CGImage, RenderStatistics) {
        let renderer = try CPURenderer(pixelWidth: list.pixelWidth, pixelHeight: list.pixelHeight, threadCount: threads)
        let statistics = try renderer.render(list)
        return (try renderer.readPixels(), statistics)
    }

    /// The RGBA bytes of pixel (x, y), row 0 at the top.
    static func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let offset = y * image.bytesPerRow + x * 4
        return (0..<4).map { Int(image.data[image.data.startIndex + offset + $0]) }
    }

    /// An image of `width` x `height` pixels produced by `color(x, y)` as RGBA bytes.
    static func image(width: Int, height: Int, color: (Int, Int) -> [UInt8]) -> CGImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                for i in 0..<4 { bytes[(y * width + x) * 4 + i] = c[i] }
            }
        }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(bytes))!
    }

    static let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let green = PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1)

    /// A rotation about z by `angle` (Core Animation's convention, row vectors).
    static func rotationZ(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    /// A rotation about y by `angle` followed by a perspective of eye distance `d`.
    static func rotationY(_ angle: Double, perspective d: Double) -> Matrix4 {
        var rotation = Matrix4.identity
        rotation.m11 = cos(angle); rotation.m13 = -sin(angle); rotation.m31 = sin(angle); rotation.m33 = cos(angle)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / d
        return rotation.concatenating(perspective)
    }
}

/// Asserts that two pixels are equal within `tolerance` per channel.
func XCTAssertPixel(_ actual: [Int], _ expected: [Int], tolerance: Int = 2, _ message: String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
    let close = zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    XCTAssertTrue(close, "pixel \(actual) != \(expected) ±\(tolerance) \(message)", file: file, line: line)
}
