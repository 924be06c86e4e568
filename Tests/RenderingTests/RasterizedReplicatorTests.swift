import CompositorCore
import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A rasterized replicator keeps every instance: its bitmap covers what the instances draw
/// beyond the replicator's bounds (the book's reflection, a copy below the original), as the
/// same tree drawn without rasterization shows it.
final class RasterizedReplicatorTests: XCTestCase {
    /// A 100 x 100 replicator at the top of a 100 x 300 white root, drawing a red square the
    /// size of its bounds three times, each 100 points further down.
    private func column(rasterized: Bool, masksToBounds: Bool = false) -> CALayer {
        let root = SceneRenderer.root(width: 100, height: 300)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(0, 100, 0)
        replicator.instanceAlphaOffset = -0.25
        replicator.shouldRasterize = rasterized
        replicator.masksToBounds = masksToBounds
        let square = CALayer()
        square.frame = replicator.bounds
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        return root
    }

    func testEveryInstanceOutsideTheBoundsIsDrawnWhenRasterized() throws {
        for (name, image) in try SceneRenderer.renderOnBoth(column(rasterized: true), width: 100, height: 300) {
            // Instance k is red at alpha 1 - 0.25 k over white.
            assertPixel(image, 50, 50, (255, 0, 0, 255), name)
            assertPixel(image, 50, 150, (255, 64, 64, 255), tolerance: 4, name)
            assertPixel(image, 50, 250, (255, 128, 128, 255), tolerance: 4, name)
        }
    }

    func testRasterizedMatchesTheDirectDrawing() throws {
        let direct = try SceneRenderer.renderOnBoth(column(rasterized: false), width: 100, height: 300)
        let rasterized = try SceneRenderer.renderOnBoth(column(rasterized: true), width: 100, height: 300)
        for ((name, a), (_, b)) in zip(direct, rasterized) {
            for y in stride(from: 5, to: 300, by: 10) {
                let p = try XCTUnwrap(a.premultipliedPixel(x: 50, y: y))
                assertPixel(b, 50, y, (Int(p.r), Int(p.g), Int(p.b), Int(p.a)), tolerance: 2, "\(name) row \(y)")
            }
        }
    }

    func testMasksToBoundsStillCutsTheInstances() throws {
        for (name, image) in try SceneRenderer.renderOnBoth(column(rasterized: true, masksToBounds: true),
                                                            width: 100, height: 300) {
            assertPixel(image, 50, 50, (255, 0, 0, 255), name)
            assertPixel(image, 50, 150, (255, 255, 255, 255), name)
        }
    }

    /// Group opacity sees the instances: two overlapping copies of an opaque square in a
    /// replicator at opacity 0.5 are composited as one picture, so where they overlap is no
    /// darker than where they do not.
    func testGroupOpacityCountsOverlappingInstances() throws {
        let root = SceneRenderer.root(width: 150, height: 100)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(50, 0, 0)
        replicator.opacity = 0.5
        let square = CALayer()
        square.frame = replicator.bounds
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        for (name, image) in try SceneRenderer.renderOnBoth(root, width: 150, height: 100) {
            // Blue at 0.5 over white: (128, 128, 255) once, alone or overlapping.
            assertPixel(image, 25, 50, (128, 128, 255, 255), name)
            assertPixel(image, 75, 50, (128, 128, 255, 255), "\(name) overlap")
            assertPixel(image, 125, 50, (128, 128, 255, 255), name)
        }
    }
}
