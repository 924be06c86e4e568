import CompositorCore
import CoreGraphics
import CPURenderer
import XCTest

/// Damage-limited frames change exactly the damaged pixels: inside the region they equal a full
/// render of the new frame, outside it they keep whatever the target held (here a sentinel a
/// full render would erase).
final class CPUDamagePreservationTests: XCTestCase {
    typealias S = CPUTestSupport
    private let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)

    private func card(x: Double, y: Double, angle: Double = 0, color: PremultipliedColor) -> DrawCommand {
        // Rotated about its centre (x + 10, y + 10).
        let transform = Matrix4.translation(-10, -10).concatenating(S.rotationZ(angle)).concatenating(.translation(x + 10, y + 10))
        return .quad(Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: color,
                          cornerRadii: CornerRadii(uniform: 4)))
    }

    private func frame(angle: Double, sentinel: Bool = false) -> DrawList {
        var commands = [card(x: 10, y: 10, angle: angle, color: S.red), card(x: 170, y: 70, color: S.blue)]
        if sentinel {
            commands.append(.quad(Quad(transform: .translation(100, 45), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                                       fillColor: white)))
        }
        return DrawList(pixelWidth: 200, pixelHeight: 100, clearColor: S.green, commands: commands)
    }

    func testOnlyTheDamagedPixelsChangeAndOnlyTheDrawablesTouchingThemArePrepared() throws {
        let old = frame(angle: 0), new = frame(angle: 0.4)
        let damage = DamageTracker.damage(from: old, to: new)
        XCTAssertFalse(damage.isEmpty)
        let damagedArea = damage.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertLessThan(damagedArea, 40 * 40, "only around the rotated card (its 20 px square turned by 0.4 rad)")

        let renderer = try CPURenderer(pixelWidth: 200, pixelHeight: 100, threadCount: 2)
        let before = try renderer.render(frame(angle: 0, sentinel: true))
        XCTAssertEqual(before.quads, 3)
        let previous = try renderer.readPixels()
        let statistics = try renderer.render(new, damageRegion: damage)
        XCTAssertEqual(statistics.quads, 1, "the far card and the sentinel cannot touch the damage")
        let damaged = try renderer.readPixels()
        let (full, _) = try S.render(new)

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
        XCTAssertEqual(S.pixel(damaged, 100, 20), S.pixel(full, 100, 20), "between the cards")
        XCTAssertEqual(S.pixel(full, 105, 50), [0, 255, 0, 255], "a full render would have erased the sentinel")
    }

    func testScatteredRectanglesArePaintedInOneFrameWithTheClearColourRestoredInsideEachOnly() throws {
        let renderer = try CPURenderer(pixelWidth: 200, pixelHeight: 100, threadCount: 2)
        _ = try renderer.render(frame(angle: 0, sentinel: true))
        let empty = DrawList(pixelWidth: 200, pixelHeight: 100, clearColor: S.green)
        let rects = (0..<12).map { PixelRect(x: 3 + 16 * $0, y: 2 + 7 * $0, width: 5, height: 4) }
        let statistics = try renderer.render(empty, damageRegion: rects)
        XCTAssertEqual(statistics.quads, 0)
        let image = try renderer.readPixels()
        for r in rects {
            XCTAssertEqual(S.pixel(image, r.x, r.y), [0, 255, 0, 255])
            XCTAssertEqual(S.pixel(image, r.x + r.width - 1, r.y + r.height - 1), [0, 255, 0, 255])
        }
        XCTAssertEqual(S.pixel(image, 20, 20), [255, 0, 0, 255], "the red card between the rectangles stays")
        XCTAssertEqual(S.pixel(image, 105, 50), [255, 255, 255, 255], "the sentinel stays")
    }
}
