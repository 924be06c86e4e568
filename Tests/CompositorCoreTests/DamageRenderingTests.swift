import XCTest
import CoreGraphics
@testable import CompositorCore

/// A renderer that records the damage it was asked to redraw.
private final class RecordingRenderer: FrameRenderer {
    var fullFrames = 0
    var damages: [PixelRect] = []
    func render(_ list: DrawList) throws -> RenderStatistics {
        fullFrames += 1
        var s = RenderStatistics(); s.drawCalls = 1; return s
    }
    func render(_ list: DrawList, damage: PixelRect) throws -> RenderStatistics {
        damages.append(damage)
        var s = RenderStatistics(); s.drawCalls = 1; return s
    }
    func readPixels() throws -> CGImage { throw CGImageError.invalidData("nothing rendered") }
}

final class DamageRenderingTests: XCTestCase {
    private let list = DrawList(pixelWidth: 100, pixelHeight: 100)

    func testNoDamageDrawsNothing() throws {
        let renderer = RecordingRenderer()
        let statistics = try renderer.render(list, damageRegion: [])
        XCTAssertEqual(statistics.drawCalls, 0)
        XCTAssertEqual(renderer.damages, [])
        XCTAssertEqual(renderer.fullFrames, 0)
    }

    func testCloseRectanglesAreDrawnAsTheirUnionAndScatteredOnesApart() throws {
        let renderer = RecordingRenderer()
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10), b = PixelRect(x: 10, y: 0, width: 10, height: 10)
        _ = try renderer.render(list, damageRegion: [a, b])
        XCTAssertEqual(renderer.damages, [PixelRect(x: 0, y: 0, width: 20, height: 10)], "they fill their union")
        renderer.damages = []
        let far = PixelRect(x: 90, y: 90, width: 10, height: 10)
        let statistics = try renderer.render(list, damageRegion: [a, far])
        XCTAssertEqual(renderer.damages, [a, far], "one pass each: the union would be 50 times their area")
        XCTAssertEqual(statistics.drawCalls, 2, "statistics add up")
    }
}
