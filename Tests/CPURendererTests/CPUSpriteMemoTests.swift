import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// A lean sprite prepared into a slot that kept the same sprite's memo (`SpriteMemo`: the last
/// frame's, moved by a translation only) reuses its sampling and local planes, and its record,
/// entry and pixels are exactly those of a fresh preparation; any other change prepares it afresh.
final class CPUSpriteMemoTests: XCTestCase {
    private static let canvas = (width: 83, height: 67)

    private static func append(_ quad: Quad, texture: Texture = SpriteFixtures.texture, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1),
                               to list: inout PreparedQuadList) {
        let binding = TextureBinding(texture: texture, unitRect: unitRect, minification: quad.texture!.minificationFilter,
                                     magnification: quad.texture!.magnificationFilter)
        [PreparedClip]().withUnsafeBufferPointer { clips in
            list.append(quad, texture: binding, clips: clips, canvasWidth: canvas.width, canvasHeight: canvas.height)
        }
    }

    /// `quad` prepared into `kept` (which prepared `last` into the same slot last frame) and into a
    /// fresh list: the same entry, record and pixels; answers whether `kept` reused the memo.
    private func assertSameAsFresh(_ quad: Quad, after last: Quad, texture: Texture = SpriteFixtures.texture,
                                   unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1), seed: UInt64, _ what: String,
                                   file: StaticString = #filePath, line: UInt = #line) -> Bool {
        var kept = PreparedQuadList()
        Self.append(last, to: &kept)
        kept.removeAll(expecting: 1)
        Self.append(quad, texture: texture, unitRect: unitRect, to: &kept)
        var fresh = PreparedQuadList()
        Self.append(quad, texture: texture, unitRect: unitRect, to: &fresh)
        XCTAssertEqual(kept.count, fresh.count, what, file: file, line: line)
        XCTAssertEqual(kept.sprites.count, fresh.sprites.count, what, file: file, line: line)
        for (a, b) in zip(kept.entries, fresh.entries) {
            XCTAssertTrue((a.minX, a.minY, a.maxX, a.maxY, a.record) == (b.minX, b.minY, b.maxX, b.maxY, b.record), what, file: file, line: line)
        }
        for (a, b) in zip(kept.sprites, fresh.sprites) {
            XCTAssertEqual(a.inverse, b.inverse, what, file: file, line: line)
            XCTAssertTrue(a.bounds == b.bounds, what, file: file, line: line)
            XCTAssertEqual(a.sampling.usesWideKernel, b.sampling.usesWideKernel, what, file: file, line: line)
            XCTAssertEqual(a.sampling.rows.fieldBits, b.sampling.rows.fieldBits, "\(what): rows", file: file, line: line)
            for y in -2..<Self.canvas.height + 2 {
                XCTAssertTrue(a.sampling.rows.span(row: y, from: 0, to: Self.canvas.width) == b.sampling.rows.span(row: y, from: 0, to: Self.canvas.width),
                              "\(what): row \(y)", file: file, line: line)
            }
        }
        XCTAssertEqual(Self.paint(kept, seed: seed), Self.paint(fresh, seed: seed), "\(what): pixels", file: file, line: line)
        return kept.reusedSprites == 1
    }

    private static func paint(_ list: PreparedQuadList, seed: UInt64) -> [UInt32] {
        let buffer = PixelBuffer(width: canvas.width, height: canvas.height)
        var generator = SeededGenerator(seed: seed)
        for offset in 0..<canvas.width * canvas.height { buffer.pixels[offset] = UInt32(truncatingIfNeeded: generator.next()) }
        BandPainter(threadCount: 1).paint(list, clips: [], into: buffer, region: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height),
                                          clear: nil)
        return Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height))
    }

    /// Sprites of every kind (scaled, turned, mirrored, minified through mipmaps, translucent,
    /// tinted, in part off the canvas) moved by random translations keep their memo and give a
    /// fresh preparation's record and pixels.
    func testTranslatedSpriteReusesItsMemoAndMatchesAFreshPreparation() {
        var generator = SeededGenerator(seed: 31)
        func random(_ range: ClosedRange<Double>) -> Double { range.lowerBound + (range.upperBound - range.lowerBound) * Double(generator.next(1 << 20)) / Double(1 << 20) }
        var reused = 0
        for index in 0..<120 {
            let filter: TextureFilter = [.linear, .nearest, .trilinear][index % 3]
            let angle = index % 4 == 0 ? random(-3...3) : 0
            let scaleX = random(0.2...2.5) * (index % 5 == 0 ? -1 : 1), scaleY = random(0.2...2.5)
            var quad = SpriteFixtures.sprite(.identity, width: random(1...40), height: random(1...40), opacity: index % 2 == 0 ? 1 : Float(random(0.1...1)),
                                             filter: filter)
            if index % 7 == 0 { quad.textureTint = PremultipliedColor(red: 0.5, green: 0.25, blue: 0.75, alpha: 0.8) }
            var last = quad
            last.transform = SpriteFixtures.placed(x: random(-20...90), y: random(-20...80), scaleX: scaleX, scaleY: scaleY, angle: angle)
            quad.transform = last.transform
            quad.transform.m41 = random(-20...90); quad.transform.m42 = index % 3 == 0 ? last.transform.m42 : random(-20...80)
            if assertSameAsFresh(quad, after: last, seed: UInt64(index), "case \(index)") { reused += 1 }
        }
        // Most sprites lie on the canvas in both frames, and every such one reuses its memo.
        XCTAssertGreaterThan(reused, 60)
    }

    /// A sprite off the canvas for a frame leaves its slot's memo as it was: back on the
    /// canvas, it reuses it.
    func testMemoOutlivesAFrameOffTheCanvas() {
        let onCanvas = SpriteFixtures.sprite(SpriteFixtures.placed(x: 10, y: 12, scaleX: 1.5, scaleY: 0.75))
        var off = onCanvas, back = onCanvas
        off.transform.m41 = 500
        back.transform.m41 = 31.7
        var list = PreparedQuadList()
        Self.append(onCanvas, to: &list)
        list.removeAll(expecting: 1)
        Self.append(off, to: &list)
        XCTAssertEqual(list.count, 0)
        list.removeAll(expecting: 1)
        Self.append(back, to: &list)
        XCTAssertEqual(list.reusedSprites, 1)
        var fresh = PreparedQuadList()
        Self.append(back, to: &fresh)
        XCTAssertEqual(Self.paint(list, seed: 3), Self.paint(fresh, seed: 3))
    }

    /// Any input of the sampling or the local planes other than the translation prepares the
    /// sprite afresh: the texture, the part of it bound, a filter, the rect, the opacity, the
    /// tint, the scale or a turn.
    func testAnyOtherChangePreparesAfresh() {
        let last = SpriteFixtures.sprite(SpriteFixtures.placed(x: 20, y: 15, scaleX: 1.25, scaleY: 1.25), opacity: 0.75)
        XCTAssertTrue(assertSameAsFresh(last, after: last, seed: 1, "unchanged"))
        let other = SpriteFixtures.noise(seed: 77, width: 47, height: 41) { x, _ in x % 9 == 0 }
        XCTAssertFalse(assertSameAsFresh(last, after: last, texture: other, seed: 2, "another texture"))
        XCTAssertFalse(assertSameAsFresh(last, after: last, unitRect: CGRect(x: 0.25, y: 0, width: 0.5, height: 1), seed: 3, "unit rect"))
        var changes: [(String, Quad)] = []
        var quad = last
        quad.texture!.minificationFilter = .trilinear
        changes.append(("filter", quad))
        quad = last; quad.rect.size.width += 1e-9
        changes.append(("rect", quad))
        quad = last; quad.opacity = 0.7500001
        changes.append(("opacity", quad))
        quad = last; quad.textureTint = PremultipliedColor(red: 1, green: 1, blue: 0.5, alpha: 1)
        changes.append(("tint", quad))
        quad = last; quad.transform.m11 *= 1.0000001
        changes.append(("scale", quad))
        quad = SpriteFixtures.sprite(SpriteFixtures.placed(x: 20, y: 15, scaleX: 1.25, scaleY: 1.25, angle: 1e-9), opacity: 0.75)
        changes.append(("turn", quad))
        // Each entry of the inverse's linear part alone: shears along one axis change one entry.
        quad = last; quad.transform.m12 = 0.3
        changes.append(("shear of y by x", quad))
        quad = last; quad.transform.m21 = 0.3
        changes.append(("shear of x by y", quad))
        quad = last; quad.transform.m22 *= 1.0000001
        changes.append(("scale of y", quad))
        for (what, changed) in changes {
            XCTAssertFalse(assertSameAsFresh(changed, after: last, seed: 4, what), what)
        }
    }
}
