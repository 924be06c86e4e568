import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// An affine antialiased quad is drawn only as far beyond its rect as its edge's fade reaches
/// (`QuadInstance.drawnMargin`): half the fragment stage's local units per pixel, and 1/32 pixel
/// more, instead of 1.5 pixels. The fragments left out had zero coverage, so every pixel keeps its
/// value; the rest may differ by one level in rare pixels, as the rasterizer interpolates the local
/// position from other corners (as for clip shrinking).
final class TightMarginTests: XCTestCase {
    typealias S = RenderTestSupport

    func testMarginIsHalfAPixelOfLocalUnitsAndAThirtySecondOfAPixelMore() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 30)
        let plain = Quad(transform: .translation(3.5, 7), rect: rect, fillColor: S.blue)
        XCTAssertEqual(QuadInstance.drawnMargin(plain), 0.5 + 1.0 / 32, accuracy: 1e-6)
        XCTAssertEqual(QuadInstance.drawnMargin(plain, tight: false), 1.5, accuracy: 1e-6)
        // Rotation keeps the pixel; a scale of 2 halves the local units per pixel.
        let rotated = Quad(transform: S.rotationZ(0.7), rect: rect, fillColor: S.blue)
        XCTAssertEqual(QuadInstance.drawnMargin(rotated), 0.5 + 1.0 / 32, accuracy: 1e-6)
        let scaled = Quad(transform: .scale(2, 2), rect: rect, fillColor: S.blue)
        XCTAssertEqual(QuadInstance.drawnMargin(scaled), 0.25 + 1.0 / 64, accuracy: 1e-6)
        // Scaled by 4 along x and 1 along y: the root mean square of 1/4 and 1 local units per pixel.
        let stretched = Quad(transform: .scale(4, 1), rect: rect, fillColor: S.blue)
        XCTAssertEqual(QuadInstance.drawnMargin(stretched), Float(0.5 * (0.5 * (1.0 / 16 + 1)).squareRoot()) + 1.0 / 32, accuracy: 1e-6)
        // Hard edges: no margin; blurred and perspective quads keep theirs.
        XCTAssertEqual(QuadInstance.drawnMargin(Quad(transform: .identity, rect: rect, fillColor: S.blue, antialiasedEdges: 0)), 0)
        let blurred = Quad(transform: .identity, rect: rect, fillColor: S.blue, blurSigma: 2)
        XCTAssertEqual(QuadInstance.drawnMargin(blurred), 6 + 1.5, accuracy: 1e-6)
        var perspective = Matrix4.identity
        perspective.m14 = 0.001
        let tilted = Quad(transform: perspective, rect: rect, fillColor: S.blue)
        XCTAssertEqual(QuadInstance.drawnMargin(tilted), tilted.antialiasingMargin)
    }

    /// Rounded, bordered cards at several angles, scales and a skew, a sprite, hard and soft
    /// edges, and rotated children under a rounded clip.
    private static func scene(angle: Double) -> (quads: [Quad], clips: [Clip]) {
        let disc = S.image(width: 16, height: 16) { x, y in
            let dx = Double(x) - 7.5, dy = Double(y) - 7.5
            let alpha = max(0, 1 - (dx * dx + dy * dy).squareRoot() / 8)
            return [UInt8(255 * alpha), UInt8(128 * alpha), 0, UInt8(255 * alpha)]
        }
        var skew = Matrix4.identity
        skew.m21 = 0.35
        let card = CGRect(x: 0, y: 0, width: 23.5, height: 17.25)
        let centred = Matrix4.translation(-11.75, -8.625)
        let translucent = PremultipliedColor(red: 0.3, green: 0.1, blue: 0.4, alpha: 0.6)
        let placements: [Matrix4] = [
            centred.concatenating(S.rotationZ(angle)).concatenating(.translation(20.3, 18.6)),
            centred.concatenating(.scale(0.55, 0.55)).concatenating(S.rotationZ(-angle)).concatenating(.translation(52.1, 15.2)),
            centred.concatenating(.scale(1.7, 1.2)).concatenating(S.rotationZ(angle * 0.5)).concatenating(.translation(88.7, 24.9)),
            centred.concatenating(skew).concatenating(S.rotationZ(angle)).concatenating(.translation(22.4, 60.05)),
        ]
        var quads = placements.enumerated().map { k, transform in
            Quad(transform: transform, rect: card, fillColor: k % 2 == 0 ? S.blue : translucent,
                 cornerRadii: CornerRadii(uniform: 4), borderWidth: k == 1 ? 0 : 1.5, borderColor: S.white,
                 antialiasedEdges: k == 3 ? 0b1010 : 0xF)
        }
        quads.append(Quad(transform: centred.concatenating(S.rotationZ(angle + 0.2)).concatenating(.translation(55.5, 55.5)),
                          rect: card, texture: TextureSource(image: disc), opacity: 0.85))
        let clip = Clip(transform: .translation(70.25, 45.5), rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                        cornerRadii: CornerRadii(uniform: 8))
        for (k, corner) in [(0.2, 0.2), (0.8, 0.8)].enumerated() {
            let child = Matrix4.translation(-10, -10).concatenating(S.rotationZ(angle + Double(k)))
                .concatenating(.translation(70.25 + 40 * corner.0, 45.5 + 40 * corner.1))
            quads.append(Quad(transform: child, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: S.red,
                              cornerRadii: CornerRadii(uniform: 3), borderWidth: 1, borderColor: S.white, clipIndex: 0))
        }
        return (quads, [clip])
    }

    func testTightMarginsGiveTheSamePixels() throws {
        let width = 120, height = 90
        let renderer = try S.makeRenderer(width: width, height: height)
        for step in 0..<12 {
            let angle = Double(step) * .pi / 23 + 0.011
            let (quads, clips) = Self.scene(angle: angle)
            renderer.usesTightMargins = true
            let (tight, _) = try S.render(renderer, width: width, height: height, quads: quads, clips: clips)
            renderer.usesTightMargins = false
            let (loose, _) = try S.render(renderer, width: width, height: height, quads: quads, clips: clips)
            renderer.usesTightMargins = true
            XCTAssertLessThanOrEqual(S.largestDifference(tight, loose), 1, "angle \(angle)")
            var leftOut = 0, differing = 0
            for y in 0..<height {
                for x in 0..<width {
                    let a = S.pixel(tight, x, y), b = S.pixel(loose, x, y)
                    if (a[3] == 0) != (b[3] == 0) { leftOut += 1 }
                    if a != b { differing += 1 }
                }
            }
            XCTAssertEqual(leftOut, 0, "a pixel the wider quad changes is left out, angle \(angle)")
            XCTAssertLessThanOrEqual(differing, width * height / 200, "angle \(angle)")
        }
    }
}
