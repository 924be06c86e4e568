@_spi(Lanes) import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// The CPU renderer's vectorised paths against plain scalar maths computed here.
final class CPUFastPathTests: XCTestCase {
    private typealias S = CPUTestSupport

    func testVectorSquareRootMatchesTheScalarOne() {
        let values: [Float] = [0, -3, 1e-12, 1e-8, 0.25, 2, 1234.5, 1e6, 3e9, 7e20]
        for start in stride(from: 0, to: values.count, by: 8) {
            var lanes = Lanes(repeating: 1)
            for i in 0..<8 where start + i < values.count { lanes[i] = values[start + i] }
            let roots = lanesSquareRoot(lanes)
            for i in 0..<8 where start + i < values.count {
                let expected = Double(max(lanes[i], 0)).squareRoot()
                XCTAssertEqual(Double(roots[i]), expected, accuracy: max(expected * 1e-6, 1e-9), "√\(lanes[i])")
            }
        }
    }

    /// The shader's four-slice sum (quad.frag.glsl `blurredRoundedRect`), in double precision.
    private func shaderCoverage(_ px: Double, _ py: Double, rect: (Double, Double, Double, Double),
                                radii: [Double], sigma: Double) -> Double {
        let (minX, minY, maxX, maxY) = rect
        let k = 1 / (sigma * 2.0.squareRoot())
        // Nothing is drawn beyond three standard deviations (the quad is grown by that much).
        guard px >= minX - 3 * sigma, px <= maxX + 3 * sigma, py >= minY - 3 * sigma, py <= maxY + 3 * sigma else { return 0 }
        let y0 = max(minY, py - 3 * sigma), y1 = min(maxY, py + 3 * sigma)
        guard y1 > y0 else { return 0 }
        let h = (y1 - y0) / 4
        func inset(_ depth: Double, _ r: Double) -> Double { let d = min(max(depth, 0), r); return r - max(r * r - d * d, 0).squareRoot() }
        var sum = 0.0
        for i in 0..<4 {
            let lower = i == 0 ? minY : y0 + h * Double(i), upper = i == 3 ? maxY : y0 + h * Double(i + 1)
            let mass = 0.5 * (erf((upper - py) * k) - erf((lower - py) * k))
            let middle = y0 + h * (Double(i) + 0.5)
            let left = minX + max(inset(minY + radii[0] - middle, radii[0]), inset(middle - (maxY - radii[3]), radii[3]))
            let right = maxX - max(inset(minY + radii[1] - middle, radii[1]), inset(middle - (maxY - radii[2]), radii[2]))
            sum += mass * max(0.5 * (erf((right - px) * k) - erf((left - px) * k)), 0)
        }
        return min(max(sum, 0), 1)
    }

    func testBlurredRoundedRectIsTheShadersFourSliceSum() {
        let rect = (10.0, 20.0, 70.0, 60.0), sigma: Float = 5
        for radii in [[12.0, 12, 12, 12], [12.0, 4, 8, 0], [0.0, 0, 0, 0]] {
            let blur = BlurredRoundedRect(minX: 10, minY: 20, maxX: 70, maxY: 60,
                                          radii: SIMD4(radii.map(Float.init)), sigma: sigma)
            for y in stride(from: 4.0, through: 76.0, by: 3.5) {
                let x = Lanes(-4, 6, 12.5, 21, 39.75, 58, 69, 86)
                let coverage = blur.coverage(x: x, y: Lanes(repeating: Float(y)))
                for lane in 0..<8 {
                    let expected = shaderCoverage(Double(x[lane]), y, rect: rect, radii: radii, sigma: Double(sigma))
                    XCTAssertEqual(Double(coverage[lane]), expected, accuracy: 2e-5, "radii \(radii) at (\(x[lane]), \(y))")
                }
            }
        }
    }

    /// A rect smaller than the blur: most windows span all of it.
    func testSmallBlurredRoundedRectIsTheShadersFourSliceSum() {
        let rect = (20.0, 30.0, 32.0, 40.0), sigma: Float = 6, radii = [3.0, 3, 3, 3]
        let blur = BlurredRoundedRect(minX: 20, minY: 30, maxX: 32, maxY: 40, radii: SIMD4(repeating: 3), sigma: sigma)
        for y in stride(from: 13.0, through: 57.0, by: 2.5) {
            let x = Lanes(4, 12, 19.5, 22, 26, 31, 36.5, 49)
            let coverage = blur.coverage(x: x, y: Lanes(repeating: Float(y)))
            for lane in 0..<8 {
                let expected = shaderCoverage(Double(x[lane]), y, rect: rect, radii: radii, sigma: Double(sigma))
                XCTAssertEqual(Double(coverage[lane]), expected, accuracy: 2e-5, "(\(x[lane]), \(y))")
            }
        }
    }

    /// Deep inside a blurred quad the colour is filled without evaluating the blur: no seam
    /// where the evaluated part meets it.
    func testBlurredInteriorMeetsTheEvaluatedRimWithoutASeam() throws {
        let quad = Quad(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 100, height: 80),
                        fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1),
                        cornerRadii: CornerRadii(uniform: 10), blurSigma: 2)
        let (image, _) = try S.render(width: 120, height: 100, quads: [quad])
        var previous = 0
        for x in 0..<60 {
            let alpha = S.pixel(image, x, 50)[3]
            XCTAssertGreaterThanOrEqual(alpha, previous, "column \(x)")
            previous = alpha
        }
        XCTAssertEqual(previous, 255)
        // Pixels 9 and 10 have their centres half a pixel either side of the edge (x = 10).
        XCTAssertEqual(S.pixel(image, 9, 50)[3] + S.pixel(image, 10, 50)[3], 255, accuracy: 2, "across the left edge")
        for (x, y) in [(60, 50), (20, 50), (40, 22), (60, 20)] { XCTAssertEqual(S.pixel(image, x, y)[3], 255, "(\(x), \(y))") }
    }

    private func checkerTexture(width: Int, height: Int) -> Texture {
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let v = UInt32((x * 37 + y * 91) % 256), a = UInt32(max((x * 11 + y * 5) % 256, Int(v)))
                buffer.row(y)[x] = v | (v / 2) << 8 | (255 - a + v) / 2 << 16 | a << 24
            }
        }
        return Texture(buffer)
    }

    func testLaneSamplingMatchesScalarSampling() {
        // The sampler borrows the texture's pixels: the texture must outlive it.
        let texture = checkerTexture(width: 13, height: 7)
        defer { withExtendedLifetime(texture) {} }
        let sampler = texture.sampler
        let u = Lanes(0.01, 0.1, 0.23, 0.5, 0.61, 0.77, 0.9, 0.99), v = Lanes(0.05, 0.95, 0.4, 0.5, 0.2, 0.66, 0.31, 0.8)
        for linear in [false, true] {
            let lanes = sampler.sampleLanes(u: u, v: v, level: 0, linear: linear, nudge: 0.01)
            for lane in 0..<8 {
                let scalar = sampler.sample(u: u[lane], v: v[lane], level: 0, linear: linear, nudge: 0.01)
                XCTAssertEqual(lanes.r[lane], scalar.x, accuracy: 1e-5)
                XCTAssertEqual(lanes.g[lane], scalar.y, accuracy: 1e-5)
                XCTAssertEqual(lanes.b[lane], scalar.z, accuracy: 1e-5)
                XCTAssertEqual(lanes.a[lane], scalar.w, accuracy: 1e-5)
            }
        }
    }

    func testSamplerTakenBeforeMipmapsKeepsItsLevels() {
        let texture = checkerTexture(width: 8, height: 4)
        defer { withExtendedLifetime(texture) {} }
        let before = texture.sampler
        texture.makeMipmaps()
        XCTAssertEqual(before.count, 1)
        XCTAssertEqual(texture.sampler.count, 4) // 8x4, 4x2, 2x1, 1x1
        XCTAssertEqual(texture.sampler.level(3).width, 1)
        XCTAssertEqual(before.sample(u: 0.5, v: 0.5, texelsPerPixel: 8, minification: .trilinear, magnification: .linear),
                       before.sample(u: 0.5, v: 0.5, level: 0, linear: true, nudge: 0))
        // The 1x1 level is the mean of the image, level by level.
        let smallest = texture.sampler.sample(u: 0.5, v: 0.5, level: 3, linear: false, nudge: 0)
        let top = texture.levels[3].row(0)[0]
        XCTAssertEqual(smallest, Texture.unpack(top))
    }

    /// A footprint that is not a number (the drawlist fuzzer's plane folded through infinity)
    /// samples the base level as a magnification, for the scalar and lane samplers alike; it
    /// trapped converting its level of detail to an integer before.
    func testFootprintNotANumberSamplesTheBaseLevel() {
        let texture = checkerTexture(width: 8, height: 4)
        defer { withExtendedLifetime(texture) {} }
        texture.makeMipmaps()
        let sampler = texture.sampler
        for magnification in [TextureFilter.nearest, .linear] {
            let choice = sampler.filterChoice(texelsPerPixel: .nan, minification: .trilinear, magnification: magnification)
            XCTAssertEqual(choice.level, 0)
            XCTAssertEqual(choice.linear, magnification == .linear)
            XCTAssertEqual(choice.nextLevelWeight, 0)
        }
        // Sampled as at one texel a pixel, from the base level, nearest or bilinear.
        let u = Lanes(repeating: 0.3), v = Lanes(repeating: 0.6)
        for magnification in [TextureFilter.nearest, .linear] {
            let atOne = sampler.sample(u: 0.3, v: 0.6, texelsPerPixel: 1, minification: .trilinear, magnification: magnification)
            XCTAssertEqual(atOne, sampler.sample(u: 0.3, v: 0.6, level: 0, linear: magnification == .linear,
                                                 nudge: magnification == .linear ? 0 : BoundaryRule.nearestPixelNudge))
            XCTAssertEqual(sampler.sample(u: 0.3, v: 0.6, texelsPerPixel: .nan, minification: .trilinear, magnification: magnification),
                           atOne)
            let lanes = sampler.sampleLanes(u: u, v: v, texelsPerPixel: .nan, minification: .trilinear, magnification: magnification)
            XCTAssertEqual(lanes.r[0], atOne.x, accuracy: 1e-5)
            XCTAssertEqual(lanes.a[7], atOne.w, accuracy: 1e-5)
        }
        // At 4 texels a pixel trilinear still takes level 2 exactly.
        XCTAssertEqual(sampler.filterChoice(texelsPerPixel: 4, minification: .trilinear, magnification: .linear).level, 2)
    }
}

extension CPUFastPathTests {
    func testLaneMaskReductions() {
        let values = Lanes(0, 1, 2, 3, 4, 5, 6, 7)
        XCTAssertTrue(allLanes(values .>= 0))
        XCTAssertFalse(allLanes(values .>= 1))
        XCTAssertFalse(allLanes(values .< 7))
        XCTAssertTrue(anyLane(values .>= 7))
        XCTAssertTrue(anyLane(values .< 1))
        XCTAssertFalse(anyLane(values .> 7))
    }
}
