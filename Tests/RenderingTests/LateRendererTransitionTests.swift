import Foundation
import QuartzCore
import RendererTestSupport
import XCTest

/// A `CATransition`'s before-picture belongs to the transaction that added it, whoever renders
/// it: a renderer created after the transition was added (a second display, a renderer made
/// again, a render test's renderer per image) draws every frame of it exactly as one that was
/// drawing before, on both renderers; and a transition committed while no renderer exists still
/// starts from the tree as committed before it.
final class LateRendererTransitionTests: XCTestCase {
    typealias P = DrawListProbe
    private static let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private static let yellow = CGColor(red: 1, green: 1, blue: 0, alpha: 1)

    /// A white 100 x 100 root holding a red 60 x 40 layer at (20, 30) with a green 10 x 10
    /// sublayer at (5, 5), committed.
    private func committedTree() -> (root: CALayer, layer: CALayer) {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = P.layer(CGRect(x: 20, y: 30, width: 60, height: 40), P.red)
        layer.addSublayer(P.layer(CGRect(x: 5, y: 5, width: 10, height: 10), Self.green))
        root.addSublayer(layer)
        CATransaction.flush()
        return (root, layer)
    }

    /// In one transaction: a 1 s linear transition of `type` from the right starting at `t0`,
    /// the layer turned blue, its green sublayer replaced by a yellow one at (40, 20). Returns the
    /// green layer: a layer freed before the commit leaves every render tree at once (its ID may
    /// be given to another), so the before-picture can only show a removed layer still alive.
    @discardableResult
    private func addTransition(_ type: CATransitionType, to layer: CALayer, at t0: CFTimeInterval) -> CALayer? {
        let green = layer.sublayers?.first
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(P.heldTransition(type, type == .fade ? nil : .fromRight, beginTime: t0), forKey: nil)
        layer.backgroundColor = P.blue
        layer.sublayers?.first?.removeFromSuperlayer()
        layer.addSublayer(P.layer(CGRect(x: 40, y: 20, width: 10, height: 10), Self.yellow))
        CATransaction.commit()
        return green
    }

    private func renderer(_ root: CALayer, cpu: Bool) throws -> CARenderer {
        let renderer = cpu ? try CARenderer(cpuPixelWidth: 100, pixelHeight: 100) : try CARenderer(pixelWidth: 100, pixelHeight: 100)
        renderer.layer = root
        return renderer
    }

    private func image(_ renderer: CARenderer, at time: CFTimeInterval) throws -> CGImage {
        try renderer.renderFrame(atTime: time)
        return try renderer.makeImage()
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        guard let p = image.premultipliedPixel(x: x, y: y) else { return [] }
        return [Int(p.r), Int(p.g), Int(p.b), Int(p.a)]
    }

    func testARendererCreatedAfterTheTransitionDrawsItExactlyAsOneCreatedBefore() throws {
        SoftwareGL.useUnlessConfigured()
        for type in [CATransitionType.fade, .push, .moveIn, .reveal] {
            for cpu in [false, true] {
                let label = "\(type.rawValue) on \(cpu ? "CPU" : "GLES")"
                let (root, layer) = committedTree()
                let early = try renderer(root, cpu: cpu)
                _ = try image(early, at: 0)
                let t0 = CACurrentMediaTime() + 100
                let green = addTransition(type, to: layer, at: t0)
                let late = try renderer(root, cpu: cpu)
                defer { withExtendedLifetime(green) {} }
                for time in [t0, t0 + 0.5, t0 + 1] {
                    let before = try image(early, at: time), after = try image(late, at: time)
                    XCTAssertEqual(before.data, after.data, "\(label) at t0 + \(time - t0)")
                }
                // The start shows the old state, the end the new one.
                let start = try image(late, at: t0), end = try image(late, at: t0 + 1)
                XCTAssertEqual(pixel(start, 70, 60), [255, 0, 0, 255], label)
                XCTAssertEqual(pixel(start, 27, 37), [0, 255, 0, 255], "\(label): the old green sublayer")
                XCTAssertEqual(pixel(end, 70, 60), [0, 0, 255, 255], label)
                XCTAssertEqual(pixel(end, 65, 55), [255, 255, 0, 255], "\(label): the new yellow sublayer")
                XCTAssertEqual(pixel(end, 27, 37), [0, 0, 255, 255], label)
            }
        }
    }

    /// Half way through a push from the right, the old state has moved 30 points left and the
    /// new one sits 30 points right of the layer: exact pixels on both renderers, from a
    /// renderer made after the transition.
    func testALateRendererDrawsAPushHalfWayFromTheOldState() throws {
        SoftwareGL.useUnlessConfigured()
        for cpu in [false, true] {
            let (root, layer) = committedTree()
            let t0 = CACurrentMediaTime() + 100
            let green = addTransition(.push, to: layer, at: t0)
            let half = try image(try renderer(root, cpu: cpu), at: t0 + 0.5)
            withExtendedLifetime(green) {}
            // Old: red x -10..<50 (visible from 0), green at x -5..<5; new: blue x 50..<110.
            XCTAssertEqual(pixel(half, 2, 37), [0, 255, 0, 255])
            XCTAssertEqual(pixel(half, 30, 60), [255, 0, 0, 255])
            XCTAssertEqual(pixel(half, 49, 60), [255, 0, 0, 255])
            XCTAssertEqual(pixel(half, 50, 60), [0, 0, 255, 255])
            XCTAssertEqual(pixel(half, 95, 55), [255, 255, 0, 255])
            XCTAssertEqual(pixel(half, 30, 20), [255, 255, 255, 255])
        }
    }

    /// A fade committed while no renderer exists starts from the tree the previous commit left.
    func testATransitionCommittedWithoutAnyRendererStartsFromThePreviousCommit() throws {
        SoftwareGL.useUnlessConfigured()
        let (root, layer) = committedTree()
        let t0 = CACurrentMediaTime() + 100
        addTransition(.fade, to: layer, at: t0)
        for cpu in [false, true] {
            let renderer = try renderer(root, cpu: cpu)
            XCTAssertEqual(pixel(try image(renderer, at: t0), 70, 60), [255, 0, 0, 255])
            // Half way: red and blue each at half weight, added.
            let half = pixel(try image(renderer, at: t0 + 0.5), 70, 60)
            XCTAssertEqual(half[0], 128, accuracy: 1)
            XCTAssertEqual(half[1], 0, accuracy: 1, "NVIDIA's H200 blends a level of green in: 1")
            XCTAssertEqual(half[2], 128, accuracy: 1)
            XCTAssertEqual(half[3], 255)
        }
    }
}
