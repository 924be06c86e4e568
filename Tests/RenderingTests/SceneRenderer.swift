import ExampleScenes
import QuartzCore
import XCTest

/// Renders layer trees offscreen for the tests (Mesa llvmpipe when there is no GPU).
enum SceneRenderer {
    /// Renders `root` (committed first) at media time `time` into a `width` x `height` image.
    static func render(_ root: CALayer, width: Int, height: Int, time: CFTimeInterval = 0) throws -> CGImage {
        CATransaction.flush()
        let renderer = try CARenderer(pixelWidth: width, pixelHeight: height)
        renderer.layer = root
        try renderer.renderFrame(atTime: time)
        return try renderer.makeImage()
    }

    /// Renders an example scene at its own size.
    static func render(_ scene: ExampleScene, time: CFTimeInterval = 0) throws -> CGImage {
        try render(scene, times: [time])
    }

    /// Renders an example scene at its own size at each of `times` with one renderer (so
    /// emitters and tiled layers see the frames before), and returns the last frame.
    static func render(_ scene: ExampleScene, times: [CFTimeInterval]) throws -> CGImage {
        let root = scene.makeRoot()
        CATransaction.flush()
        let renderer = try CARenderer(pixelWidth: Int(scene.size.width), pixelHeight: Int(scene.size.height))
        renderer.layer = root
        for time in times { try renderer.renderFrame(atTime: time) }
        return try renderer.makeImage()
    }

    /// Renders `root` (committed first) at media time `time` with the GLES renderer and with the
    /// CPU renderer, each over `clearColor`: the two images, named.
    static func renderOnBoth(_ root: CALayer, width: Int, height: Int, time: CFTimeInterval = 0,
                             clearColor: CGColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)) throws
        -> [(renderer: String, image: CGImage)] {
        CATransaction.flush()
        return try [false, true].map { cpu in
            let renderer = cpu ? try CARenderer(cpuPixelWidth: width, pixelHeight: height)
                               : try CARenderer(pixelWidth: width, pixelHeight: height)
            renderer.clearColor = clearColor
            renderer.layer = root
            try renderer.renderFrame(atTime: time)
            return (cpu ? "CPU" : "GLES", try renderer.makeImage())
        }
    }

    /// A white root layer of the given size at the origin.
    static func root(width: CGFloat, height: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        return root
    }
}

/// Pixel assertions on rendered images.
extension XCTestCase {
    /// Asserts that the pixel at (x, y) matches `expected` (premultiplied 0...255) within `tolerance`.
    func assertPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: (Int, Int, Int, Int), tolerance: Int = 3,
                     _ label: String = "", file: StaticString = #filePath, line: UInt = #line) {
        guard let p = image.premultipliedPixel(x: x, y: y) else {
            XCTFail("\(label) pixel (\(x), \(y)) is outside the \(image.width)x\(image.height) image", file: file, line: line)
            return
        }
        let actual = (Int(p.r), Int(p.g), Int(p.b), Int(p.a))
        let close = abs(actual.0 - expected.0) <= tolerance && abs(actual.1 - expected.1) <= tolerance
            && abs(actual.2 - expected.2) <= tolerance && abs(actual.3 - expected.3) <= tolerance
        XCTAssertTrue(close, "\(label) pixel (\(x), \(y)) is \(actual), expected \(expected) ±\(tolerance)", file: file, line: line)
    }
}
