import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The AVX2 kernel of unrotated bilinear sprites (`qc_sprite_paint_rows_avx2`) paints the same
/// bytes as the Swift lanes it stands for (`SpriteSampling.paint`), which other processors run.
final class CPUSpriteKernelTests: XCTestCase {
    private static let canvas = (width: 101, height: 67)

    /// Noise with clear patches (see `SpriteFixtures.noise`).
    private static let noise = SpriteFixtures.noise(seed: 41, width: 53, height: 37) { x, y in (x / 9 + y / 7) % 4 == 0 }

    private struct Case {
        var x: Double, y: Double, scaleX: Double, scaleY: Double
        var opacity: Float, tint: PremultipliedColor?, edges: UInt8, filter: TextureFilter, unitRect: CGRect
    }

    private static func prepare(_ c: Case) -> PreparedQuad? {
        var m = Matrix4.identity
        m.m11 = c.scaleX; m.m22 = c.scaleY; m.m41 = c.x; m.m42 = c.y
        var quad = Quad(transform: m, rect: CGRect(x: 0, y: 0, width: 29.3, height: 23.7),
                        texture: TextureSource(image: CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!,
                                               minificationFilter: c.filter, magnificationFilter: c.filter),
                        opacity: c.opacity, antialiasedEdges: c.edges)
        if let tint = c.tint { quad.textureTint = tint }
        quad.isDoubleSided = true // mirrored cases stay visible
        let binding = TextureBinding(texture: noise, unitRect: c.unitRect, minification: c.filter, magnification: c.filter)
        return [PreparedClip]().withUnsafeBufferPointer {
            PreparedQuad(quad, texture: binding, clips: $0, canvasWidth: canvas.width, canvasHeight: canvas.height)
        }
    }

    /// Random bytes: any destination, premultiplied or not, blends the same way on both paths.
    private static func background(seed: UInt64) -> [UInt32] {
        var generator = SeededGenerator(seed: seed)
        return (0..<canvas.width * canvas.height).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
    }

    /// Paints `quad` over `background(seed:)`.
    private static func paint(_ quad: PreparedQuad, background seed: UInt64) -> [UInt32] {
        let buffer = PixelBuffer(width: canvas.width, height: canvas.height)
        for (offset, pixel) in background(seed: seed).enumerated() { buffer.pixels[offset] = pixel }
        BandPainter(threadCount: 1).paint([quad], clips: [], into: buffer,
                                          region: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), clear: nil)
        return Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height))
    }

    /// A sprite is handed to the kernel exactly where the processor runs AVX2: on any other
    /// processor the kernel's instructions would trap. A renderer's options turn it off
    /// (`QC_DEBUG=no-wide-kernels` by default) without changing a pixel.
    func testTheKernelIsChosenOnlyWhereTheProcessorRunsIt() throws {
        let c = Case(x: 10, y: 8, scaleX: 1.5, scaleY: 1.5, opacity: 0.85, tint: nil, edges: 0, filter: .linear,
                     unitRect: CGRect(x: 0, y: 0, width: 1, height: 1))
        let sprite = try XCTUnwrap(Self.prepare(c)?.sprite)
        XCTAssertEqual(sprite.usesWideKernel, processorRunsWideSpriteKernel)
        XCTAssertFalse(CPURenderer.Options(DebugOptions(parsing: "no-wide-kernels")).usesWideSpriteKernel)
        XCTAssertTrue(CPURenderer.Options(DebugOptions(parsing: "stats")).usesWideSpriteKernel)
        XCTAssertFalse(CPURenderer.Options(DebugOptions(parsing: "serial-preparation")).preparesInParallel)
        XCTAssertFalse(CPURenderer.Options(DebugOptions(parsing: "whole-shadows")).cutsShadowsUnderOpaqueLayers)
        XCTAssertEqual(CPURenderer.Options(DebugOptions(parsing: "")), CPURenderer.Options())
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        if cpuinfo.contains("flags") {
            XCTAssertEqual(processorRunsWideSpriteKernel, cpuinfo.contains(" avx2"), "the processor's flags decide")
        }
    }

    /// Both AVX2 kernels, the sprite painter and the row spans, give the Swift lanes' values.
    func testKernelsEqualTheSwiftLanes() throws {
        // The one skip: the kernels cannot run on a processor without AVX2 (a device the suite
        // cannot require); the test above still checks that such a processor never gets them.
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only the Swift lanes run")
        try assertKernelPaintsTheSwiftLanesBytes()
        assertKernelRowSpansEqualRowBounds()
        try assertRegionKernelPaintsTheRowByRowBytes()
    }

    private func assertKernelPaintsTheSwiftLanesBytes() throws {
        var generator = SeededGenerator(seed: 7)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var drawn = 0, changed = 0, trilinear = 0, tinted = 0, hard = 0
        for index in 0..<160 {
            let filter: TextureFilter = index % 3 == 0 ? .trilinear : .linear
            let sub = index % 5 == 0
            var c = Case(x: random(-25...(Double(Self.canvas.width) - 5)), y: random(-15...(Double(Self.canvas.height) - 5)),
                         scaleX: random(0.15...2.5) * (index % 7 == 0 ? -1 : 1), scaleY: random(0.15...2.5) * (index % 11 == 0 ? -1 : 1),
                         opacity: index % 4 == 0 ? 1 : Float(random(0.05...1)), tint: nil, edges: index % 2 == 0 ? 0 : 0xF,
                         filter: filter, unitRect: sub ? CGRect(x: 0.25, y: 0.1, width: 0.5, height: 0.7) : CGRect(x: 0, y: 0, width: 1, height: 1))
            if index % 6 == 1 {
                c.tint = PremultipliedColor(red: Float(random(0...1)), green: Float(random(0...1)), blue: Float(random(0...1)), alpha: Float(random(0...1)))
            }
            // A case wholly off the canvas draws nothing.
            guard var prepared = Self.prepare(c) else { continue }
            prepared.sprite?.usesWideKernel = true // whatever QC_DEBUG says
            drawn += 1
            let sprite = try XCTUnwrap(prepared.sprite, "case \(index) is a plain sprite")
            XCTAssertNotNil(sprite.wideKernel(prepared.preciseInverse), "case \(index) takes the kernel")
            var lanes = prepared
            lanes.sprite!.usesWideKernel = false
            XCTAssertNil(lanes.sprite!.wideKernel(lanes.preciseInverse))
            let seed = UInt64(index)
            let background = Self.background(seed: seed)
            let kernel = Self.paint(prepared, background: seed), swift = Self.paint(lanes, background: seed)
            if let first = zip(kernel, swift).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                XCTFail(String(format: "case %d (%@): pixel (%d, %d) is %08X by the kernel, %08X by the lanes", index, "\(c)",
                               first.offset % Self.canvas.width, first.offset / Self.canvas.width, first.element.0, first.element.1))
            }
            let painted = zip(kernel, background).filter { $0 != $1 }.count
            changed += painted
            if painted > 0 {
                if sprite.nextLevelWeight != 0 { trilinear += 1 }
                if sprite.tint != nil { tinted += 1 }
                if sprite.hardEdges { hard += 1 }
            }
        }
        // The cases exercise what they are meant to: many pixels, both levels, tints and hard edges.
        XCTAssertGreaterThan(drawn, 140)
        XCTAssertGreaterThan(changed, 20000)
        XCTAssertGreaterThan(trilinear, 10)
        XCTAssertGreaterThan(tinted, 5)
        XCTAssertGreaterThan(hard, 30)
    }

    /// Axis-aligned lean sprites (`PreparedSprite`, as layers with contents draw) painted by the
    /// one-call region kernel (`qc_sprite_paint_region_avx2`, through `QuadPainter`) in bands of
    /// random heights and column windows give the bytes of the same sprites painted row by row
    /// over `RowBounds.span`: by the rows kernel one row a call, and by the Swift lanes. Fractional
    /// places, sprites under 3 px, sprites partly off the canvas, mirrored ones, any opacity.
    private func assertRegionKernelPaintsTheRowByRowBytes() throws {
        var generator = SeededGenerator(seed: 23)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        let (width, height) = Self.canvas
        var drawn = 0, changed = 0, tiny = 0, partlyOff = 0, trilinear = 0, translucent = 0
        for index in 0..<300 {
            let small = index % 4 == 0
            let size = (width: small ? random(0.3...3) : random(3...45), height: small ? random(0.3...3) : random(3...45))
            let scale = (x: random(0.1...2.5) * (index % 7 == 0 ? -1 : 1), y: random(0.1...2.5) * (index % 9 == 0 ? -1 : 1))
            var quad = SpriteFixtures.sprite(SpriteFixtures.placed(x: random(-25...Double(width) - 3), y: random(-20...Double(height) - 3),
                                                                   scaleX: scale.x, scaleY: scale.y),
                                             width: size.width, height: size.height,
                                             opacity: index % 3 == 0 ? 1 : Float(random(0.05...1)), filter: index % 5 == 1 ? .trilinear : .linear)
            quad.isDoubleSided = true // mirrored cases stay visible
            if index % 8 == 5 {
                quad.textureTint = PremultipliedColor(red: Float(random(0...1)), green: Float(random(0...1)),
                                                      blue: Float(random(0...1)), alpha: Float(random(0...1)))
            }
            let unitRect = index % 6 == 2 ? CGRect(x: 0.2, y: 0.1, width: 0.55, height: 0.7) : CGRect(x: 0, y: 0, width: 1, height: 1)
            let binding = try XCTUnwrap(SpriteFixtures.binding(quad, unitRect: unitRect))
            var sprites: [PreparedSprite] = []
            guard case .appended = PreparedSprite.prepare(quad, texture: binding, canvasWidth: width, canvasHeight: height, into: &sprites)
            else { continue }
            sprites[0].sampling.usesWideKernel = true // whatever QC_DEBUG says
            let sprite = sprites[0]
            var wide = try XCTUnwrap(sprite.sampling.wideKernel(sprite.inverse), "case \(index): an axis-aligned sprite takes the kernel")
            // A window of columns (a damage rectangle's) half the time, and bands of random heights.
            let window = index % 2 == 0 ? 0..<width : Int(generator.next(width / 2))..<(width / 2 + Int(generator.next(width / 2)) + 1)
            let b = sprite.bounds
            let lower = max(window.lowerBound, b.0), upper = min(window.upperBound, b.2)
            let seed = UInt64(index), background = Self.background(seed: seed)
            func buffer() -> PixelBuffer {
                let buffer = PixelBuffer(width: width, height: height)
                for (offset, pixel) in background.enumerated() { buffer.pixels[offset] = pixel }
                return buffer
            }
            let region = buffer(), kernelRows = buffer(), lanes = buffer()
            sprites.withUnsafeBufferPointer { pointer in
                let painter = QuadPainter(clips: UnsafeBufferPointer(start: nil, count: 0), columnLimit: width)
                var top = 0
                while top < height {
                    let bottom = min(height, top + 1 + Int(generator.next(20)))
                    let rows = max(top, b.1)..<max(max(top, b.1), min(bottom, b.3))
                    painter.paint(pointer.baseAddress!, rows: rows, from: window.lowerBound, to: window.upperBound, into: region)
                    top = bottom
                }
            }
            for y in b.1..<b.3 {
                let (x0, x1) = sprite.sampling.rows.span(row: y, from: lower, to: upper)
                withUnsafePointer(to: &wide) {
                    sprite.sampling.paint(sprite.inverse, wide: $0, row: y, from: x0, to: x1, into: kernelRows.row(y), columnLimit: width)
                }
                sprite.sampling.paint(sprite.inverse, wide: nil, row: y, from: x0, to: x1, into: lanes.row(y), columnLimit: width)
            }
            let count = width * height
            let painted = Array(UnsafeBufferPointer(start: region.pixels, count: count))
            for (name, expected) in [("the rows kernel", kernelRows), ("the Swift lanes", lanes)] {
                if let first = zip(painted, UnsafeBufferPointer(start: expected.pixels, count: count)).enumerated()
                    .first(where: { $0.element.0 != $0.element.1 }) {
                    XCTFail(String(format: "case %d: pixel (%d, %d) is %08X by the region kernel, %08X by %@", index, first.offset % width,
                                   first.offset / width, first.element.0, first.element.1, name))
                }
            }
            let differing = zip(painted, background).filter { $0 != $1 }.count
            guard differing > 0 else { continue }
            drawn += 1; changed += differing
            if small { tiny += 1 }
            if quad.opacity < 1 { translucent += 1 }
            if sprite.sampling.nextLevelWeight != 0 { trilinear += 1 }
            // Partly off the canvas: the rect reaches beyond an edge of it.
            let corners = [CGPoint(x: quad.rect.minX, y: quad.rect.minY), CGPoint(x: quad.rect.maxX, y: quad.rect.maxY)]
                .map { (quad.transform.m41 + $0.x * quad.transform.m11, quad.transform.m42 + $0.y * quad.transform.m22) }
            if corners.contains(where: { $0.0 < 0 || $0.0 > Double(width) || $0.1 < 0 || $0.1 > Double(height) }) { partlyOff += 1 }
        }
        // The cases exercise what they are meant to (many sprites under 3 px cover no pixel centre).
        XCTAssertGreaterThan(drawn, 150)
        XCTAssertGreaterThan(changed, 30000)
        XCTAssertGreaterThan(tiny, 20)
        XCTAssertGreaterThan(partlyOff, 60)
        XCTAssertGreaterThan(trilinear, 15)
        XCTAssertGreaterThan(translucent, 80)
    }

    /// A bilinear sprite takes the kernel only unrotated: a turned one keeps the Swift lanes.
    func testRotatedSpriteKeepsTheSwiftLanes() throws {
        var m = Matrix4.identity
        m.m11 = cos(0.3); m.m12 = sin(0.3); m.m21 = -sin(0.3); m.m22 = cos(0.3); m.m41 = 20; m.m42 = 10
        let quad = Quad(transform: m, rect: CGRect(x: 0, y: 0, width: 30, height: 20),
                        texture: TextureSource(image: CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!,
                                               minificationFilter: .linear, magnificationFilter: .linear),
                        opacity: 0.85, antialiasedEdges: 0)
        let binding = TextureBinding(texture: Self.noise, unitRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                     minification: .linear, magnification: .linear)
        let prepared = try XCTUnwrap([PreparedClip]().withUnsafeBufferPointer {
            PreparedQuad(quad, texture: binding, clips: $0, canvasWidth: Self.canvas.width, canvasHeight: Self.canvas.height)
        })
        let sprite = try XCTUnwrap(prepared.sprite)
        XCTAssertNil(sprite.wideKernel(prepared.preciseInverse))
    }

    /// The AVX2 row spans (`RowBounds.writeWideSpans`) equal `RowBounds.span` row by row, for sprite
    /// regions under any affine map and for arbitrary half planes (open and parallel ones included).
    private func assertKernelRowSpansEqualRowBounds() {
        var generator = SeededGenerator(seed: 13)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        var rowsWithColumns = 0
        for index in 0..<400 {
            let region: SpanRegion
            if index % 2 == 0 {
                let quad = SpriteFixtures.sprite(SpriteFixtures.placed(x: random(-10...90), y: random(-10...60), scaleX: random(-3...3),
                                                   scaleY: random(-3...3), angle: index % 4 == 0 ? 0 : random(-3...3)),
                                       width: random(1...50), height: random(1...50))
                let plane = Homography(plane: quad.transform)
                guard let inverse = plane.inverse?.normalized else { continue }
                let mapping = TextureMapping(quad: quad, binding: SpriteFixtures.binding(quad))
                region = SpriteSampling.region(inverse: inverse, rect: quad.rect, reach: index % 3 == 0 ? 0.75 : 0, mapping: mapping,
                                               hull: SpriteFixtures.texture.alphaHull(level: index % 3))
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
