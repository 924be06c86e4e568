import CompositorCore
import CPURenderer
import GLESRenderer
import QuartzCore
import RendererTestSupport
import XCTest

/// The crashes fuzzing found, each reduced to the API calls that caused it.
final class FoundByFuzzingTests: XCTestCase {
    /// An animation whose timing values are not finite traps converting its iteration number to
    /// an integer; it must render (as the model value or the animation's ends) instead.
    func testAnimationWithNonFiniteTimingRenders() throws {
        let renderer = try CARenderer(cpuPixelWidth: 8, pixelHeight: 8)
        for (speed, offset, duration) in [(Float.nan, 0.0, 1.0), (1, Double.nan, 1), (1, -Double.infinity, 1),
                                          (Float.infinity, 0, 1), (1, 0, Double.nan), (1, 1e308, 1e-300)] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.speed = speed
            fade.timeOffset = offset
            fade.duration = duration
            fade.repeatCount = .infinity
            root.add(fade, forKey: "fade")
            CATransaction.flush()
            renderer.layer = root
            XCTAssertNoThrow(try renderer.renderFrame(atTime: 0.5))
        }
    }

    /// A textured quad whose transform holds NaN gave the CPU sampler NaN coordinates, which
    /// indexed outside the texture (a segmentation fault) or trapped converting to Int.
    func testTexturedQuadWithNonFiniteTransformOnTheCPU() throws {
        let renderer = try CPURenderer(pixelWidth: 8, pixelHeight: 8, threadCount: 1)
        let context = try XCTUnwrap(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try XCTUnwrap(context.makeImage())
        for value in [Double.nan, .infinity, 1e30] {
            for filter in [TextureFilter.nearest, .linear, .trilinear] {
                var transform = Matrix4.identity
                transform.m11 = value
                transform.m41 = value
                let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                                texture: TextureSource(image: image, unitRect: CGRect(x: 0, y: 0, width: value, height: 1),
                                                       minificationFilter: filter, magnificationFilter: filter == .trilinear ? .linear : filter))
                let list = DrawList(pixelWidth: 8, pixelHeight: 8, commands: [.quad(quad)])
                _ = try? renderer.render(list)
            }
        }
        // The renderer still draws an ordinary frame correctly afterwards.
        let red = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                       fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
        _ = try renderer.render(DrawList(pixelWidth: 8, pixelHeight: 8, commands: [.quad(red)]))
        let frame = try renderer.readPixels()
        XCTAssertEqual(frame.data[0], 255)
        XCTAssertEqual(frame.data[3], 255)
    }

    /// An arc sweeping 1e300 radians trapped converting its segment count to Int; it draws a
    /// full turn and the remainder, ending where the requested sweep ends.
    func testArcOfAHugeSweepEndsAtItsEndAngle() {
        let path = CGMutablePath()
        path.addRelativeArc(center: .zero, radius: 10, startAngle: 0, delta: 1e300)
        let end = 1e300.truncatingRemainder(dividingBy: 2 * .pi)
        XCTAssertEqual(path.currentPoint.x, 10 * cos(end), accuracy: 1e-6)
        XCTAssertEqual(path.currentPoint.y, 10 * sin(end), accuracy: 1e-6)
        var curves = 0
        path.applyWithBlock { if $0.pointee.type == .addCurveToPoint { curves += 1 } }
        XCTAssertLessThanOrEqual(curves, 8, "at most two turns of quarter-circle curves")
    }

    /// A group shadow whose sigma is NaN trapped both renderers sizing the blur; a huge one
    /// sized it beyond memory. NaN blurs nothing, a huge sigma is clamped to `maximumSigma`.
    func testGroupShadowWithNonFiniteSigma() throws {
        SoftwareGL.useUnlessConfigured()
        XCTAssertEqual(GroupShadow(color: .clear, offsetX: 0, offsetY: 0, sigma: .nan).renderedSigma, 0)
        XCTAssertEqual(GroupShadow(color: .clear, offsetX: 0, offsetY: 0, sigma: .infinity).renderedSigma, GroupShadow.maximumSigma)
        XCTAssertEqual(GroupShadow(color: .clear, offsetX: 0, offsetY: 0, sigma: -3).renderedSigma, 0)
        XCTAssertEqual(GroupShadow(color: .clear, offsetX: 0, offsetY: 0, sigma: 2.5).renderedSigma, 2.5)
        let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1)
        let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)
        let renderers: [FrameRenderer] = [try CPURenderer(pixelWidth: 16, pixelHeight: 16, threadCount: 1),
                                          try GLESRenderer(pixelWidth: 16, pixelHeight: 16)]
        for renderer in renderers {
            for sigma in [Float.nan, .infinity] {
                let group = CompositingGroup(transform: .identity, rect: CGRect(x: 4, y: 4, width: 8, height: 8),
                                             pixelWidth: 8, pixelHeight: 8,
                                             shadow: GroupShadow(color: black, offsetX: 0, offsetY: 0, sigma: sigma))
                let list = DrawList(pixelWidth: 16, pixelHeight: 16, clearColor: white, commands: [
                    .beginGroup(group), .quad(Quad(transform: .identity, rect: CGRect(x: 4, y: 4, width: 8, height: 8), fillColor: white)),
                    .endGroup,
                ])
                _ = try renderer.render(list)
                let frame = try renderer.readPixels()
                // The white content covers its own shadow; outside it, the canvas stays white
                // with a NaN sigma (no blur: the shadow lies under the content) and greys with an
                // infinite one clamped to 128 pixels (spread far too thin to see at 8 pixels).
                XCTAssertEqual(frame.data[(8 * 16 + 8) * 4], 255, "\(type(of: renderer)) content at sigma \(sigma)")
                XCTAssertGreaterThan(frame.data[(1 * 16 + 1) * 4], 250, "\(type(of: renderer)) corner at sigma \(sigma)")
            }
        }
    }
}
