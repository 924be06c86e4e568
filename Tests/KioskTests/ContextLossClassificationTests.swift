import GLESRenderer
import QuartzCore
@testable import QuartzCoreDisplay
import XCTest

/// Which frame errors make the kiosk throw its surface, context and renderer away: a GPU reset,
/// however it reaches the output loop, and nothing else (a failed call is retried on the same context).
final class ContextLossClassificationTests: XCTestCase {
    func testAResetIsAContextLossDirectOrWrapped() {
        let lost = GLError.contextLost(status: 0x8253) // GL_GUILTY_CONTEXT_RESET
        XCTAssertTrue(KMSOutputLoop.isContextLoss(lost))
        XCTAssertTrue(KMSOutputLoop.isContextLoss(CARendererError.renderer(lost)))
    }

    func testOtherFailuresAreNot() {
        XCTAssertFalse(KMSOutputLoop.isContextLoss(GLError.call("frame", code: 0x0505, log: "")))
        XCTAssertFalse(KMSOutputLoop.isContextLoss(CARendererError.renderer(GLError.unsupported("x"))))
        XCTAssertFalse(KMSOutputLoop.isContextLoss(CARendererError.noLayer))
        XCTAssertFalse(KMSOutputLoop.isContextLoss(CADisplayError.call("eglSwapBuffers", detail: "EGL error 0x300E")))
    }
}
