import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Plain hard-edged sprites are prepared in their lean form (`PreparedSprite`) and paint exactly
/// the bytes of the general form (`PreparedQuad` with its `SpriteSampling`), in painter's order
/// with general quads. (That the AVX2 row spans equal `RowBounds.span` is checked with the other
/// AVX2 kernel in `CPUSpriteKernelTests`.)
final class CPULeanSpriteTests: XCTestCase {
    private static let canvas = (width: 97, height: 71)

    /// The quads prepared as the renderer prepares them (lean sprites where they apply).
    private static func lean(_ quads: [(Quad, TextureBinding?)], clips: [PreparedClip] = []) -> PreparedQuadList {
        var list = PreparedQuadList()
        clips.withUnsafeBufferPointer { pointer in
            for (quad, binding) in quads {
                list.append(quad, texture: binding, clips: pointer, canvasWidth: canvas.width, canvasHeight: canvas.height)
            }
        }
        return list
    }

    /// The same quads all in the general form.
    private static func general(_ quads: [(Quad, TextureBinding?)], clips: [PreparedClip] = []) -> PreparedQuadList {
        clips.withUnsafeBufferPointer { pointer in
            PreparedQuadList(quads.compactMap {
                PreparedQuad($0.0, texture: $0.1, clips: pointer, canvasWidth: canvas.width, canvasHeight: canvas.height)
            })
        }
    }

    /// Paints `list` over random bytes from `seed` (any destination blends the same on both forms).
    private static func paint(_ list: PreparedQuadList, seed: UInt64, clips: [PreparedClip] = []) -> [UInt32] {
        let buffer = PixelBuffer(width: canvas.width, height: canvas.height)
        var generator = SeededGenerator(seed: seed)
        for offset in 0..<canvas.width * canvas.height { buffer.pixels[offset] = UInt32(truncatingIfNeeded: generator.next()) }
        BandPainter(threadCount: 1).paint(list, clips: clips, into: buffer,
                                          region: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), clear: nil)
        return Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height))
    }

    private func assertSameBytes(_ a: [UInt32], _ b: [UInt32], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        if let first = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            XCTFail(String(format: "%@: pixel (%d, %d) is %08X lean, %08X general", what, first.offset % Self.canvas.width,
                           first.offset / Self.canvas.width, first.element.0, first.element.1), file: file, line: line)
        }
    }

    func testLeanSpritesPaintTheGeneralFormsBytes() throws {
        var generator = SeededGenerator(seed: 29)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var lean = 0, changed = 0, rotated = 0
        for index in 0..<120 {
            let filter: TextureFilter = [.linear, .trilinear, .nearest][index % 3]
            let angle = index % 4 == 3 ? random(-3...3) : 0
            var quad = SpriteFixtures.sprite(SpriteFixtures.placed(x: random(-20...Double(Self.canvas.width)), y: random(-15...Double(Self.canvas.height)),
                                               scaleX: random(0.1...2.5) * (index % 7 == 0 ? -1 : 1),
                                               scaleY: random(0.1...2.5) * (index % 5 == 0 ? -1 : 1), angle: angle),
                                   width: random(3...40), height: random(3...40),
                                   opacity: index % 4 == 0 ? 1 : Float(random(0.05...1)), filter: filter)
            if index % 6 == 1 {
                quad.textureTint = PremultipliedColor(red: Float(random(0...1)), green: Float(random(0...1)),
                                                      blue: Float(random(0...1)), alpha: Float(random(0...1)))
            }
            let unitRect = index % 5 == 2 ? CGRect(x: 0.2, y: 0.15, width: 0.6, height: 0.5) : CGRect(x: 0, y: 0, width: 1, height: 1)
            let quads = [(quad, SpriteFixtures.binding(quad, unitRect: unitRect))]
            let leanList = Self.lean(quads), generalList = Self.general(quads)
            XCTAssertEqual(leanList.count, generalList.count, "case \(index): both forms draw it, or neither")
            if let prepared = generalList.quads.first, let sampling = prepared.sprite {
                XCTAssertEqual(leanList.sprites.count, 1, "case \(index): a plain hard-edged sprite is prepared lean")
                XCTAssertEqual(leanList.sprites.first?.sampling.usesWideKernel, sampling.usesWideKernel)
                if prepared.preciseInverse.m.1 != 0 { rotated += 1 }
            } else {
                XCTAssertTrue(leanList.sprites.isEmpty, "case \(index): what the general form paints by its shader stays general")
            }
            lean += leanList.sprites.count
            let seed = UInt64(index)
            let painted = Self.paint(leanList, seed: seed), expected = Self.paint(generalList, seed: seed)
            assertSameBytes(painted, expected, "case \(index)")
            changed += zip(painted, Self.paint(PreparedQuadList(), seed: seed)).filter { $0 != $1 }.count
        }
        // The cases exercise what they are meant to: many lean sprites, turned ones, many pixels.
        XCTAssertGreaterThan(lean, 60)
        XCTAssertGreaterThan(rotated, 10)
        XCTAssertGreaterThan(changed, 15000)
    }

    /// Lean sprites and general quads keep painter's order: overlapping, each covers what is below.
    func testMixedListKeepsPaintersOrder() {
        var quads: [(Quad, TextureBinding?)] = []
        for k in 0..<12 {
            let transform = SpriteFixtures.placed(x: 5 + 6 * Double(k), y: 4 + 4 * Double(k % 5), scaleX: 1.3, scaleY: 1.1)
            if k % 3 == 1 {
                // A solid card with rounded corners (general) between sprites.
                quads.append((Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 16),
                                   fillColor: PremultipliedColor(red: 0.2, green: 0.5, blue: 0.3, alpha: 0.9),
                                   cornerRadii: CornerRadii(uniform: 4), opacity: 0.9), nil))
            } else {
                let quad = SpriteFixtures.sprite(transform, opacity: k % 2 == 0 ? 1 : 0.7)
                quads.append((quad, SpriteFixtures.binding(quad)))
            }
        }
        let leanList = Self.lean(quads)
        XCTAssertEqual(leanList.sprites.count, 8)
        XCTAssertEqual(leanList.quads.count, 4)
        XCTAssertEqual(leanList.entries.map { $0.record >= 0 }, (0..<12).map { $0 % 3 == 1 }, "entries follow the quads' order")
        assertSameBytes(Self.paint(leanList, seed: 3), Self.paint(Self.general(quads), seed: 3), "mixed list")
    }

    /// Only plain hard-edged sprites are lean: antialiased edges, corners, borders, fills,
    /// gradients, clips, blurs and additive blending keep the general form; a sprite that draws
    /// nothing is left out as the general form leaves it out.
    func testWhatIsNotAPlainHardEdgedSpriteStaysGeneral() throws {
        let base = SpriteFixtures.sprite(SpriteFixtures.placed(x: 30, y: 20))
        var variants: [(String, Quad)] = []
        var q = base; q.antialiasedEdges = 0xF; variants.append(("antialiased", q))
        q = base; q.antialiasedEdges = 0x1; variants.append(("one antialiased edge", q))
        q = base; q.cornerRadii = CornerRadii(uniform: 3); variants.append(("corners", q))
        q = base; q.borderWidth = 1; q.borderColor = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1); variants.append(("border", q))
        q = base; q.fillColor = PremultipliedColor(red: 0.1, green: 0, blue: 0, alpha: 0.1); variants.append(("fill", q))
        q = base; q.gradient = GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1), stops: []); variants.append(("gradient", q))
        q = base; q.clipIndex = 0; variants.append(("clip", q))
        q = base; q.blurSigma = 2; variants.append(("blur", q))
        q = base; q.blendMode = .plusLighter; variants.append(("additive", q))
        var perspective = SpriteFixtures.placed(x: 30, y: 20); perspective.m14 = 0.002
        variants.append(("perspective", SpriteFixtures.sprite(perspective)))
        let clip = PreparedClip(Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 40)), index: 0, count: 1)
        for (name, quad) in variants {
            let list = Self.lean([(quad, SpriteFixtures.binding(quad))], clips: [clip])
            XCTAssertTrue(list.sprites.isEmpty, name)
            XCTAssertEqual(list.quads.count, 1, name)
        }
        XCTAssertEqual(Self.lean([(base, SpriteFixtures.binding(base))], clips: [clip]).sprites.count, 1, "the plain sprite is lean")
        // A clip index outside the list's clips clips nothing, in both forms.
        q = base; q.clipIndex = 5
        XCTAssertEqual(Self.lean([(q, SpriteFixtures.binding(q))]).sprites.count, 1)
        var hidden: [(String, Quad)] = []
        q = base; q.opacity = 0; hidden.append(("transparent", q))
        hidden.append(("off the canvas", SpriteFixtures.sprite(SpriteFixtures.placed(x: -200, y: 20))))
        q = SpriteFixtures.sprite(SpriteFixtures.placed(x: 30, y: 20, scaleX: -1)); q.isDoubleSided = false; hidden.append(("facing away", q))
        hidden.append(("edge-on", SpriteFixtures.sprite(SpriteFixtures.placed(x: 30, y: 20, scaleX: 0))))
        for (name, quad) in hidden {
            XCTAssertEqual(Self.lean([(quad, SpriteFixtures.binding(quad))]).count, 0, name)
            XCTAssertEqual(Self.general([(quad, SpriteFixtures.binding(quad))]).count, 0, name)
        }
    }
}
