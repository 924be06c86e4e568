import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import QuartzCore
import RendererTestSupport
import XCTest

/// Shadows drawn as the ring around the opaque cards that cast them (`ShadowRing`) are the same
/// pixels as shadows drawn whole, on both renderers, for S2's cards: turned, scaled, overlapping,
/// small and nine-patched; the flattener marks only the shadows their cards cover.
final class ShadowRingRenderingTests: XCTestCase {
    private static let width = 320, height = 200

    /// S2's cards (SCENES.md): opaque background, corner radius 0.15 of the size, a 2-point
    /// white border at 0.8, shadow opacity 0.5, radius 6, offset (0, 4), black.
    private func card(_ frame: CGRect, angle: CGFloat, scale: CGFloat = 1, hue k: Int) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(origin: .zero, size: frame.size)
        layer.position = CGPoint(x: frame.midX, y: frame.midY)
        layer.backgroundColor = CGColor(red: 0.2 + 0.06 * CGFloat(k % 10), green: 0.5, blue: 0.9 - 0.05 * CGFloat(k % 10), alpha: 1)
        layer.cornerRadius = 0.15 * min(frame.width, frame.height)
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 0, height: 4)
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.transform = CATransform3DConcat(CATransform3DMakeScale(scale, scale, 1), CATransform3DMakeRotation(angle, 0, 0, 1))
        return layer
    }

    private func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        var k = 0
        // A grid of small cards, a cell apart as S2's at N = 1000 (36 of 45 points) and closer.
        for row in 0..<2 {
            for column in 0..<6 {
                let size: CGFloat = row == 0 ? 36 : 12 + 4 * CGFloat(column)
                let frame = CGRect(x: 30 + CGFloat(column) * 45 - size / 2, y: 30 + CGFloat(row) * 45 - size / 2, width: size, height: size)
                root.addSublayer(card(frame, angle: 0.37 * CGFloat(k) + 0.05, hue: k))
                k += 1
            }
        }
        // A long card whose shadow is nine-patched, one scaled and turned, one at a right angle.
        root.addSublayer(card(CGRect(x: 20, y: 125, width: 150, height: 50), angle: 0.2, hue: k))
        root.addSublayer(card(CGRect(x: 200, y: 120, width: 40, height: 40), angle: 0.9, scale: 1.5, hue: k + 1))
        root.addSublayer(card(CGRect(x: 265, y: 130, width: 30, height: 50), angle: .pi / 2, hue: k + 2))
        return root
    }

    /// The list with every shadow drawn whole.
    private func uncut(_ list: DrawList) -> DrawList {
        var whole = list
        whole.commands = list.commands.map { command in
            guard case var .quad(quad) = command, quad.coveredRect != nil else { return command }
            quad.coveredRect = nil
            return .quad(quad)
        }
        return whole
    }

    private func firstDifference(_ a: CGImage, _ b: CGImage) -> String? {
        guard a.data != b.data else { return nil }
        var count = 0, first = ""
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = y * a.bytesPerRow + x * 4
                if a.data[i..<(i + 4)] != b.data[i..<(i + 4)] {
                    if count == 0 {
                        let u = Array(a.data[i..<(i + 4)]), v = Array(b.data[i..<(i + 4)])
                        first = "(\(x), \(y)): \(u) vs \(v)"
                    }
                    count += 1
                }
            }
        }
        return "\(count) pixels differ, first \(first)"
    }

    func testTheFlattenerMarksTheShadowsOfOpaqueUnclippedCards() throws {
        let root = scene()
        let list = try DrawListProbe.list(root, width: Self.width, height: Self.height)
        let shadows = list.commands.compactMap { command -> Quad? in
            guard case let .quad(quad) = command, quad.blurSigma > 0 else { return nil }
            return quad
        }
        XCTAssertEqual(shadows.count, 15)
        XCTAssertEqual(shadows.filter { $0.coveredRect != nil }.count, 15)
        // The first card: 36 points, radius 5.4, its interior inset by the radius.
        let first = try XCTUnwrap(shadows.first?.coveredRect)
        XCTAssertEqual(first.minX, 5.4, accuracy: 1e-5)
        XCTAssertEqual(first.width, 25.2, accuracy: 1e-5)

        // Translucent, faded, clipped or rasterized: the card no longer covers its shadow whole.
        let cards = try XCTUnwrap(root.sublayers)
        cards[0].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.9)
        cards[1].opacity = 0.99
        cards[2].shouldRasterize = true
        let clipping = CALayer()
        clipping.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        clipping.masksToBounds = true
        root.addSublayer(clipping)
        clipping.addSublayer(card(CGRect(x: 100, y: 100, width: 30, height: 30), angle: 0.3, hue: 1))
        let changed = try DrawListProbe.list(root, width: Self.width, height: Self.height)
        let marked = changed.commands.filter { command in
            guard case let .quad(quad) = command else { return false }
            return quad.blurSigma > 0 && quad.coveredRect != nil
        }
        XCTAssertEqual(marked.count, 12)
    }

    func testCutShadowsDrawTheSameBytesWithFewerFragmentsOnGLES() throws {
        SoftwareGL.useUnlessConfigured()
        let list = try DrawListProbe.list(scene(), width: Self.width, height: Self.height)
        let renderer = try GLESRenderer(pixelWidth: Self.width, pixelHeight: Self.height)
        renderer.countsShadedFragments = true
        let whole = try renderer.render(uncut(list))
        let wholeImage = try renderer.readPixels()
        let cut = try renderer.render(list)
        XCTAssertNil(firstDifference(wholeImage, try renderer.readPixels()))
        print("GLES fragments shaded: \(whole.fragmentsShaded) whole, \(cut.fragmentsShaded) cut")
        XCTAssertLessThan(cut.fragmentsShaded, whole.fragmentsShaded - 4000)
        // Off, nothing is counted.
        renderer.countsShadedFragments = false
        XCTAssertEqual(try renderer.render(list).fragmentsShaded, 0)
    }

    /// One upright card: the encoder leaves out its hole, less the half pixel that each strip
    /// around it is drawn beyond its edges (so that the fragment stage, not the rasterizer,
    /// decides the pixels on them), where the strips also overlap.
    func testTheEncoderLeavesOutTheHoleLessTheStripsMargins() throws {
        SoftwareGL.useUnlessConfigured()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.addSublayer(card(CGRect(x: 40, y: 40, width: 36, height: 36), angle: 0, hue: 0))
        let list = try DrawListProbe.list(root, width: 120, height: 120)
        let renderer = try GLESRenderer(pixelWidth: 120, pixelHeight: 120)
        renderer.countsShadedFragments = true
        let whole = try renderer.render(uncut(list)).fragmentsShaded
        let cut = try renderer.render(list).fragmentsShaded
        // The mask's visible rect, as the renderer's cache draws it.
        let shadow = try XCTUnwrap(list.commands.lazy.compactMap { command -> Quad? in
            guard case let .quad(quad) = command, quad.blurSigma > 0 else { return nil }
            return quad
        }.first)
        let cache = ShadowMaskCache(budget: CacheBudget(byteLimit: 1 << 20))
        cache.beginFrame()
        var uncutShadow = shadow
        uncutShadow.coveredRect = nil
        let drawn = try XCTUnwrap(cache.shadowQuads(for: uncutShadow)?.first).rect
        cache.endFrame()
        // The hole: 36 - 2 x (5.4 + 1.5) = 22.2 units square; the strips' margin m = 0.5 pixel.
        let hole = 22.2, m = 0.5
        let expected = (hole - 2 * m) * (hole - 2 * m) - 4 * m * (drawn.width - hole + 4 * m)
        XCTAssertEqual(Double(whole - cut), expected, accuracy: 1)
    }

    func testCutShadowsDrawTheSameBytesOnTheCPURenderer() throws {
        let list = try DrawListProbe.list(scene(), width: Self.width, height: Self.height)
        let renderer = try CPURenderer(pixelWidth: Self.width, pixelHeight: Self.height, threadCount: 2)
        _ = try renderer.render(uncut(list))
        let wholeImage = try renderer.readPixels()
        _ = try renderer.render(list)
        XCTAssertNil(firstDifference(wholeImage, try renderer.readPixels()))
    }
}
