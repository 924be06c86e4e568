import CGLES3
import CompositorCore
import CoreGraphics
@testable import GLESRenderer
import RendererTestSupport
import XCTest

/// A GL call that fails mid-frame (injected through `GLFaultInjection`): the frame is abandoned
/// with no half-bound state, the error names the call, and the next frame draws the right pixels.
final class GLFaultRecoveryTests: XCTestCase {
    private typealias S = RenderTestSupport
    private let size = 16
    private let blue = PremultipliedColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// GL_GUILTY_CONTEXT_RESET (KHR_robustness).
    static let guiltyContextReset: UInt32 = 0x8253

    override func tearDown() { GLFaultInjection.shared.reset() }

    /// A 16x16 image: red on the left half, green on the right.
    private func halves() -> CGImage {
        S.image(width: size, height: size) { x, _ in x < 8 ? [255, 0, 0, 255] : [0, 255, 0, 255] }
    }

    private func list(_ image: CGImage, translucentOverlay: Bool = true) -> DrawList {
        var commands: [DrawCommand] = [.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: size, height: size),
                                                  texture: TextureSource(image: image, minificationFilter: .nearest,
                                                                         magnificationFilter: .nearest)))]
        if translucentOverlay {
            // Half-transparent white over the bottom rows: needs blending on.
            commands.append(.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 12, width: size, height: 4),
                                       fillColor: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))))
        }
        return DrawList(pixelWidth: size, pixelHeight: size, clearColor: blue, commands: commands)
    }

    private func assertCleanState(_ renderer: GLESRenderer, file: StaticString = #filePath, line: UInt = #line) {
        var framebuffer: GLint = -1, program: GLint = -1
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &framebuffer)
        glGetIntegerv(GLenum(GL_CURRENT_PROGRAM), &program)
        XCTAssertEqual(GLuint(framebuffer), renderer.target.framebuffer, "framebuffer", file: file, line: line)
        XCTAssertEqual(program, 0, "program", file: file, line: line)
        XCTAssertEqual(glIsEnabled(GLenum(GL_BLEND)), GLboolean(GL_FALSE), "blend", file: file, line: line)
        XCTAssertEqual(glIsEnabled(GLenum(GL_SCISSOR_TEST)), GLboolean(GL_FALSE), "scissor", file: file, line: line)
        XCTAssertEqual(glGetError(), GLenum(GL_NO_ERROR), file: file, line: line)
    }

    private func assertRightPixels(_ renderer: GLESRenderer, file: StaticString = #filePath, line: UInt = #line) throws {
        let image = try renderer.readPixels()
        XCTAssertEqual(S.pixel(image, 2, 2), [255, 0, 0, 255], file: file, line: line)
        XCTAssertEqual(S.pixel(image, 13, 2), [0, 255, 0, 255], file: file, line: line)
        // 0.5 white over opaque red: 0.5 + 0.5 * 1 = 1 red, 0.5 green and blue.
        let blended = S.pixel(image, 2, 14)
        XCTAssertEqual(blended[0], 255, file: file, line: line)
        XCTAssertEqual(Double(blended[1]), 127.5, accuracy: 1.5, file: file, line: line)
        XCTAssertEqual(blended[3], 255, file: file, line: line)
    }

    func testFailureAtTheEndOfAFrameIsReportedAndLeavesNoStateBound() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        GLFaultInjection.shared.failNextCheck(named: "frame", code: UInt32(GL_OUT_OF_MEMORY))
        XCTAssertThrowsError(try renderer.render(list(halves()))) { error in
            XCTAssertEqual(error as? GLError, .call("frame", code: UInt32(GL_OUT_OF_MEMORY), log: ""))
        }
        assertCleanState(renderer)
        _ = try renderer.render(list(halves()))
        try assertRightPixels(renderer)
    }

    func testFailedTextureUploadAbandonsTheFrameAndTheNextUploadsAgain() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        GLFaultInjection.shared.failNextCheck(named: "glTexStorage2D", code: UInt32(GL_OUT_OF_MEMORY))
        XCTAssertThrowsError(try renderer.render(list(halves()))) { error in
            guard case GLError.call(let name, let code, _) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(name.hasPrefix("glTexStorage2D"), name)
            XCTAssertEqual(code, UInt32(GL_OUT_OF_MEMORY))
        }
        assertCleanState(renderer)
        XCTAssertEqual(renderer.cachedImageCount, 0, "a texture whose upload failed is not kept")
        let statistics = try renderer.render(list(halves()))
        XCTAssertEqual(statistics.textureUploads, 1)
        try assertRightPixels(renderer)
    }

    func testFailureDuringADamagedFrameIsFollowedByAWholeFrame() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        _ = try renderer.render(list(halves()))
        GLFaultInjection.shared.failNextCheck(named: "frame", code: UInt32(GL_INVALID_OPERATION))
        let damage = [PixelRect(x: 0, y: 0, width: 4, height: 4)]
        XCTAssertThrowsError(try renderer.render(list(halves()), damageRegion: damage))
        assertCleanState(renderer)
        _ = try renderer.render(list(halves()))
        try assertRightPixels(renderer)
    }

    func testLostContextIsReportedOnEveryFrameUntilReplaced() throws {
        let renderer = try S.makeRenderer(width: size, height: size)
        renderer.target.context.injectedResetStatus = Self.guiltyContextReset
        for _ in 0..<2 {
            XCTAssertThrowsError(try renderer.render(list(halves()))) { error in
                XCTAssertEqual(error as? GLError, .contextLost(status: Self.guiltyContextReset))
            }
        }
        let replacement = try S.makeRenderer(width: size, height: size)
        _ = try replacement.render(list(halves()))
        try assertRightPixels(replacement)
    }

    func testInjectionMatchesOnlyItsCall() {
        GLFaultInjection.shared.failNextCheck(named: "glReadPixels", code: 0x0505)
        XCTAssertNil(GLFaultInjection.shared.takeFailure(for: "frame"))
        XCTAssertEqual(GLFaultInjection.shared.takeFailure(for: "glReadPixels"), 0x0505)
        XCTAssertNil(GLFaultInjection.shared.takeFailure(for: "glReadPixels"), "an injected failure fires once")
    }
}
