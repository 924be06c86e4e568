import CompositorCore
import RendererTestSupport
import XCTest
@testable import GLESRenderer
@testable import QuartzCore
@testable import QuartzCoreModel

private enum Probe: PixelProbes {}

/// A GL context lost at the worst moments: a call of a frame reports `GL_CONTEXT_LOST` (injected
/// through `GLFaultInjection`, as a robust context reports a reset to every call) while a
/// program is built mid-frame, while a texture is uploaded, while an offscreen pass's target is
/// made, and while a transition runs. The renderer makes a new context and uploads everything
/// again from the render tree and the layers' contents, with the app's layers, animations and
/// times untouched: its frames from then on are byte for byte those of a renderer that never
/// lost anything.
final class ContextLossRecoveryTests: XCTestCase {
    /// `GL_CONTEXT_LOST`.
    private let contextLost: UInt32 = 0x0507

    override func tearDown() { GLFaultInjection.shared.reset() }

    /// A white 96x64 root with a red square, a 4x4 image (a texture), and a half-transparent
    /// group of two overlapping squares (an offscreen pass).
    private func scene() -> (root: CALayer, picture: CALayer, group: CALayer) {
        let root = SceneRenderer.root(width: 96, height: 64)
        let square = CALayer()
        square.frame = CGRect(x: 4, y: 4, width: 16, height: 16)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let picture = CALayer()
        picture.frame = CGRect(x: 24, y: 4, width: 16, height: 16)
        picture.contents = Probe.image(width: 4, height: 4) { x, _ in x < 2 ? [0, 0, 255, 255] : [0, 255, 0, 255] }
        let group = CALayer()
        group.frame = CGRect(x: 48, y: 8, width: 40, height: 40)
        group.opacity = 0.5
        for (index, origin) in [CGPoint(x: 0, y: 0), CGPoint(x: 12, y: 12)].enumerated() {
            let part = CALayer()
            part.frame = CGRect(origin: origin, size: CGSize(width: 28, height: 28))
            part.backgroundColor = index == 0 ? CGColor(red: 0, green: 0, blue: 1, alpha: 1) : CGColor(red: 0, green: 0.5, blue: 0, alpha: 1)
            group.addSublayer(part)
        }
        for layer in [square, picture, group] { root.addSublayer(layer) }
        CATransaction.flush()
        return (root, picture, group)
    }

    private func renderer(of root: CALayer) throws -> CARenderer {
        let renderer = try CARenderer(pixelWidth: 96, pixelHeight: 64)
        renderer.layer = root
        return renderer
    }

    /// Renders `root` at `t` with a renderer made now, one that never lost its context.
    private func freshImage(of root: CALayer, atTime t: CFTimeInterval) throws -> CGImage {
        let fresh = try renderer(of: root)
        try fresh.renderFrame(atTime: t)
        return try fresh.makeImage()
    }

    /// Byte-for-byte equality of two frames.
    private func assertSameFrame(_ image: CGImage, _ expected: CGImage, _ label: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(image.width, expected.width, label, file: file, line: line)
        XCTAssertEqual(image.height, expected.height, label, file: file, line: line)
        var differing = 0
        for y in 0..<min(image.height, expected.height) {
            for x in 0..<min(image.width, expected.width) * 4
            where image.data[image.data.startIndex + y * image.bytesPerRow + x]
                != expected.data[expected.data.startIndex + y * expected.bytesPerRow + x] {
                differing += 1
            }
        }
        XCTAssertEqual(differing, 0, "\(label): bytes that differ from a fresh renderer's frame", file: file, line: line)
    }

    /// Renders frame `t` with a loss injected at the check named `check`, and asserts that the
    /// renderer recovered within the frame on a new context.
    private func renderLosingContext(_ renderer: CARenderer, atTime t: CFTimeInterval, at check: String,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let lost = renderer.frameRenderer as AnyObject
        GLFaultInjection.shared.failNextCheck(named: check, code: contextLost)
        try renderer.renderFrame(atTime: t)
        XCTAssertNil(GLFaultInjection.shared.takeFailure(for: check), "the loss was injected at \(check)", file: file, line: line)
        XCTAssertFalse(renderer.frameRenderer as AnyObject === lost, "a new GL renderer replaced the lost one", file: file, line: line)
        XCTAssertNil(renderer.lastError, file: file, line: line)
    }

    /// The new GL renderer's caches follow the budget the lost one's did (an app's
    /// `cacheByteLimit`, or what the memory ceiling lowered it to), not the default.
    func testTheNewRendererKeepsTheCacheBudget() throws {
        let (root, _, _) = scene()
        let renderer = try renderer(of: root)
        renderer.cacheByteLimit = 1 << 20
        renderer.cacheEvictionAge = 7
        try renderer.renderFrame(atTime: 0)
        let gradient = CAGradientLayer()  // a program the frames so far did not need
        gradient.frame = CGRect(x: 4, y: 40, width: 36, height: 20)
        gradient.colors = [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 1, alpha: 1)]
        root.addSublayer(gradient)
        CATransaction.flush()
        try renderLosingContext(renderer, atTime: 1, at: "glUseProgram")
        let budget = try XCTUnwrap((renderer.frameRenderer as? CacheBudgetedRenderer)?.cacheBudget)
        XCTAssertEqual(budget, CacheBudget(byteLimit: 1 << 20, evictionAge: 7))
        XCTAssertEqual(renderer.cacheByteLimit, 1 << 20)
    }

    func testALossWhileAProgramIsBuiltMidFrameIsRecovered() throws {
        let (root, _, _) = scene()
        let renderer = try renderer(of: root)
        try renderer.renderFrame(atTime: 0)
        // A gradient needs a program variant the frames so far did not: it is built mid-frame,
        // after the frame's uploads, and the loss strikes there.
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 4, y: 40, width: 36, height: 20)
        gradient.colors = [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 1, alpha: 1)]
        root.addSublayer(gradient)
        CATransaction.flush()
        try renderLosingContext(renderer, atTime: 1, at: "glUseProgram")
        assertSameFrame(try renderer.makeImage(), try freshImage(of: root, atTime: 1), "the frame drawn again")
        try renderer.renderFrame(atTime: 2)
        assertSameFrame(try renderer.makeImage(), try freshImage(of: root, atTime: 2), "the next frame")
    }

    func testALossWhileATextureIsUploadedIsRecovered() throws {
        let (root, picture, _) = scene()
        let renderer = try renderer(of: root)
        try renderer.renderFrame(atTime: 0)
        // New contents: uploaded this frame, and the loss strikes as its pixels go up.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        picture.contents = Probe.image(width: 8, height: 8) { _, _ in [255, 0, 255, 255] }
        CATransaction.commit()
        try renderLosingContext(renderer, atTime: 1, at: "glTexSubImage2D")
        XCTAssertEqual(renderer.statistics.textureUploads, 1, "the new image is uploaded on the new context")
        assertSameFrame(try renderer.makeImage(), try freshImage(of: root, atTime: 1), "the frame drawn again")
        assertPixel(try renderer.makeImage(), 32, 12, (255, 0, 255, 255))
    }

    func testALossWhileAnOffscreenPassIsMadeIsRecovered() throws {
        let (root, _, group) = scene()
        group.removeFromSuperlayer()
        CATransaction.flush()
        let renderer = try renderer(of: root)
        try renderer.renderFrame(atTime: 0)
        XCTAssertEqual(renderer.statistics.offscreenPasses, 0)
        // The group comes in: its pass needs a render target, and the loss strikes as it is made.
        root.addSublayer(group)
        CATransaction.flush()
        try renderLosingContext(renderer, atTime: 1, at: "render target")
        XCTAssertEqual(renderer.statistics.offscreenPasses, 1, "the group's pass is drawn on the new context")
        let image = try renderer.makeImage()
        assertSameFrame(image, try freshImage(of: root, atTime: 1), "the frame drawn again")
        // Where the squares overlap the group is drawn once: green at half opacity over white.
        assertPixel(image, 48 + 20, 8 + 20, (128, 191, 128, 255), tolerance: 2)
    }

    func testALossDuringATransitionKeepsItsTime() throws {
        let (root, picture, _) = scene()
        // Two renderers on the tree before the transition (each keeps the committed tree as the
        // transition's before-state); only the first loses its context.
        let losing = try renderer(of: root)
        let steady = try renderer(of: root)
        let t0 = CACurrentMediaTime() + 100
        for renderer in [losing, steady] { try renderer.renderFrame(atTime: t0 - 1) }
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 1
        transition.beginTime = t0
        transition.fillMode = .both
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        picture.add(transition, forKey: "push")
        picture.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()

        try losing.renderFrame(atTime: t0 + 0.25)
        try steady.renderFrame(atTime: t0 + 0.25)
        try renderLosingContext(losing, atTime: t0 + 0.5, at: "frame")
        try steady.renderFrame(atTime: t0 + 0.5)
        // A transition is kept under kCATransition whatever key it was added with, as Apple's is.
        XCTAssertEqual(picture.animationKeys(), [kCATransition], "the transition is still running")
        assertSameFrame(try losing.makeImage(), try steady.makeImage(), "half way, drawn again on the new context")
        for t in [t0 + 0.75, t0 + 1.5] {
            try losing.renderFrame(atTime: t)
            try steady.renderFrame(atTime: t)
            assertSameFrame(try losing.makeImage(), try steady.makeImage(), "at t0 + \(t - t0)")
        }
    }

    func testAGLContextLostErrorIsALossAndOtherErrorsAreNot() {
        GLFaultInjection.shared.failNextCheck(named: "probe", code: contextLost)
        XCTAssertThrowsError(try GLError.check("probe")) { error in
            XCTAssertEqual(error as? GLError, .contextLost(status: 0x8255), "GL_UNKNOWN_CONTEXT_RESET")
        }
        GLFaultInjection.shared.failNextCheck(named: "probe", code: 0x0505)
        XCTAssertThrowsError(try GLError.check("probe")) { error in
            XCTAssertEqual(error as? GLError, .call("probe", code: 0x0505, log: ""), "GL_OUT_OF_MEMORY is retried on the same context")
        }
        XCTAssertEqual(GLError.call("x", code: 0x0507, log: "").description, "x failed with GL_CONTEXT_LOST (0x507)")
    }
}
