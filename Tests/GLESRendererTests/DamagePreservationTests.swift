import CompositorCore
import CoreGraphics
import Foundation
import GLESRenderer
import XCTest

/// Damage-limited frames change exactly the damaged pixels: inside the region they equal a full
/// render of the new frame, outside it they keep whatever the target held (here a sentinel a
/// full render would erase); only the drawables touching a rectangle are drawn in it.
final class DamagePreservationTests: XCTestCase {
    typealias S = RenderTestSupport

    private func card(x: Double, y: Double, angle: Double = 0, color: PremultipliedColor) -> DrawCommand {
        // Rotated about its centre (x + 10, y + 10).
        let transform = Matrix4.translation(-10, -10).concatenating(S.rotationZ(angle)).concatenating(.translation(x + 10, y + 10))
        return .quad(Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: color,
                          cornerRadii: CornerRadii(uniform: 4)))
    }

    /// Two cards far apart (the first rotated by `angle`), a third card inside a group, and
    /// optionally a white sentinel square between them.
    private func frame(angle: Double, sentinel: Bool = false) -> DrawList {
        var commands = [card(x: 10, y: 10, angle: angle, color: S.red), card(x: 170, y: 70, color: S.blue),
                        .beginGroup(CompositingGroup(transform: .translation(150, 5), rect: CGRect(x: 0, y: 0, width: 30, height: 30),
                                                     pixelWidth: 30, pixelHeight: 30, opacity: 0.5)),
                        card(x: 0, y: 0, color: S.red), .endGroup]
        if sentinel {
            commands.append(.quad(Quad(transform: .translation(100, 45), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                                       fillColor: S.white)))
        }
        return DrawList(pixelWidth: 200, pixelHeight: 100, clearColor: S.green, commands: commands)
    }

    func testOnlyTheDamagedPixelsChangeAndOnlyTheDrawablesTouchingThemAreDrawn() throws {
        let old = frame(angle: 0), new = frame(angle: 0.4)
        let damage = DamageTracker.damage(from: old, to: new)
        let damagedArea = damage.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertGreaterThan(damagedArea, 0)
        XCTAssertLessThan(damagedArea, 40 * 40, "only around the rotated card")

        let renderer = try S.makeRenderer(width: 200, height: 100)
        let before = try renderer.render(frame(angle: 0, sentinel: true))
        XCTAssertEqual(before.offscreenPasses, 1)
        let previous = try renderer.readPixels()
        let statistics = try renderer.render(new, damageRegion: damage)
        XCTAssertEqual(statistics.quads, 1, "the far card, the group and the sentinel cannot touch the damage")
        XCTAssertEqual(statistics.offscreenPasses, 0, "the group is not drawn")
        let damaged = try renderer.readPixels()
        let fresh = try S.makeRenderer(width: 200, height: 100)
        _ = try fresh.render(new)
        let full = try fresh.readPixels()

        var inside = 0
        for y in 0..<100 {
            for x in 0..<200 {
                let isDamaged = damage.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                if isDamaged {
                    inside += 1
                    guard S.pixel(damaged, x, y) == S.pixel(full, x, y) else {
                        return XCTFail("damaged pixel (\(x), \(y)) differs from a full render")
                    }
                } else {
                    guard S.pixel(damaged, x, y) == S.pixel(previous, x, y) else {
                        return XCTFail("pixel (\(x), \(y)) outside the damage changed")
                    }
                }
            }
        }
        XCTAssertEqual(inside, damagedArea, "the rectangles are disjoint")
        XCTAssertEqual(S.pixel(damaged, 105, 50), [255, 255, 255, 255], "the sentinel outside the damage stays")
        XCTAssertEqual(S.pixel(damaged, 180, 80), S.pixel(full, 180, 80), "the unchanged card")
        XCTAssertEqual(S.pixel(damaged, 160, 15), S.pixel(full, 160, 15), "the unchanged group")
        XCTAssertEqual(S.pixel(damaged, 100, 20), S.pixel(full, 100, 20), "between the cards")
        XCTAssertEqual(S.pixel(full, 105, 50), [0, 255, 0, 255], "a full render would have erased the sentinel")
    }

    func testEachRectangleDrawsOnlyTheInstancesThatTouchIt() throws {
        let renderer = try S.makeRenderer(width: 200, height: 100)
        _ = try renderer.render(frame(angle: 0))
        // Two rectangles, each over one of the two plain cards: one draw each, not two.
        let rects = [PixelRect(x: 12, y: 12, width: 6, height: 6), PixelRect(x: 172, y: 72, width: 6, height: 6)]
        let statistics = try renderer.render(frame(angle: 0), damageRegion: rects)
        XCTAssertEqual(statistics.quads, 2)
        XCTAssertEqual(statistics.drawCalls, 2)
        let image = try renderer.readPixels()
        XCTAssertEqual(S.pixel(image, 15, 15), [255, 0, 0, 255])
        XCTAssertEqual(S.pixel(image, 175, 75), [0, 0, 255, 255])
    }
}
