import QuartzCore
import XCTest

/// The shadow `CALayer.render(in:)` draws, as Apple's QuartzCore measurably draws it (GNUstep
/// libs-quartzcore `Tests/quartzcore/CALayer/shadow.m`, which its CI runs against Apple's): a
/// 40 x 40 red layer with a blue shadow (opacity 1, offset (20, 20), radius 5) drawn into a
/// bare 200 x 200 bitmap context (y up) translated by (80, 80), so the layer covers 80..<120
/// both ways and its shadow lies up and to the right. Probes are about which pixels are painted
/// at all (`PaintedPixels`).
final class RenderInContextShadowAppleTests: XCTestCase {
    private func shadowedLayer() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.shadowOpacity = 1
        layer.shadowOffset = CGSize(width: 20, height: 20)
        layer.shadowRadius = 5
        return layer
    }

    /// `layer` drawn into a cleared 200 x 200 bitmap context translated by (80, 80).
    private func drawn(_ layer: CALayer) throws -> PaintedPixels {
        try PaintedPixels(side: 200) { ctx in
            ctx.translateBy(x: 80, y: 80)
            layer.render(in: ctx)
        }
    }

    func testALayerWithAShadowPaintsOutsideItself() throws {
        XCTAssertTrue(try drawn(shadowedLayer()).isPainted(140, 140))
    }

    func testALayerThatDrawsNothingCastsNoShadow() throws {
        let layer = shadowedLayer()
        layer.backgroundColor = nil
        XCTAssertEqual(try drawn(layer).count, 0)
    }

    func testASublayerReachingPastTheLayerCastsAShadowToo() throws {
        let layer = shadowedLayer()
        let out = CALayer()
        out.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        out.position = CGPoint(x: 50, y: 20)
        out.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.addSublayer(out)
        // The sublayer covers 120..<140 across; its shadow, 20 further, reaches past 160.
        XCTAssertTrue(try drawn(layer).isPainted(165, 120))
    }

    func testTheShadowPathIsNotRead() throws {
        let plain = try drawn(shadowedLayer()).count
        let layer = shadowedLayer()
        layer.shadowPath = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        XCTAssertEqual(try drawn(layer).count, plain)
    }

    func testTheShadowReachesTwiceItsRadius() throws {
        // The far edge of the shadow: the layer's edge (120) moved by the offset (20) and grown
        // by twice the radius, read halfway up the shadow. Apple's paints nothing from 152 on;
        // this renderer's blur (sigma = radius, cut at 3 sigma) still paints a few 255ths there.
        XCTAssertTrue(try drawn(shadowedLayer()).isPainted(149, 120), "as far as the offset and twice the radius reach")
    }
}
