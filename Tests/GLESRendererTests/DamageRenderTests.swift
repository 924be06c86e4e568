import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Partial redraw: `render(_:damage:)` repaints the damaged pixels and leaves the rest alone.
final class DamageRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    func testDamageRenderLeavesPixelsOutsideTheDamageUntouched() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let canvas = CGRect(x: 0, y: 0, width: 100, height: 100)
        _ = try S.render(renderer, width: 100, height: 100, quads: [Quad(transform: .identity, rect: canvas, fillColor: S.red)])
        // The next frame is blue on a green clear colour, but only (10, 20)-(40, 60) is redrawn.
        let list = DrawList(pixelWidth: 100, pixelHeight: 100, clearColor: S.green,
                            commands: [.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 50, height: 100), fillColor: S.blue))])
        let statistics = try renderer.render(list, damage: PixelRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(statistics.drawCalls, 1)
        let image = try renderer.readPixels()
        XCTAssertPixel(S.pixel(image, 10, 20), [0, 0, 255, 255], "damage's first pixel")
        XCTAssertPixel(S.pixel(image, 39, 59), [0, 0, 255, 255], "damage's last pixel")
        XCTAssertPixel(S.pixel(image, 9, 30), [255, 0, 0, 255], "left of the damage")
        XCTAssertPixel(S.pixel(image, 20, 19), [255, 0, 0, 255], "above the damage")
        XCTAssertPixel(S.pixel(image, 20, 60), [255, 0, 0, 255], "below the damage")
        XCTAssertPixel(S.pixel(image, 40, 30), [255, 0, 0, 255], "right of the damage")
        XCTAssertPixel(S.pixel(image, 80, 80), [255, 0, 0, 255], "far away: not cleared to green")
    }

    func testDamageRenderClearsInsideTheDamageAndDrawsGroups() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let canvas = CGRect(x: 0, y: 0, width: 100, height: 100)
        _ = try S.render(renderer, width: 100, height: 100, quads: [Quad(transform: .identity, rect: canvas, fillColor: S.red)])
        let commands: [DrawCommand] = [
            .beginGroup(S.canvasGroup(width: 100, height: 100, opacity: 0.5)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 30, height: 100), fillColor: S.white)),
            .endGroup,
        ]
        let list = DrawList(pixelWidth: 100, pixelHeight: 100, clearColor: .clear, commands: commands)
        let statistics = try renderer.render(list, damage: PixelRect(x: 20, y: 0, width: 20, height: 100))
        XCTAssertEqual(statistics.offscreenPasses, 1)
        let image = try renderer.readPixels()
        XCTAssertPixel(S.pixel(image, 25, 50), [128, 128, 128, 128], "inside: the group over the clear colour")
        XCTAssertEqual(S.pixel(image, 35, 50)[3], 0, "inside the damage, nothing drawn: cleared")
        XCTAssertPixel(S.pixel(image, 10, 50), [255, 0, 0, 255], "outside: the previous frame")
    }

    /// Several rectangles: encoded once, cleared in one draw and the quad drawn once into all of them.
    func testDamageRegionRedrawsEachRectangleAndNothingBetween() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let canvas = CGRect(x: 0, y: 0, width: 100, height: 100)
        _ = try S.render(renderer, width: 100, height: 100, quads: [Quad(transform: .identity, rect: canvas, fillColor: S.red)])
        let list = DrawList(pixelWidth: 100, pixelHeight: 100, clearColor: S.green,
                            commands: [.quad(Quad(transform: .identity, rect: canvas, fillColor: S.blue))])
        let rects = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 90, y: 90, width: 10, height: 10)]
        let statistics = try renderer.render(list, damageRegion: rects)
        XCTAssertEqual(statistics.drawCalls, 2, "one clearing draw and one draw of the quad, whatever the rectangles")
        XCTAssertEqual(statistics.quads, 1, "encoded once")
        let image = try renderer.readPixels()
        XCTAssertPixel(S.pixel(image, 5, 5), [0, 0, 255, 255], "first rectangle")
        XCTAssertPixel(S.pixel(image, 95, 95), [0, 0, 255, 255], "second rectangle")
        XCTAssertPixel(S.pixel(image, 50, 50), [255, 0, 0, 255], "between them: the previous frame")
        XCTAssertEqual(try renderer.render(list, damageRegion: []).drawCalls, 0)
    }

    func testEmptyDamageDrawsNothing() throws {
        let renderer = try S.makeRenderer(width: 20, height: 20)
        _ = try S.render(renderer, width: 20, height: 20, clear: S.red, quads: [])
        let statistics = try renderer.render(DrawList(pixelWidth: 20, pixelHeight: 20, clearColor: S.blue),
                                             damage: PixelRect(x: 30, y: 0, width: 5, height: 5))
        XCTAssertEqual(statistics.drawCalls, 0)
        XCTAssertPixel(S.pixel(try renderer.readPixels(), 5, 5), [255, 0, 0, 255])
    }
}
