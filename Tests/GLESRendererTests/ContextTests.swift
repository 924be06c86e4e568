import CEGL
import CGLES3
import CompositorCore
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest

/// EGL context creation and adoption, and errors that name their call.
final class ContextTests: XCTestCase {
    override func setUp() { SoftwareGL.useUnlessConfigured() }

    func testDefaultContextIsGLES3() throws {
        let context = try GLESContext()
        XCTAssertNotEqual(context.platform, .adopted)
        var major: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        XCTAssertGreaterThanOrEqual(major, 3)
        XCTAssertFalse(context.rendererName.isEmpty)
        XCTAssertNoThrow(try context.checkReset())
    }

    func testEveryPlatformEitherWorksOrExplainsWhy() throws {
        var worked = 0
        for platform in [GLESContext.Platform.surfaceless, .device, .pbuffer] {
            do {
                let context = try GLESContext(platform: platform)
                XCTAssertEqual(context.platform, platform)
                let target = try OffscreenTarget(context: context, pixelWidth: 8, pixelHeight: 8)
                let renderer = try GLESRenderer(target: target)
                let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8),
                                fillColor: PremultipliedColor(red: 0, green: 1, blue: 0, alpha: 1))
                _ = try renderer.render(DrawList(pixelWidth: 8, pixelHeight: 8, commands: [.quad(quad)]))
                XCTAssertEqual(RenderTestSupport.pixel(try renderer.readPixels(), 4, 4), [0, 255, 0, 255], "\(platform)")
                worked += 1
            } catch let error as EGLError {
                XCTAssertFalse(error.description.isEmpty)
                guard case .noDisplay(let attempts) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(attempts.count, 1)
                XCTAssertTrue(attempts[0].hasPrefix(platform.rawValue), attempts[0])
            }
        }
        XCTAssertGreaterThan(worked, 0)
    }

    func testAdoptedContextAndFramebufferRenderIntoTheCallersFramebuffer() throws {
        let owner = try GLESContext()
        let ownTarget = try OffscreenTarget(context: owner, pixelWidth: 16, pixelHeight: 16)
        try owner.makeCurrent()
        let adopted = try GLESContext(adoptingCurrentContext: ())
        XCTAssertEqual(adopted.platform, .adopted)
        XCTAssertEqual(adopted.context, owner.context)
        let target = try OffscreenTarget(context: adopted, adoptingFramebuffer: ownTarget.framebuffer,
                                         pixelWidth: 16, pixelHeight: 16, isYFlipped: false)
        let renderer = try GLESRenderer(target: target)
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 16, height: 8),
                        fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))
        _ = try renderer.render(DrawList(pixelWidth: 16, pixelHeight: 16, commands: [.quad(quad)]))
        let image = try ownTarget.readPixels()
        XCTAssertEqual(RenderTestSupport.pixel(image, 8, 2), [255, 0, 0, 255], "top half, row 0 first")
        XCTAssertEqual(RenderTestSupport.pixel(image, 8, 12), [0, 0, 0, 0])
        XCTAssertThrowsError(try target.resize(pixelWidth: 8, pixelHeight: 8))
    }

    func testOversizeTargetFailsWithTheCallsName() throws {
        let context = try GLESContext()
        XCTAssertThrowsError(try OffscreenTarget(context: context, pixelWidth: 1 << 20, pixelHeight: 4)) { error in
            guard case let GLError.call(name, code, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "glRenderbufferStorage")
            XCTAssertEqual(code, GLenum(GL_INVALID_VALUE))
        }
    }

    func testErrorsDescribeTheirCallAndCode() {
        let error = GLError.call("glLinkProgram", code: GLenum(GL_INVALID_OPERATION), log: "bad varying")
        XCTAssertEqual(error.description, "glLinkProgram failed with GL_INVALID_OPERATION (0x502): bad varying")
        XCTAssertEqual(EGLError.call("eglInitialize", code: EGL_NOT_INITIALIZED).description,
                       "eglInitialize failed with EGL error 0x3001")
    }
}
