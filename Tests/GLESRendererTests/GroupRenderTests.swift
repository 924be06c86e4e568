import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// Compositing groups: group opacity, nesting, masks, clipping and culling of the composite.
final class GroupRenderTests: XCTestCase {
    typealias S = RenderTestSupport

    /// Two overlapping white quads: (10, 10)-(60, 60) and (30, 30)-(80, 80).
    private let overlapping = [
        Quad(transform: .identity, rect: CGRect(x: 10, y: 10, width: 50, height: 50), fillColor: S.white),
        Quad(transform: .identity, rect: CGRect(x: 30, y: 30, width: 50, height: 50), fillColor: S.white),
    ]

    func testGroupOpacityIsUniformWhereSublayersOverlap() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let commands: [DrawCommand] = [.beginGroup(S.canvasGroup(width: 100, height: 100, opacity: 0.5))]
            + overlapping.map { .quad($0) } + [.endGroup]
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertEqual(statistics.offscreenPasses, 1)
        XCTAssertEqual(statistics.drawCalls, 2, "the group's batch and the composite")
        XCTAssertPixel(S.pixel(image, 20, 20), [128, 128, 128, 128], "first quad only")
        XCTAssertPixel(S.pixel(image, 45, 45), [128, 128, 128, 128], "overlap: same 50% grey")
        XCTAssertPixel(S.pixel(image, 70, 70), [128, 128, 128, 128], "second quad only")
        XCTAssertEqual(S.pixel(image, 90, 20)[3], 0)
    }

    func testWithoutAGroupTheOverlapIsBrighter() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let halves = overlapping.map { quad -> Quad in var q = quad; q.opacity = 0.5; return q }
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, quads: halves)
        XCTAssertEqual(statistics.offscreenPasses, 0)
        XCTAssertPixel(S.pixel(image, 20, 20), [128, 128, 128, 128])
        // 0.5 + 0.5 × (1 - 0.5) = 0.75
        XCTAssertPixel(S.pixel(image, 45, 45), [191, 191, 191, 191])
    }

    func testNestedGroupsMultiplyTheirOpacitiesAndKeepTheirPixelSpaces() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // The outer group shows local (0...50)² at (10, 10) with 2 pixels per unit; the inner
        // group sits at outer pixels (40...80)².
        let outer = CompositingGroup(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 50, height: 50),
                                     pixelWidth: 100, pixelHeight: 100, opacity: 0.5)
        let inner = CompositingGroup(transform: .translation(40, 40), rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                                     pixelWidth: 40, pixelHeight: 40, opacity: 0.5)
        let commands: [DrawCommand] = [
            .beginGroup(outer),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 60), fillColor: S.red)),
            .beginGroup(inner),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.white)),
            .endGroup,
            .endGroup,
        ]
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertEqual(statistics.offscreenPasses, 2)
        // Canvas = 10 + outer pixel / 2: red covers canvas 10...40, the inner group 30...50.
        XCTAssertPixel(S.pixel(image, 15, 15), [128, 0, 0, 128], "red at the outer opacity")
        XCTAssertPixel(S.pixel(image, 35, 35), [128, 64, 64, 128], "half white over red, then halved")
        XCTAssertPixel(S.pixel(image, 45, 45), [64, 64, 64, 64], "white at 0.5 × 0.5")
        XCTAssertEqual(S.pixel(image, 55, 55)[3], 0)
    }

    func testMaskAlphaMultipliesTheContent() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        let halfAlpha = PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        let commands: [DrawCommand] = [
            .beginGroup(S.canvasGroup(width: 100, height: 100)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 60, height: 60), fillColor: S.red)),
            .beginMask,
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 30, height: 100), fillColor: halfAlpha)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 30, y: 0, width: 20, height: 100), fillColor: S.blue)),
            .endGroup,
        ]
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertEqual(statistics.offscreenPasses, 2, "content and mask")
        XCTAssertPixel(S.pixel(image, 15, 30), [128, 0, 0, 128], "red × mask alpha 0.5")
        XCTAssertPixel(S.pixel(image, 40, 30), [255, 0, 0, 255], "red × opaque mask; the mask's colour is ignored")
        XCTAssertEqual(S.pixel(image, 55, 30)[3], 0, "content outside the mask")
        XCTAssertEqual(S.pixel(image, 40, 80)[3], 0, "mask outside the content")
    }

    func testCircleTextureMaskCutsTheContentToADisc() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        // A 64x64 image: an opaque disc of radius 24 about its centre, transparent outside.
        let disc = S.image(width: 64, height: 64) { x, y in
            let dx = Double(x) + 0.5 - 32, dy = Double(y) + 0.5 - 32
            return dx * dx + dy * dy <= 24 * 24 ? [255, 255, 255, 255] : [0, 0, 0, 0]
        }
        // The mask image fills (20, 20)-(84, 84): the disc's centre is (52, 52).
        let commands: [DrawCommand] = [
            .beginGroup(S.canvasGroup(width: 100, height: 100)),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100), fillColor: S.green)),
            .beginMask,
            .quad(Quad(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 64, height: 64),
                       texture: TextureSource(image: disc))),
            .endGroup,
        ]
        let (image, _) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertPixel(S.pixel(image, 52, 52), [0, 255, 0, 255], "the disc's centre")
        XCTAssertPixel(S.pixel(image, 52, 30), [0, 255, 0, 255], "22 from the centre")
        XCTAssertEqual(S.pixel(image, 52, 25)[3], 0, "27 from the centre")
        XCTAssertEqual(S.pixel(image, 26, 26)[3], 0, "inside the mask image's square, outside the disc")
        XCTAssertEqual(S.pixel(image, 10, 10)[3], 0, "outside the mask image")
    }

    func testGroupCompositeIsClippedInTheEnclosingSpace() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        var group = S.canvasGroup(width: 100, height: 100, opacity: 0.5)
        group.clipIndex = 0
        let clip = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 50, height: 100))
        let commands: [DrawCommand] = [.beginGroup(group)] + overlapping.map { .quad($0) } + [.endGroup]
        let (image, _) = try S.render(renderer, width: 100, height: 100, commands: commands, clips: [clip])
        XCTAssertPixel(S.pixel(image, 45, 45), [128, 128, 128, 128])
        XCTAssertEqual(S.pixel(image, 55, 45)[3], 0, "beyond the clip")
    }

    func testOneSidedGroupFacingAwayIsCulledWithItsPasses() throws {
        let renderer = try S.makeRenderer(width: 100, height: 100)
        var group = S.canvasGroup(width: 100, height: 100)
        group.transform = Matrix4.scale(-1, 1).concatenating(.translation(100, 0))
        group.isDoubleSided = false
        let commands: [DrawCommand] = [.beginGroup(group)] + overlapping.map { .quad($0) } + [.endGroup]
        let (image, statistics) = try S.render(renderer, width: 100, height: 100, commands: commands)
        XCTAssertEqual(statistics.offscreenPasses, 0)
        XCTAssertEqual(statistics.drawCalls, 0)
        XCTAssertEqual(S.pixel(image, 45, 45)[3], 0)
        // Double-sided, the mirrored group shows: the first quad lands at x 40...90.
        group.isDoubleSided = true
        let (mirrored, _) = try S.render(renderer, width: 100, height: 100,
                                         commands: [.beginGroup(group)] + overlapping.map { .quad($0) } + [.endGroup])
        XCTAssertPixel(S.pixel(mirrored, 85, 15), [255, 255, 255, 255])
        XCTAssertEqual(S.pixel(mirrored, 15, 15)[3], 0)
    }

    func testGroupWiderThanTheTextureLimitIsDrawnScaledDown() throws {
        let renderer = try S.makeRenderer(width: 64, height: 16)
        let wide = renderer.maximumTextureSize + 100
        let group = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 64, height: 16),
                                     pixelWidth: wide, pixelHeight: 4)
        let half = Double(wide) / 2
        let commands: [DrawCommand] = [
            .beginGroup(group),
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: half, height: 4), fillColor: S.red)),
            .quad(Quad(transform: .identity, rect: CGRect(x: half, y: 0, width: half, height: 4), fillColor: S.blue)),
            .endGroup,
        ]
        let (image, statistics) = try S.render(renderer, width: 64, height: 16, commands: commands)
        XCTAssertEqual(statistics.offscreenPasses, 1)
        XCTAssertPixel(S.pixel(image, 10, 8), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 54, 8), [0, 0, 255, 255])
    }
}
