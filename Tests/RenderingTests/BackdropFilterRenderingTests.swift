import CompositorCore
import Foundation
import QuartzCore
import RendererTestSupport
import XCTest

/// `CALayer.backgroundFilters` on both renderers: a blur of what lies behind a layer, within
/// its rounded shape, leaving what is outside it and the layer's own content alone; no dark
/// halo where the copied backdrop ends; the GPU and the CPU within 2 levels; no filter pass in a
/// still frame, and the whole panel redrawn when what is under it changes.
final class BackdropFilterRenderingTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private let size = 240

    /// A black and white checkerboard of 4-pixel squares (a period of 8 pixels: a Gaussian of
    /// sigma 6 leaves exp(-2 pi^2 36 / 64) = 0.002% of its contrast, mid grey).
    private static let checker = Probes.image(width: 240, height: 240) { x, y in
        (x / 4 + y / 4) % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 255]
    }

    private func blur(_ radius: Double) throws -> CIFilter {
        let filter = try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: radius]))
        filter.name = "blur"
        return filter
    }

    /// The checkerboard under a frosted panel at (40, 80), 160 x 80, corner radius 20, holding a
    /// red 20 x 20 square at canvas (110, 110); and a frosted strip along the canvas's bottom
    /// edge (y 200...240), where the copied backdrop ends at the canvas.
    private func checkerScene(radius: Double = 6) throws -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.contents = Self.checker
        root.magnificationFilter = .nearest
        root.minificationFilter = .nearest
        let panel = CALayer()
        panel.frame = CGRect(x: 40, y: 80, width: 160, height: 80)
        panel.cornerRadius = 20
        panel.backgroundFilters = [try blur(radius)]
        let red = CALayer()
        red.frame = CGRect(x: 70, y: 30, width: 20, height: 20)
        red.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        panel.addSublayer(red)
        root.addSublayer(panel)
        let strip = CALayer()
        strip.frame = CGRect(x: 0, y: 200, width: 240, height: 40)
        strip.backgroundFilters = [try blur(radius)]
        root.addSublayer(strip)
        return root
    }

    /// The checker's value at (x, y).
    private func checker(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        (x / 4 + y / 4) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255)
    }

    /// Outside the panel (around it, and inside its bounding box beyond its rounded corner) the
    /// checkerboard is exact; inside it is mid grey up to its edge (no darkening where the copy
    /// ends, at the canvas's edge too); the panel's red square is exact to its edge.
    func testABackdropBlurFiltersOnlyWhatIsBehindTheShape() throws {
        let root = try checkerScene()
        for (renderer, image) in try SceneRenderer.renderOnBoth(root, width: size, height: size) {
            // Outside: around the panel, and in its bounding box's corner beyond the radius
            // (pixel (41, 81) lies 26 pixels from the corner's centre (60, 100)).
            for (x, y) in [(20, 20), (39, 120), (201, 120), (120, 79), (120, 161), (41, 81), (198, 158)] {
                assertPixel(image, x, y, checker(x, y), tolerance: 0, "\(renderer): unchanged at (\(x), \(y))")
            }
            // Inside: mid grey, at the middle and one pixel in from each straight edge.
            for (x, y) in [(70, 120), (40, 120), (199, 120), (120, 80), (120, 159), (60, 100)] {
                assertPixel(image, x, y, (128, 128, 128, 255), tolerance: 3, "\(renderer): blurred at (\(x), \(y))")
            }
            // The strip's backdrop ends at the canvas's bottom and sides: the edge pixels repeat,
            // stripes of period 8 that blur to mid grey. (At a corner the corner pixel repeats
            // over a quadrant, a quarter of the weight: no test there.)
            for (x, y) in [(120, 239), (0, 220), (239, 220), (60, 239), (120, 220)] {
                assertPixel(image, x, y, (128, 128, 128, 255), tolerance: 3, "\(renderer): no halo at (\(x), \(y))")
            }
            // The layer's own content is drawn over its backdrop, sharp.
            for (x, y) in [(110, 110), (129, 129), (110, 129), (120, 120)] {
                assertPixel(image, x, y, (255, 0, 0, 255), tolerance: 0, "\(renderer): own content at (\(x), \(y))")
            }
            assertPixel(image, 108, 120, (128, 128, 128, 255), tolerance: 3, "\(renderer): the red square does not bleed")
        }
    }

    /// Coloured bars behind a frosted panel of sigma 12 (one halving on the way): the two
    /// renderers agree within 2 levels on every pixel of the panel's bounding box.
    func testTheGPUAndTheCPUAgreeWithinTwoLevels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
        for (i, color) in [(1.0, 0.2, 0.1), (0.1, 0.9, 0.3), (0.2, 0.3, 1.0), (1.0, 1.0, 0.2)].enumerated() {
            let bar = CALayer()
            bar.frame = CGRect(x: 20 + 50 * i, y: 0, width: 25, height: size)
            bar.backgroundColor = CGColor(red: color.0, green: color.1, blue: color.2, alpha: 1)
            root.addSublayer(bar)
        }
        let panel = CALayer()
        panel.frame = CGRect(x: 30, y: 60, width: 180, height: 120)
        panel.cornerRadius = 16
        panel.backgroundFilters = [try blur(12)]
        root.addSublayer(panel)
        let images = try SceneRenderer.renderOnBoth(root, width: size, height: size)
        let (gles, cpu) = (images[0].image, images[1].image)
        var worst = 0
        for y in 60..<180 {
            for x in 30..<210 {
                let a = Probes.pixel(gles, x, y), b = Probes.pixel(cpu, x, y)
                worst = max(worst, zip(a, b).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "largest difference between GLES and CPU over the panel")
        // And the blur blurs: at the green bar's left edge (x = 70) green is between the
        // background's (51) and the bar's (230).
        let edge = Probes.pixel(cpu, 70, 120)
        XCTAssertTrue(edge[1] > 100 && edge[1] < 180, "blurred edge \(edge)")
    }

    /// With damage tracking, the first frame runs the panel's blur and a still frame none; a
    /// change under the panel redraws its whole rectangle and runs the blur again, a change far
    /// from it does not.
    func testAStillBackdropRunsNoFilterPassAndAChangeUnderItDamagesItAll() throws {
        for cpu in [false, true] {
            let name = cpu ? "CPU" : "GLES"
            let root = try checkerScene()
            root.sublayers?.last?.removeFromSuperlayer() // the strip
            let under = CALayer()
            under.frame = CGRect(x: 60, y: 100, width: 10, height: 10)
            under.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.insertSublayer(under, at: 0)
            let far = CALayer()
            far.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            far.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            root.addSublayer(far)
            CATransaction.flush()
            let renderer = cpu ? try CARenderer(cpuPixelWidth: size, pixelHeight: size)
                               : try CARenderer(pixelWidth: size, pixelHeight: size)
            renderer.tracksDamage = true
            renderer.layer = root
            XCTAssertEqual(try renderer.renderFrame(atTime: 1).filterPasses, 1, "\(name): first frame")
            XCTAssertEqual(try renderer.renderFrame(atTime: 2).filterPasses, 0, "\(name): still frame")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            far.position = CGPoint(x: 12, y: 12)
            CATransaction.commit()
            XCTAssertEqual(try renderer.renderFrame(atTime: 3).filterPasses, 0, "\(name): a change far from the panel")
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            under.position = CGPoint(x: 70, y: 105)
            CATransaction.commit()
            XCTAssertEqual(try renderer.renderFrame(atTime: 4).filterPasses, 1, "\(name): a change under the panel")
            let damaged = renderer.lastDamage.reduce(PixelRect.empty) { $0.union($1) }
            let panel = PixelRect(x: 40, y: 80, width: 160, height: 80)
            XCTAssertEqual(damaged.intersection(panel), panel, "\(name): the whole panel is damaged, \(damaged)")
            // The redrawn frame equals a frame drawn whole.
            let partial = try renderer.makeImage()
            let whole = try SceneRenderer.render(root, width: size, height: size, time: 4)
            if !cpu {
                for (x, y) in [(45, 120), (70, 105), (120, 120), (190, 150)] {
                    let p = Probes.pixel(whole, x, y)
                    assertPixel(partial, x, y, (p[0], p[1], p[2], p[3]), tolerance: 0, "\(name): damage-limited at (\(x), \(y))")
                }
            }
        }
    }
}
