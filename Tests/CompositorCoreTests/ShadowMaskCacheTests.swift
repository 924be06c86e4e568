import CompositorCore
import CoreGraphics
import XCTest

/// The shadow mask cache: one mask per shape and blur, whatever the transform; a different
/// shape or blur never gets another's mask; the masks are the closed-form blur itself.
final class ShadowMaskCacheTests: XCTestCase {
    private let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5)

    private func shadow(_ rect: CGRect, radius: Float = 6, sigma: Float = 6, transform: Matrix4 = .identity) -> Quad {
        Quad(transform: transform, rect: rect, fillColor: black, cornerRadii: CornerRadii(uniform: radius), blurSigma: sigma)
    }

    private func rotation(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    /// The alpha of texel (x, y) of a mask image.
    private func alpha(_ image: CGImage, _ x: Int, _ y: Int) -> UInt8 { image.data[y * image.bytesPerRow + x * 4 + 3] }

    func testAMovedOrTurnedShadowKeepsItsMask() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 20))
        cache.beginFrame()
        let rect = CGRect(x: 0, y: 0, width: 36, height: 36)
        let first = try XCTUnwrap(cache.shadowQuads(for: shadow(rect))?.first)
        for angle in stride(from: 0.1, to: 6.3, by: 0.37) {
            let turned = try XCTUnwrap(cache.shadowQuads(for: shadow(rect.offsetBy(dx: 17.25, dy: -3), transform: rotation(angle)))?.first)
            XCTAssertTrue(turned.texture?.image === first.texture?.image, "angle \(angle)")
            // The mask's extent moves with the rect.
            XCTAssertEqual(turned.rect.minX - first.rect.minX, 17.25, accuracy: 1e-9)
        }
        XCTAssertEqual(cache.usage.entries, 1)
        cache.endFrame()
    }

    func testEveryShapeOrBlurGetsItsOwnMask() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 64 << 20))
        cache.beginFrame()
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let variants: [Quad] = [
            shadow(rect), shadow(CGRect(x: 0, y: 0, width: 41, height: 30)), shadow(CGRect(x: 0, y: 0, width: 40, height: 31)),
            shadow(rect, radius: 0), shadow(rect, radius: 12), shadow(rect, sigma: 3), shadow(rect, sigma: 9),
            shadow(rect, transform: .scale(2, 2, 1)),
        ]
        var images: [CGImage] = []
        for quad in variants {
            let drawn = try XCTUnwrap(cache.shadowQuads(for: quad)?.first)
            let image = try XCTUnwrap(drawn.texture?.image)
            let unit = try XCTUnwrap(drawn.texture?.unitRect)
            XCTAssertFalse(images.contains { $0 === image }, "\(quad.rect) radius \(quad.cornerRadii) sigma \(quad.blurSigma)")
            images.append(image)
            // Asked again, the same quad gets the same mask, and that mask is its own shape's:
            // the texel at the middle of the rect's left edge holds the closed-form coverage there.
            let again = try XCTUnwrap(cache.shadowQuads(for: quad)?.first)
            XCTAssertTrue(again.texture?.image === image)
            // The drawn quad shows the texels of its unit rect.
            let texelsPerUnit = Double(image.width) * unit.width / drawn.rect.width
            let firstColumn = unit.minX * Double(image.width), firstRow = unit.minY * Double(image.height)
            let column = Int((firstColumn + (quad.rect.minX - drawn.rect.minX) * texelsPerUnit).rounded(.down))
            let row = Int((firstRow + (quad.rect.midY - drawn.rect.minY) * texelsPerUnit).rounded(.down))
            let x = Float(drawn.rect.minX + (Double(column) + 0.5 - firstColumn) / texelsPerUnit - quad.rect.minX)
            let y = Float(drawn.rect.minY + (Double(row) + 0.5 - firstRow) / texelsPerUnit - quad.rect.minY)
            let unitsPerPixel = Float(1 / (quad.transform.m11 == 2 ? 2.0 : 1.0))
            let sigma = BlurredRoundedRect.effectiveSigma(quad.blurSigma, unitsPerPixel: unitsPerPixel)
            let r = quad.cornerRadii.minXMinY
            let shape = BlurredRoundedRect(minX: 0, minY: 0, maxX: Float(quad.rect.width), maxY: Float(quad.rect.height),
                                           radii: SIMD4(repeating: r), sigma: sigma)
            let expected = shape.coverage(x: SIMD8(repeating: x), y: SIMD8(repeating: y))[0]
            XCTAssertEqual(Float(alpha(image, column, row)), 255 * expected, accuracy: 0.6)
        }
        XCTAssertEqual(cache.usage.entries, variants.count)
        XCTAssertEqual(cache.usage.bytes, images.reduce(0) { $0 + $1.width * $1.height * 4 })
        cache.endFrame()
    }

    func testTheMaskIsTheBlurredRectangle() throws {
        // A plain 100 x 60 rect blurred with sigma 4 at two texels per unit: opaque inside, half
        // on the edges (away from the corners), zero beyond three standard deviations.
        let key = ShadowMaskKey(width: 100, height: 60, radii: .zero, sigma: 4, density: 2)
        let mask = try XCTUnwrap(ShadowMask(key))
        XCTAssertEqual(mask.extent.minX, -12.5, accuracy: 1e-6)
        XCTAssertEqual(Double(mask.image.width), mask.extent.width * 2, accuracy: 1e-9)
        let texel = { (x: Double, y: Double) in self.alpha(mask.image, Int((x - mask.extent.minX) * 2), Int((y - mask.extent.minY) * 2)) }
        XCTAssertEqual(texel(50, 30), 255)
        // The texel whose centre is 0.25 unit inside the left edge: 0.5 + 0.25/(4√(2π)) ≈ 0.525.
        XCTAssertEqual(Double(texel(0, 30)), 255 * 0.525, accuracy: 1)
        // 3.75 units outside: Φ(-3.75/4) ≈ 0.1744.
        XCTAssertEqual(Double(texel(-3.75, 30)), 255 * 0.1744, accuracy: 1)
        XCTAssertEqual(texel(-12.4, 30), 0)
        XCTAssertEqual(texel(50, 72.4), 0)
        // Rows and columns far from the corners do not depend on the position along the edge.
        XCTAssertEqual(texel(-3.75, 20), texel(-3.75, 40))
        XCTAssertEqual(texel(30, -4), texel(70, -4))
    }

    func testTheDrawnQuadTintsTheMaskWithTheShadowColour() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 20))
        cache.beginFrame()
        var quad = shadow(CGRect(x: 10, y: 20, width: 30, height: 30), transform: .translation(5, 5))
        quad.opacity = 0.75
        quad.clipIndex = 3
        let drawn = try XCTUnwrap(cache.shadowQuads(for: quad)?.first)
        XCTAssertEqual(drawn.textureTint, black)
        XCTAssertEqual(drawn.fillColor, .clear)
        XCTAssertEqual(drawn.blurSigma, 0)
        XCTAssertEqual(drawn.opacity, 0.75)
        XCTAssertEqual(drawn.clipIndex, 3)
        XCTAssertEqual(drawn.transform, quad.transform)
        // The mask covers the rect grown by three standard deviations (and a texel); the quad
        // draws the part that shows at alpha 0.5 x 0.75, at least two standard deviations.
        let sigma = Double(BlurredRoundedRect.effectiveSigma(6, unitsPerPixel: 1))
        XCTAssertTrue(drawn.rect.contains(quad.rect.insetBy(dx: -2 * sigma, dy: -2 * sigma)))
        XCTAssertLessThanOrEqual(drawn.rect.width, quad.rect.width + 6 * sigma + 1)
        XCTAssertEqual(drawn.antialiasedEdges, 0)
        cache.endFrame()
    }

    func testPerspectiveAndNarrowBlursStayInClosedForm() {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 20))
        cache.beginFrame()
        let rect = CGRect(x: 0, y: 0, width: 30, height: 30)
        var perspective = Matrix4.identity
        perspective.m14 = 0.001
        XCTAssertNil(cache.shadowQuads(for: shadow(rect, transform: perspective)))
        XCTAssertNil(cache.shadowQuads(for: shadow(rect, sigma: 1.5)))
        XCTAssertNil(cache.shadowQuads(for: shadow(rect, sigma: 3, transform: .scale(0.5, 0.5, 1))))
        XCTAssertNil(cache.shadowQuads(for: Quad(transform: .identity, rect: rect, fillColor: black)))
        XCTAssertEqual(cache.usage.entries, 0)
        cache.endFrame()
    }

    func testMasksLeaveAfterTheEvictionAgeAndBeyondTheByteLimit() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 30, evictionAge: 3))
        let kept = shadow(CGRect(x: 0, y: 0, width: 30, height: 30)), dropped = shadow(CGRect(x: 0, y: 0, width: 50, height: 30))
        cache.beginFrame()
        _ = cache.shadowQuads(for: kept)
        _ = cache.shadowQuads(for: dropped)
        cache.endFrame()
        for _ in 0..<3 {
            cache.beginFrame()
            _ = cache.shadowQuads(for: kept)
            cache.endFrame()
        }
        XCTAssertEqual(cache.usage.entries, 1)
        let keptBytes = cache.usage.bytes
        // A budget smaller than one mask keeps only what the frame draws.
        cache.budget = CacheBudget(byteLimit: keptBytes - 1, evictionAge: 3)
        cache.beginFrame()
        _ = cache.shadowQuads(for: dropped)
        cache.endFrame()
        XCTAssertEqual(cache.usage.entries, 1)
        XCTAssertNotEqual(cache.usage.bytes, keptBytes)
    }
}
