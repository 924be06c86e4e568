import CompositorCore
import CoreGraphics
import Foundation
import XCTest

/// A path's shadow mask is its coverage blurred by the one `BlurPlan` (exactly by a Gaussian up
/// to σ 4 texels, box halvings first beyond), made once per coverage
/// image and blur, drawn over the coverage's rect grown by three standard deviations, and
/// evicted by bytes like every other mask.
final class PathShadowMaskTests: XCTestCase {
    /// A 40 x 30 coverage image of an L (with a half-covered column along its inner edge), white
    /// premultiplied, as a path's coverage is.
    private func lShape() -> CGImage {
        let width = 40, height = 30
        var data = Data(count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = (x < 12 || y >= 20) ? 255 : (x == 12 ? 128 : 0)
                for c in 0..<4 { data[(y * width + x) * 4 + c] = a }
            }
        }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: data)!
    }

    func testTheMaskIsTheCoverageConvolvedWithAGaussian() throws {
        let coverage = lShape(), sigma: Float = 3.5
        let mask = try XCTUnwrap(ShadowMask(blurring: coverage, sigma: sigma))
        let pad = 11 // 3 sigma, whole texels
        XCTAssertEqual(mask.extent, CGRect(x: -pad, y: -pad, width: 40 + 2 * pad, height: 30 + 2 * pad))
        XCTAssertEqual(mask.image.width, 40 + 2 * pad)
        // The 2D Gaussian (normalised over -pad...pad on each axis) summed directly.
        let weights = (-pad...pad).map { exp(-0.5 * Double($0 * $0) / Double(sigma * sigma)) }
        let total = weights.reduce(0, +)
        var largest = 0.0
        for y in 0..<mask.image.height {
            for x in 0..<mask.image.width {
                var sum = 0.0
                for j in -pad...pad {
                    let sy = y - pad + j
                    guard sy >= 0, sy < 30 else { continue }
                    for i in -pad...pad {
                        let sx = x - pad + i
                        guard sx >= 0, sx < 40 else { continue }
                        sum += weights[i + pad] * weights[j + pad] * Double(coverage.data[(sy * 40 + sx) * 4 + 3])
                    }
                }
                let expected = sum / (total * total)
                largest = max(largest, abs(Double(mask.image.data[y * mask.image.bytesPerRow + x * 4 + 3]) - expected))
            }
        }
        XCTAssertLessThanOrEqual(largest, 0.51)
        // Where the L's bar meets its foot most of the Gaussian falls on the shape:
        // Φ(5.5/3.5) Φ(5.5/3.5) ≈ 0.89 from the image's left and bottom edges; far from it, nothing.
        XCTAssertEqual(Double(mask.image.data[(pad + 24) * mask.image.bytesPerRow + (pad + 5) * 4 + 3]), 255 * 0.89, accuracy: 6)
        XCTAssertEqual(mask.image.data[(pad + 2) * mask.image.bytesPerRow + (pad + 37) * 4 + 3], 0)
    }

    /// A wide blur follows the one `BlurPlan`: σ 12 texels halves the coverage twice (σ over 4,
    /// then over 8) and the mask holds a quarter of the texels its extent spans, each the same
    /// value the CPU renderer's group shadow computes.
    func testAWideBlurIsPlannedAsGroupShadowsAre() throws {
        let coverage = lShape(), sigma: Float = 12
        let mask = try XCTUnwrap(ShadowMask(blurring: coverage, sigma: sigma))
        let plan = BlurPlan(sigma: 12, contentWidth: 40, contentHeight: 30)
        XCTAssertEqual(plan.levels, 2)
        XCTAssertEqual(mask.extent, plan.coveredRect)
        XCTAssertEqual(mask.image.width, plan.width)
        XCTAssertEqual(mask.image.height, plan.height)
        XCTAssertEqual(Double(mask.image.width * plan.downsample), mask.extent.width)
        let alpha = (0..<(40 * 30)).map { Float(coverage.data[$0 * 4 + 3]) }
        let expected = plan.blurredAlpha(alpha, width: 40, height: 30)
        for (index, value) in expected.enumerated() {
            let y = index / plan.width, x = index % plan.width
            XCTAssertEqual(mask.image.data[y * mask.image.bytesPerRow + x * 4 + 3], UInt8(min(max(value, 0), 255).rounded()))
        }
        // The middle of the L under a blur this wide: about half its area nearby, far from 0 and 255.
        let middle = mask.image.data[(plan.height / 2) * mask.image.bytesPerRow + (plan.width / 2) * 4 + 3]
        XCTAssertGreaterThan(middle, 40)
        XCTAssertLessThan(middle, 220)
    }

    func testAPathShadowIsDrawnFromOneMaskPerCoverageAndBlur() throws {
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 64 << 20))
        let coverage = lShape()
        // The coverage covers a 20 x 15 rect: 2 texels a unit; a blur of 1.75 units is 3.5 texels.
        let rect = CGRect(x: 10, y: 20, width: 20, height: 15)
        let color = PremultipliedColor(red: 0.2, green: 0, blue: 0, alpha: 0.5)
        let quad = Quad(transform: .translation(3, 4), rect: rect, fillColor: color, texture: TextureSource(image: coverage),
                        opacity: 0.8, blurSigma: 1.75)
        var first: CGImage?
        for frame in 0..<3 {
            cache.beginFrame()
            let pieces = try XCTUnwrap(cache.shadowQuads(for: quad))
            XCTAssertEqual(pieces.count, 1)
            let piece = pieces[0]
            XCTAssertEqual(piece.textureTint, color)
            XCTAssertEqual(piece.opacity, 0.8)
            XCTAssertEqual(piece.blurSigma, 0)
            XCTAssertEqual(piece.transform, quad.transform)
            let image = try XCTUnwrap(piece.texture?.image)
            if frame == 0 { first = image } else { XCTAssertTrue(image === first) }
            // Its texels lie where the mask's do: texel column t at x = 10 + (t - 11) / 2.
            let unit = try XCTUnwrap(piece.texture?.unitRect)
            let firstColumn = unit.minX * Double(image.width)
            XCTAssertEqual(piece.rect.minX, 10 + (firstColumn - 11) / 2, accuracy: 1e-9)
            XCTAssertEqual(piece.rect.width, unit.width * Double(image.width) / 2, accuracy: 1e-9)
            cache.endFrame()
        }
        XCTAssertEqual(cache.usage.entries, 1)
        // Another blur is another mask.
        cache.beginFrame()
        var wider = quad
        wider.blurSigma = 3
        let other = try XCTUnwrap(cache.shadowQuads(for: wider)?.first?.texture?.image)
        XCTAssertFalse(other === first)
        XCTAssertEqual(cache.usage.entries, 2)
        cache.endFrame()
    }

    func testPathMasksAreEvictedByBytes() throws {
        let coverage = lShape()
        let one = try XCTUnwrap(ShadowMask(blurring: coverage, sigma: 4)).bytes
        // Room for two masks of this size, not three.
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 2 * one + one / 2, evictionAge: 100))
        func quad(_ sigma: Float) -> Quad {
            Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 30),
                 fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), texture: TextureSource(image: coverage), blurSigma: sigma)
        }
        for (frame, sigma) in [Float(3.7), 3.8, 3.9, 4].enumerated() {
            cache.beginFrame()
            XCTAssertNotNil(cache.shadowQuads(for: quad(sigma)))
            cache.endFrame()
            XCTAssertLessThanOrEqual(cache.usage.bytes, 2 * one + one / 2, "frame \(frame)")
            XCTAssertEqual(cache.usage.entries, min(frame + 1, 2), "frame \(frame)")
        }
        XCTAssertGreaterThan(cache.takeFreedBytes(), 0)
        // A mask used in the frame stays even when it alone exceeds the budget.
        cache.budget = CacheBudget(byteLimit: one / 2, evictionAge: 100)
        cache.beginFrame()
        XCTAssertNotNil(cache.shadowQuads(for: quad(9)))
        cache.endFrame()
        XCTAssertEqual(cache.usage.entries, 1)
    }

    func testAMaskIsRefusedWhenAHalvedLevelBeforeItWouldExceedTheLimit() throws {
        // σ 5,000 texels pads a 40 x 30 coverage by 15,000 on each side: the first halved level
        // is 15,020 x 15,015 texels (900 MB of floats), six halvings leave a 470 x 470 mask,
        // well within the limit (the drawlist fuzzer's out-of-memory input, at σ ~20,000).
        let plan = BlurPlan(sigma: 5_000, contentWidth: 40, contentHeight: 30)
        XCTAssertEqual(plan.levels, BlurPlan.maximumLevels)
        XCTAssertLessThanOrEqual(plan.width * plan.height, ShadowMask.maximumPathTexels)
        XCTAssertEqual(plan.levelSizes[1].width, 15_020)
        XCTAssertFalse(ShadowMask.pathMaskFits(width: 40, height: 30, sigma: 5_000))
        // Only asked once refused: made, the mask would allocate that level.
        guard !ShadowMask.pathMaskFits(width: 40, height: 30, sigma: 5_000) else { return }
        XCTAssertNil(ShadowMask(blurring: lShape(), sigma: 5_000))
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 20, evictionAge: 100))
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 30),
                        fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1),
                        texture: TextureSource(image: lShape()), blurSigma: 5_000)
        cache.beginFrame()
        XCTAssertNil(cache.shadowQuads(for: quad), "drawn as a group instead")
        cache.endFrame()
        // Where every level fits, the mask is made: the largest σ for a 40 x 30 coverage whose
        // first halved level is at most 2048 x 2048.
        XCTAssertTrue(ShadowMask.pathMaskFits(width: 40, height: 30, sigma: 670))
        XCTAssertFalse(ShadowMask.pathMaskFits(width: 40, height: 30, sigma: 690))
    }
}
