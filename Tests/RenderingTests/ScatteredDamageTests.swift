import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// Many scattered changes in a crowded frame, as S1 with 1% of its layers animating gives at scale: the
/// damage tracker's rectangles, redrawn by a damage-limited frame on each renderer, give inside
/// the damage the pixels of a full render of the new frame, byte for byte, and outside it the
/// previous frame's. The cards are placed by a seeded generator, so every run draws the same frames.
final class ScatteredDamageTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private let width = 240, height = 180

    /// One card of the frame: where it sits, its size, colour and turn.
    private struct Card {
        var x: Double, y: Double, size: Double, angle: Double, opacity: Float
        var color: PremultipliedColor
    }

    private func cards(count: Int, seed: UInt64) -> [Card] {
        var generator = SeededGenerator(seed: seed)
        let palette = [Probes.red, Probes.green, Probes.blue, PremultipliedColor(red: 0.5, green: 0.25, blue: 0, alpha: 0.5)]
        return (0..<count).map { _ in
            Card(x: Double.random(in: -8..<Double(width), using: &generator), y: Double.random(in: -8..<Double(height), using: &generator),
                 size: Double.random(in: 4..<18, using: &generator), angle: Double.random(in: 0..<1, using: &generator),
                 opacity: Float.random(in: 0.4...1, using: &generator), color: palette[Int.random(in: 0..<palette.count, using: &generator)])
        }
    }

    /// The cards as rounded, rotated, translucent quads over an opaque clear colour; every
    /// fiftieth card's quad is drawn inside a small group, so groups are skipped or redrawn too.
    private func frame(_ cards: [Card]) -> DrawList {
        var commands: [DrawCommand] = []
        for (index, card) in cards.enumerated() {
            let half = card.size / 2
            let spin = Matrix4.translation(-half, -half).concatenating(Probes.rotationZ(card.angle))
            let quad = Quad(transform: spin.concatenating(.translation(card.x + half, card.y + half)),
                            rect: CGRect(x: 0, y: 0, width: card.size, height: card.size), fillColor: card.color,
                            cornerRadii: CornerRadii(uniform: Float(card.size / 5)), opacity: card.opacity)
            if index % 50 == 49 {
                let side = Int(card.size.rounded(.up)) + 8
                var inner = quad
                inner.transform = spin.concatenating(.translation(half + 4, half + 4))
                commands += [.beginGroup(CompositingGroup(transform: .translation(card.x - 4, card.y - 4),
                                                          rect: CGRect(x: 0, y: 0, width: side, height: side),
                                                          pixelWidth: side, pixelHeight: side, opacity: 0.75)),
                             .quad(inner), .endGroup]
            } else {
                commands.append(.quad(quad))
            }
        }
        return DrawList(pixelWidth: width, pixelHeight: height, clearColor: PremultipliedColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1),
                        commands: commands)
    }

    /// Moves and turns every `stride`th card (beginning at `offset`) a little.
    private func animated(_ cards: [Card], stride: Int, offset: Int) -> [Card] {
        var moved = cards
        for index in Swift.stride(from: offset, to: cards.count, by: stride) {
            moved[index].x += 3; moved[index].y -= 2; moved[index].angle += 0.35
        }
        return moved
    }

    /// Renders `old`, then `new` limited to the tracker's damage, on `renderer`; compares with a
    /// full render of `new` on `fresh` inside the damage and with `old` outside it.
    /// `tolerance`: the levels per channel a damaged pixel may differ by (the GLES renderer draws
    /// a damage-limited canvas with its `.damage` shader variant, which llvmpipe and NVIDIA may
    /// round one level differently, as `ManyRectangleDamageTests` allows); outside the damage none.
    private func checkDamagedFrame(_ renderer: FrameRenderer, fresh: FrameRenderer, old: DrawList, new: DrawList,
                                   minimumRectangles: Int, tolerance: Int,
                                   file: StaticString = #filePath, line: UInt = #line) throws {
        let damage = DamageTracker.damage(from: old, to: new)
        XCTAssertGreaterThanOrEqual(damage.count, minimumRectangles, "the changes stay scattered", file: file, line: line)
        _ = try renderer.render(old)
        let previous = try renderer.readPixels()
        _ = try renderer.render(new, damageRegion: damage)
        let damaged = try renderer.readPixels()
        _ = try fresh.render(new)
        let full = try fresh.readPixels()
        let covered = coverage(of: damage)
        var differing = 0, firstDifference = ""
        for y in 0..<height {
            for x in 0..<width {
                let isDamaged = covered[y * width + x]
                let expected = Probes.pixel(isDamaged ? full : previous, x, y), got = Probes.pixel(damaged, x, y)
                let allowed = isDamaged ? tolerance : 0
                if !zip(got, expected).allSatisfy({ abs($0 - $1) <= allowed }) {
                    if differing == 0 {
                        firstDifference = "(\(x), \(y)) \(isDamaged ? "inside" : "outside") the damage is \(got), expected \(expected)"
                    }
                    differing += 1
                }
            }
        }
        XCTAssertEqual(differing, 0, "first: \(firstDifference)", file: file, line: line)
        // The frames differ inside the damage, so a renderer that redrew nothing would fail above.
        XCTAssertNotEqual(previous.data, full.data, file: file, line: line)
    }

    /// Whether each canvas pixel (row by row) lies inside one of `rects`.
    private func coverage(of rects: [PixelRect]) -> [Bool] {
        var covered = [Bool](repeating: false, count: width * height)
        for r in rects {
            for y in max(0, r.y)..<max(0, min(height, r.y + r.height)) {
                for x in max(0, r.x)..<max(0, min(width, r.x + r.width)) { covered[y * width + x] = true }
            }
        }
        return covered
    }

    private func makeGLES() throws -> FrameRenderer {
        SoftwareGL.useUnlessConfigured()
        return try GLESRenderer(pixelWidth: width, pixelHeight: height)
    }

    private func makeCPU() throws -> FrameRenderer { try CPURenderer(pixelWidth: width, pixelHeight: height, threadCount: 2) }

    /// 600 cards, 2% of them moving: a score of scattered rectangles in a crowded frame.
    private func scatteredFrames(seed: UInt64) -> (DrawList, DrawList) {
        let before = cards(count: 600, seed: seed)
        return (frame(before), frame(animated(before, stride: 50, offset: Int(seed % 50))))
    }

    func testGLESScatteredDamageEqualsAFullRender() throws {
        for seed: UInt64 in [7, 42] {
            let (old, new) = scatteredFrames(seed: seed)
            try checkDamagedFrame(try makeGLES(), fresh: try makeGLES(), old: old, new: new, minimumRectangles: 8, tolerance: 1)
        }
    }

    func testCPUScatteredDamageEqualsAFullRender() throws {
        for seed: UInt64 in [7, 42] {
            let (old, new) = scatteredFrames(seed: seed)
            try checkDamagedFrame(try makeCPU(), fresh: try makeCPU(), old: old, new: new, minimumRectangles: 8, tolerance: 0)
        }
    }

    /// Random rectangles of any size, overlapping or reaching off the canvas, as a caller may pass
    /// them: every pixel inside one is the new frame's (overlaps blend once, not twice); a pixel
    /// outside them is the previous frame's, or the new frame's where a renderer merged
    /// rectangles into a larger one.
    private func checkRandomRectangles(tolerance: Int, _ make: () throws -> FrameRenderer) throws {
        var generator = SeededGenerator(seed: 99)
        let (old, new) = scatteredFrames(seed: 3)
        for _ in 0..<2 {
            let rects = (0..<Int.random(in: 20...200, using: &generator)).map { _ in
                PixelRect(x: Int.random(in: -10..<width, using: &generator), y: Int.random(in: -10..<height, using: &generator),
                          width: Int.random(in: 1...40, using: &generator), height: Int.random(in: 1...30, using: &generator))
            }
            let renderer = try make(), fresh = try make()
            _ = try renderer.render(old)
            let previous = try renderer.readPixels()
            _ = try renderer.render(new, damageRegion: rects)
            let damaged = try renderer.readPixels()
            _ = try fresh.render(new)
            let full = try fresh.readPixels()
            let covered = coverage(of: rects)
            var differing = 0
            for y in 0..<height {
                for x in 0..<width {
                    let isDamaged = covered[y * width + x]
                    let got = Probes.pixel(damaged, x, y), new = Probes.pixel(full, x, y)
                    let isNew = zip(got, new).allSatisfy { abs($0 - $1) <= tolerance }
                    if !(isNew || (!isDamaged && got == Probes.pixel(previous, x, y))) { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "\(rects.count) rectangles")
        }
    }

    func testGLESRandomRectanglesEqualAFullRenderInsideAndThePreviousFrameOutside() throws {
        try checkRandomRectangles(tolerance: 1, makeGLES)
    }

    func testCPURandomRectanglesEqualAFullRenderInsideAndThePreviousFrameOutside() throws {
        try checkRandomRectangles(tolerance: 0, makeCPU)
    }
}
