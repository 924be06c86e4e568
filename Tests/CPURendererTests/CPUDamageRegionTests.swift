import CompositorCore
import CoreGraphics
import CPURenderer
import XCTest
import RendererTestSupport

/// `render(_:damageRegion:)`: the frame is prepared once and only the rectangles are painted.
final class CPUDamageRegionTests: XCTestCase {
    typealias S = CPUTestSupport

    func testEachRectangleIsRepaintedAndNothingBetween() throws {
        let renderer = try CPURenderer(pixelWidth: 100, pixelHeight: 100, threadCount: 2)
        let canvas = CGRect(x: 0, y: 0, width: 100, height: 100)
        _ = try renderer.render(DrawList(pixelWidth: 100, pixelHeight: 100,
                                         commands: [.quad(Quad(transform: .identity, rect: canvas, fillColor: S.red))]))
        let list = DrawList(pixelWidth: 100, pixelHeight: 100, clearColor: S.green,
                            commands: [.quad(Quad(transform: .identity, rect: canvas, fillColor: S.blue))])
        let statistics = try renderer.render(list, damageRegion: [PixelRect(x: 0, y: 0, width: 10, height: 10),
                                                                  PixelRect(x: 90, y: 90, width: 10, height: 10)])
        XCTAssertEqual(statistics.quads, 1, "prepared once")
        let image = try renderer.readPixels()
        XCTAssertPixel(S.pixel(image, 5, 5), [0, 0, 255, 255], "first rectangle")
        XCTAssertPixel(S.pixel(image, 95, 95), [0, 0, 255, 255], "second rectangle")
        XCTAssertPixel(S.pixel(image, 50, 50), [255, 0, 0, 255], "between them: the previous frame")
        XCTAssertEqual(try renderer.render(list, damageRegion: []).quads, 0, "no damage, no work")
    }

    /// Many rectangles (more than the band painter checks one by one, so they are filed by
    /// rows): each gets every quad that overlaps it, in painter's order, and nothing outside.
    func testManyRectanglesEachGetTheirQuadsInOrder() throws {
        let renderer = try CPURenderer(pixelWidth: 200, pixelHeight: 200, threadCount: 2)
        let canvas = CGRect(x: 0, y: 0, width: 200, height: 200)
        _ = try renderer.render(DrawList(pixelWidth: 200, pixelHeight: 200,
                                         commands: [.quad(Quad(transform: .identity, rect: canvas, fillColor: S.red))]))
        // Tall green stripes, then a blue band across them: blue wins where both lie.
        var commands: [DrawCommand] = (0..<10).map {
            .quad(Quad(transform: .identity, rect: CGRect(x: Double($0) * 20, y: 0, width: 10, height: 200), fillColor: S.green))
        }
        commands.append(.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 90, width: 200, height: 20), fillColor: S.blue)))
        let list = DrawList(pixelWidth: 200, pixelHeight: 200, clearColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1),
                            commands: commands)
        // A 5 x 6 grid of 8-pixel squares, 40 pixels apart in x and 35 in y.
        let squares = (0..<30).map { PixelRect(x: 2 + ($0 % 5) * 40, y: 2 + ($0 / 5) * 35, width: 8, height: 8) }
        _ = try renderer.render(list, damageRegion: squares)
        let image = try renderer.readPixels()
        for square in squares {
            let x = square.x + 4, y = square.y + 4
            let expected: [Int] = (90..<110).contains(y) ? [0, 0, 255, 255] : x % 20 < 10 ? [0, 255, 0, 255] : [0, 0, 0, 255]
            XCTAssertPixel(S.pixel(image, x, y), expected, "inside the square at \(square.x), \(square.y)")
            XCTAssertPixel(S.pixel(image, square.x + 10, y), [255, 0, 0, 255], "right of the square: the previous frame")
        }
    }
}
