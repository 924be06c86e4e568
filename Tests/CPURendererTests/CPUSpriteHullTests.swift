import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// A sprite paints only inside its texture's `AlphaHull` (`SpriteSampling.rows`), and that changes
/// no pixel: the pixels it leaves out would have blended transparent black.
final class CPUSpriteHullTests: XCTestCase {
    private static let canvas = (width: 120, height: 100)

    /// A 64x64 disc clear beyond radius 30 (corners, and a ring inside the image's edge), with colour.
    private static let disc: Texture = {
        let size = 64
        let buffer = PixelBuffer(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
                let alpha = max(0, 1 - (dx * dx + dy * dy).squareRoot() / 30)
                buffer.row(y)[x] = packPixel(SIMD4<Float>(Float(x) / 64, Float(y) / 64, 0.6, 1) * Float(alpha))
            }
        }
        let texture = Texture(buffer)
        texture.makeMipmaps()
        return texture
    }()

    private static func sprite(_ transform: Matrix4, edges: UInt8 = 0, filter: TextureFilter = .linear,
                               unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) -> PreparedQuad? {
        let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 41.3, height: 37.9),
                        texture: TextureSource(image: CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!,
                                               minificationFilter: filter, magnificationFilter: filter),
                        opacity: 0.85, antialiasedEdges: edges)
        let binding = TextureBinding(texture: disc, unitRect: unitRect, minification: filter, magnification: filter)
        return [PreparedClip]().withUnsafeBufferPointer {
            PreparedQuad(quad, texture: binding, clips: $0, canvasWidth: canvas.width, canvasHeight: canvas.height)
        }
    }

    private static func placed(x: Double, y: Double, scale: Double = 1, angle: Double = 0) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = scale * cos(angle); m.m12 = scale * sin(angle)
        m.m21 = -scale * sin(angle); m.m22 = scale * cos(angle)
        m.m41 = x; m.m42 = y
        return m
    }

    private static func paint(_ quad: PreparedQuad) -> [UInt32] {
        let buffer = PixelBuffer(width: canvas.width, height: canvas.height)
        BandPainter(threadCount: 1).paint([quad], clips: [], into: buffer,
                                          region: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), clear: 0xFF50_4030)
        return Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height))
    }

    private static func pixelCount(_ region: SpanRegion) -> Int { pixelCount(RowBounds(region)) }

    private static func pixelCount(_ rows: RowBounds) -> Int {
        (0..<canvas.height).reduce(0) { count, y in
            let span = rows.span(row: y, from: 0, to: canvas.width)
            return count + max(0, span.upper - span.lower)
        }
    }

    /// Paints the sprite with its hull region and with the whole quad (`outer`): the same pixels,
    /// from fewer painted.
    private func assertHullChangesNothing(_ quad: PreparedQuad?, fewerBy fraction: Double,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let cut = try XCTUnwrap(quad, file: file, line: line)
        let sprite = try XCTUnwrap(cut.sprite, "a plain sprite", file: file, line: line)
        var whole = cut
        whole.sprite!.rows = RowBounds(cut.outer)
        XCTAssertEqual(Self.paint(cut), Self.paint(whole), "pixels left out were transparent", file: file, line: line)
        let inHull = Self.pixelCount(sprite.rows), inQuad = Self.pixelCount(cut.outer)
        XCTAssertLessThanOrEqual(Double(inHull), Double(inQuad) * (1 - fraction),
                                 "the transparent corners are skipped (\(inHull) of \(inQuad) pixels)", file: file, line: line)
    }

    func testHardEdgedSpriteSkipsItsCornersWithoutChangingPixels() throws {
        try assertHullChangesNothing(Self.sprite(Self.placed(x: 10.37, y: 7.81, scale: 1.3)), fewerBy: 0.15)
    }

    func testAntialiasedRotatedSpriteSkipsItsCornersWithoutChangingPixels() throws {
        try assertHullChangesNothing(Self.sprite(Self.placed(x: 55.2, y: 3.6, scale: 1.6, angle: 0.6), edges: 0xF), fewerBy: 0.1)
    }

    func testTrilinearSpriteUsesBothLevelsHulls() throws {
        let quad = Self.sprite(Self.placed(x: 30.5, y: 20.25, scale: 0.4), filter: .trilinear)
        XCTAssertGreaterThan(quad?.sprite?.nextLevelWeight ?? 0, 0, "two levels are blended")
        // About 16 pixels across from levels of 16 and 8 texels: each texel grows the hull by a
        // sixteenth of the sprite, so little is left to skip.
        try assertHullChangesNothing(quad, fewerBy: 0.02)
    }

    func testSubImageSprite() throws {
        // The right half of the image stretched over the rect: the hull is in image coordinates.
        try assertHullChangesNothing(Self.sprite(Self.placed(x: 20.9, y: 30.1, scale: 1.2), filter: .nearest,
                                                 unitRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 1)), fewerBy: 0.05)
    }

    func testClearImagePaintsNothing() throws {
        let clear = Texture(PixelBuffer(width: 16, height: 16))
        XCTAssertTrue(clear.alphaHull(level: 0).isEmpty)
        let region = SpriteSampling.region(inverse: .identity, rect: CGRect(x: 0, y: 0, width: 50, height: 50), reach: 0,
                                           mapping: Self.sprite(Self.placed(x: 0, y: 0))!.textureMapping, hull: clear.alphaHull(level: 0))
        XCTAssertEqual(Self.pixelCount(region), 0)
    }

    func testRowBoundsHoldSpanRegionsSpans() {
        // Random rotated rects: the solved rows hold every pixel SpanRegion gives, and at most one more at an end.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
            let inverse = Self.placed(x: .random(in: -20...80, using: &generator), y: .random(in: -20...80, using: &generator),
                                      scale: .random(in: 0.3...3, using: &generator), angle: angle)
            guard let plane = Homography(plane: inverse).inverse?.normalized else { continue }
            let region = plane.region(minX: 0, minY: 0, maxX: .random(in: 1...60, using: &generator), maxY: .random(in: 1...60, using: &generator))
            let rows = RowBounds(region)
            for y in -2..<(Self.canvas.height + 2) {
                let exact = region.span(row: y, from: -5, to: Self.canvas.width + 5)
                let solved = rows.span(row: y, from: -5, to: Self.canvas.width + 5)
                guard exact.lower < exact.upper else {
                    XCTAssertLessThanOrEqual(solved.upper - solved.lower, 2, "row \(y)")
                    continue
                }
                XCTAssertLessThanOrEqual(solved.lower, exact.lower, "row \(y)")
                XCTAssertGreaterThanOrEqual(solved.upper, exact.upper, "row \(y)")
                XCTAssertLessThanOrEqual(exact.lower - solved.lower, 1, "row \(y)")
                XCTAssertLessThanOrEqual(solved.upper - exact.upper, 1, "row \(y)")
            }
        }
    }
}
