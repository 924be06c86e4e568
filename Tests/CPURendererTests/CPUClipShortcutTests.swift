import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// The CPU renderer's shortcuts for rounded clips give exactly the pixels of evaluating the clip's
/// field everywhere: pixels inside the clip's plus-shaped inner region skip the field, and an
/// affine clip's units per pixel are computed once.
final class CPUClipShortcutTests: XCTestCase {
    private static let size = (width: 100, height: 100)

    /// S5's case: a rounded clipping parent and rotated, bordered, rounded children overflowing it.
    private static func scene() -> (quads: [Quad], clips: [Clip]) {
        var parent = Matrix4.identity
        parent.m41 = 10.25; parent.m42 = 9.5
        let clip = Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 80), cornerRadii: CornerRadii(uniform: 16))
        var quads = [Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                          fillColor: PremultipliedColor(red: 0.2, green: 0.1, blue: 0.3, alpha: 0.35), cornerRadii: CornerRadii(uniform: 16),
                          antialiasedEdges: 0)]
        for (k, center) in [(16.0, 16.0), (64.0, 16.0), (16.0, 64.0), (64.0, 64.0)].enumerated() {
            let angle = 0.3 + Double(k) * 0.7
            var m = Matrix4.identity
            m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
            m.m41 = center.0 - 20 * cos(angle) + 20 * sin(angle) + parent.m41
            m.m42 = center.1 - 20 * sin(angle) - 20 * cos(angle) + parent.m42
            quads.append(Quad(transform: m, rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                              fillColor: PremultipliedColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1), cornerRadii: CornerRadii(uniform: 6),
                              borderWidth: 2, borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                              clipIndex: 0, antialiasedEdges: k % 2 == 0 ? 0 : 0xF))
        }
        return (quads, [clip])
    }

    private static func paint(shortcuts: Bool) -> PixelBuffer {
        let (quads, clips) = scene()
        var prepared = clips.enumerated().map { PreparedClip($1, index: $0, count: clips.count) }
        if !shortcuts {
            for i in prepared.indices {
                prepared[i].inner = .nowhere; prepared[i].innerCross = .nowhere; prepared[i].octagon = .nowhere; prepared[i].hasUnitW = false
            }
        }
        let preparedQuads = prepared.withUnsafeBufferPointer { pointer in
            quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: size.width, canvasHeight: size.height) }
        }
        let buffer = PixelBuffer(width: size.width, height: size.height)
        BandPainter(threadCount: 1).paint(preparedQuads, clips: prepared, into: buffer,
                                          region: PixelRect(x: 0, y: 0, width: size.width, height: size.height), clear: 0xFF30_2010)
        return buffer
    }

    func testClipShortcutsChangeNoPixel() {
        let fast = Self.paint(shortcuts: true), evaluated = Self.paint(shortcuts: false)
        var differing = 0
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width where fast.row(y)[x] != evaluated.row(y)[x] { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        // The children are clipped: outside the parent's rounded corner the canvas stays clear.
        XCTAssertEqual(fast.row(11)[11], 0xFF30_2010)
        XCTAssertNotEqual(fast.row(30)[30], 0xFF30_2010)
    }

    func testAffineClipTakesTheShortcutAndHasAPlusShapedInterior() {
        let (_, clips) = Self.scene()
        let clip = PreparedClip(clips[0], index: 0, count: 1)
        XCTAssertTrue(clip.hasUnitW)
        // Row 50 (through the middle): the horizontal arm spans the clip's width less half a pixel
        // each side (10.75...89.75); row 15 (beside the corners, radius 16) only the vertical arm, 16.5 in
        // from each side (26.75...73.75).
        let middle = clip.inner.span(row: 50, from: 0, to: 100), top = clip.innerCross.span(row: 15, from: 0, to: 100)
        XCTAssertEqual(middle.lower, 11)
        XCTAssertEqual(middle.upper, 90)
        XCTAssertEqual(top.lower, 27)
        XCTAssertEqual(top.upper, 74)
        XCTAssertGreaterThanOrEqual(clip.inner.span(row: 15, from: 0, to: 100).lower, clip.inner.span(row: 15, from: 0, to: 100).upper)
    }
}
