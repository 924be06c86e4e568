import QuartzCore
import XCTest

/// The code of the QuartzCore catalog's Getting Started article, run as written (in a function,
/// writing into a scratch folder): keep the two the same.
final class GettingStartedExampleTests: XCTestCase {
    private func gettingStarted(writingInto directory: URL) throws {
        // A white canvas of 240 x 160 points with a blue, rounded card on its left.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

        let card = CALayer()
        card.frame = CGRect(x: 20, y: 40, width: 80, height: 80)
        card.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        card.cornerRadius = 12
        root.addSublayer(card)

        // Slide the card's centre from x = 60 to x = 180 over 2 seconds, at an even speed.
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 60
        slide.toValue = 180
        slide.duration = 2
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        card.add(slide, forKey: "slide")

        // Commit the changes; the animation's clock starts now.
        CATransaction.flush()
        let start = CACurrentMediaTime()

        // Draw the frame one second in, halfway: the card's centre is at x = 120.
        let renderer = try CARenderer(pixelWidth: 240, pixelHeight: 160)
        renderer.layer = root
        try renderer.renderFrame(atTime: start + 1)
        try renderer.writePNG(to: directory.appendingPathComponent("halfway.png"))
    }

    func testHalfwayFrameShowsTheCardBetween80And160() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("getting-started-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try gettingStarted(writingInto: directory)

        let image = try CGImage.load(contentsOf: directory.appendingPathComponent("halfway.png"))
        XCTAssertEqual([image.width, image.height], [240, 160])
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let p = image.premultipliedPixel(x: x, y: y)!
            return [p.r, p.g, p.b, p.a]
        }
        // The card spans x 80...160 and y 40...120 (its corners are rounded by 12 points).
        let blue = [0.1 * 255, 0.3 * 255, 0.9 * 255, 255] // 25.5, 76.5, 229.5: either rounding
        for (x, y) in [(84, 80), (120, 44), (120, 80), (150, 110)] {
            for (channel, expected) in zip(pixel(x, y), blue) {
                XCTAssertEqual(Double(channel), expected, accuracy: 0.5, "card at (\(x), \(y)): \(pixel(x, y))")
            }
        }
        // Where the card began (x 20...100), left of x = 80, and right of 160: the white canvas.
        for (x, y) in [(40, 80), (76, 80), (164, 80), (120, 36), (120, 124)] {
            XCTAssertEqual(pixel(x, y), [255, 255, 255, 255], "canvas at (\(x), \(y))")
        }
    }
}
