import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// The lean shader variant for plain sprites (`ShaderFeatures.sprite`): which quads take it, how
/// batches keep it, and that it paints the full shader's pixels.
final class SpriteVariantTests: XCTestCase {
    typealias S = RenderTestSupport
    private let noClip = ClipResolver.Resolution(analytic: nil, tableIndex: -1)

    /// A 32x32 disc, opaque red-to-blue in the middle and clear at the rim.
    private static let disc = S.image(width: 32, height: 32) { x, y in
        let dx = (Double(x) + 0.5) / 32 - 0.5, dy = (Double(y) + 0.5) / 32 - 0.5
        let alpha = max(0, 1 - 2 * (dx * dx + dy * dy).squareRoot())
        return [UInt8(255 * alpha * Double(x) / 31), 0, UInt8(255 * alpha * Double(31 - x) / 31), UInt8(255 * alpha)]
    }

    private func sprite(x: Double, y: Double, edges: UInt8 = 0, filter: TextureFilter = .linear) -> Quad {
        Quad(transform: S.rotationZ(0.3).concatenating(.translation(x, y)), rect: CGRect(x: 0, y: 0, width: 21.5, height: 19.25),
             texture: TextureSource(image: Self.disc, minificationFilter: filter, magnificationFilter: filter),
             opacity: 0.85, antialiasedEdges: edges)
    }

    func testPlainSpriteTakesTheLeanVariant() {
        let plain = sprite(x: 10, y: 10)
        XCTAssertTrue(QuadInstance.features(plain, textured: true, clip: noClip).contains(.sprite))
        XCTAssertTrue(QuadInstance.features(sprite(x: 0, y: 0, edges: 0xF), textured: true, clip: noClip).contains(.sprite))
    }

    func testSpriteWithShapeOrEffectsTakesTheFullShader() {
        let plain = sprite(x: 10, y: 10)
        var rounded = plain
        rounded.cornerRadii = CornerRadii(uniform: 3)
        var bordered = plain
        bordered.borderWidth = 1
        bordered.borderColor = S.red
        var filled = plain
        filled.fillColor = S.blue
        var someEdges = plain
        someEdges.antialiasedEdges = 0b0011
        for quad in [rounded, bordered, filled, someEdges] {
            XCTAssertFalse(QuadInstance.features(quad, textured: true, clip: noClip).contains(.sprite))
        }
        XCTAssertFalse(QuadInstance.features(plain, textured: false, clip: noClip).contains(.sprite), "no image")
        XCTAssertFalse(QuadInstance.features(plain, textured: true, alphaTint: true, clip: noClip).contains(.sprite), "a shadow")
        let clipped = ClipResolver.Resolution(analytic: ClipResolver.AnalyticClip.none, tableIndex: -1)
        XCTAssertFalse(QuadInstance.features(plain, textured: true, clip: clipped).contains(.sprite))
        XCTAssertFalse(QuadInstance.features(plain, textured: true, clip: ClipResolver.Resolution(analytic: nil, tableIndex: 0))
            .contains(.sprite))
    }

    func testBatchStaysLeanOnlyWhileEveryQuadIsASpriteWithTheSameEdges() {
        let hard: ShaderFeatures = [.sprite, .textured, .hardEdges], soft: ShaderFeatures = [.sprite, .textured]
        XCTAssertEqual(hard.merged(with: hard), hard)
        XCTAssertEqual(soft.merged(with: soft), soft)
        XCTAssertEqual(hard.merged(with: soft), [.textured, .hardEdges], "QC_HARD_EDGES would cut the soft one")
        XCTAssertEqual(soft.merged(with: [.textured, .clipRect]), [.textured, .clipRect])
        XCTAssertEqual(ShaderFeatures.border.merged(with: soft), [.border, .textured])
    }

    /// Many sprites of one image: one draw call, and the lean variant's pixels are the full shader's.
    func testLeanVariantPaintsTheFullShadersPixelsInOneDraw() throws {
        let renderer = try S.makeRenderer(width: 120, height: 90)
        var quads: [Quad] = []
        for k in 0..<12 {
            let x = 8.3 + Double(k % 4) * 27.7, y = 4.6 + Double(k / 4) * 28.1
            quads.append(sprite(x: x, y: y, edges: k % 3 == 0 ? 0xF : 0, filter: k % 2 == 0 ? .linear : .trilinear))
        }
        // Runs of one sampler and one edge treatment: each is one lean batch.
        func run(_ quad: Quad) -> Int { Int(quad.antialiasedEdges) * 2 + (quad.texture?.minificationFilter == .linear ? 0 : 1) }
        let ordered = quads.sorted { run($0) < run($1) }
        let clear = PremultipliedColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
        renderer.usesSpriteVariant = true
        let (lean, leanStatistics) = try S.render(renderer, width: 120, height: 90, clear: clear, quads: ordered)
        renderer.usesSpriteVariant = false
        let (full, _) = try S.render(renderer, width: 120, height: 90, clear: clear, quads: ordered)
        XCTAssertEqual(leanStatistics.drawCalls, 4, "one draw per run of sampler and edges, not one per sprite")
        XCTAssertEqual(S.largestDifference(lean, full), 0)
        // The sprites are drawn: the middle of the first one is the disc's, blended at 0.85.
        XCTAssertGreaterThan(S.pixel(lean, 15, 16)[0] + S.pixel(lean, 15, 16)[2], 150)
    }
}
