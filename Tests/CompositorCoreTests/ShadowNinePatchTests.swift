import CompositorCore
import CoreGraphics
import XCTest

/// Shadows larger than their corners are drawn as nine-patches of a smaller prototype's mask:
/// every pixel within one byte of the whole shape's own mask, one mask for every larger size,
/// and no pixel left out that the whole mask would have changed.
final class ShadowNinePatchTests: XCTestCase {
    private let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// The alpha byte of `image` at texel coordinates (u, v) (texel centres at i + 0.5),
    /// bilinearly filtered with clamping, as the renderers sample masks.
    private func sample(_ image: CGImage, u: Double, v: Double) -> Double {
        let x = min(max(u - 0.5, 0), Double(image.width - 1)), y = min(max(v - 0.5, 0), Double(image.height - 1))
        let x0 = min(Int(x), image.width - 2), y0 = min(Int(y), image.height - 2)
        let fx = x - Double(x0), fy = y - Double(y0)
        func a(_ i: Int, _ j: Int) -> Double { Double(image.data[j * image.bytesPerRow + i * 4 + 3]) }
        let top = a(x0, y0) * (1 - fx) + a(x0 + 1, y0) * fx, bottom = a(x0, y0 + 1) * (1 - fx) + a(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The value the drawn pieces give the point (x, y) of an untransformed shadow: the piece
    /// holding it (edges hard: minimum sides inclusive) samples its texels; no piece, nothing.
    private func drawn(_ pieces: [Quad], x: Double, y: Double) -> Double {
        for piece in pieces {
            let r = piece.rect
            guard x >= r.minX, x < r.maxX, y >= r.minY, y < r.maxY, let texture = piece.texture else { continue }
            let image = texture.image, unit = texture.unitRect
            let u = (unit.minX + (x - r.minX) / r.width * unit.width) * Double(image.width)
            let v = (unit.minY + (y - r.minY) / r.height * unit.height) * Double(image.height)
            return sample(image, u: u, v: v)
        }
        return 0
    }

    private func check(width: Double, height: Double, radius: Float, sigma: Float, pieces expected: Int) throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 256 << 20))
        cache.beginFrame()
        let rect = CGRect(x: 7.25, y: 4.5, width: width, height: height)
        let quad = Quad(transform: .identity, rect: rect, fillColor: black, cornerRadii: CornerRadii(uniform: radius), blurSigma: sigma)
        let pieces = try XCTUnwrap(cache.shadowQuads(for: quad))
        XCTAssertEqual(pieces.count, expected, "\(width) x \(height)")
        let image = try XCTUnwrap(pieces.first?.texture?.image)
        XCTAssertTrue(pieces.allSatisfy { $0.texture?.image === image && $0.antialiasedEdges == 0 })
        // The whole shape's own mask, as a shadow not nine-patched would draw it.
        let cap = Float(min(width, height) / 2)
        let key = ShadowMaskKey(width: Float(width), height: Float(height), radii: SIMD4(repeating: min(radius, cap)),
                                sigma: BlurredRoundedRect.effectiveSigma(sigma, unitsPerPixel: 1), density: 2)
        let full = try XCTUnwrap(ShadowMask(key, maximumTexels: 1 << 24))
        XCTAssertLessThan(image.width * image.height, full.image.width * full.image.height / 2)
        var largest = 0.0
        for py in Int(rect.minY + full.extent.minY) - 1...Int(rect.minY + full.extent.maxY) + 1 {
            for px in Int(rect.minX + full.extent.minX) - 1...Int(rect.minX + full.extent.maxX) + 1 {
                let x = Double(px) + 0.5, y = Double(py) + 0.5
                let whole = sample(full.image, u: (x - rect.minX - full.extent.minX) * 2, v: (y - rect.minY - full.extent.minY) * 2)
                largest = max(largest, abs(drawn(pieces, x: x, y: y) - whole))
            }
        }
        XCTAssertLessThanOrEqual(largest, 1, "\(width) x \(height) radius \(radius) sigma \(sigma)")
        cache.endFrame()
    }

    func testANinePatchIsTheWholeMaskWithinOneByte() throws {
        try check(width: 300, height: 200, radius: 20, sigma: 6, pieces: 9)
        try check(width: 180, height: 150, radius: 0, sigma: 3, pieces: 9)
    }

    func testALongThinShadowIsStretchedAlongOneAxis() throws {
        try check(width: 260, height: 30, radius: 8, sigma: 4, pieces: 3)
        try check(width: 24, height: 220, radius: 12, sigma: 2.5, pieces: 3)
    }

    func testEveryLargerSizeSharesOneMask() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 64 << 20))
        cache.beginFrame()
        var images: [CGImage] = []
        for step in 0..<12 {
            let rect = CGRect(x: 0, y: 0, width: 200 + 13.7 * Double(step), height: 120 + 9.1 * Double(step))
            let quad = Quad(transform: .identity, rect: rect, fillColor: black, cornerRadii: CornerRadii(uniform: 10), blurSigma: 5)
            let pieces = try XCTUnwrap(cache.shadowQuads(for: quad))
            XCTAssertEqual(pieces.count, 9)
            images.append(try XCTUnwrap(pieces.first?.texture?.image))
            // The pieces tile the drawn area: each starts where its neighbour ends.
            XCTAssertEqual(pieces[0].rect.maxX, pieces[1].rect.minX, accuracy: 1e-9)
            XCTAssertEqual(pieces[1].rect.maxX, pieces[2].rect.minX, accuracy: 1e-9)
            XCTAssertEqual(pieces[0].rect.maxY, pieces[3].rect.minY, accuracy: 1e-9)
        }
        XCTAssertTrue(images.allSatisfy { $0 === images[0] })
        XCTAssertEqual(cache.usage.entries, 1)
        cache.endFrame()
    }

    /// Texels left out of the drawn pieces could not have changed a pixel: their byte times the
    /// shadow's alpha stays under half a unit. A shadow too faint to show draws nothing.
    func testOnlyTexelsThatCanShowAreDrawn() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 64 << 20))
        cache.beginFrame()
        for alpha: Float in [1, 0.5, 0.2, 0.05] {
            let color = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: alpha)
            let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: color,
                            cornerRadii: CornerRadii(uniform: 6), blurSigma: 6)
            let piece = try XCTUnwrap(cache.shadowQuads(for: quad)?.first)
            let image = try XCTUnwrap(piece.texture?.image), unit = try XCTUnwrap(piece.texture?.unitRect)
            let x0 = Int((unit.minX * Double(image.width)).rounded()), x1 = Int((unit.maxX * Double(image.width)).rounded())
            let y0 = Int((unit.minY * Double(image.height)).rounded()), y1 = Int((unit.maxY * Double(image.height)).rounded())
            var outside: UInt8 = 0
            for y in 0..<image.height {
                for x in 0..<image.width where x < x0 || x >= x1 || y < y0 || y >= y1 {
                    outside = max(outside, image.data[y * image.bytesPerRow + x * 4 + 3])
                }
            }
            XCTAssertLessThan(Float(outside) * alpha, 0.5, "alpha \(alpha)")
            // At alpha 0.5 byte 1 still shows, and it reaches almost three standard deviations;
            // fainter shadows leave their outer ring out.
            if alpha <= 0.2 { XCTAssertGreaterThan(x0, 0, "alpha \(alpha): the faint outer ring is left out") }
        }
        let invisible = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                             fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.0015), blurSigma: 6)
        XCTAssertEqual(cache.shadowQuads(for: invisible)?.count, 0)
        cache.endFrame()
    }
}
