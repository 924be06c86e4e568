import Foundation
import QuartzCore
import RendererTestSupport
import XCTest

/// Animations are evaluated on the render side: a renderer on its own thread keeps producing
/// advancing frames while the thread that owns the layers is blocked.
final class RenderSideTests: XCTestCase {
    /// A frame rendered on the render thread: its media time and its pixels.
    private struct Frame: Sendable {
        var time: CFTimeInterval
        var image: CGImage
    }

    /// What the render thread hands back (written before `done` is signalled, read after).
    private final class RenderResults: @unchecked Sendable {
        var frames: [Frame] = []
        var error: String?
    }

    /// Hands the root layer to the render thread, which only reads its identity.
    private final class RootBox: @unchecked Sendable {
        let layer: CALayer
        init(_ layer: CALayer) { self.layer = layer }
    }

    func testFramesAdvanceWhileTheMainThreadIsBlocked() throws {
        SoftwareGL.useUnlessConfigured()
        // A black 100 x 20 strip with a red 10 x 10 square moving from x = 5 to x = 95 in 1 s.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.position = CGPoint(x: 5, y: 10)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        CATransaction.flush()

        let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let results = RenderResults()
        let box = RootBox(root)
        let renderThread = Thread {
            defer { done.signal() }
            let renderer: CARenderer
            do {
                renderer = try CARenderer(pixelWidth: 100, pixelHeight: 20)
                renderer.layer = box.layer
                try renderer.renderFrame(atTime: CACurrentMediaTime()) // warm up (shader compilation)
            } catch {
                results.error = "\(error)"
                ready.signal()
                return
            }
            ready.signal()
            go.wait()
            // Render for 0.4 s of the main thread's 0.5 s block, at the current time each frame.
            let stop = CACurrentMediaTime() + 0.4
            repeat {
                let t = CACurrentMediaTime()
                do {
                    try renderer.renderFrame(atTime: t)
                    results.frames.append(Frame(time: t, image: try renderer.makeImage()))
                } catch {
                    results.error = "\(error)"
                    return
                }
                Thread.sleep(forTimeInterval: 0.04)
            } while CACurrentMediaTime() < stop
        }
        renderThread.start()
        XCTAssertEqual(ready.wait(timeout: .now() + 30), .success, "renderer created")
        if let error = results.error {
            XCTFail("the GLES renderer failed on its thread: \(error)")
            return
        }

        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5.0
        move.toValue = 95.0
        move.duration = 1
        move.timingFunction = CAMediaTimingFunction(name: .linear)
        let begin = CACurrentMediaTime()
        move.beginTime = begin
        square.add(move, forKey: "move")
        CATransaction.flush()

        let blockStart = CACurrentMediaTime()
        go.signal()
        Thread.sleep(forTimeInterval: 0.5) // the layer-owning thread is busy
        let blockEnd = CACurrentMediaTime()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertNil(results.error)

        let frames = results.frames.filter { $0.time >= blockStart && $0.time <= blockEnd }
        XCTAssertGreaterThanOrEqual(frames.count, 3, "frames rendered while the main thread slept")
        var previousX = -CGFloat.infinity
        for frame in frames {
            let expected = 5 + 90 * CGFloat(frame.time - begin)
            guard let x = redCentre(in: frame.image, row: 10) else {
                XCTFail("no red square in the frame at \(frame.time - begin) s")
                continue
            }
            XCTAssertEqual(x, expected, accuracy: 1.5, "square at \(frame.time - begin) s into the animation")
            XCTAssertGreaterThan(x, previousX, "frames advance")
            previousX = x
        }
        if let first = frames.first, let last = frames.last {
            XCTAssertGreaterThan(last.time - first.time, 0.2)
        }
    }

    func testNextFrameTimeFollowsTheAnimations() throws {
        SoftwareGL.useUnlessConfigured()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        CATransaction.flush()
        let renderer: CARenderer
        renderer = try CARenderer(pixelWidth: 20, pixelHeight: 20)
        renderer.layer = root
        _ = try renderer.drawList(atTime: 0)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "a still tree needs no frame")

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.0
        fade.toValue = 1.0
        fade.duration = 1
        fade.beginTime = 100 // long past in real media time: kept so the renderer can be asked about it
        fade.isRemovedOnCompletion = false
        root.add(fade, forKey: "fade")
        CATransaction.flush()
        XCTAssertLessThanOrEqual(renderer.nextFrameTime(), CACurrentMediaTime(), "a commit needs a frame now")
        _ = try renderer.drawList(atTime: 90)
        XCTAssertEqual(renderer.nextFrameTime(), 100, accuracy: 1e-9, "the start of the animation to come")
        _ = try renderer.drawList(atTime: 100.5)
        XCTAssertEqual(renderer.nextFrameTime(), 100.5, accuracy: 1e-9, "every frame while it runs")
        _ = try renderer.drawList(atTime: 102)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "nothing changes after the end")

        // The root's own time runs at half speed: a start 10 s away in its time is 20 s away.
        root.speed = 0.5
        root.beginTime = 0
        CATransaction.flush()
        _ = try renderer.drawList(atTime: 180)
        XCTAssertEqual(renderer.nextFrameTime(), 200, accuracy: 1e-9)
        root.speed = 0
        CATransaction.flush()
        _ = try renderer.drawList(atTime: 180)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "a paused layer never changes")
    }

    /// The horizontal centre (in points) of the red pixels of one row, or nil when there are none.
    private func redCentre(in image: CGImage, row: Int) -> CGFloat? {
        var sum = 0.0, weight = 0.0
        for x in 0..<image.width {
            guard let p = image.premultipliedPixel(x: x, y: row) else { continue }
            // Coverage of the square: red over black, so the red channel is the coverage.
            let coverage = Double(p.r) / 255 * (p.g < 40 ? 1 : 0)
            sum += coverage * (Double(x) + 0.5)
            weight += coverage
        }
        return weight > 0.5 ? CGFloat(sum / weight) : nil
    }
}
