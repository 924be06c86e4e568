import CGLES3
import CompositorCore
import GLESRenderer
@testable import QuartzCore
@testable import QuartzCoreModel
import XCTest

/// A GL layer that clears to `clearColor` and draws a green triangle over the top half of its
/// framebuffer: normalized device corners (-0.8, -0.8), (0.8, -0.8), (0, 0), where y = -1 is the
/// layer's top edge. It records every call and can be told to leave a GL error behind.
private final class TriangleLayer: CAOpenGLLayer {
    struct Call { var layerTime: CFTimeInterval; var hostTime: UInt64?; var onMainThread: Bool }
    let calls = ThreadLock<[Call]>([])
    let clearRGBA = ThreadLock<(Float, Float, Float, Float)>((1, 0, 0, 1))
    let leavesGLError = ThreadLock(false)
    /// The program, buffer and vertex array; made and used only on the render thread.
    private let objects = ThreadLock<(program: GLuint, buffer: GLuint, array: GLuint)?>(nil)

    var drawCount: Int { calls.withLock { $0.count } }

    override func draw(in context: CAOpenGLLayerContext, forLayerTime t: CFTimeInterval,
                       displayTime ts: UnsafePointer<CVTimeStamp>?) {
        calls.withLock { $0.append(Call(layerTime: t, hostTime: ts?.pointee.hostTime, onMainThread: Thread.isMainThread)) }
        let (r, g, b, a) = clearRGBA.withLock { $0 }
        glClearColor(r, g, b, a)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        guard let (program, _, array) = objects.withLock({ $0 }) ?? makeObjects() else { return }
        glUseProgram(program)
        glBindVertexArray(array)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, 3)
        glBindVertexArray(0)
        if leavesGLError.withLock({ $0 }) { glEnable(0x1234) }  // GL_INVALID_ENUM
    }

    private func makeObjects() -> (GLuint, GLuint, GLuint)? {
        let vertexSource = """
            #version 300 es
            layout(location = 0) in vec2 position;
            void main() { gl_Position = vec4(position, 0.0, 1.0); }
            """
        let fragmentSource = """
            #version 300 es
            precision mediump float;
            out vec4 color;
            void main() { color = vec4(0.0, 1.0, 0.0, 1.0); }
            """
        func compile(_ type: Int32, _ source: String) -> GLuint {
            let shader = glCreateShader(GLenum(type))
            source.withCString { text in
                var pointer: UnsafePointer<GLchar>? = text
                glShaderSource(shader, 1, &pointer, nil)
            }
            glCompileShader(shader)
            var ok: GLint = 0
            glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
            return ok == GL_TRUE ? shader : 0
        }
        let vertex = compile(GL_VERTEX_SHADER, vertexSource), fragment = compile(GL_FRAGMENT_SHADER, fragmentSource)
        guard vertex != 0, fragment != 0 else { return nil }
        let program = glCreateProgram()
        glAttachShader(program, vertex)
        glAttachShader(program, fragment)
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else { return nil }
        let corners: [GLfloat] = [-0.8, -0.8, 0.8, -0.8, 0, 0]
        var buffer: GLuint = 0, array: GLuint = 0
        glGenVertexArrays(1, &array)
        glBindVertexArray(array)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        corners.withUnsafeBytes { glBufferData(GLenum(GL_ARRAY_BUFFER), $0.count, $0.baseAddress, GLenum(GL_STATIC_DRAW)) }
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 0, nil)
        glBindVertexArray(0)
        objects.withLock { $0 = (program, buffer, array) }
        return (program, buffer, array)
    }
}

/// A GL layer whose context cannot be made (as on a machine without EGL).
private final class ContextlessLayer: CAOpenGLLayer {
    let draws = ThreadLock(0)
    override func copyGLESContext() throws -> CAEGLContext {
        throw EGLError.noDisplay(attempts: ["test: no EGL here"])
    }
    override func draw(in context: CAOpenGLLayerContext, forLayerTime t: CFTimeInterval,
                       displayTime ts: UnsafePointer<CVTimeStamp>?) {
        draws.withLock { $0 += 1 }
    }
}

/// CAOpenGLLayer: app GL drawing on the layer's render thread, shown by both renderers.
final class OpenGLLayerTests: XCTestCase {
    private static let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A 100 x 80 layer at (20, 10) of a white 160 x 120 root, drawn at contentsScale 2.
    private func makeScene(_ layer: CAOpenGLLayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = Self.white
        layer.frame = CGRect(x: 20, y: 10, width: 100, height: 80)
        layer.contentsScale = 2
        root.addSublayer(layer)
        return root
    }

    private func renderThread(_ layer: CAOpenGLLayer) throws -> OpenGLLayerRenderThread {
        try XCTUnwrap(OpenGLLayerRegistry.shared.renderThread(ofLayerID: layer.layerID) as? OpenGLLayerRenderThread)
    }

    /// The triangle's corners in layer points are (10, 8), (90, 8), (50, 40) (y down from the
    /// layer's top), so its centroid (50, 18.67) lands at (70, 28.67) of the canvas: green in the
    /// GLES and the CPU frames. The layer's bottom-left corner, (22, 87), and the centroid's mirror
    /// across the layer's middle, (70, 71), are red; outside the layer the root is white.
    func testTriangleShowsInTheGLESAndCPUFrames() throws {
        let layer = TriangleLayer()
        let root = makeScene(layer)
        CATransaction.flush()  // displays the new layer: one draw, finished when flush returns
        XCTAssertEqual(layer.drawCount, 1)
        XCTAssertEqual(layer.calls.withLock { $0.first?.onMainThread }, false, "GL calls run on the render thread")
        XCTAssertNil(layer.calls.withLock { $0.first?.hostTime }, "display() passes no display time")
        let frame = try XCTUnwrap(try renderThread(layer).image)
        XCTAssertEqual([frame.width, frame.height], [200, 160], "bounds x contentsScale pixels")

        let gles = try CARenderer(pixelWidth: 160, pixelHeight: 120)
        let cpu = try CARenderer(cpuPixelWidth: 160, pixelHeight: 120)
        for (name, renderer) in [("GLES", gles), ("CPU", cpu)] {
            renderer.layer = root
            try renderer.renderFrame(atTime: 1)
            let image = try renderer.makeImage()
            assertPixel(image, 70, 28, (0, 255, 0, 255), tolerance: 2)
            assertPixel(image, 22, 87, (255, 0, 0, 255), tolerance: 2)
            assertPixel(image, 70, 71, (255, 0, 0, 255), tolerance: 2)
            assertPixel(image, 5, 5, (255, 255, 255, 255), tolerance: 2)
            assertPixel(image, 140, 100, (255, 255, 255, 255), tolerance: 2)
            XCTAssertEqual(layer.drawCount, 1, "\(name): a synchronous layer does not draw per frame")
        }
    }

    /// An asynchronous layer draws once for every frame it is rendered in, with the frame's
    /// display time (host time = frame time in nanoseconds); a synchronous one beside it draws only
    /// when it displays: once when committed, then once per setNeedsDisplay().
    func testAsynchronousLayerDrawsEveryFrameAndSynchronousOnDisplay() throws {
        let asynchronous = TriangleLayer()
        asynchronous.isAsynchronous = true
        let synchronous = TriangleLayer()
        let root = makeScene(asynchronous)
        synchronous.frame = CGRect(x: 0, y: 100, width: 20, height: 20)
        root.addSublayer(synchronous)
        XCTAssertEqual(asynchronous.value(forKey: "asynchronous") as? Bool, true)
        // Apple's +defaultValueForKey: answers nil for a default that is the zero of its type.
        XCTAssertNil(CAOpenGLLayer.defaultValue(forKey: "asynchronous"))
        CATransaction.flush()
        XCTAssertEqual([asynchronous.drawCount, synchronous.drawCount], [1, 1], "each displays once when committed")

        let renderer = CARenderer(frameRenderer: DrawListOnlyRenderer(), pixelWidth: 160, pixelHeight: 120)
        renderer.layer = root
        let thread = try renderThread(asynchronous)
        var counts: [Int] = []
        for frame in 0..<5 {
            let t = 100 + Double(frame) / 60
            try renderer.renderFrame(atTime: t)
            XCTAssertEqual(renderer.nextFrameTime(), t, "an asynchronous layer keeps frames coming")
            XCTAssertTrue(thread.waitUntilIdle(timeout: 10))
            counts.append(asynchronous.drawCount)
            let last = try XCTUnwrap(asynchronous.calls.withLock { $0.last })
            XCTAssertEqual(last.hostTime, UInt64(t * 1e9))
            XCTAssertEqual(last.layerTime, t, accuracy: 1e-9, "a layer with default timing runs on global time")
        }
        XCTAssertEqual(counts, [2, 3, 4, 5, 6])
        XCTAssertEqual(synchronous.drawCount, 1)

        synchronous.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(synchronous.drawCount, 2)
        try renderer.renderFrame(atTime: 101)
        try renderer.renderFrame(atTime: 102)
        XCTAssertEqual(synchronous.drawCount, 2)
        synchronous.display()
        XCTAssertEqual(synchronous.drawCount, 3)
    }

    /// A draw that leaves a GL error is logged and discarded: the layer keeps its previous frame
    /// (the same image, still red and green on screen) and the process goes on drawing.
    func testDrawLeavingAGLErrorKeepsThePreviousFrame() throws {
        let layer = TriangleLayer()
        let root = makeScene(layer)
        CATransaction.flush()
        let thread = try renderThread(layer)
        let before = try XCTUnwrap(thread.image)
        XCTAssertEqual(thread.failureCount, 0)

        layer.clearRGBA.withLock { $0 = (0, 0, 1, 1) }
        layer.leavesGLError.withLock { $0 = true }
        layer.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(layer.drawCount, 2)
        XCTAssertEqual(thread.failureCount, 1)
        XCTAssertTrue(try XCTUnwrap(thread.image) === before, "the previous frame stays")
        let image = try SceneRenderer.render(root, width: 160, height: 120)
        assertPixel(image, 22, 87, (255, 0, 0, 255), tolerance: 2)

        // Once the drawing is fixed, the next display shows the blue frame.
        layer.leavesGLError.withLock { $0 = false }
        layer.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(thread.failureCount, 1)
        let after = try SceneRenderer.render(root, width: 160, height: 120)
        assertPixel(after, 22, 87, (0, 0, 255, 255), tolerance: 2)
        assertPixel(after, 70, 28, (0, 255, 0, 255), tolerance: 2)
    }

    /// Without a context (no EGL) the layer never calls draw, logs the failure, shows nothing of
    /// its own, and the rest of the tree still renders.
    func testLayerWithoutAContextLogsAndShowsNothing() throws {
        let layer = ContextlessLayer()
        let root = makeScene(layer)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.flush()
        let thread = try renderThread(layer)
        XCTAssertEqual(thread.failureCount, 1)
        XCTAssertNil(thread.image)
        XCTAssertEqual(layer.draws.withLock { $0 }, 0)
        let image = try SceneRenderer.render(root, width: 160, height: 120)
        assertPixel(image, 70, 50, (0, 0, 255, 255), tolerance: 2)
        assertPixel(image, 5, 5, (255, 255, 255, 255), tolerance: 2)
    }
}
