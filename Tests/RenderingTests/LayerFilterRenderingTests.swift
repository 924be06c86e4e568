import CompositorCore
import Foundation
import QuartzCore
import XCTest

/// `CALayer.filters` rendered on both renderers: a Gaussian blur against the closed form of a
/// blurred edge, the colour filters against their formulas, the filters' place before opacity,
/// an animated radius, and a still frame that runs no filter pass.
final class LayerFilterRenderingTests: XCTestCase {
    private let size = 240

    /// A layer at (20, 20), 200 x 200, without a background, holding a white square from its
    /// left edge to x = 100 (canvas x = 120), filtered by `filters`, on a black canvas.
    private func halfPlaneScene(_ filters: [CIFilter]) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        let white = CALayer()
        white.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        white.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.addSublayer(white)
        layer.filters = filters
        root.addSublayer(layer)
        return root
    }

    private func blur(_ radius: Double, name: String = "blur") throws -> CIFilter {
        let filter = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: radius]))
        filter.name = name
        return filter
    }

    /// 255 * 1/2 erfc(d / (sigma sqrt 2)): a white half-plane ending at d = 0, blurred.
    private func blurredEdge(_ d: Double, sigma: Double) -> Int {
        Int((255 * 0.5 * erfc(d / (sigma * 2.0.squareRoot()))).rounded())
    }

    /// The edge at canvas x = 120, on row 120 (80 pixels from the top and bottom of the white
    /// square, beyond the blur's reach), at x = 0, ±sigma and ±2 sigma (the pixels whose
    /// centres lie half a pixel past each), within 3 levels, for sigmas blurred at full
    /// resolution and after halvings.
    func testAHalfPlaneEdgeBlursToTheClosedForm() throws {
        for sigma in [3.0, 8.0, 12.0] {
            let root = halfPlaneScene([try blur(sigma)])
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: size, height: size) {
                for offset in [-2 * sigma, -sigma, 0, sigma, 2 * sigma] {
                    let x = 120 + Int(offset)
                    let v = blurredEdge(Double(x) + 0.5 - 120, sigma: sigma)
                    assertPixel(image, x, 120, (v, v, v, 255), tolerance: 3, "\(renderer) sigma \(sigma) at \(offset)")
                }
            }
        }
    }

    /// A radius over the clamp (`GroupFilter.maximumSigma`, 128 pixels) renders as the clamp,
    /// and a negative one as none.
    func testHugeAndNegativeRadiiAreClampedOrIgnored() throws {
        let negative = halfPlaneScene([try blur(-5)])
        for (renderer, image) in try SceneRenderer.renderOnBoth(negative, width: size, height: size) {
            assertPixel(image, 119, 120, (255, 255, 255, 255), "\(renderer): sharp edge, inside")
            assertPixel(image, 120, 120, (0, 0, 0, 255), "\(renderer): sharp edge, outside")
        }
        let huge = halfPlaneScene([try blur(1e9)])
        let images = try SceneRenderer.renderOnBoth(huge, width: size, height: size)
        XCTAssertEqual(images.count, 2, "a huge radius renders")
    }

    /// A straight colour through each colour filter, against the filter's formula, within one
    /// level, on both renderers: an opaque (0.8, 0.4, 0.2) square.
    func testColorFiltersFollowTheirFormulas() throws {
        let c = (r: 0.8, g: 0.4, b: 0.2)
        let luma = 0.2125 * c.r + 0.7154 * c.g + 0.0721 * c.b
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        func controls(_ s: Double, _ b: Double, _ k: Double) -> [Double] {
            [c.r, c.g, c.b].map { clamp(((luma + s * ($0 - luma)) + b - 0.5) * k + 0.5) }
        }
        let sepia = [[0.393, 0.769, 0.189], [0.349, 0.686, 0.168], [0.272, 0.534, 0.131]].map {
            clamp($0[0] * c.r + $0[1] * c.g + $0[2] * c.b)
        }
        let cases: [(String, [String: Any], [Double])] = [
            ("CIColorInvert", [:], [1 - c.r, 1 - c.g, 1 - c.b]),
            ("CIColorControls", [kCIInputSaturationKey: 0.5, kCIInputBrightnessKey: 0.1, kCIInputContrastKey: 1.5],
             controls(0.5, 0.1, 1.5)),
            ("CIColorControls", [kCIInputSaturationKey: 0.0], controls(0, 0, 1)),
            ("CISepiaTone", [kCIInputIntensityKey: 1.0], sepia),
            ("CISepiaTone", [kCIInputIntensityKey: 0.5], zip([c.r, c.g, c.b], sepia).map { 0.5 * $0 + 0.5 * $1 }),
            ("CIColorMonochrome", [kCIInputColorKey: CIColor(red: 0.2, green: 0.6, blue: 1), kCIInputIntensityKey: 1.0],
             [0.2 * luma, 0.6 * luma, 1 * luma]),
            ("CIExposureAdjust", [kCIInputEVKey: -1.0], [c.r, c.g, c.b].map { clamp($0 * pow(2, -1 / 2.2)) }),
            ("CIColorMatrix", ["inputRVector": CIVector(x: 0, y: 1, z: 0, w: 0), "inputGVector": CIVector(x: 0.5, y: 0, z: 0, w: 0),
                               "inputBVector": CIVector(x: 0, y: 0, z: 1, w: 0), kCIInputBiasVectorKey: CIVector(x: 0.1, y: 0, z: 0.3, w: 0)],
             [clamp(c.g + 0.1), clamp(0.5 * c.r), clamp(c.b + 0.3)]),
        ]
        for (name, parameters, expected) in cases {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            layer.backgroundColor = CGColor(red: c.r, green: c.g, blue: c.b, alpha: 1)
            layer.filters = [try XCTUnwrap(CIFilter(name: name, parameters: parameters))]
            root.addSublayer(layer)
            let levels = expected.map { Int(($0 * 255).rounded()) }
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 40, height: 40) {
                assertPixel(image, 20, 20, (levels[0], levels[1], levels[2], 255), tolerance: 1, "\(renderer) \(name) \(parameters)")
                assertPixel(image, 5, 5, (0, 0, 0, 255), tolerance: 0, "\(renderer) \(name): outside")
            }
        }
    }

    /// Filters come before opacity: an inverted white square at opacity 0.5 over a white canvas
    /// is mid grey (black at half), not the inverse of white at half.
    func testFiltersApplyBeforeOpacity() throws {
        let root = SceneRenderer.root(width: 40, height: 40)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.opacity = 0.5
        layer.filters = [try XCTUnwrap(CIFilter(name: "CIColorInvert"))]
        root.addSublayer(layer)
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 40, height: 40) {
            assertPixel(image, 20, 20, (128, 128, 128, 255), tolerance: 1, "\(renderer)")
        }
    }

    /// `filters.blur.inputRadius` animated from 2 to 10 over a second (linear) renders at half
    /// time as a still radius of 6 does.
    func testAnAnimatedRadiusRendersTheRadiusOfItsTime() throws {
        let animated = halfPlaneScene([try blur(2)])
        let layer = try XCTUnwrap(animated.sublayers?.first)
        let animation = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        animation.fromValue = 2.0
        animation.toValue = 10.0
        animation.duration = 1
        animation.beginTime = 100
        animation.isRemovedOnCompletion = false // media time 100 is long past in the process's clock
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(animation, forKey: "radius")
        let still = halfPlaneScene([try blur(6)])
        let moving = try SceneRenderer.renderOnBoth(animated, width: size, height: size, time: 100.5)
        let reference = try SceneRenderer.renderOnBoth(still, width: size, height: size)
        for (a, b) in zip(moving, reference) {
            for x in stride(from: 100, through: 140, by: 4) {
                let p = try XCTUnwrap(b.image.premultipliedPixel(x: x, y: 120))
                assertPixel(a.image, x, 120, (Int(p.r), Int(p.g), Int(p.b), Int(p.a)), tolerance: 1, "\(a.renderer) at x \(x)")
            }
        }
    }

    /// A frame in which nothing changed runs no filter pass (damage tracking keeps the pixels),
    /// while the first frame runs the blur.
    func testAStillFrameRunsNoFilterPass() throws {
        for cpu in [false, true] {
            let root = halfPlaneScene([try blur(6)])
            CATransaction.flush()
            let renderer = cpu ? try CARenderer(cpuPixelWidth: size, pixelHeight: size)
                               : try CARenderer(pixelWidth: size, pixelHeight: size)
            renderer.tracksDamage = true
            renderer.layer = root
            XCTAssertEqual(try renderer.renderFrame(atTime: 1).filterPasses, 1, cpu ? "CPU" : "GLES")
            XCTAssertEqual(try renderer.renderFrame(atTime: 2).filterPasses, 0, cpu ? "CPU" : "GLES")
        }
    }

    /// A filter's key path set on the layer changes the next frame: the damage grows by the new
    /// blur's reach around what the layer draws (the white square ends at canvas x = 120; a
    /// sigma of 10 reaches 30 pixels beyond it, to 150, where a sigma of 2 reached 126).
    func testAFilterChangeDamagesTheFiltersReach() throws {
        let root = halfPlaneScene([try blur(2)])
        CATransaction.flush()
        // A canvas wider than the scene: the grown damage ends before its right edge.
        let renderer = try CARenderer(cpuPixelWidth: 300, pixelHeight: size)
        renderer.tracksDamage = true
        renderer.layer = root
        try renderer.renderFrame(atTime: 1)
        let layer = try XCTUnwrap(root.sublayers?.first)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(10, forKeyPath: "filters.blur.inputRadius")
        CATransaction.commit()
        try renderer.renderFrame(atTime: 2)
        let damaged = renderer.lastDamage.reduce(PixelRect.empty) { $0.union($1) }
        XCTAssertEqual(damaged.x, 0, "grown left by 3 sigma, to the canvas edge")
        XCTAssertGreaterThanOrEqual(damaged.x + damaged.width, 120 + 30, "grown right by 3 sigma")
        XCTAssertLessThan(damaged.x + damaged.width, 300, "not the whole canvas")
    }

    /// `CIAdditionCompositing` adds the layer's rendering to what is behind it: half red over
    /// green is (128, 255, 0); `CISourceOverCompositing` covers it, (128, 128, 0).
    func testAdditionCompositingAddsTheLayerToWhatIsBehind() throws {
        for (name, expected) in [("CIAdditionCompositing", (128, 255, 0, 255)), ("CISourceOverCompositing", (128, 128, 0, 255))] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            let layer = CALayer()
            layer.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            layer.compositingFilter = CIFilter(name: name)
            root.addSublayer(layer)
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 40, height: 40) {
                assertPixel(image, 20, 20, expected, tolerance: 1, "\(renderer) \(name)")
                assertPixel(image, 5, 5, (0, 255, 0, 255), tolerance: 0, "\(renderer) \(name): outside")
            }
        }
    }

    /// A filtered layer too large for one texture (12,000 points wide, past
    /// `GroupGeometry.maximumPixelSize`) still renders: its group is drawn at a lower density,
    /// and the middle of its white background stays white under a blur.
    func testAFilteredLayerLargerThanATextureStillRenders() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let wide = CALayer()
        wide.frame = CGRect(x: -6000, y: 20, width: 12000, height: 60)
        wide.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        wide.filters = [try blur(3)]
        root.addSublayer(wide)
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 200, height: 100) {
            assertPixel(image, 100, 50, (255, 255, 255, 255), tolerance: 2, "\(renderer): the middle")
            assertPixel(image, 100, 2, (0, 0, 0, 255), tolerance: 2, "\(renderer): above, beyond the reach")
        }
    }
}
