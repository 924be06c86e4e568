import CompositorCore
import CoreGraphics
import Foundation
import RendererTestSupport
@testable import GLESRenderer
import XCTest

/// Batches whose quads need different shader features are split into lean batches, one per
/// feature set, where no quad moves past one it overlaps (`LeanBatchSplitter`): the pixels are
/// those of the whole batch drawn with the union of the features, to the last level.
final class LeanBatchTests: XCTestCase {
    typealias S = RenderTestSupport
    private let noClip = ClipResolver.Resolution(analytic: nil, tableIndex: -1)

    /// S5's units in a grid of `columns` x `rows` cells of `cell` pixels: a rounded clipping
    /// parent (radius 0.2 of the cell) with a translucent background, and four bordered children
    /// half its size centred on its points 0.2 and 0.8, rotated by `angle` plus a quarter turn each.
    private static func units(columns: Int, rows: Int, cell: Double, angle: Double) -> (quads: [Quad], clips: [Clip]) {
        var quads: [Quad] = [], clips: [Clip] = []
        for k in 0..<(columns * rows) {
            let parent = Matrix4.translation(Double(k % columns) * cell, Double(k / columns) * cell)
            let radii = CornerRadii(uniform: Float(0.2 * cell))
            clips.append(Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: cell, height: cell), cornerRadii: radii))
            quads.append(Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: cell, height: cell),
                              fillColor: PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.35), cornerRadii: radii))
            let half = cell / 2
            for (c, center) in [(0.2, 0.2), (0.8, 0.2), (0.2, 0.8), (0.8, 0.8)].enumerated() {
                let child = Matrix4.translation(-half / 2, -half / 2).concatenating(S.rotationZ(angle + Double(c) * .pi / 2))
                    .concatenating(.translation(center.0 * cell, center.1 * cell)).concatenating(parent)
                quads.append(Quad(transform: child, rect: CGRect(x: 0, y: 0, width: half, height: half),
                                  fillColor: PremultipliedColor(red: 0.9 - 0.1 * Float(c), green: 0.5, blue: 0.2, alpha: 1),
                                  cornerRadii: CornerRadii(uniform: Float(0.15 * half)), borderWidth: 2,
                                  borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                                  clipIndex: Int32(k)))
            }
        }
        return (quads, clips)
    }

    /// Renders the quads with lean batches and with whole ones; returns both images and draw calls.
    private func renderBothWays(_ renderer: GLESRenderer, width: Int, height: Int, quads: [Quad], clips: [Clip] = [])
        throws -> (lean: CGImage, leanCalls: Int, whole: CGImage, wholeCalls: Int) {
        renderer.usesLeanBatches = true
        let (lean, leanStatistics) = try S.render(renderer, width: width, height: height, quads: quads, clips: clips)
        renderer.usesLeanBatches = false
        let (whole, wholeStatistics) = try S.render(renderer, width: width, height: height, quads: quads, clips: clips)
        renderer.usesLeanBatches = true
        return (lean, leanStatistics.drawCalls, whole, wholeStatistics.drawCalls)
    }

    func testClippingUnitsOnWholePixelCellsDrawParentsAndChildrenInTwoBatchesWithTheSamePixels() throws {
        let renderer = try S.makeRenderer(width: 160, height: 80)
        for angle in [0.0, 0.4, 1.1] {
            let (quads, clips) = Self.units(columns: 4, rows: 2, cell: 40, angle: angle)
            let result = try renderBothWays(renderer, width: 160, height: 80, quads: quads, clips: clips)
            XCTAssertEqual(result.wholeCalls, 1, "angle \(angle)")
            XCTAssertEqual(result.leanCalls, 2, "the parents, then the children, angle \(angle)")
            XCTAssertEqual(S.largestDifference(result.lean, result.whole), 0, "angle \(angle)")
            // A parent's background alone, at a cell's centre (no child reaches it): its colour.
            XCTAssertPixel(S.pixel(result.lean, 60, 20), [26, 51, 77, 89], tolerance: 1, "angle \(angle)")
        }
    }

    func testClippingUnitsOnFractionalCellsGiveTheSamePixels() throws {
        // Neighbouring units share a column and a row of pixels: a child must still be drawn
        // before the next unit's parent where both touch them.
        let renderer = try S.makeRenderer(width: 160, height: 80)
        for cell in [37.5, 38.25] {
            let (quads, clips) = Self.units(columns: 4, rows: 2, cell: cell, angle: 0.3)
            let result = try renderBothWays(renderer, width: 160, height: 80, quads: quads, clips: clips)
            XCTAssertEqual(S.largestDifference(result.lean, result.whole), 0, "cell \(cell)")
        }
    }

    func testQuadsThatOverlapKeepTheirOrder() throws {
        let renderer = try S.makeRenderer(width: 300, height: 80)
        let translucentBlue = PremultipliedColor(red: 0, green: 0, blue: 0.5, alpha: 0.5)
        let translucentRed = PremultipliedColor(red: 0.5, green: 0, blue: 0, alpha: 0.5)
        func card(_ x: Double, _ color: PremultipliedColor, border: Float = 0) -> Quad {
            Quad(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 60, height: 60), fillColor: color,
                 cornerRadii: CornerRadii(uniform: 8), borderWidth: border, borderColor: S.white)
        }
        // Plain A, bordered B over A, plain C over B (not A), plain D apart: A | B | C D.
        let quads = [card(0, translucentBlue), card(30, translucentRed, border: 2), card(75, translucentBlue), card(200, translucentRed)]
        let result = try renderBothWays(renderer, width: 300, height: 80, quads: quads)
        XCTAssertEqual(result.wholeCalls, 1)
        XCTAssertEqual(result.leanCalls, 3, "D joins C's batch; C cannot join A's")
        XCTAssertEqual(S.largestDifference(result.lean, result.whole), 0)
        // Inside A and B only: red over blue, 0.5 red + 0.5 × 0.5 blue.
        XCTAssertPixel(S.pixel(result.lean, 45, 40), [128, 0, 64, 191], tolerance: 1)
        // Inside B and C: blue over red.
        XCTAssertPixel(S.pixel(result.lean, 80, 40), [64, 0, 128, 191], tolerance: 1)
    }

    func testSmallBatchesAreDrawnWhole() throws {
        let renderer = try S.makeRenderer(width: 100, height: 40)
        // A plain card and a bordered one, apart: too few pixels to pay for a second draw.
        let quads = [0.0, 50].map { x in
            Quad(transform: .translation(x, 5), rect: CGRect(x: 0, y: 0, width: 30, height: 30), fillColor: S.blue,
                 cornerRadii: CornerRadii(uniform: 5), borderWidth: x > 0 ? 2 : 0, borderColor: S.white)
        }
        XCTAssertLessThan(31 * 31, LeanBatchSplitter.leanerPixelsPerExtraDraw)
        let result = try renderBothWays(renderer, width: 100, height: 40, quads: quads)
        XCTAssertEqual(result.leanCalls, 1)
    }

    func testABatchNeedingMoreThanTheMostPartsIsDrawnWhole() throws {
        let renderer = try S.makeRenderer(width: 200, height: 40)
        // Twelve cards, each overlapping the next, plain and bordered in turn: every card would start a part.
        let quads = (0..<12).map { k in
            Quad(transform: .translation(Double(k) * 14, 8), rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                 fillColor: PremultipliedColor(red: 0, green: 0.4, blue: 0.2, alpha: 0.6), cornerRadii: CornerRadii(uniform: 3),
                 borderWidth: k % 2 == 0 ? 0 : 2, borderColor: S.white)
        }
        XCTAssertGreaterThan(quads.count, LeanBatchSplitter.maximumParts)
        let result = try renderBothWays(renderer, width: 200, height: 40, quads: quads)
        XCTAssertEqual(result.leanCalls, 1)
        XCTAssertEqual(S.largestDifference(result.lean, result.whole), 0)
    }

    func testDamageRectanglesOfSplitBatchesGiveTheSamePixels() throws {
        let lean = try S.makeRenderer(width: 160, height: 80), whole = try S.makeRenderer(width: 160, height: 80)
        whole.usesLeanBatches = false
        var images: [CGImage] = []
        for renderer in [lean, whole] {
            let (first, firstClips) = Self.units(columns: 4, rows: 2, cell: 40, angle: 0.2)
            _ = try S.render(renderer, width: 160, height: 80, quads: first, clips: firstClips)
            let (next, nextClips) = Self.units(columns: 4, rows: 2, cell: 40, angle: 0.5)
            let list = DrawList(pixelWidth: 160, pixelHeight: 80, clearColor: .clear, commands: next.map { .quad($0) }, clips: nextClips)
            _ = try renderer.render(list, damageRegion: [PixelRect(x: 5, y: 3, width: 50, height: 30),
                                                         PixelRect(x: 90, y: 40, width: 60, height: 35)])
            images.append(try renderer.readPixels())
        }
        XCTAssertEqual(S.largestDifference(images[0], images[1]), 0)
    }

    // MARK: - Pixel bounds

    /// The pixel bounds of `quad` (with the clip resolution `clip`) in a `width` x `height` pass.
    private func bounds(of quad: Quad, clip: ClipResolver.Resolution, width: Int = 100, height: Int = 100) -> SIMD4<Int32> {
        var instance = [Float](repeating: 0, count: QuadInstance.stride)
        instance.withUnsafeMutableBufferPointer {
            QuadInstance.write(quad, texture: nil, clip: clip, margin: QuadInstance.drawnMargin(quad), into: $0.baseAddress!)
        }
        return instance.withUnsafeBufferPointer {
            InstancePixelBounds.of($0.baseAddress!, analyticClip: clip.analytic != nil, blurred: quad.blurSigma > 0,
                                   width: width, height: height)
        }
    }

    func testBoundsOfAQuadOnPixelBoundariesAreItsPixels() {
        // Antialiased edges on pixel boundaries: the pixels half a pixel beyond them are not changed.
        let quad = Quad(transform: .translation(10, 5), rect: CGRect(x: 0, y: 0, width: 20, height: 30), fillColor: S.blue)
        XCTAssertEqual(bounds(of: quad, clip: noClip), SIMD4(10, 5, 30, 35))
        // A quarter pixel further right: the column it now reaches a quarter into is changed.
        let shifted = Quad(transform: .translation(10.25, 5), rect: CGRect(x: 0, y: 0, width: 20, height: 30), fillColor: S.blue)
        XCTAssertEqual(bounds(of: shifted, clip: noClip), SIMD4(10, 5, 31, 35))
        // Scaled by 2: the edge ramp is still half a pixel; cut by the pass's edges.
        let scaled = Quad(transform: Matrix4.scale(2, 2).concatenating(.translation(-10, 80)),
                          rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: S.blue)
        XCTAssertEqual(bounds(of: scaled, clip: noClip), SIMD4(0, 80, 30, 100))
        // In perspective (w varies with x): the whole pass.
        var perspective = Matrix4.identity
        perspective.m14 = 0.002
        let tilted = Quad(transform: perspective, rect: CGRect(x: 0, y: 0, width: 20, height: 20), fillColor: S.blue)
        XCTAssertEqual(bounds(of: tilted, clip: noClip), SIMD4(0, 0, 100, 100))
    }

    func testBoundsOfAClippedQuadLieWithinItsClip() {
        let resolver = ClipResolver()
        let clip = Clip(transform: .translation(20, 20), rect: CGRect(x: 0, y: 0, width: 40, height: 30), cornerRadii: CornerRadii(uniform: 8))
        resolver.prepare([clip])
        // A child overflowing the clip's left and top sides, rotated.
        let child = Quad(transform: Matrix4.translation(-15, -15).concatenating(S.rotationZ(0.6)).concatenating(.translation(22, 21)),
                         rect: CGRect(x: 0, y: 0, width: 30, height: 30), fillColor: S.red, clipIndex: 0)
        let resolution = resolver.resolve(0, transform: child.transform, rect: child.rect, margin: Double(QuadInstance.drawnMargin(child)))
        XCTAssertNotNil(resolution.analytic)
        let b = bounds(of: child, clip: resolution)
        XCTAssertEqual(b.x, 20, "the clip's first column")
        XCTAssertEqual(b.y, 20, "the clip's first row")
        // The child's own extent: its centre (22, 21) plus half its rotated diagonal.
        let reach = 15 * (cos(0.6) + sin(0.6))
        XCTAssertEqual(Double(b.z), (22 + reach + 0.5).rounded(.down), accuracy: 1)
        XCTAssertEqual(Double(b.w), (21 + reach + 0.5).rounded(.down), accuracy: 1)
    }

    func testEveryPixelARenderedQuadChangesLiesWithinItsBounds() throws {
        let side = 64
        let renderer = try S.makeRenderer(width: side, height: side)
        var skew = Matrix4.identity
        skew.m21 = 0.45
        let resolver = ClipResolver()
        let clip = Clip(transform: .translation(17.5, 12.25), rect: CGRect(x: 0, y: 0, width: 30.5, height: 37), cornerRadii: CornerRadii(uniform: 9))
        resolver.prepare([clip])
        let transforms: [Matrix4] = [
            .translation(12.5, 9.75), S.rotationZ(0.35).concatenating(.translation(30.3, 4.1)),
            Matrix4.scale(0.37, 1.9).concatenating(S.rotationZ(-0.8)).concatenating(.translation(20.6, 30.2)),
            skew.concatenating(.translation(8.2, 14.9)), Matrix4.scale(3.1, 3.1).concatenating(.translation(11.01, 7.99)),
        ]
        for (k, transform) in transforms.enumerated() {
            for clipped in [false, true] {
                let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 17.3, height: 13.6), fillColor: S.white,
                                cornerRadii: CornerRadii(uniform: 2.5), clipIndex: clipped ? 0 : nil, antialiasedEdges: k == 4 ? 0b0101 : 0xF)
                let resolution = clipped
                    ? resolver.resolve(0, transform: quad.transform, rect: quad.rect, margin: Double(QuadInstance.drawnMargin(quad)))
                    : noClip
                let b = bounds(of: quad, clip: resolution, width: side, height: side)
                let (image, _) = try S.render(renderer, width: side, height: side, quads: [quad], clips: clipped ? [clip] : [])
                var changed = 0, outside = 0
                for y in 0..<side {
                    for x in 0..<side where S.pixel(image, x, y)[3] > 0 {
                        changed += 1
                        if x < b.x || x >= b.z || y < b.y || y >= b.w { outside += 1 }
                    }
                }
                XCTAssertGreaterThan(changed, 20, "transform \(k), clipped \(clipped)")
                XCTAssertEqual(outside, 0, "transform \(k), clipped \(clipped), bounds \(b)")
            }
        }
    }
}
