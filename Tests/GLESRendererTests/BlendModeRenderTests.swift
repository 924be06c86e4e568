import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
import GLESRenderer
import XCTest

/// `BlendMode.plusLighter` on quads and groups: the destination plus the source, clamped.
final class BlendModeRenderTests: XCTestCase {
    private typealias S = RenderTestSupport

    private func square(_ color: PremultipliedColor, blend: BlendMode, opaque: Bool = false) -> Quad {
        Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: color,
             isOpaque: opaque, blendMode: blend)
    }

    func testTwoHalfGreyQuadsAddUpToWhite() throws {
        let renderer = try S.makeRenderer(width: 20, height: 20)
        let halfWhite = PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        let (added, _) = try S.render(renderer, width: 20, height: 20,
                                      quads: [square(halfWhite, blend: .plusLighter), square(halfWhite, blend: .plusLighter)])
        XCTAssertPixel(S.pixel(added, 10, 10), [255, 255, 255, 255], tolerance: 1)
        // Source-over of the same two: 0.5 + 0.5 x 0.5 = 0.75.
        let (over, _) = try S.render(renderer, width: 20, height: 20,
                                     quads: [square(halfWhite, blend: .sourceOver), square(halfWhite, blend: .sourceOver)])
        XCTAssertPixel(S.pixel(over, 10, 10), [191, 191, 191, 191], tolerance: 1)
    }

    func testOpaqueQuadsAreStillAddedAndTheSumClamps() throws {
        let renderer = try S.makeRenderer(width: 20, height: 20)
        let grey = PremultipliedColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        let (image, statistics) = try S.render(renderer, width: 20, height: 20, clear: S.black,
                                               quads: [square(grey, blend: .plusLighter, opaque: true),
                                                       square(grey, blend: .plusLighter, opaque: true)])
        XCTAssertPixel(S.pixel(image, 10, 10), [128, 255, 255, 255], tolerance: 1)
        XCTAssertEqual(statistics.drawCalls, 1, "consecutive additive quads share a batch")
    }

    func testTheBatchBreaksWhereTheBlendModeChanges() throws {
        let renderer = try S.makeRenderer(width: 20, height: 20)
        let quarter = PremultipliedColor(red: 0.25, green: 0, blue: 0, alpha: 0.25)
        let (image, statistics) = try S.render(renderer, width: 20, height: 20,
                                               quads: [square(quarter, blend: .sourceOver), square(quarter, blend: .plusLighter),
                                                       square(quarter, blend: .sourceOver)])
        // 0.25; + 0.25 = 0.5; then over: 0.25 + 0.5 x 0.75 = 0.625.
        XCTAssertPixel(S.pixel(image, 10, 10), [159, 0, 0, 159], tolerance: 1)
        XCTAssertEqual(statistics.drawCalls, 3)
    }

    /// A crossfade: the old state at 1 - p and the new at p, summed inside an enclosing group.
    private func crossfade(progress p: Float, old: PremultipliedColor, new: PremultipliedColor) -> [DrawCommand] {
        func state(_ color: PremultipliedColor, opacity: Float) -> [DrawCommand] {
            var group = S.canvasGroup(width: 40, height: 20, opacity: opacity)
            group.blendMode = .plusLighter
            let fill = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 40, height: 20), fillColor: color, isOpaque: true)
            return [.beginGroup(group), .quad(fill), .endGroup]
        }
        return [.beginGroup(S.canvasGroup(width: 40, height: 20))] + state(old, opacity: 1 - p) + state(new, opacity: p) + [.endGroup]
    }

    func testCrossfadeOfTwoOpaqueGroupsIsOpaqueAndTheExactMix() throws {
        let renderer = try S.makeRenderer(width: 40, height: 20)
        let old = PremultipliedColor(red: 1, green: 0.2, blue: 0, alpha: 1)
        let new = PremultipliedColor(red: 0, green: 0.6, blue: 1, alpha: 1)
        // The canvas is green: any transparency in the crossfade would let it through.
        for p: Float in [0.5, 0.25] {
            let (image, _) = try S.render(renderer, width: 40, height: 20, clear: S.green,
                                          commands: crossfade(progress: p, old: old, new: new))
            let expected = [old.red * (1 - p) + new.red * p, old.green * (1 - p) + new.green * p, old.blue * (1 - p) + new.blue * p, 1]
                .map { Int(($0 * 255).rounded()) }
            XCTAssertPixel(S.pixel(image, 20, 10), expected, tolerance: 1, "p = \(p)")
        }
        // Source-over, the same fade is only 1 - 0.5 x 0.5 = 0.75 opaque and weighs the new state double.
        var commands = crossfade(progress: 0.5, old: old, new: new)
        commands = commands.map { command in
            guard case var .beginGroup(group) = command else { return command }
            group.blendMode = .sourceOver
            return .beginGroup(group)
        }
        let (over, _) = try S.render(renderer, width: 40, height: 20, commands: commands)
        XCTAssertPixel(S.pixel(over, 20, 10), [64, 89, 128, 191], tolerance: 2)
    }
}
