import XCTest
import CompositorCore
import RendererTestSupport
@testable import GLESRenderer
@testable import QuartzCore
@testable import QuartzCoreModel

/// CARenderer after a GL call fails mid-frame and after the GPU resets: the error is reported,
/// the next frame is drawn whole, and its pixels are right.
private enum Probe: PixelProbes {}

final class RendererFaultRecoveryTests: XCTestCase {
    /// GL_GUILTY_CONTEXT_RESET (KHR_robustness).
    private let guiltyContextReset: UInt32 = 0x8253

    override func tearDown() { GLFaultInjection.shared.reset() }

    /// A white 100x50 root with a red square at 10...30 x 10...30 and an image layer on the right
    /// (its texture is lost with the context and must be uploaded again).
    private func scene() -> (root: CALayer, square: CALayer) {
        let root = SceneRenderer.root(width: 100, height: 50)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let picture = CALayer()
        picture.frame = CGRect(x: 60, y: 10, width: 30, height: 30)
        picture.contents = Probe.image(width: 4, height: 4) { _, _ in [0, 0, 255, 255] }
        root.addSublayer(square)
        root.addSublayer(picture)
        CATransaction.flush()
        return (root, square)
    }

    private func glesRenderer(_ renderer: CARenderer) throws -> GLESRenderer {
        try XCTUnwrap(renderer.frameRenderer as? GLESRenderer)
    }

    func testAFailedFrameIsReportedAndTheNextIsWholeAndRight() throws {
        let (root, square) = scene()
        let renderer = try CARenderer(pixelWidth: 100, pixelHeight: 50)
        renderer.layer = root
        renderer.tracksDamage = true
        try renderer.renderFrame(atTime: 0)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        square.position = CGPoint(x: 40, y: 20) // now 30...50 x 10...30
        CATransaction.commit()
        GLFaultInjection.shared.failNextCheck(named: "frame", code: 0x0505) // GL_OUT_OF_MEMORY
        renderer.beginFrame(atTime: 1, timeStamp: nil)
        renderer.render()
        renderer.endFrame()
        let reported = try XCTUnwrap(renderer.lastError as? CARendererError)
        guard case .renderer(GLError.call("frame", 0x0505, _)) = reported else { return XCTFail("\(reported)") }

        // Nothing changed since the failed frame, yet its pixels are unknown: all of it is redrawn.
        try renderer.renderFrame(atTime: 2)
        XCTAssertNil(renderer.lastError)
        XCTAssertEqual(renderer.lastDamage, [PixelRect(x: 0, y: 0, width: 100, height: 50)])
        let image = try renderer.makeImage()
        assertPixel(image, 15, 20, (255, 255, 255, 255)) // where the square was
        assertPixel(image, 40, 20, (255, 0, 0, 255))
        assertPixel(image, 75, 25, (0, 0, 255, 255))
    }

    func testALostContextIsRecreatedAndTheFrameDrawnAgain() throws {
        let (root, _) = scene()
        let renderer = try CARenderer(pixelWidth: 100, pixelHeight: 50)
        renderer.layer = root
        renderer.tracksDamage = true
        try renderer.renderFrame(atTime: 0)
        let lost = try glesRenderer(renderer)
        XCTAssertEqual(lost.cachedImageCount, 1)
        lost.target.context.injectedResetStatus = guiltyContextReset

        try renderer.renderFrame(atTime: 1)
        let recreated = try glesRenderer(renderer)
        XCTAssertFalse(recreated === lost, "a new GLESRenderer replaces the lost one")
        XCTAssertFalse(recreated.target.context === lost.target.context, "on a new context")
        XCTAssertEqual(renderer.statistics.textureUploads, 1, "the image is uploaded again")
        XCTAssertEqual(renderer.lastDamage, [PixelRect(x: 0, y: 0, width: 100, height: 50)])
        let image = try renderer.makeImage()
        assertPixel(image, 20, 20, (255, 0, 0, 255))
        assertPixel(image, 5, 5, (255, 255, 255, 255))
        assertPixel(image, 75, 25, (0, 0, 255, 255))
    }

    func testRecoveryIsBoundedPerFrame() throws {
        let (root, _) = scene()
        let renderer = try CARenderer(pixelWidth: 100, pixelHeight: 50)
        renderer.layer = root
        try renderer.renderFrame(atTime: 0)
        // Every context this frame makes is lost too: it gives up after the bounded retries.
        let make = try XCTUnwrap(renderer.makeRenderer)
        var made = 0
        renderer.makeRenderer = {
            let fresh = try make()
            (fresh as? GLESRenderer)?.target.context.injectedResetStatus = self.guiltyContextReset
            made += 1
            return fresh
        }
        try glesRenderer(renderer).target.context.injectedResetStatus = guiltyContextReset
        let original = renderer.frameRenderer as AnyObject
        XCTAssertThrowsError(try renderer.renderFrame(atTime: 1)) { error in
            guard case CARendererError.renderer(GLError.contextLost) = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(made, CARenderer.maximumContextRecoveries)
        XCTAssertFalse(renderer.frameRenderer as AnyObject === original)
        XCTAssertNotNil(renderer.lastError)
        // The next frame, on a healthy context, recovers.
        renderer.makeRenderer = make
        try renderer.renderFrame(atTime: 2)
        assertPixel(try renderer.makeImage(), 20, 20, (255, 0, 0, 255))
    }

    func testARendererOnACallersContextLeavesRecreationToTheCaller() throws {
        let (root, _) = scene()
        let context = try GLESContext()
        let renderer = try CARenderer(target: OffscreenTarget(context: context, pixelWidth: 100, pixelHeight: 50))
        renderer.layer = root
        try renderer.renderFrame(atTime: 0)
        context.injectedResetStatus = guiltyContextReset
        let original = renderer.frameRenderer as AnyObject
        XCTAssertThrowsError(try renderer.renderFrame(atTime: 1)) { error in
            guard case CARendererError.renderer(GLError.contextLost(let status)) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(status, self.guiltyContextReset)
        }
        XCTAssertTrue(renderer.frameRenderer as AnyObject === original)
    }
}
