import Foundation
import QuartzCore
import XCTest

/// `CALayer.compositingFilter` blend modes on both renderers, against the W3C Compositing and
/// Blending formulas computed by hand (an independent implementation, see below) at probe pixels.
final class BlendModeRenderingTests: XCTestCase {
    /// A 40 x 40 canvas, its left half (0.2, 0.6, 0.8) and its right half (0.8, 0.4, 0.2),
    /// under a layer at (5, 5), 30 x 30, of straight colour (0.6, 0.2, 0.4) at alpha 0.8
    /// (premultiplied bytes 122, 41, 82, 204) composited by `filter`.
    private func scene(_ filter: Any?) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        for (x, color) in [(0.0, (0.2, 0.6, 0.8)), (20.0, (0.8, 0.4, 0.2))] {
            let half = CALayer()
            half.frame = CGRect(x: x, y: 0, width: 20, height: 40)
            half.backgroundColor = CGColor(red: color.0, green: color.1, blue: color.2, alpha: 1)
            root.addSublayer(half)
        }
        let layer = CALayer()
        layer.frame = CGRect(x: 5, y: 5, width: 30, height: 30)
        layer.backgroundColor = CGColor(red: 0.6, green: 0.2, blue: 0.4, alpha: 0.8)
        layer.compositingFilter = filter
        root.addSublayer(layer)
        return root
    }

    /// Every blend mode over each half, within 2 levels of
    /// `round(255 (as B(Cb, Cs) + (1 - as) Cb))` (the W3C's general formula over an opaque
    /// backdrop), with Cs the straight colour of the stored bytes (122, 41, 82) / 204 and
    /// as = 0.8. The expected values were computed with the W3C's definitions of B (separable
    /// modes) and of Lum, ClipColor, SetLum, Sat and SetSat (the four non-separable ones).
    func testEveryBlendModeFollowsItsFormula() throws {
        let expected: [(String, (Int, Int, Int), (Int, Int, Int))] = [
            ("CIMultiplyBlendMode", (35, 55, 106), (138, 37, 27)),
            ("CIMultiplyCompositing", (35, 55, 106), (138, 37, 27)),
            ("CIScreenBlendMode", (149, 169, 220), (228, 127, 117)),
            ("CIOverlayBlendMode", (59, 104, 196), (212, 53, 43)),
            ("CIDarkenBlendMode", (51, 72, 123), (163, 61, 51)),
            ("CILightenBlendMode", (132, 153, 204), (204, 102, 92)),
            ("CIColorDodgeBlendMode", (112, 184, 245), (245, 123, 78)),
            ("CIColorBurnBlendMode", (10, 31, 143), (177, 20, 10)),
            ("CIHardLightBlendMode", (83, 80, 172), (212, 53, 43)),
            ("CISoftLightBlendMode", (61, 124, 198), (208, 73, 45)),
            ("CIDifferenceBlendMode", (91, 112, 122), (82, 61, 51)),
            ("CIExclusionBlendMode", (124, 145, 155), (131, 110, 100)),
            ("CIHueBlendMode", (191, 89, 162), (221, 78, 130)),
            ("CISaturationBlendMode", (72, 146, 183), (183, 109, 72)),
            ("CIColorBlendMode", (165, 104, 155), (195, 93, 124)),
            ("CILuminosityBlendMode", (18, 120, 171), (172, 70, 19)),
        ]
        for (name, left, right) in expected {
            let root = scene(try XCTUnwrap(CIFilter(name: name)))
            for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 40, height: 40) {
                assertPixel(image, 12, 20, (left.0, left.1, left.2, 255), tolerance: 2, "\(renderer) \(name) over the left half")
                assertPixel(image, 28, 20, (right.0, right.1, right.2, 255), tolerance: 2, "\(renderer) \(name) over the right half")
                assertPixel(image, 2, 2, (51, 153, 204, 255), tolerance: 0, "\(renderer) \(name): outside the layer")
            }
        }
    }

    /// Core Animation's own name for a blend mode (`"multiplyBlendMode"`) draws as the filter.
    func testABlendModeGivenByItsCoreAnimationName() throws {
        for (renderer, image) in try SceneRenderer.renderOnBoth(scene("multiplyBlendMode"), width: 40, height: 40) {
            assertPixel(image, 12, 20, (35, 55, 106, 255), tolerance: 2, "\(renderer)")
        }
    }

    /// A layer at opacity 0.5 blends and then fades: multiply over the left half at
    /// as = 0.4 gives round(255 (0.4 B + 0.6 Cb)).
    func testOpacityScalesTheBlendedLayer() throws {
        let root = scene(try XCTUnwrap(CIFilter(name: "CIMultiplyBlendMode")))
        root.sublayers?.last?.opacity = 0.5
        let cs = [122.0 / 204, 41.0 / 204, 82.0 / 204], cb = [0.2, 0.6, 0.8]
        let levels = zip(cs, cb).map { Int((255 * (0.4 * $0 * $1 + 0.6 * $1)).rounded()) }
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: 40, height: 40) {
            assertPixel(image, 12, 20, (levels[0], levels[1], levels[2], 255), tolerance: 2, "\(renderer)")
        }
    }
}
