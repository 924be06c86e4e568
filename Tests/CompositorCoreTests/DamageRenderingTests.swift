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

    /// Forty scattered rectangles become at most eight disjoint passes that cover every one of them.
    func testScatteredRectanglesAreCappedToFewDisjointPassesCoveringThemAll() throws {
        let renderer = RecordingRenderer()
        let rects = (0..<40).map { k in PixelRect(x: (k * 37) % 90, y: (k * 53) % 90, width: 3 + k % 5, height: 4 + k % 3) }
        let statistics = try renderer.render(list, damageRegion: rects)
        XCTAssertLessThanOrEqual(renderer.damages.count, DamagePasses.defaultMaximumCount)
        XCTAssertGreaterThan(renderer.damages.count, 1, "not one pass over their union")
        XCTAssertEqual(statistics.drawCalls, renderer.damages.count)
        for (i, a) in renderer.damages.enumerated() {
            for b in renderer.damages[(i + 1)...] { XCTAssertTrue(a.intersection(b).isEmpty, "\(a) overlaps \(b)") }
        }
        for rect in rects {
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) {
                    XCTAssertTrue(renderer.damages.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height },
                                  "pixel (\(x), \(y)) of \(rect) is redrawn")
                }
            }
        }
        let passes = renderer.damages.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertLessThan(passes, 100 * 100, "less than the union of everything")
    }
}
