import XCTest
import CompositorCore
@testable import QuartzCore
@testable import QuartzCoreModel

/// CARenderer.tracksDamage: a frame recomposites only what changed, and the picture is the
/// same as a full frame's.
final class DamageTrackingTests: XCTestCase {
    private func scene() -> (root: CALayer, left: CALayer, right: CALayer) {
        let root = SceneRenderer.root(width: 200, height: 100)
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        right.frame = CGRect(x: 120, y: 30, width: 50, height: 50)
        left.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        right.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        right.cornerRadius = 10
        root.addSublayer(left)
        root.addSublayer(right)
        CATransaction.flush()
        return (root, left, right)
    }

    func testAChangedLayerDamagesOnlyItsBoundsAndThePictureMatchesAFullFrame() throws {
        let (root, left, _) = scene()
        let renderer = try CARenderer(pixelWidth: 200, pixelHeight: 100)
        renderer.layer = root
        renderer.tracksDamage = true
        try renderer.renderFrame(atTime: 0)
        XCTAssertEqual(renderer.lastDamage, [PixelRect(x: 0, y: 0, width: 200, height: 100)], "the first frame is whole")

        try renderer.renderFrame(atTime: 1)
        XCTAssertEqual(renderer.lastDamage, [], "nothing changed")
        XCTAssertEqual(renderer.statistics.drawCalls, 0)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        left.position = CGPoint(x: 60, y: 30) // from 10...50 to 40...80 horizontally
        CATransaction.commit()
        try renderer.renderFrame(atTime: 2)
        // Old bounds 10...50 x 10...50 and new 40...80 x 10...50 overlap: one rectangle. The opaque
        // layer's quad is marked opaque and may be drawn without blending, where the centres exactly
        // half a pixel out may be written: one pixel around (DamageBounds.replacingReach).
        XCTAssertEqual(renderer.lastDamage, [PixelRect(x: 9, y: 9, width: 72, height: 42)])
        let partial = try renderer.makeImage()

        let full = try SceneRenderer.render(root, width: 200, height: 100, time: 2)
        XCTAssertEqual(partial.width, full.width)
        var differing = 0
        for y in 0..<100 {
            for x in 0..<200 {
                let a = partial.premultipliedPixel(x: x, y: y), b = full.premultipliedPixel(x: x, y: y)
                if a?.r != b?.r || a?.g != b?.g || a?.b != b?.b || a?.a != b?.a { differing += 1 }
            }
        }
        XCTAssertEqual(differing, 0, "a damage-tracked frame shows the same picture as a full one")
        XCTAssertEqual(partial.premultipliedPixel(x: 20, y: 30)?.r, 255, "the old place is uncovered (white root)")
        XCTAssertEqual(partial.premultipliedPixel(x: 20, y: 30)?.g, 255)
    }
}
