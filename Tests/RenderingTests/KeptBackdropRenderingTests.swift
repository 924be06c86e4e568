import CompositorCore
import Foundation
import QuartzCore
import XCTest

/// A backdrop-filtered layer keeps its filtered backdrop while what lies behind it does not
/// change (`KeptBackdrops`), whatever happens to its own content: on both renderers, a frosted
/// panel whose sublayers change every frame over a still background runs no filter pass after
/// the first frame and draws what a fresh renderer draws; a layer moving under it runs the pass
/// again.
final class KeptBackdropRenderingTests: XCTestCase {
    private let size = 240

    /// Vertical stripes 6 pixels wide in three colours under a panel at (40, 80), 160 x 80,
    /// corner radius 20, blurred (radius 6), holding a square and a line of text; a small
    /// square under the panel (`under`) and one far from it (`far`), both drawn before it.
    private func scene() throws -> (root: CALayer, square: CALayer, text: CATextLayer, under: CALayer) {
        let root = DrawListProbe.layer(CGRect(x: 0, y: 0, width: size, height: size), DrawListProbe.white)
        let stripeColors = [CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1), CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)]
        for index in 0..<(size / 6) where index % 3 != 0 {
            root.addSublayer(DrawListProbe.layer(CGRect(x: CGFloat(index * 6), y: 0, width: 6, height: CGFloat(size)),
                                                 stripeColors[index % 3 - 1]))
        }
        let under = DrawListProbe.layer(CGRect(x: 60, y: 100, width: 10, height: 10), CGColor(red: 0, green: 0.8, blue: 0, alpha: 1))
        root.addSublayer(under)
        let panel = DrawListProbe.layer(CGRect(x: 40, y: 80, width: 160, height: 80))
        panel.cornerRadius = 20
        panel.backgroundFilters = [try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 6]))]
        let square = DrawListProbe.layer(CGRect(x: 20, y: 20, width: 20, height: 20), DrawListProbe.red)
        panel.addSublayer(square)
        let text = CATextLayer()
        text.frame = CGRect(x: 50, y: 20, width: 100, height: 30)
        text.fontSize = 16
        text.string = "Frame 1"
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        panel.addSublayer(text)
        root.addSublayer(panel)
        return (root, square, text, under)
    }

    private func renderer(cpu: Bool) throws -> CARenderer {
        cpu ? try CARenderer(cpuPixelWidth: size, pixelHeight: size) : try CARenderer(pixelWidth: size, pixelHeight: size)
    }

    /// The frame at `time` of `root` drawn whole by a renderer that has seen no other.
    private func fresh(_ root: CALayer, cpu: Bool, time: CFTimeInterval) throws -> CGImage {
        let renderer = try renderer(cpu: cpu)
        renderer.layer = root
        try renderer.renderFrame(atTime: time)
        return try renderer.makeImage()
    }

    private func change(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    func testAPanelWhoseOwnContentChangesKeepsItsFilteredBackdrop() throws {
        for cpu in [false, true] {
            let name = cpu ? "CPU" : "GLES"
            let (root, square, text, under) = try scene()
            CATransaction.flush()
            let renderer = try renderer(cpu: cpu)
            renderer.tracksDamage = true
            renderer.layer = root
            XCTAssertEqual(try renderer.renderFrame(atTime: 1).filterPasses, 1, "\(name): first frame")
            for frame in 2...5 {
                change {
                    square.backgroundColor = CGColor(red: 1, green: CGFloat(frame) / 5, blue: 0, alpha: 1)
                    text.string = "Frame \(frame)"
                }
                let time = CFTimeInterval(frame)
                XCTAssertEqual(try renderer.renderFrame(atTime: time).filterPasses, 0, "\(name): frame \(frame)")
                let panel = PixelRect(x: 40, y: 80, width: 160, height: 80)
                XCTAssertFalse(renderer.lastDamage.allSatisfy { $0.intersection(panel).isEmpty }, "\(name): the panel is redrawn")
                let largest = TransformedBlendRenderingTests.largestDifference(try renderer.makeImage(),
                                                                               try fresh(root, cpu: cpu, time: time))
                XCTAssertEqual(largest, 0, "\(name): frame \(frame) against a fresh renderer")
            }
            change { under.position = CGPoint(x: 80, y: 105) }
            XCTAssertEqual(try renderer.renderFrame(atTime: 6).filterPasses, 1, "\(name): a layer moved under the panel")
            XCTAssertEqual(TransformedBlendRenderingTests.largestDifference(try renderer.makeImage(), try fresh(root, cpu: cpu, time: 6)),
                           0, "\(name): after the move against a fresh renderer")
            change { text.string = "Still" }
            XCTAssertEqual(try renderer.renderFrame(atTime: 7).filterPasses, 0, "\(name): its content changes again")
        }
    }

    /// A kept image's memory is counted with the offscreen targets while it is kept, and goes
    /// back to the renderer's pool when let go: the frame that lets it go (the panel removed)
    /// holds as many offscreen images and bytes as the frame before. (GLES counted the kept
    /// target nowhere until it went back to the pool, so its total rose by one here; that the
    /// CPU renderer recycles rather than frees the storage leaves the totals alike either way.)
    func testAKeptImageIsCountedAndGoesBackToThePool() throws {
        for cpu in [false, true] {
            let name = cpu ? "CPU" : "GLES"
            let (root, square, _, _) = try scene()
            CATransaction.flush()
            let renderer = try renderer(cpu: cpu)
            renderer.tracksDamage = true
            renderer.layer = root
            _ = try renderer.renderFrame(atTime: 1)
            change { square.backgroundColor = DrawListProbe.white }
            let kept = try renderer.renderFrame(atTime: 2)
            XCTAssertEqual(kept.filterPasses, 0, "\(name): kept")
            XCTAssertGreaterThan(kept.offscreenTargets.entries, 0, name)
            let panel = try XCTUnwrap(square.superlayer)
            change { panel.removeFromSuperlayer() }
            let released = try renderer.renderFrame(atTime: 3)
            XCTAssertEqual(released.offscreenTargets, kept.offscreenTargets, "\(name): the kept image back in the pool")
        }
    }
}
