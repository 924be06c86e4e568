import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Plain hard-edged sprites are prepared in their lean form (`PreparedSprite`) and paint exactly
/// the bytes of the general form (`PreparedQuad` with its `SpriteSampling`), in painter's order
/// with general quads; the AVX2 row spans equal `RowBounds.span`.
final class CPULeanSpriteTests: XCTestCase {
    private static let canvas = (width: 97, height: 71)

    /// Premultiplied noise with clear patches, and mipmaps.
    private static let noise: Texture = {
        var generator = SeededGenerator(seed: 5)
        let width = 47, height = 41
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt32(generator.next(256))
                let clear = (x / 8 + y / 6) % 5 == 0
                func channel() -> UInt32 { UInt32(generator.next(Int(alpha) + 1)) }
                buffer.row(y)[x] = clear ? 0 : channel() | channel() << 8 | channel() << 16 | alpha << 24
            }
        }
        let texture = Texture(buffer)
        texture.makeMipmaps()
        return texture
    }()

    private static let image = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!

    private static func sprite(_ transform: Matrix4, width: Double = 23.3, height: Double = 17.9, opacity: Float = 0.85,
                               filter: TextureFilter = .linear) -> Quad {
        Quad(transform: transform, rect: CGRect(x: -2.5, y: 1.25, width: width, height: height),
             texture: TextureSource(image: image, minificationFilter: filter, magnificationFilter: filter),
             opacity: opacity, antialiasedEdges: 0)
    }

    private static func placed(x: Double, y: Double, scaleX: Double = 1, scaleY: Double = 1, angle: Double = 0) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = scaleX * cos(angle); m.m12 = scaleX * sin(angle)
        m.m21 = -scaleY * sin(angle); m.m22 = scaleY * cos(angle)
        m.m41 = x; m.m42 = y
        return m
    }

    private static func binding(_ quad: Quad, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) -> TextureBinding? {
        quad.texture.map { TextureBinding(texture: noise, unitRect: unitRect, minification: $0.minificationFilter,
                                          magnification: $0.magnificationFilter) }
    }

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
            var quad = Self.sprite(Self.placed(x: random(-20...Double(Self.canvas.width)), y: random(-15...Double(Self.canvas.height)),
                                               scaleX: random(0.1...2.5) * (index % 7 == 0 ? -1 : 1),
                                               scaleY: random(0.1...2.5) * (index % 5 == 0 ? -1 : 1), angle: angle),
                                   width: random(3...40), height: random(3...40),
                                   opacity: index % 4 == 0 ? 1 : Float(random(0.05...1)), filter: filter)
            if index % 6 == 1 {
                quad.textureTint = PremultipliedColor(red: Float(random(0...1)), green: Float(random(0...1)),
                                                      blue: Float(random(0...1)), alpha: Float(random(0...1)))
            }
            let unitRect = index % 5 == 2 ? CGRect(x: 0.2, y: 0.15, width: 0.6, height: 0.5) : CGRect(x: 0, y: 0, width: 1, height: 1)
            let quads = [(quad, Self.binding(quad, unitRect: unitRect))]
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
            let transform = Self.placed(x: 5 + 6 * Double(k), y: 4 + 4 * Double(k % 5), scaleX: 1.3, scaleY: 1.1)
            if k % 3 == 1 {
                // A solid card with rounded corners (general) between sprites.
                quads.append((Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 20, height: 16),
                                   fillColor: PremultipliedColor(red: 0.2, green: 0.5, blue: 0.3, alpha: 0.9),
                                   cornerRadii: CornerRadii(uniform: 4), opacity: 0.9), nil))
            } else {
                let quad = Self.sprite(transform, opacity: k % 2 == 0 ? 1 : 0.7)
                quads.append((quad, Self.binding(quad)))
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
        let base = Self.sprite(Self.placed(x: 30, y: 20))
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
        var perspective = Self.placed(x: 30, y: 20); perspective.m14 = 0.002
        variants.append(("perspective", Self.sprite(perspective)))
        let clip = PreparedClip(Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 40)), index: 0, count: 1)
        for (name, quad) in variants {
            let list = Self.lean([(quad, Self.binding(quad))], clips: [clip])
            XCTAssertTrue(list.sprites.isEmpty, name)
            XCTAssertEqual(list.quads.count, 1, name)
        }
        XCTAssertEqual(Self.lean([(base, Self.binding(base))], clips: [clip]).sprites.count, 1, "the plain sprite is lean")
        // A clip index outside the list's clips clips nothing, in both forms.
        q = base; q.clipIndex = 5
        XCTAssertEqual(Self.lean([(q, Self.binding(q))]).sprites.count, 1)
        var hidden: [(String, Quad)] = []
        q = base; q.opacity = 0; hidden.append(("transparent", q))
        hidden.append(("off the canvas", Self.sprite(Self.placed(x: -200, y: 20))))
        q = Self.sprite(Self.placed(x: 30, y: 20, scaleX: -1)); q.isDoubleSided = false; hidden.append(("facing away", q))
        hidden.append(("edge-on", Self.sprite(Self.placed(x: 30, y: 20, scaleX: 0))))
        for (name, quad) in hidden {
            XCTAssertEqual(Self.lean([(quad, Self.binding(quad))]).count, 0, name)
            XCTAssertEqual(Self.general([(quad, Self.binding(quad))]).count, 0, name)
        }
    }

    /// The AVX2 row spans (`RowBounds.writeWideSpans`) equal `RowBounds.span` row by row, for sprite
    /// regions under any affine map and for arbitrary half planes (open and parallel ones included).
    func testKernelRowSpansEqualRowBounds() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only RowBounds.span runs")
        var generator = SeededGenerator(seed: 13)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var rowsWithColumns = 0
        for index in 0..<400 {
            let region: SpanRegion
            if index % 2 == 0 {
                let quad = Self.sprite(Self.placed(x: random(-10...90), y: random(-10...60), scaleX: random(-3...3),
                                                   scaleY: random(-3...3), angle: index % 4 == 0 ? 0 : random(-3...3)),
                                       width: random(1...50), height: random(1...50))
                let plane = Homography(plane: quad.transform)
                guard let inverse = plane.inverse?.normalized else { continue }
                let mapping = TextureMapping(quad: quad, binding: Self.binding(quad))
                region = SpriteSampling.region(inverse: inverse, rect: quad.rect, reach: index % 3 == 0 ? 0.75 : 0, mapping: mapping,
                                               hull: Self.noise.alphaHull(level: index % 3))
            } else {
                var a = SIMD8<Double>(), b = SIMD8<Double>(), c = SIMD8<Double>(repeating: 1)
                for lane in 0..<8 where generator.next(4) != 0 {
                    a[lane] = generator.next(3) == 0 ? 0 : random(-2...2)
                    b[lane] = generator.next(3) == 0 ? 0 : random(-2...2)
                    c[lane] = random(-150...150)
                }
                region = SpanRegion(a: a, b: b, c: c)
            }
            let rows = RowBounds(region)
            let x0 = Int(generator.next(40)), x1 = x0 + Int(generator.next(80))
            let first = Int(generator.next(80)) - 10, count = 1 + Int(generator.next(70))
            var spans = [Int32](repeating: -1, count: 2 * count)
            spans.withUnsafeMutableBufferPointer { rows.writeWideSpans(rows: first..<first + count, from: x0, to: x1, into: $0.baseAddress!) }
            for r in 0..<count {
                let expected = rows.span(row: first + r, from: x0, to: x1)
                XCTAssertEqual(Int(spans[2 * r]), expected.lower, "case \(index), row \(first + r): first column")
                XCTAssertEqual(Int(spans[2 * r + 1]), expected.upper, "case \(index), row \(first + r): end")
                if expected.lower < expected.upper { rowsWithColumns += 1 }
            }
        }
        XCTAssertGreaterThan(rowsWithColumns, 1000)
    }
}
