import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The AVX2 kernel of quads' runs of eight (`qc_quad_shade_span_avx2`) paints the same bytes as
/// the Swift lanes it stands for (`QuadShader.shade`, `blendChunk`), which other processors run:
/// random rounded, bordered, turned and sheared quads with hard and soft edges, in chains of
/// rounded clips, over random bytes, in bands whose right edge leaves runs short of room.
final class CPUQuadKernelTests: XCTestCase {
    private static let canvas = (width: 97, height: 71)

    private struct Random {
        var generator: SeededGenerator
        mutating func unit() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
        mutating func next(_ bound: Int) -> Int { generator.next(bound) }
        mutating func color(valid: Bool) -> PremultipliedColor {
            let alpha = Float(unit())
            // An invalid colour (a channel above alpha) makes the painter clamp its blends.
            let scale = valid ? alpha : 1
            return PremultipliedColor(red: scale * Float(unit()), green: scale * Float(unit()), blue: scale * Float(unit()), alpha: alpha)
        }
        /// A turn, a scale (possibly mirrored) and a shear, then a move.
        mutating func placement(width: Double, height: Double) -> Matrix4 {
            var m = Matrix4.identity
            let angle = next(4) == 0 ? 0 : unit() * 6.3
            let sx = (0.5 + unit() * 1.5) * (next(6) == 0 ? -1 : 1), sy = 0.5 + unit() * 1.5, shear = next(3) == 0 ? unit() - 0.5 : 0
            m.m11 = cos(angle) * sx; m.m12 = sin(angle) * sx
            m.m21 = -sin(angle) * sy + shear * m.m11; m.m22 = cos(angle) * sy + shear * m.m12
            let canvas = CPUQuadKernelTests.canvas
            return Matrix4.translation(-width / 2, -height / 2).concatenating(m)
                .concatenating(.translation(unit() * Double(canvas.width), unit() * Double(canvas.height)))
        }
        mutating func radii(cap: Double) -> CornerRadii {
            if next(3) == 0 { return CornerRadii(uniform: Float(unit() * cap)) }
            return CornerRadii(minXMinY: Float(unit() * cap), maxXMinY: Float(unit() * cap), maxXMaxY: Float(unit() * cap),
                               minXMaxY: Float(unit() * cap))
        }
    }

    /// Up to three nested rounded clips, now and then one under perspective (which the kernel
    /// leaves to the Swift lanes).
    private static func clips(_ random: inout Random) -> [Clip] {
        var clips: [Clip] = []
        for index in 0..<random.next(4) {
            let width = 30 + random.unit() * 60, height = 30 + random.unit() * 50
            var transform = random.placement(width: width, height: height)
            if random.next(10) == 0 { transform.m14 = 0.001 * (random.unit() - 0.5) }
            clips.append(Clip(transform: transform, rect: CGRect(x: 0, y: 0, width: width, height: height),
                              cornerRadii: random.radii(cap: 25), parentIndex: index == 0 ? nil : Int32(index - 1)))
        }
        return clips
    }

    private static func quads(_ random: inout Random, clipCount: Int) -> [Quad] {
        (0..<12).map { _ in
            let width = 4 + random.unit() * 50, height = 4 + random.unit() * 40
            let valid = random.next(4) != 0
            var quad = Quad(transform: random.placement(width: width, height: height), rect: CGRect(x: 0, y: 0, width: width, height: height),
                            fillColor: random.color(valid: valid), cornerRadii: random.radii(cap: 15),
                            borderWidth: random.next(3) == 0 ? 0 : Float(random.unit() * 6), borderColor: random.color(valid: valid),
                            opacity: Float(0.2 + random.unit() * 0.8),
                            clipIndex: clipCount > 0 && random.next(3) != 0 ? Int32(random.next(clipCount)) : nil,
                            antialiasedEdges: random.next(3) == 0 ? 0xF : UInt8(random.next(16)))
            if random.next(8) == 0 { quad.blendMode = .plusLighter }
            return quad
        }
    }

    /// Random bytes: any destination, premultiplied or not, blends the same way on both paths.
    private static func background(_ random: inout Random) -> [UInt32] {
        (0..<canvas.width * canvas.height).map { _ in UInt32(truncatingIfNeeded: random.generator.next()) }
    }

    /// Paints `quads` over `background` in two bands of columns, side by side (the left band's
    /// runs of eight end short of room at its right edge), with or without the kernel.
    private static func paint(_ quads: [PreparedQuad], clips: [PreparedClip], over background: [UInt32], usesKernel: Bool) -> [UInt32] {
        let buffer = PixelBuffer(width: canvas.width, height: canvas.height)
        for (offset, pixel) in background.enumerated() { buffer.pixels[offset] = pixel }
        clips.withUnsafeBufferPointer { pointer in
            quads.withUnsafeBufferPointer { quads in
                for (x0, x1) in [(0, 61), (61, canvas.width)] {
                    var painter = QuadPainter(clips: pointer, columnLimit: x1)
                    painter.usesWideKernel = usesKernel
                    for index in quads.indices {
                        let quad = quads.baseAddress! + index
                        painter.paint(quad, rows: quad.pointee.bounds.1..<quad.pointee.bounds.3, from: x0, to: x1, into: buffer)
                    }
                }
            }
        }
        return Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height))
    }

    /// Quads are handed to the kernel exactly where it shades them as the Swift lanes do, and
    /// only where the painter uses the kernels, the processor runs them and the reference (every
    /// field evaluated) is not asked for.
    func testTheKernelTakesTheQuadsItShades() throws {
        let square = CGRect(x: 0, y: 0, width: 20, height: 20)
        var turning = Matrix4.identity
        turning.m11 = cos(0.4); turning.m12 = sin(0.4); turning.m21 = -sin(0.4); turning.m22 = cos(0.4)
        let turned = Matrix4.translation(-10, -10).concatenating(turning).concatenating(.translation(30, 20))
        var perspective = Matrix4.translation(5, 5)
        perspective.m14 = 0.002
        let clips = [Clip(transform: turned, rect: square, cornerRadii: CornerRadii(uniform: 4)),
                     Clip(transform: perspective, rect: square, cornerRadii: CornerRadii(uniform: 4)),
                     Clip(transform: .translation(2, 3), rect: square, parentIndex: 0)]
        let prepared = clips.enumerated().map { PreparedClip($1, index: $0, count: clips.count) }
        func prepare(_ quad: Quad) throws -> PreparedQuad {
            try XCTUnwrap(prepared.withUnsafeBufferPointer { PreparedQuad(quad, texture: nil, clips: $0, canvasWidth: 64, canvasHeight: 64) })
        }
        // Whether the kernel shades `quad`, whatever the processor.
        func isTaken(_ quad: Quad) throws -> Bool {
            let q = try prepare(quad)
            var taken = false
            prepared.withUnsafeBufferPointer { clips in
                withUnsafePointer(to: q) { pointer in QuadPainter.withShadedQuad(pointer, clips: clips) { taken = $0 != nil } }
            }
            return taken
        }
        let red = PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5)
        let plain = Quad(transform: turned, rect: square, fillColor: red, cornerRadii: CornerRadii(uniform: 3), borderWidth: 1,
                         borderColor: red, opacity: 0.7, clipIndex: 2, antialiasedEdges: 0b0110)
        let q = try prepare(plain)
        prepared.withUnsafeBufferPointer { clips in
            withUnsafePointer(to: q) { pointer in
                QuadPainter.withShadedQuad(pointer, clips: clips) { form in
                    guard let form = form?.pointee else { return XCTFail("an affine untextured quad in affine clips") }
                    XCTAssertEqual(form.clipCount, 2, "the clip and its parent")
                    XCTAssertEqual(form.hardEdges, 0b1001)
                    XCTAssertEqual(form.opacity, 0.7)
                    XCTAssertEqual(form.shape.radii.0, 3)
                    XCTAssertEqual(form.clips[1].field.radii.2, 4)
                    XCTAssertEqual(form.clips[0].map.h31, prepared[2].preciseInverse.m.6)
                    XCTAssertEqual(form.clips[1].map.h11, cos(0.4), accuracy: 1e-12)
                }
            }
        }
        var perspectiveQuad = plain
        perspectiveQuad.transform = perspective
        XCTAssertFalse(try isTaken(perspectiveQuad), "a quad under perspective")
        var inPerspectiveClip = plain
        inPerspectiveClip.clipIndex = 1
        XCTAssertFalse(try isTaken(inPerspectiveClip), "a clip under perspective")
        var blurred = plain
        blurred.blurSigma = 2
        XCTAssertFalse(try isTaken(blurred))
        var shaded = plain
        shaded.gradient = GradientFill(kind: .axial, startPoint: .zero, endPoint: CGPoint(x: 1, y: 1),
                                       stops: [.init(location: 0, red: 0.5, green: 0, blue: 0, alpha: 0.5),
                                               .init(location: 1, red: 0, green: 0, blue: 0, alpha: 0)])
        XCTAssertFalse(try isTaken(shaded))

        prepared.withUnsafeBufferPointer { clips in
            withUnsafePointer(to: q) { pointer in
                var painter = QuadPainter(clips: clips, columnLimit: 64)
                var handed = false
                painter.withSpanKernel(of: pointer) { handed = $0 != nil }
                XCTAssertEqual(handed, processorRunsWideSpriteKernel)
                painter.evaluatesEveryField = true
                painter.withSpanKernel(of: pointer) { XCTAssertNil($0, "the reference") }
                painter.evaluatesEveryField = false
                painter.usesWideKernel = false
                painter.withSpanKernel(of: pointer) { XCTAssertNil($0, "the kernels turned off") }
            }
        }
    }

    func testKernelPaintsTheSwiftLanesBytes() throws {
        // The one skip: the kernel cannot run on a processor without AVX2 (a device the suite
        // cannot require); the test above still checks that such a processor never gets it.
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only the Swift lanes run")
        var random = Random(generator: SeededGenerator(seed: 77))
        var painted = 0, taken = 0
        for scene in 0..<60 {
            let clips = Self.clips(&random)
            let quads = Self.quads(&random, clipCount: clips.count)
            let background = Self.background(&random)
            let preparedClips = clips.enumerated().map { PreparedClip($1, index: $0, count: clips.count) }
            let prepared = preparedClips.withUnsafeBufferPointer { pointer in
                quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: Self.canvas.width, canvasHeight: Self.canvas.height) }
            }
            taken += prepared.filter { !$0.interiorIsShaded && $0.isAffine && $0.sprite == nil }.count
            let lanes = Self.paint(prepared, clips: preparedClips, over: background, usesKernel: false)
            let kernel = Self.paint(prepared, clips: preparedClips, over: background, usesKernel: true)
            painted += zip(lanes, background).filter { $0 != $1 }.count
            if let offset = lanes.indices.first(where: { lanes[$0] != kernel[$0] }) {
                let x = offset % Self.canvas.width, y = offset / Self.canvas.width
                XCTFail("scene \(scene): pixel (\(x), \(y)) is \(String(kernel[offset], radix: 16)), the lanes give \(String(lanes[offset], radix: 16))")
            }
        }
        // The scenes are not empty: most quads go to the kernel and change many pixels.
        XCTAssertGreaterThan(taken, 600)
        XCTAssertGreaterThan(painted, 60 * Self.canvas.width * Self.canvas.height / 4)
    }

    /// S5's unit: a translucent parent rounded by 16 with hard edges clipping four bordered cards
    /// rounded by 6 that overflow its corners, turned by many angles.
    func testS5UnitsGiveTheSwiftLanesBytes() throws {
        try XCTSkipUnless(processorRunsWideSpriteKernel, "this processor has no AVX2: only the Swift lanes run")
        var random = Random(generator: SeededGenerator(seed: 5))
        for turn in 0..<24 {
            let parent = Matrix4.translation(8.25 * Double(turn % 3), 7)
            let clips = [Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 56), cornerRadii: CornerRadii(uniform: 16))]
            var quads = [Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 56),
                              fillColor: PremultipliedColor(red: 0.1, green: 0.07, blue: 0.2, alpha: 0.35),
                              cornerRadii: CornerRadii(uniform: 16), antialiasedEdges: 0)]
            for (c, center) in [(16.0, 16.0), (64.0, 16.0), (16.0, 40.0), (64.0, 40.0)].enumerated() {
                var turning = Matrix4.identity
                let angle = Double(turn) * 0.263 + Double(c) * 1.3
                turning.m11 = cos(angle); turning.m12 = sin(angle); turning.m21 = -sin(angle); turning.m22 = cos(angle)
                quads.append(Quad(transform: Matrix4.translation(-20, -20).concatenating(turning).concatenating(.translation(center.0, center.1))
                                    .concatenating(parent),
                                  rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: PremultipliedColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1),
                                  cornerRadii: CornerRadii(uniform: 6), borderWidth: 2,
                                  borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8), clipIndex: 0, antialiasedEdges: 0xF))
            }
            let preparedClips = clips.enumerated().map { PreparedClip($1, index: $0, count: clips.count) }
            let prepared = preparedClips.withUnsafeBufferPointer { pointer in
                quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: Self.canvas.width, canvasHeight: Self.canvas.height) }
            }
            XCTAssertEqual(prepared.count, 5)
            let background = Self.background(&random)
            let lanes = Self.paint(prepared, clips: preparedClips, over: background, usesKernel: false)
            let kernel = Self.paint(prepared, clips: preparedClips, over: background, usesKernel: true)
            XCTAssertEqual(zip(lanes, kernel).filter { $0 != $1 }.count, 0, "turn \(turn)")
        }
    }
}
