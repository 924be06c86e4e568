import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import GLESRenderer
import QuartzCore
import RendererTestSupport
import XCTest

/// Shadows drawn as the ring around the opaque cards that cast them (`ShadowRing`) are the same
/// pixels as shadows drawn whole (the CPU renderer's bytes, and GLES's but for interpolation
/// rounding), on both renderers, for S2's cards: turned, scaled, overlapping,
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
        // Cards large enough for the cut to pay (`ShadowRing.piecePixels`): a long one whose
        // shadow is nine-patched, one scaled and turned, one at a right angle.
        root.addSublayer(card(CGRect(x: 20, y: 115, width: 150, height: 60), angle: 0.2, hue: k))
        root.addSublayer(card(CGRect(x: 195, y: 110, width: 50, height: 50), angle: 0.9, scale: 1.5, hue: k + 1))
        root.addSublayer(card(CGRect(x: 262, y: 105, width: 50, height: 90), angle: .pi / 2, hue: k + 2))
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

    func testTheFlattenerMarksTheShadowsOfOpaqueUnclippedCards() throws {
        let root = scene()
        let list = try DrawListProbe.list(root, width: Self.width, height: Self.height)
        let shadows = list.commands.compactMap { command -> Quad? in
            guard case let .quad(quad) = command, quad.blurSigma > 0 else { return nil }
            return quad
        }
        XCTAssertEqual(shadows.count, 15)
        XCTAssertEqual(shadows.filter { $0.coveredRect != nil }.count, 15)
        // The first card: 36 points, radius 5.4, its interior inset by the radius (marked,
        // though too small for the renderers to cut).
        let first = try XCTUnwrap(shadows.first?.coveredRect)
        XCTAssertEqual(first.minX, 5.4, accuracy: 1e-5)
        XCTAssertEqual(first.width, 25.2, accuracy: 1e-5)

        // Translucent, faded, clipped or rasterized: the card no longer covers its shadow whole.
        let cards = try XCTUnwrap(root.sublayers)
        cards[0].backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.9)
        cards[1].opacity = 0.99
        cards[2].shouldRasterize = true
        // A clip whose edge crosses the card (x 100 to 130, turned); one that leaves its
        // interior whole (the screen) would not unmark it (`ClipTable.coversWhole`).
        let clipping = CALayer()
        clipping.frame = CGRect(x: 0, y: 0, width: 112, height: Self.height)
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

    func testAReplicatorInstanceMadeTranslucentNoLongerCoversItsShadow() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeTranslation(90, 0, 0)
        replicator.instanceAlphaOffset = -0.5
        replicator.addSublayer(card(CGRect(x: 10, y: 10, width: 70, height: 70), angle: 0, hue: 0))
        root.addSublayer(replicator)
        let list = try DrawListProbe.list(root, width: 200, height: 100)
        let shadows = list.commands.compactMap { command -> Quad? in
            guard case let .quad(quad) = command, quad.blurSigma > 0 else { return nil }
            return quad
        }
        XCTAssertEqual(shadows.count, 2)
        XCTAssertEqual(shadows.map { $0.coveredRect != nil }, [true, false])
    }

    /// Renders `list` on GLES with its shadows whole, then cut, counting fragments: the
    /// renderer, both frames' statistics and how the cut frame's pixels differ. The strips
    /// interpolate the mask's coordinates from their own corners: llvmpipe's rounding of that may
    /// move a rare pixel by one level, as ClippedQuadGeometry's cuts do.
    private func renderWholeAndCut(_ list: DrawList) throws
        -> (renderer: GLESRenderer, whole: RenderStatistics, cut: RenderStatistics, changed: (pixels: Int, largest: Int)) {
        SoftwareGL.useUnlessConfigured()
        let renderer = try GLESRenderer(pixelWidth: Self.width, pixelHeight: Self.height)
        renderer.countsShadedFragments = true
        let whole = try renderer.render(uncut(list))
        let wholeImage = try renderer.readPixels()
        let cut = try renderer.render(list)
        return (renderer, whole, cut, PixelDifferences.between(wholeImage, try renderer.readPixels()))
    }

    func testCutShadowsDrawTheSameBytesWithFewerFragmentsOnGLES() throws {
        let list = try DrawListProbe.list(scene(), width: Self.width, height: Self.height)
        let (renderer, whole, cut, changed) = try renderWholeAndCut(list)
        print("GLES fragments shaded: \(whole.fragmentsShaded) whole, \(cut.fragmentsShaded) cut; \(changed.pixels) pixels differ")
        XCTAssertLessThanOrEqual(changed.largest, 1)
        XCTAssertLessThanOrEqual(changed.pixels, Self.width * Self.height / 10_000)
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
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 160)
        // Shorter than a nine-patch's prototype (2 x 9.9 + 8 x 6 + 4): one piece.
        root.addSublayer(card(CGRect(x: 40, y: 40, width: 70, height: 66), angle: 0, hue: 0))
        let list = try DrawListProbe.list(root, width: 160, height: 160)
        let renderer = try GLESRenderer(pixelWidth: 160, pixelHeight: 160)
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
        // The hole: 70 x 66 less 2 x (9.9 + 1.5) on each axis (radius 0.15 x 66); the strips'
        // margin m = 0.5 pixel.
        let hole = (w: 47.2, h: 43.2), m = 0.5
        let expected = (hole.w - 2 * m) * (hole.h - 2 * m) - 4 * m * (drawn.width - hole.w + 4 * m)
        XCTAssertEqual(Double(whole - cut), expected, accuracy: 1)
    }

    func testCutShadowsDrawTheSameBytesOnTheCPURenderer() throws {
        let list = try DrawListProbe.list(scene(), width: Self.width, height: Self.height)
        let renderer = try CPURenderer(pixelWidth: Self.width, pixelHeight: Self.height, threadCount: 2)
        let whole = try renderer.render(uncut(list))
        let wholeImage = try renderer.readPixels()
        let cut = try renderer.render(list)
        // The three large cards' shadows were cut (the small ones do not pay).
        XCTAssertGreaterThanOrEqual(cut.quads - whole.quads, 3 * 3)
        // Each pixel maps to the mask through the inverse of its quad's map: the same bytes.
        XCTAssertEqual(PixelDifferences.between(wholeImage, try renderer.readPixels()).pixels, 0)
    }

    // MARK: Opaque contents (the cover flow's pictures)

    /// A picture as the cover flow's (`CoverFlow.addCover`): an image filling its bounds, a
    /// 1-point white border at 0.35, a shadow of opacity 0.8, radius 6, offset (0, 6) whose
    /// path is its bounds.
    private func picture(_ frame: CGRect, image: CGImage?) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.contents = image
        layer.contentsGravity = .resizeAspectFill
        layer.borderWidth = 1
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.35)
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = 0.8
        layer.shadowRadius = 6
        layer.shadowOffset = CGSize(width: 0, height: 6)
        layer.shadowPath = CGPath(rect: layer.bounds, transform: nil)
        return layer
    }

    /// A 48 x 40 image of horizontal bands of colour at `alpha`.
    private func bands(alpha: CGFloat) throws -> CGImage {
        let context = try XCTUnwrap(CGContext(data: nil, width: 48, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        for band in 0..<5 {
            context.setFillColor(CGColor(red: 0.2 * CGFloat(band), green: 0.6, blue: 1 - 0.15 * CGFloat(band), alpha: alpha))
            context.fill(CGRect(x: 0, y: 8 * band, width: 48, height: 8))
        }
        return try XCTUnwrap(context.makeImage())
    }

    /// Inside a clipping root (the screen), in perspective: one picture facing the viewer, one
    /// turned about its vertical axis (the cover flow's side pictures).
    private func pictures() throws -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: Self.width, height: Self.height)
        root.masksToBounds = true
        root.backgroundColor = CGColor(red: 0.1, green: 0.11, blue: 0.14, alpha: 1)
        let carousel = CALayer()
        carousel.frame = root.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        carousel.sublayerTransform = perspective
        root.addSublayer(carousel)
        let image = try bands(alpha: 1)
        let side = picture(CGRect(x: 200, y: 40, width: 100, height: 100), image: image)
        side.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        carousel.addSublayer(side)
        carousel.addSublayer(picture(CGRect(x: 80, y: 40, width: 100, height: 100), image: image))
        return root
    }

    private func shadows(_ list: DrawList) -> [Quad] {
        list.commands.compactMap { command -> Quad? in
            guard case let .quad(quad) = command, quad.blurSigma > 0 else { return nil }
            return quad
        }
    }

    func testAnOpaqueImageFillingItsBoundsCoversItsShadowUnderTheScreensClip() throws {
        let root = try pictures()
        let marked = shadows(try DrawListProbe.list(root, width: Self.width, height: Self.height))
        XCTAssertEqual(marked.map { $0.coveredRect }, [CGRect(x: 0, y: 0, width: 100, height: 100),
                                                       CGRect(x: 0, y: 0, width: 100, height: 100)])

        // A translucent image, an image cut in nine pieces, a picture clipped by its own bounds
        // or by a clip that crosses it: not marked.
        let carousel = try XCTUnwrap(root.sublayers?.last)
        let pictures = try XCTUnwrap(carousel.sublayers)
        pictures[0].contents = try bands(alpha: 0.98)
        pictures[1].contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        XCTAssertEqual(shadows(try DrawListProbe.list(root, width: Self.width, height: Self.height)).map { $0.coveredRect },
                       [nil, nil])
        pictures[1].contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        pictures[1].masksToBounds = true
        XCTAssertEqual(shadows(try DrawListProbe.list(root, width: Self.width, height: Self.height)).map { $0.coveredRect },
                       [nil, nil])
        pictures[1].masksToBounds = false
        carousel.frame = CGRect(x: 0, y: 0, width: 150, height: Self.height)
        carousel.masksToBounds = true
        XCTAssertEqual(shadows(try DrawListProbe.list(root, width: Self.width, height: Self.height)).map { $0.coveredRect },
                       [nil, nil])
    }

    func testACutPictureShadowDrawsTheSameBytesWithFewerFragmentsOnGLES() throws {
        let list = try DrawListProbe.list(try pictures(), width: Self.width, height: Self.height)
        let (_, whole, cut, changed) = try renderWholeAndCut(list)
        XCTAssertLessThanOrEqual(changed.largest, 1)
        XCTAssertLessThanOrEqual(changed.pixels, Self.width * Self.height / 10_000)
        // The facing picture's hole, 97 x 97 (1.5 pixels in from each edge), give or take the
        // half-pixel margins of the strips around it and of the nine-patch's pieces it removes;
        // the turned picture's shadow is drawn in closed form, whole.
        let saved = whole.fragmentsShaded - cut.fragmentsShaded
        XCTAssertGreaterThan(saved, 96 * 96 - 2 * 140)
        XCTAssertLessThan(saved, 97 * 97 + 4 * 97)
    }

    func testACutPictureShadowDrawsTheSameBytesOnTheCPURenderer() throws {
        let list = try DrawListProbe.list(try pictures(), width: Self.width, height: Self.height)
        let renderer = try CPURenderer(pixelWidth: Self.width, pixelHeight: Self.height, threadCount: 2)
        let whole = try renderer.render(uncut(list))
        let wholeImage = try renderer.readPixels()
        let cut = try renderer.render(list)
        // The facing picture's shadow, nine-patched, cut around the hole: three more quads.
        XCTAssertEqual(cut.quads - whole.quads, 3)
        XCTAssertEqual(PixelDifferences.between(wholeImage, try renderer.readPixels()).pixels, 0)
    }
}
