import CompositorCore
import CoreGraphics
import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// `BlendMode.plusLighter`: the source added to what is beneath, clamped, on quads and on groups.
final class CPUBlendModeTests: XCTestCase {
    typealias S = CPUTestSupport
    let grey = PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    let rect = CGRect(x: 0, y: 0, width: 40, height: 40)

    func testTwoHalfGreyQuadsAddUpToWhite() throws {
        let quads = [Quad(transform: .translation(4, 4), rect: rect, fillColor: grey, blendMode: .plusLighter),
                     Quad(transform: .translation(4, 4), rect: rect, fillColor: grey, blendMode: .plusLighter)]
        let (image, _) = try S.render(width: 48, height: 48, quads: quads)
        XCTAssertEqual(S.pixel(image, 20, 20), [255, 255, 255, 255])
        // Source-over would leave the second grey on top.
        let (over, _) = try S.render(width: 48, height: 48, quads: quads.map { var q = $0; q.blendMode = .sourceOver; return q })
        XCTAssertPixel(S.pixel(over, 20, 20), [128, 128, 128, 255], tolerance: 1)
    }

    func testTranslucentQuadsAddEveryChannelIncludingAlpha() throws {
        // Premultiplied (0.25, 0.25, 0.25, 0.5) twice: (0.5, 0.5, 0.5, 1); source-over gives alpha 0.75.
        let half = grey.scaled(by: 0.5)
        let quads = [Quad(transform: .identity, rect: rect, fillColor: half, blendMode: .plusLighter),
                     Quad(transform: .identity, rect: rect, fillColor: half, blendMode: .plusLighter)]
        let (image, _) = try S.render(width: 40, height: 40, quads: quads)
        XCTAssertPixel(S.pixel(image, 20, 20), [128, 128, 128, 255], tolerance: 1)
    }

    func testPlusLighterGroupsCrossfadeToTheFullColour() throws {
        // Two half-opaque groups of the same red, added: full red, as a crossfade of two equal states must be.
        func crossfadeHalf() -> [DrawCommand] {
            var g = CompositingGroup(transform: .identity, rect: rect, pixelWidth: 40, pixelHeight: 40, opacity: 0.5)
            g.blendMode = .plusLighter
            return [.beginGroup(g), .quad(Quad(transform: .identity, rect: rect, fillColor: S.red)), .endGroup]
        }
        let (image, _) = try S.render(DrawList(pixelWidth: 40, pixelHeight: 40, commands: crossfadeHalf() + crossfadeHalf()))
        XCTAssertPixel(S.pixel(image, 20, 20), [255, 0, 0, 255], tolerance: 1)
        // Source-over would give 0.5 + 0.5 x 0.5 = 0.75.
        let plain = (crossfadeHalf() + crossfadeHalf()).map { command -> DrawCommand in
            guard case var .beginGroup(g) = command else { return command }
            g.blendMode = .sourceOver
            return .beginGroup(g)
        }
        let (over, _) = try S.render(DrawList(pixelWidth: 40, pixelHeight: 40, commands: plain))
        XCTAssertPixel(S.pixel(over, 20, 20), [191, 0, 0, 191], tolerance: 1)
    }
}
