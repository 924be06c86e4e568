import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Offscreen passes on the CPU renderer: group opacity, scaled groups, masks, shadows, rasterization.
final class CPUGroupTests: XCTestCase {
    typealias S = CPUTestSupport
    let square = CGRect(x: 0, y: 0, width: 20, height: 20)

    private func group(_ content: [DrawCommand], mask: [DrawCommand]? = nil, _ g: CompositingGroup) -> [DrawCommand] {
        [.beginGroup(g)] + content + (mask.map { [.beginMask] + $0 } ?? []) + [.endGroup]
    }

    func testGroupOpacityAppliesToTheFlattenedContent() throws {
        let g = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 64, height: 64),
                                 pixelWidth: 64, pixelHeight: 64, opacity: 0.5)
        let content: [DrawCommand] = [.quad(Quad(transform: .translation(10, 10), rect: square, fillColor: S.red)),
                                      .quad(Quad(transform: .translation(20, 20), rect: square, fillColor: S.blue))]
        let (image, statistics) = try S.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: group(content, g)))
        // Where blue covers red, only half blue shows: the group is flattened before its opacity applies.
        XCTAssertPixel(S.pixel(image, 25, 25), [0, 0, 128, 128])
        XCTAssertPixel(S.pixel(image, 12, 12), [128, 0, 0, 128])
        XCTAssertEqual(statistics.offscreenPasses, 1)
        // Drawn without a group, each quad would take the opacity: red shows under blue.
        let separate = content.map { command -> DrawCommand in
            guard case var .quad(q) = command else { return command }
            q.opacity = 0.5
            return .quad(q)
        }
        let (direct, _) = try S.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: separate))
        XCTAssertPixel(S.pixel(direct, 25, 25), [64, 0, 128, 191])
    }

    func testGroupImageMapsOntoItsRectThroughItsTransform() throws {
        // The group's local rect is 50x25 at (10, 20) in its space, drawn at 2 pixels per unit,
        // placed at (100, 0): its pixel (0, 0) is local (10, 20), canvas (110, 20).
        let g = CompositingGroup(transform: .translation(100, 0), rect: CGRect(x: 10, y: 20, width: 50, height: 25),
                                 pixelWidth: 100, pixelHeight: 50)
        let content: [DrawCommand] = [.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 50), fillColor: S.green))]
        let (image, _) = try S.render(DrawList(pixelWidth: 200, pixelHeight: 80, commands: group(content, g)))
        // 20 group pixels = 10 units: canvas x 110..<120, y 20..<45.
        XCTAssertPixel(S.pixel(image, 110, 21), [0, 255, 0, 255])
        XCTAssertPixel(S.pixel(image, 119, 44), [0, 255, 0, 255])
        XCTAssertEqual(S.pixel(image, 121, 30)[3], 0)
        XCTAssertEqual(S.pixel(image, 109, 30)[3], 0)
        XCTAssertEqual(S.pixel(image, 115, 46)[3], 0)
    }

    func testMaskAlphaMultipliesTheContent() throws {
        let g = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40), pixelWidth: 40, pixelHeight: 40)
        let content: [DrawCommand] = [.quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.red))]
        let mask: [DrawCommand] = [
            .quad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 40), fillColor: S.blue)),
            .quad(Quad(transform: .translation(20, 0), rect: CGRect(x: 0, y: 0, width: 10, height: 40),
                       fillColor: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5))),
        ]
        let (image, statistics) = try S.render(DrawList(pixelWidth: 40, pixelHeight: 40, commands: group(content, mask: mask, g)))
        XCTAssertPixel(S.pixel(image, 10, 20), [255, 0, 0, 255], "opaque mask: content, not the mask's colour")
        XCTAssertPixel(S.pixel(image, 25, 20), [128, 0, 0, 128], "half-transparent mask")
        XCTAssertEqual(S.pixel(image, 35, 20)[3], 0, "no mask")
        XCTAssertEqual(statistics.offscreenPasses, 2)
    }

    func testShadowIsTheOffsetTintedAlphaBelowTheContent() throws {
        let shadow = GroupShadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5), offsetX: 6, offsetY: 4, sigma: 0)
        let g = CompositingGroup(transform: .translation(10, 10), rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                                 pixelWidth: 40, pixelHeight: 40, shadow: shadow)
        let content: [DrawCommand] = [.quad(Quad(transform: .translation(10, 10), rect: square, fillColor: S.red))]
        let (image, _) = try S.render(DrawList(pixelWidth: 64, pixelHeight: 64, commands: group(content, g)))
        // Content covers canvas 20..<40; the shadow 26..<46 x 24..<44.
        XCTAssertPixel(S.pixel(image, 30, 30), [255, 0, 0, 255])
        XCTAssertPixel(S.pixel(image, 43, 35), [0, 0, 0, 128])
        XCTAssertPixel(S.pixel(image, 30, 42), [0, 0, 0, 128])
        XCTAssertEqual(S.pixel(image, 47, 35)[3], 0)
        XCTAssertEqual(S.pixel(image, 22, 42)[3], 0)
    }

    func testBlurredShadowIsHalfStrongOnTheEdgeOfItsSource() throws {
        let sigma: Float = 3
        let shadow = GroupShadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 1), offsetX: 0, offsetY: 0, sigma: sigma)
        let g = CompositingGroup(transform: .translation(0, 0), rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                                 pixelWidth: 80, pixelHeight: 80, drawsContent: false, shadow: shadow)
        let content: [DrawCommand] = [.quad(Quad(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.red))]
        let (image, _) = try S.render(DrawList(pixelWidth: 80, pixelHeight: 80, commands: group(content, g)))
        // drawsContent = false: no red anywhere.
        XCTAssertEqual(S.pixel(image, 40, 40)[0], 0)
        XCTAssertPixel(S.pixel(image, 40, 40), [0, 0, 0, 255])
        // Across the left edge (x = 20) the blurred alpha follows the Gaussian's integral.
        let k = 1 / (Double(sigma) * 2.0.squareRoot())
        for x in [14, 17, 19, 20, 23] {
            let expected = 0.5 * (1 + erf((Double(x) + 0.5 - 20) * k)) * 255
            XCTAssertEqual(Double(S.pixel(image, x, 40)[3]), expected, accuracy: 4, "x=\(x)")
        }
    }

    func testRasterizedGroupIsReusedWhileItsKeyStays() throws {
        let renderer = try CPURenderer(pixelWidth: 32, pixelHeight: 32, threadCount: 2)
        func list(_ color: PremultipliedColor, version: UInt64) -> DrawList {
            let g = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), pixelWidth: 32, pixelHeight: 32,
                                     rasterizationKey: RasterizationKey(layerID: 7, contentVersion: version))
            return DrawList(pixelWidth: 32, pixelHeight: 32, commands: group([.quad(Quad(transform: .identity, rect: square, fillColor: color))], g))
        }
        let first = try renderer.render(list(S.red, version: 1))
        XCTAssertEqual(first.offscreenPasses, 1)
        // Same key: the kept image is drawn, not the new commands.
        let second = try renderer.render(list(S.blue, version: 1))
        XCTAssertEqual(second.offscreenPasses, 0)
        XCTAssertPixel(S.pixel(try renderer.readPixels(), 5, 5), [255, 0, 0, 255])
        XCTAssertEqual(renderer.cachedRasterizations.count, 1)
        XCTAssertEqual(renderer.cachedRasterizations.bytes, 32 * 32 * 4)
        // A new version redraws and replaces the old one.
        let third = try renderer.render(list(S.blue, version: 2))
        XCTAssertEqual(third.offscreenPasses, 1)
        XCTAssertPixel(S.pixel(try renderer.readPixels(), 5, 5), [0, 0, 255, 255])
        XCTAssertEqual(renderer.cachedRasterizations.count, 1)
        // A limit below one image keeps nothing.
        renderer.rasterizationCacheLimit = 100
        XCTAssertEqual(renderer.cachedRasterizations.count, 0)
    }

    func testUnbalancedGroupCommandsDoNotTrap() throws {
        let quad = DrawCommand.quad(Quad(transform: .identity, rect: square, fillColor: S.red))
        let g = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), pixelWidth: 32, pixelHeight: 32)
        let (image, _) = try S.render(DrawList(pixelWidth: 32, pixelHeight: 32, commands: [.endGroup, .beginMask, .beginGroup(g), quad]))
        XCTAssertPixel(S.pixel(image, 5, 5), [255, 0, 0, 255], "the open group is closed at the end")
        let huge = CompositingGroup(transform: .identity, rect: CGRect(x: 0, y: 0, width: 32, height: 32), pixelWidth: 0, pixelHeight: 32)
        XCTAssertThrowsError(try S.render(DrawList(pixelWidth: 32, pixelHeight: 32, commands: [.beginGroup(huge), quad, .endGroup])))
    }
}
