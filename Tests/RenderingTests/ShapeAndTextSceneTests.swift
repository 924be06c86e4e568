import ExampleScenes
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// The chapter 6 shape and text scenes, probed where the geometry puts ink.
final class ShapeAndTextSceneTests: XCTestCase {
    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) throws -> (r: Int, g: Int, b: Int) {
        let p = try XCTUnwrap(image.premultipliedPixel(x: x, y: y))
        return (Int(p.r), Int(p.g), Int(p.b))
    }

    /// Listing 6.1: the head is a 5-point red ring of radius 25 about (150, 100); arms at
    /// y = 150 from x = 100 to 200; the blue rect has a sharp top-left and a rounded top-right corner.
    func testStickFigureStrokesAndTheRoundedRect() throws {
        let image = try SceneRenderer.render(.stickFigure)
        for (x, y) in [(150, 75), (175, 100), (150, 125), (110, 150), (190, 150), (150, 160), (130, 215)] {
            let p = try rgba(image, x, y)
            XCTAssertEqual(p.r, 255, "red stroke at (\(x), \(y))"); XCTAssertLessThan(p.g, 30)
        }
        let inside = try rgba(image, 150, 100)
        XCTAssertEqual(inside.g, 255, "no fill inside the head")
        let beyondArm = try rgba(image, 96, 150)
        XCTAssertGreaterThan(beyondArm.g, 200, "round cap reaches 2.5 points past the end, not 4")
        let sharpCorner = try rgba(image, 251, 51)
        XCTAssertEqual(sharpCorner.b, 255); XCTAssertLessThan(sharpCorner.r, 10)
        let roundedCorner = try rgba(image, 348, 52)
        XCTAssertEqual(roundedCorner.r, 255, "outside the 20-point arc of the top-right corner")
    }

    /// Listing 6.2: 15-point text wraps inside 260 × 160 points from (20, 20): ink in the first
    /// line, in several lines below it, none under the last line or outside the bounds.
    func testTextLabelWrapsInsideItsBounds() throws {
        let image = try SceneRenderer.render(.textLabel)
        func inkyRows(_ ys: Range<Int>, _ xs: Range<Int> = 0..<300) throws -> Int {
            var count = 0
            for y in ys {
                var dark = false
                for x in xs where try rgba(image, x, y).r < 128 { dark = true; break }
                if dark { count += 1 }
            }
            return count
        }
        XCTAssertGreaterThan(try inkyRows(20..<38, 20..<280), 6, "the first line has ink")
        XCTAssertGreaterThan(try inkyRows(60..<140, 20..<280), 30, "wrapped lines below it")
        XCTAssertEqual(try inkyRows(160..<200), 0, "nothing below the seventh line")
        XCTAssertEqual(try inkyRows(0..<200, 0..<19), 0, "nothing left of the bounds")
        XCTAssertEqual(try inkyRows(0..<200, 282..<300), 0, "nothing right of the bounds")
        // Justified: the first line reaches both edges of the 260-point column.
        XCTAssertGreaterThan(try inkyRows(20..<38, 20..<26), 0)
        XCTAssertGreaterThan(try inkyRows(20..<38, 272..<280), 0)
    }
}
