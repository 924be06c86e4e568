import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import QuartzCore
import RendererTestSupport
import XCTest

/// Shadows drawn from cached masks are the closed-form blurred rounded rectangle they replace,
/// on both renderers, turned or not; a changed shape never draws the old shape's mask.
final class ShadowMaskRenderingTests: XCTestCase {
    private enum Probes: PixelProbes {}
    private let shadowColor = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.8)

    private struct Shadow {
        var center: (x: Double, y: Double), size: (w: Double, h: Double), radius: Float, sigma: Float, angle: Double
    }

    private let shadows = [
        Shadow(center: (45, 45), size: (36, 36), radius: 5.4, sigma: 6, angle: 0),
        Shadow(center: (135, 45), size: (36, 36), radius: 5.4, sigma: 6, angle: 0.7),
        Shadow(center: (225, 45), size: (36, 36), radius: 5.4, sigma: 6, angle: 2.2),
        Shadow(center: (45, 125), size: (50, 24), radius: 0, sigma: 3, angle: 0.3),
        Shadow(center: (135, 125), size: (40, 40), radius: 20, sigma: 4, angle: 1.1),
        Shadow(center: (225, 125), size: (30, 44), radius: 8, sigma: 2.5, angle: -0.4),
    ]

    private func transform(_ s: Shadow) -> Matrix4 {
        Matrix4.translation(-s.size.w / 2, -s.size.h / 2).concatenating(Probes.rotationZ(s.angle))
            .concatenating(.translation(s.center.x, s.center.y))
    }

    private var list: DrawList {
        let commands = shadows.map { s in
            DrawCommand.quad(Quad(transform: transform(s), rect: CGRect(x: 0, y: 0, width: s.size.w, height: s.size.h),
                                  fillColor: shadowColor, cornerRadii: CornerRadii(uniform: s.radius), blurSigma: s.sigma))
        }
        return DrawList(pixelWidth: 270, pixelHeight: 170, clearColor: .clear, commands: commands)
    }

    /// The closed-form alpha (0...255) the shaders computed per pixel before masks: the blur
    /// widened by the pixel's footprint, at the pixel's centre in the shadow's local space.
    private func closedForm(_ s: Shadow, x: Int, y: Int) -> Double {
        let dx = Double(x) + 0.5 - s.center.x, dy = Double(y) + 0.5 - s.center.y
        let c = cos(s.angle), n = sin(s.angle)
        let lx = dx * c + dy * n + s.size.w / 2, ly = -dx * n + dy * c + s.size.h / 2
        let shape = BlurredRoundedRect(minX: 0, minY: 0, maxX: Float(s.size.w), maxY: Float(s.size.h),
                                       radii: SIMD4(repeating: s.radius),
                                       sigma: BlurredRoundedRect.effectiveSigma(s.sigma, unitsPerPixel: 1))
        return 255 * Double(shadowColor.alpha) * Double(shape.coverage(x: SIMD8(repeating: Float(lx)), y: SIMD8(repeating: Float(ly)))[0])
    }

    private func checkAgainstTheClosedForm(_ renderer: FrameRenderer, name: String) throws -> CGImage {
        let statistics = try renderer.render(list)
        // Five shapes: the three turned copies of the first share its mask.
        XCTAssertEqual(statistics.shadowMasks.entries, 4, name)
        XCTAssertGreaterThan(statistics.shadowMasks.bytes, 0, name)
        let image = try renderer.readPixels()
        var largest = 0.0
        for s in shadows {
            let reach = Int(max(s.size.w, s.size.h) / 2 * 1.5 + 3 * Double(s.sigma)) + 2
            for y in max(0, Int(s.center.y) - reach)..<min(170, Int(s.center.y) + reach) {
                for x in max(0, Int(s.center.x) - reach)..<min(270, Int(s.center.x) + reach) {
                    largest = max(largest, abs(Double(Probes.pixel(image, x, y)[3]) - closedForm(s, x: x, y: y)))
                }
            }
        }
        print("\(name): masked shadows vs the closed form: largest difference \(largest)/255")
        XCTAssertLessThanOrEqual(largest, 2, name)
        return image
    }

    func testMaskedShadowsAreTheClosedFormOnBothRenderersAndAgree() throws {
        SoftwareGL.useUnlessConfigured()
        let gles = try checkAgainstTheClosedForm(try GLESRenderer(pixelWidth: 270, pixelHeight: 170), name: "GLES")
        let cpu = try checkAgainstTheClosedForm(try CPURenderer(pixelWidth: 270, pixelHeight: 170, threadCount: 2), name: "CPU")
        var largest = 0
        for y in 0..<170 {
            for x in 0..<270 {
                let a = Probes.pixel(gles, x, y), b = Probes.pixel(cpu, x, y)
                largest = max(largest, zip(a, b).map { abs($0 - $1) }.max()!)
            }
        }
        XCTAssertLessThanOrEqual(largest, 1)
    }

    /// A layer whose `shadowPath` changes between frames casts the new path's shadow, exactly
    /// as a fresh renderer draws it: the old path's mask is not reused.
    private func checkAChangedShadowPathCastsTheNewShadow(cpu: Bool) throws {
        SoftwareGL.useUnlessConfigured()
        func makeRenderer() throws -> CARenderer {
            let renderer = cpu ? try CARenderer(cpuPixelWidth: 160, pixelHeight: 120) : try CARenderer(pixelWidth: 160, pixelHeight: 120)
            renderer.clearColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            return renderer
        }
        func scene() -> (CALayer, CALayer) {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
            let card = CALayer()
            card.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
            card.shadowOpacity = 0.8
            card.shadowRadius = 5
            card.shadowOffset = .zero
            root.addSublayer(card)
            return (root, card)
        }
        let first = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 80, height: 60), cornerWidth: 10, cornerHeight: 10, transform: nil)
        let second = CGPath(roundedRect: CGRect(x: 10, y: 10, width: 40, height: 30), cornerWidth: 4, cornerHeight: 4, transform: nil)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let (root, card) = scene()
        card.shadowPath = first
        CATransaction.commit()
        let renderer = try makeRenderer()
        renderer.layer = root
        try renderer.renderFrame(atTime: 0)
        let before = try renderer.makeImage()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.shadowPath = second
        CATransaction.commit()
        try renderer.renderFrame(atTime: 0.1)
        let changed = try renderer.makeImage()

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let (freshRoot, freshCard) = scene()
        freshCard.shadowPath = second
        CATransaction.commit()
        let fresh = try makeRenderer()
        fresh.layer = freshRoot
        try fresh.renderFrame(atTime: 0)
        let expected = try fresh.makeImage()
        // (115, 85) lies inside the first path's bottom-right corner, and beyond three standard
        // deviations of the second path (the black shadow darkens the white background).
        XCTAssertLessThan(Probes.pixel(before, 115, 85)[0], 235)
        XCTAssertEqual(Probes.pixel(changed, 115, 85)[0], 255)
        for y in stride(from: 0, to: 120, by: 1) {
            for x in stride(from: 0, to: 160, by: 1) where Probes.pixel(changed, x, y) != Probes.pixel(expected, x, y) {
                XCTFail("\(cpu ? "CPU" : "GLES") pixel (\(x), \(y)): \(Probes.pixel(changed, x, y)) after the change, \(Probes.pixel(expected, x, y)) fresh")
                return
            }
        }
    }

    func testAChangedShadowPathCastsTheNewShadowOnGLES() throws { try checkAChangedShadowPathCastsTheNewShadow(cpu: false) }
    func testAChangedShadowPathCastsTheNewShadowOnTheCPU() throws { try checkAChangedShadowPathCastsTheNewShadow(cpu: true) }
}
