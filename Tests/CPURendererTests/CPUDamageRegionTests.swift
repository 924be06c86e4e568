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
}
