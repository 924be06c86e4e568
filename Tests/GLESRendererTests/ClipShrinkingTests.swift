import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// Quads with an analytic clip are drawn as only the part of their rect the clip can cover
/// (`ClippedQuadGeometry`): every pixel the whole quad touches is still drawn, with the same
/// value, for children rotated to any angle, with antialiased or hard edges, under a scaled,
/// skewed or perspective parent. The values may differ by one level in rare pixels, as the
/// rasterizer interpolates the local position from the cut rect's corners instead of the whole
/// rect's (as the damage rectangles' clamped quads do).
final class ClipShrinkingTests: XCTestCase {
    typealias S = RenderTestSupport
    private static let side = 120

    /// S5's unit at `scale`: a rounded clipping parent (radius 0.2 of its side) at a fractional
    /// offset, its translucent background, and four bordered children, half its size, centred on
    /// the points 0.2 and 0.8 of its side so that they overflow its corners, rotated by `angle`
    /// plus a quarter turn per child. `plane` is the parent's transform before the offset.
    private static func unit(angle: Double, plane: Matrix4 = .identity, size: Double = 80) -> (quads: [Quad], clips: [Clip]) {
        let parent = plane.concatenating(.translation(20.25, 19.5))
        let clip = Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: size, height: size),
                        cornerRadii: CornerRadii(uniform: Float(0.2 * size)))
        var quads = [Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: size, height: size),
                          fillColor: PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.35),
                          cornerRadii: CornerRadii(uniform: Float(0.2 * size)))]
        let half = size / 2
        for (k, center) in [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)].enumerated() {
            let child = Matrix4.translation(-half / 2, -half / 2).concatenating(S.rotationZ(angle + Double(k) * .pi / 2))
                .concatenating(.translation(center.0 * size, center.1 * size)).concatenating(parent)
            quads.append(Quad(transform: child, rect: CGRect(x: 0, y: 0, width: half, height: half),
                              fillColor: PremultipliedColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1),
                              cornerRadii: CornerRadii(uniform: Float(0.15 * half)), borderWidth: 2,
                              borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                              clipIndex: 0, antialiasedEdges: k == 3 ? 0 : 0xF))
        }
        return (quads, [clip])
    }

    /// Renders the scene with and without shrinking and returns both images.
    private func renderBothWays(_ scene: (quads: [Quad], clips: [Clip]), renderer: GLESRenderer) throws -> (shrunk: CGImage, whole: CGImage) {
        renderer.usesClipShrinking = true
        let (shrunk, _) = try S.render(renderer, width: Self.side, height: Self.side, quads: scene.quads, clips: scene.clips)
        renderer.usesClipShrinking = false
        let (whole, _) = try S.render(renderer, width: Self.side, height: Self.side, quads: scene.quads, clips: scene.clips)
        renderer.usesClipShrinking = true
        return (shrunk, whole)
    }

    /// Asserts that the two images differ by at most one level per channel and that no pixel is
    /// transparent in one and not in the other (drawn over a transparent canvas without the
    /// parent's background, a child fragment left out along the clip's edge shows as alpha 0).
    private func assertSamePixels(_ shrunk: CGImage, _ whole: CGImage, _ message: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(S.largestDifference(shrunk, whole), 1, message, file: file, line: line)
        var leftOut = 0
        for y in 0..<Self.side {
            for x in 0..<Self.side where (S.pixel(shrunk, x, y)[3] == 0) != (S.pixel(whole, x, y)[3] == 0) { leftOut += 1 }
        }
        XCTAssertEqual(leftOut, 0, message, file: file, line: line)
    }

    func testShrunkenChildrenGiveTheWholeChildrensPixelsAtEveryAngle() throws {
        let renderer = try S.makeRenderer(width: Self.side, height: Self.side)
        for step in 0..<24 {
            let angle = Double(step) * .pi / 48 + 0.013
            let (quads, clips) = Self.unit(angle: angle)
            let (shrunk, whole) = try renderBothWays((Array(quads.dropFirst()), clips), renderer: renderer)
            assertSamePixels(shrunk, whole, "angle \(angle)")
            // Outside the parent's rounded corner (its corner at (20.25, 19.5), radius 16) nothing
            // is drawn; the first child covers the point 0.2 of the side in.
            XCTAssertEqual(S.pixel(shrunk, 22, 21)[3], 0, "angle \(angle)")
            XCTAssertEqual(S.pixel(shrunk, 10, 40)[3], 0, "left of the parent, angle \(angle)")
            XCTAssertPixel(S.pixel(shrunk, 36, 35), [230, 128, 51, 255], tolerance: 3, "angle \(angle)")
            XCTAssertGreaterThan(S.pixel(shrunk, 21, 40)[3], 0, "the child along the parent's left edge, angle \(angle)")
        }
        // With the parent's translucent background under the children.
        let (withBackground, whole) = try renderBothWays(Self.unit(angle: 0.3), renderer: renderer)
        XCTAssertLessThanOrEqual(S.largestDifference(withBackground, whole), 1)
    }

    func testShrunkenChildrenOfScaledAndSkewedParentsGiveTheWholeChildrensPixels() throws {
        let renderer = try S.makeRenderer(width: Self.side, height: Self.side)
        var skew = Matrix4.identity
        skew.m21 = 0.3
        // A parent drawn at 0.4 and 1.3 pixels per unit (the clip's half-pixel margin in its own
        // units changes with the scale), and a skewed one.
        let planes: [(Matrix4, Double)] = [(.scale(0.4, 0.4), 200), (.scale(1.3, 1.3), 60), (skew, 70)]
        for (plane, size) in planes {
            for angle in [0.0, 0.37, 0.785398] {
                let (quads, clips) = Self.unit(angle: angle, plane: plane, size: size)
                let (shrunk, whole) = try renderBothWays((Array(quads.dropFirst()), clips), renderer: renderer)
                assertSamePixels(shrunk, whole, "plane \(plane), angle \(angle)")
            }
        }
    }

    /// Children much larger than their clip, mostly cut away, at several angles.
    func testLargeChildrenMostlyOutsideTheirClipGiveTheWholeChildrensPixels() throws {
        let renderer = try S.makeRenderer(width: Self.side, height: Self.side)
        let clip = Clip(transform: .translation(30.5, 40.25), rect: CGRect(x: 0, y: 0, width: 60, height: 40),
                        cornerRadii: CornerRadii(uniform: 10))
        for angle in [0.1, 0.5, 0.9, 1.3] {
            let child = Quad(transform: Matrix4.translation(-55, -55).concatenating(S.rotationZ(angle)).concatenating(.translation(60, 60)),
                             rect: CGRect(x: 0, y: 0, width: 110, height: 110), fillColor: S.blue,
                             cornerRadii: CornerRadii(uniform: 8), borderWidth: 3, borderColor: S.white, clipIndex: 0)
            let (shrunk, whole) = try renderBothWays(([child], [clip]), renderer: renderer)
            assertSamePixels(shrunk, whole, "angle \(angle)")
            XCTAssertPixel(S.pixel(shrunk, 60, 60), [0, 0, 255, 255], "angle \(angle)")
            XCTAssertEqual(S.pixel(shrunk, 60, 39)[3], 0, "above the clip, angle \(angle)")
            XCTAssertGreaterThan(S.pixel(shrunk, 60, 40)[3], 0, "the clip's first row, angle \(angle)")
        }
    }

    func testChildrenUnderPerspectiveOrInAnotherPlaneAreDrawnWhole() throws {
        let renderer = try S.makeRenderer(width: Self.side, height: Self.side)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 200
        var tilt = Matrix4.identity
        tilt.m11 = cos(0.5); tilt.m13 = -sin(0.5); tilt.m31 = sin(0.5); tilt.m33 = cos(0.5)
        // The whole unit under perspective: the children share the clip's plane (analytic clip) but
        // are not affine, so they are not cut; then children tilted out of the clip's plane (the
        // clip table).
        var (quads, clips) = Self.unit(angle: 0.4, plane: Matrix4.translation(-60, -60).concatenating(tilt)
            .concatenating(perspective).concatenating(.translation(60, 60)))
        var (shrunk, whole) = try renderBothWays((Array(quads.dropFirst()), clips), renderer: renderer)
        XCTAssertEqual(S.largestDifference(shrunk, whole), 0, "not cut: the same vertices")
        XCTAssertGreaterThan(S.pixel(shrunk, 40, 40)[3], 0)
        (quads, clips) = Self.unit(angle: 0.4)
        for i in 1..<quads.count { quads[i].transform = tilt.concatenating(perspective).concatenating(quads[i].transform) }
        (shrunk, whole) = try renderBothWays((Array(quads.dropFirst()), clips), renderer: renderer)
        XCTAssertEqual(S.largestDifference(shrunk, whole), 0, "the clip table: not cut")
    }

    func testDrawnRectIsTheQuadCutToTheClipsBoxGrownByHalfAPixel() {
        let resolver = ClipResolver()
        let (quads, clips) = Self.unit(angle: 0)
        resolver.prepare(clips)
        // The first child, unrotated: local 0...40 at parent -4...36, drawn with a margin of 1.
        // The clip's box (parent 0...80) grown by 0.5 + 1/128 pixel cuts its left and top sides
        // at parent -0.5078125, local 3.4921875; its right and bottom sides stay at 41.
        let child = quads[1]
        let resolution = resolver.resolve(0, transform: child.transform, rect: child.rect, margin: 1)
        let drawn = ClippedQuadGeometry.drawnRect(of: child, margin: 1, textured: false, clip: resolution)
        XCTAssertEqual(drawn?.x ?? 0, 3.4921875, accuracy: 1e-4)
        XCTAssertEqual(drawn?.y ?? 0, 3.4921875, accuracy: 1e-4)
        XCTAssertEqual(drawn?.z ?? 0, 41, accuracy: 1e-9)
        XCTAssertEqual(drawn?.w ?? 0, 41, accuracy: 1e-9)
        // At 0.4 pixels per unit, the half pixel is 1.25 parent units: cut at local 4 − 1.26953125.
        let (scaledQuads, scaledClips) = Self.unit(angle: 0, plane: .scale(0.4, 0.4))
        resolver.prepare(scaledClips)
        let scaled = scaledQuads[1]
        let scaledDrawn = ClippedQuadGeometry.drawnRect(of: scaled, margin: 1, textured: false,
                                                        clip: resolver.resolve(0, transform: scaled.transform, rect: scaled.rect, margin: 1))
        XCTAssertEqual(scaledDrawn?.x ?? 0, 4 - 1.26953125, accuracy: 1e-4)
        // Drawn whole: textured (the attribute is taken), without an analytic clip, in perspective,
        // or inside the clip (the parent's background quad against its own clip).
        resolver.prepare(clips)
        XCTAssertNil(ClippedQuadGeometry.drawnRect(of: child, margin: 1, textured: true, clip: resolution))
        XCTAssertNil(ClippedQuadGeometry.drawnRect(of: child, margin: 1, textured: false,
                                                   clip: ClipResolver.Resolution(analytic: nil, tableIndex: 0)))
        var tilted = Matrix4.identity
        tilted.m14 = 0.001
        let (perspectiveQuads, perspectiveClips) = Self.unit(angle: 0.3, plane: tilted)
        resolver.prepare(perspectiveClips)
        let perspective = perspectiveQuads[1]
        let perspectiveResolution = resolver.resolve(0, transform: perspective.transform, rect: perspective.rect, margin: 1)
        XCTAssertNotNil(perspectiveResolution.analytic, "the clip shares the child's plane")
        XCTAssertNil(ClippedQuadGeometry.drawnRect(of: perspective, margin: 1, textured: false, clip: perspectiveResolution))
        // A quad at local 0...40 whose clip-centred position is local − 20, in a clip of half size 40.
        let inner = Quad(transform: .translation(40, 40), rect: CGRect(x: 0, y: 0, width: 40, height: 40), fillColor: S.blue, clipIndex: 0)
        let centred = ClipResolver.AnalyticClip(x: SIMD4(1, 0, -20, 40), y: SIMD4(0, 1, -20, 40), radii: SIMD4(repeating: 16))
        let innerResolution = ClipResolver.Resolution(analytic: centred, tableIndex: -1)
        XCTAssertNil(ClippedQuadGeometry.drawnRect(of: inner, margin: 1, textured: false, clip: innerResolution))
    }
}
