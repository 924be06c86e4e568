import Foundation
import QuartzCore
import XCTest

/// `compositingFilter` blend modes on layers whose transform turns or projects them: the layer
/// blends with what lies behind its transformed shape (`TransformedBlend`), on both renderers.
/// The expected colours are the W3C's formulas computed here by hand (multiply, screen and
/// difference are one line each), not by the renderers' code.
final class TransformedBlendRenderingTests: XCTestCase {
    /// The backdrop's halves, straight and opaque: left of x = 30 and right of it.
    private let left = (0.2, 0.6, 0.8), right = (0.8, 0.4, 0.2)
    /// The layer's premultiplied bytes: straight (0.6, 0.2, 0.4) at alpha 0.8.
    private let layerBytes = (122.0, 41.0, 82.0), layerAlpha = 204.0

    /// A 60 x 60 canvas, halves `left` | `right`, under a 24 x 24 layer centred at (30, 30)
    /// with `transform`, composited by `filterName`.
    private func scene(_ filterName: String, transform: CATransform3D) throws -> CALayer {
        let root = DrawListProbe.layer(CGRect(x: 0, y: 0, width: 60, height: 60))
        for (x, c) in [(0.0, left), (30.0, right)] {
            root.addSublayer(DrawListProbe.layer(CGRect(x: x, y: 0, width: 30, height: 60), CGColor(red: c.0, green: c.1, blue: c.2, alpha: 1)))
        }
        let layer = DrawListProbe.layer(CGRect(x: 18, y: 18, width: 24, height: 24), CGColor(red: 0.6, green: 0.2, blue: 0.4, alpha: 0.8))
        layer.transform = transform
        layer.compositingFilter = try XCTUnwrap(CIFilter(name: filterName))
        root.addSublayer(layer)
        return root
    }

    /// `B(Cb, Cs)` of the three modes, by the W3C's definitions.
    private func mix(_ name: String, _ b: Double, _ s: Double) -> Double {
        switch name {
        case "CIMultiplyBlendMode": return b * s
        case "CIScreenBlendMode": return b + s - b * s
        default: return abs(b - s)
        }
    }

    /// `round(255 (as B(Cb, Cs) + (1 - as) Cb))` over an opaque backdrop `cb`.
    private func expected(_ name: String, over cb: (Double, Double, Double)) -> (Int, Int, Int, Int) {
        let a = layerAlpha / 255
        let cs = (layerBytes.0 / layerAlpha, layerBytes.1 / layerAlpha, layerBytes.2 / layerAlpha)
        func level(_ b: Double, _ s: Double) -> Int { Int((255 * (a * mix(name, b, s) + (1 - a) * b)).rounded()) }
        return (level(cb.0, cs.0), level(cb.1, cs.1), level(cb.2, cs.2), 255)
    }

    private func bytes(_ c: (Double, Double, Double)) -> (Int, Int, Int, Int) {
        (Int((255 * c.0).rounded()), Int((255 * c.1).rounded()), Int((255 * c.2).rounded()), 255)
    }

    /// Inside the shape, over each half, the formula; outside it (in its bounding box and
    /// beyond) the backdrop unchanged; the two renderers within 2 levels everywhere.
    private func check(_ transform: CATransform3D, _ label: String, inside: [(Int, Int)], outside: [(Int, Int)]) throws {
        for name in ["CIMultiplyBlendMode", "CIScreenBlendMode", "CIDifferenceBlendMode"] {
            let images = try SceneRenderer.renderOnBoth(try scene(name, transform: transform), width: 60, height: 60)
            for (renderer, image) in images {
                for (x, y) in inside {
                    assertPixel(image, x, y, expected(name, over: x < 30 ? left : right), tolerance: 2,
                                "\(renderer) \(label) \(name) inside")
                }
                for (x, y) in outside {
                    assertPixel(image, x, y, bytes(x < 30 ? left : right), tolerance: 0, "\(renderer) \(label) \(name) outside")
                }
            }
            XCTAssertLessThanOrEqual(Self.largestDifference(images[0].image, images[1].image), 2, "\(label) \(name): GLES vs CPU")
        }
    }

    /// A square turned 45°: a diamond of half-diagonal 17 about (30, 30). Its bounding box runs
    /// from 13 to 47; (16, 16) and (44, 44) lie in it, outside the diamond.
    func testABlendOfATurnedSquareFollowsItsShape() throws {
        try check(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), "turned",
                  inside: [(24, 30), (36, 30), (30, 20), (29, 40)], outside: [(16, 16), (44, 44), (16, 44), (44, 16), (3, 3)])
    }

    /// The square turned 45° and tilted back 0.5 rad under a perspective of eye distance 100:
    /// a kite about (30, 30), its points no farther than 21 pixels from it, its near half wider.
    func testABlendOfAProjectedSquareFollowsItsShape() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 100
        let transform = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1),
                                                                CATransform3DMakeRotation(0.5, 1, 0, 0)), perspective)
        try check(transform, "projected", inside: [(25, 30), (35, 30), (30, 25), (30, 36)],
                  outside: [(15, 15), (45, 15), (15, 45), (45, 45), (3, 3)])
    }

    /// The largest difference of any channel of any pixel between two images of one size.
    static func largestDifference(_ a: CGImage, _ b: CGImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return .max }
        let x = [UInt8](a.data), y = [UInt8](b.data)
        var largest = 0
        for row in 0..<a.height {
            for column in 0..<a.width * 4 {
                largest = max(largest, abs(Int(x[row * a.bytesPerRow + column]) - Int(y[row * b.bytesPerRow + column])))
            }
        }
        return largest
    }
}
