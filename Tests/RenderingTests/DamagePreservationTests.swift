import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// Damage-limited frames change exactly the damaged pixels, on both renderers: inside the region
/// they equal a full render of the new frame, outside it they keep whatever the target held
/// (here a sentinel a full render would erase); drawables that cannot touch the damage are not
/// drawn, and a group outside it costs no offscreen pass.
final class DamagePreservationTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private let red = Probes.red, green = Probes.green, blue = Probes.blue
    private let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)

    private func makeGLES() throws -> FrameRenderer {
        SoftwareGL.useUnlessConfigured()
        return try GLESRenderer(pixelWidth: 200, pixelHeight: 100)
    }

    private func makeCPU() throws -> FrameRenderer {
        try CPURenderer(pixelWidth: 200, pixelHeight: 100, threadCount: 2)
    }

    /// A 20 px rounded card at (x, y), rotated by `angle` about its centre.
    private func card(x: Double, y: Double, angle: Double = 0, color: PremultipliedColor) -> DrawCommand {
        let transform = Matrix4.translation(-10, -10).concatenating(Probes.rotationZ(angle)).concatenating(.translation(x + 10, y + 10))
        return .quad(Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: color,
                          cornerRadii: CornerRadii(uniform: 4)))
    }

    /// Two cards far apart (the first rotated by `angle`), a third card inside a group, and
    /// optionally a white sentinel square between them.
    private func frame(angle: Double, sentinel: Bool = false) -> DrawList {
        var commands = [card(x: 10, y: 10, angle: angle, color: red), card(x: 170, y: 70, color: blue),
                        .beginGroup(CompositingGroup(transform: .translation(150, 5), rect: CGRect(x: 0, y: 0, width: 30, height: 30),
                                                     pixelWidth: 30, pixelHeight: 30, opacity: 0.5)),
                        card(x: 0, y: 0, color: red), .endGroup]
        if sentinel {
            commands.append(.quad(Quad(transform: .translation(100, 45), rect: CGRect(x: 0, y: 0, width: 10, height: 10),
                                       fillColor: white)))
        }
        return DrawList(pixelWidth: 200, pixelHeight: 100, clearColor: green, commands: commands)
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] { Probes.pixel(image, x, y) }

    func testGLESChangesExactlyTheDamagedPixels() throws {
        try checkOnlyTheDamagedPixelsChange(try makeGLES(), fresh: try makeGLES())
    }

    func testCPUChangesExactlyTheDamagedPixels() throws {
        try checkOnlyTheDamagedPixelsChange(try makeCPU(), fresh: try makeCPU())
    }

    private func checkOnlyTheDamagedPixelsChange(_ renderer: FrameRenderer, fresh: FrameRenderer,
                                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let old = frame(angle: 0), new = frame(angle: 0.4)
        let damage = DamageTracker.damage(from: old, to: new)
        let damagedArea = damage.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertGreaterThan(damagedArea, 0, file: file, line: line)
        XCTAssertLessThan(damagedArea, 40 * 40, "only around the rotated card", file: file, line: line)

        _ = try renderer.render(frame(angle: 0, sentinel: true))
        let previous = try renderer.readPixels()
        let statistics = try renderer.render(new, damageRegion: damage)
        XCTAssertEqual(statistics.quads, 1, "the far card, the group and the sentinel cannot touch the damage", file: file, line: line)
        XCTAssertEqual(statistics.offscreenPasses, 0, "the group is not drawn", file: file, line: line)
        let damaged = try renderer.readPixels()
        _ = try fresh.render(new)
        let full = try fresh.readPixels()

        var inside = 0
        for y in 0..<100 {
            for x in 0..<200 {
                let isDamaged = damage.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                let expected = isDamaged ? full : previous
                inside += isDamaged ? 1 : 0
                guard pixel(damaged, x, y) == pixel(expected, x, y) else {
                    return XCTFail(isDamaged ? "damaged pixel (\(x), \(y)) differs from a full render"
                                             : "pixel (\(x), \(y)) outside the damage changed", file: file, line: line)
                }
            }
        }
        XCTAssertEqual(inside, damagedArea, "the rectangles are disjoint", file: file, line: line)
        XCTAssertEqual(pixel(damaged, 105, 50), [255, 255, 255, 255], "the sentinel outside the damage stays", file: file, line: line)
        XCTAssertEqual(pixel(damaged, 180, 80), pixel(full, 180, 80), "the unchanged card", file: file, line: line)
        XCTAssertEqual(pixel(damaged, 160, 15), pixel(full, 160, 15), "the unchanged group", file: file, line: line)
        XCTAssertEqual(pixel(full, 105, 50), [0, 255, 0, 255], "a full render would have erased the sentinel", file: file, line: line)
    }

    func testGLESRestoresTheClearColourInsideEachScatteredRectangleOnly() throws {
        try checkScatteredRectangles(try makeGLES())
    }

    func testCPURestoresTheClearColourInsideEachScatteredRectangleOnly() throws {
        try checkScatteredRectangles(try makeCPU())
    }

    private func checkScatteredRectangles(_ renderer: FrameRenderer, file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try renderer.render(frame(angle: 0, sentinel: true))
        let empty = DrawList(pixelWidth: 200, pixelHeight: 100, clearColor: green)
        let rects = (0..<12).map { PixelRect(x: 3 + 16 * $0, y: 2 + 7 * $0, width: 5, height: 4) }
        let statistics = try renderer.render(empty, damageRegion: rects)
        XCTAssertEqual(statistics.quads, 0, file: file, line: line)
        let image = try renderer.readPixels()
        for r in rects {
            XCTAssertEqual(pixel(image, r.x, r.y), [0, 255, 0, 255], file: file, line: line)
            XCTAssertEqual(pixel(image, r.x + r.width - 1, r.y + r.height - 1), [0, 255, 0, 255], file: file, line: line)
        }
        XCTAssertEqual(pixel(image, 20, 20), [255, 0, 0, 255], "the red card between the rectangles stays", file: file, line: line)
        XCTAssertEqual(pixel(image, 105, 50), [255, 255, 255, 255], "the sentinel stays", file: file, line: line)
    }

    func testGLESDrawsInEachRectangleOnlyTheInstancesThatTouchIt() throws {
        let renderer = try makeGLES()
        _ = try renderer.render(frame(angle: 0))
        // Two rectangles, each over one of the two plain cards: one clearing draw and one quad draw.
        let rects = [PixelRect(x: 12, y: 12, width: 6, height: 6), PixelRect(x: 172, y: 72, width: 6, height: 6)]
        let statistics = try renderer.render(frame(angle: 0), damageRegion: rects)
        XCTAssertEqual(statistics.quads, 2)
        XCTAssertEqual(statistics.drawCalls, 2)
        let image = try renderer.readPixels()
        XCTAssertEqual(pixel(image, 15, 15), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 175, 75), [0, 0, 255, 255])
    }
}
