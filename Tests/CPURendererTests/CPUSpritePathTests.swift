import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// The integer sprite path (`SpriteSampling`) is taken exactly for plain textured quads, and paints
/// what the general shader path paints, within one unit of the last place per channel.
final class CPUSpritePathTests: XCTestCase {
    private static let canvas = (width: 96, height: 80)

    /// A 64x64 premultiplied image: a radial disc, opaque in the middle and clear at the rim (the
    /// benchmark's sprite), with a colour ramp across it.
    private static let disc: Texture = {
        let size = 64
        let buffer = PixelBuffer(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                let dx = (Double(x) + 0.5) / Double(size) - 0.5, dy = (Double(y) + 0.5) / Double(size) - 0.5
                let alpha = max(0, 1 - 2 * (dx * dx + dy * dy).squareRoot())
                let straight = SIMD4<Float>(Float(x) / Float(size), Float(y) / Float(size), 0.6, 1)
                buffer.row(y)[x] = packPixel(straight * Float(alpha))
            }
        }
        let texture = Texture(buffer)
        texture.makeMipmaps()
        return texture
    }()

    private static func sprite(_ transform: Matrix4, opacity: Float = 0.85, edges: UInt8 = 0,
                               filter: TextureFilter = .linear) -> Quad {
        Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 23.3, height: 21.7),
             texture: TextureSource(image: CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!,
                                    minificationFilter: filter, magnificationFilter: filter),
             opacity: opacity, antialiasedEdges: edges)
    }

    private static func prepare(_ quad: Quad) -> PreparedQuad? {
        let binding = TextureBinding(texture: disc, unitRect: CGRect(x: 0, y: 0, width: 1, height: 1),
                                     minification: quad.texture?.minificationFilter ?? .linear,
                                     magnification: quad.texture?.magnificationFilter ?? .linear)
        return [PreparedClip]().withUnsafeBufferPointer {
            PreparedQuad(quad, texture: binding, clips: $0, canvasWidth: canvas.width, canvasHeight: canvas.height)
        }
    }

    /// Paints `quad` over a grey canvas by the sprite path, then by the general path (its sprite
    /// sampling removed); returns the largest channel difference and how many pixels it painted.
    private func compareWithGeneralPath(_ quad: Quad, file: StaticString = #filePath, line: UInt = #line) throws -> (largest: Int, painted: Int) {
        let prepared = try XCTUnwrap(Self.prepare(quad), file: file, line: line)
        XCTAssertNotNil(prepared.sprite, "a plain sprite takes the sprite path", file: file, line: line)
        var general = prepared
        general.sprite = nil
        let grey: UInt32 = 0xFF50_4030
        var images: [PixelBuffer] = []
        for version in [prepared, general] {
            let buffer = PixelBuffer(width: Self.canvas.width, height: Self.canvas.height)
            BandPainter(threadCount: 1).paint([version], clips: [], into: buffer,
                                              region: PixelRect(x: 0, y: 0, width: Self.canvas.width, height: Self.canvas.height), clear: grey)
            images.append(buffer)
        }
        var largest = 0, painted = 0
        for y in 0..<Self.canvas.height {
            for x in 0..<Self.canvas.width {
                let a = images[0].row(y)[x], b = images[1].row(y)[x]
                if b != grey { painted += 1 }
                for shift in stride(from: 0, to: 32, by: 8) {
                    largest = max(largest, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
        }
        return (largest, painted)
    }

    private static func placed(x: Double, y: Double, scale: Double = 1, angle: Double = 0) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = scale * cos(angle); m.m12 = scale * sin(angle)
        m.m21 = -scale * sin(angle); m.m22 = scale * cos(angle)
        m.m41 = x; m.m42 = y
        return m
    }

    func testHardEdgedSpriteMatchesTheGeneralPath() throws {
        // The benchmark's case: minified bilinearly, moved by a fraction of a pixel, opacity 0.85.
        let result = try compareWithGeneralPath(Self.sprite(Self.placed(x: 10.37, y: 7.81, scale: 1.9)))
        XCTAssertGreaterThan(result.painted, 1000)
        XCTAssertLessThanOrEqual(result.largest, 1)
    }

    func testAntialiasedRotatedSpriteMatchesTheGeneralPath() throws {
        let result = try compareWithGeneralPath(Self.sprite(Self.placed(x: 40.2, y: 3.6, scale: 2.2, angle: 0.6), opacity: 1, edges: 0xF))
        XCTAssertGreaterThan(result.painted, 1500)
        XCTAssertLessThanOrEqual(result.largest, 1)
    }

    func testTrilinearSpriteMatchesTheGeneralPath() throws {
        // 64 texels over about 14 pixels: between mipmap levels 2 and 3.
        let quad = Self.sprite(Self.placed(x: 30.5, y: 20.25, scale: 0.6), filter: .trilinear)
        let prepared = try XCTUnwrap(Self.prepare(quad))
        XCTAssertGreaterThan(prepared.sprite?.nextLevelWeight ?? 0, 0, "two levels are blended")
        let result = try compareWithGeneralPath(quad)
        XCTAssertGreaterThan(result.painted, 100)
        XCTAssertLessThanOrEqual(result.largest, 1)
    }

    func testMagnifiedNearestSpriteMatchesTheGeneralPath() throws {
        let result = try compareWithGeneralPath(Self.sprite(Self.placed(x: 1.3, y: 0.4, scale: 3.4), opacity: 0.5, filter: .nearest))
        XCTAssertGreaterThan(result.painted, 3000)
        XCTAssertLessThanOrEqual(result.largest, 1)
    }

    /// A tinted sprite (a shadow mask's colour, a replicator instance's) multiplies each channel
    /// by the tint on the sprite path too.
    func testTintedSpriteMatchesTheGeneralPath() throws {
        var quad = Self.sprite(Self.placed(x: 5.5, y: 3.25, scale: 1.2, angle: 0.3), opacity: 0.8)
        quad.textureTint = PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.6)
        XCTAssertNotNil(try XCTUnwrap(Self.prepare(quad)).sprite?.tint)
        let result = try compareWithGeneralPath(quad)
        XCTAssertGreaterThan(result.painted, 100)
        XCTAssertLessThanOrEqual(result.largest, 1)
    }

    func testOnlyPlainSpritesTakeTheSpritePath() throws {
        let plain = Self.sprite(Self.placed(x: 10, y: 10))
        XCTAssertNotNil(Self.prepare(plain)?.sprite)
        var rounded = plain
        rounded.cornerRadii = CornerRadii(uniform: 4)
        XCTAssertNil(Self.prepare(rounded)?.sprite, "a corner radius needs the shape's field")
        var bordered = plain
        bordered.borderWidth = 2
        bordered.borderColor = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        XCTAssertNil(Self.prepare(bordered)?.sprite, "a border needs the shape's field")
        var filled = plain
        filled.fillColor = PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5)
        XCTAssertNil(Self.prepare(filled)?.sprite, "a background below the image")
        var overbright = plain
        overbright.textureTint = PremultipliedColor(red: 1.5, green: 0.5, blue: 0.5, alpha: 1)
        XCTAssertNil(Self.prepare(overbright)?.sprite, "a tint beyond 0...1 (not premultiplied)")
        var additive = plain
        additive.blendMode = .plusLighter
        XCTAssertNil(Self.prepare(additive)?.sprite)
        var someEdges = plain
        someEdges.antialiasedEdges = 0b0101
        XCTAssertNil(Self.prepare(someEdges)?.sprite, "edges partly antialiased")
        let perspective = Self.sprite(CPUTestSupport.rotationY(0.4, perspective: 500).concatenating(Self.placed(x: 20, y: 20)))
        XCTAssertNil(Self.prepare(perspective)?.sprite, "a footprint that varies across the quad")
    }
}
