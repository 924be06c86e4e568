import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import XCTest

/// The CPU renderer evaluates a clip's field only where a row's pixels may be partly clipped:
/// runs of eight pixels in the columns every clip of the chain surely covers (their plus-shaped
/// inner regions, and an affine clip's octagon) skip the fields, along the quad's edges and border as in its interior. The
/// pixels are exactly those of evaluating every field everywhere, for children at any angle, in
/// perspective, and under nested clips.
final class CPUClipSpanTests: XCTestCase {
    private static let side = 120

    /// A rounded clipping parent (optionally inside a second, offset rounded clip) at a fractional
    /// offset, and four bordered, rounded children centred on its corners' insets, rotated by
    /// `angle` plus a quarter turn each; `childPlane` is applied to each child before its placement.
    private static func scene(angle: Double, childPlane: Matrix4 = .identity, nested: Bool = false) -> (quads: [Quad], clips: [Clip]) {
        let parent = Matrix4.translation(20.25, 19.5)
        var clips = [Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 80), cornerRadii: CornerRadii(uniform: 16))]
        if nested {
            clips.append(Clip(transform: .translation(31.5, 8), rect: CGRect(x: 0, y: 0, width: 70, height: 60),
                              cornerRadii: CornerRadii(uniform: 20), parentIndex: 0))
        }
        var quads = [Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                          fillColor: PremultipliedColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.35),
                          cornerRadii: CornerRadii(uniform: 16))]
        for (k, center) in [(16.0, 16.0), (64.0, 16.0), (16.0, 64.0), (64.0, 64.0)].enumerated() {
            let placement = Matrix4.translation(-20, -20).concatenating(childPlane)
                .concatenating(rotationZ(angle + Double(k) * .pi / 2)).concatenating(.translation(center.0, center.1))
                .concatenating(parent)
            quads.append(Quad(transform: placement, rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                              fillColor: PremultipliedColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1),
                              cornerRadii: CornerRadii(uniform: 6), borderWidth: 2,
                              borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                              clipIndex: Int32(clips.count - 1), antialiasedEdges: k == 3 ? 0 : 0xF))
        }
        return (quads, clips)
    }

    private static func rotationZ(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    /// Paints the scene on one thread with every pixel of every quad shaded (no interior is
    /// filled, so both ways shade the same runs of eight); without `shortcuts`, every clip's
    /// field is evaluated at every pixel.
    private static func paint(_ scene: (quads: [Quad], clips: [Clip]), shortcuts: Bool) -> PixelBuffer {
        var prepared = scene.clips.enumerated().map { PreparedClip($1, index: $0, count: scene.clips.count) }
        if !shortcuts {
            for i in prepared.indices { prepared[i].inner = .nowhere; prepared[i].innerCross = .nowhere; prepared[i].octagon = .nowhere }
        }
        var quads = prepared.withUnsafeBufferPointer { pointer in
            scene.quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: side, canvasHeight: side) }
        }
        for i in quads.indices { quads[i].inner = .nowhere; quads[i].innerCross = .nowhere; quads[i].cornerDiscs = nil }
        let buffer = PixelBuffer(width: side, height: side)
        BandPainter(threadCount: 1).paint(quads, clips: prepared, into: buffer,
                                          region: PixelRect(x: 0, y: 0, width: side, height: side), clear: 0xFF30_2010)
        return buffer
    }

    private static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var differing = 0
        for y in 0..<side {
            for x in 0..<side where a.row(y)[x] != b.row(y)[x] { differing += 1 }
        }
        return differing
    }

    func testSkippedClipFieldsChangeNoPixelAtAnyAngle() {
        for step in 0..<24 {
            let angle = Double(step) * .pi / 48 + 0.013
            let scene = Self.scene(angle: angle)
            let fast = Self.paint(scene, shortcuts: true)
            XCTAssertEqual(Self.differingPixels(fast, Self.paint(scene, shortcuts: false)), 0, "angle \(angle)")
            // Outside the parent's rounded corner (corner (20.25, 19.5), radius 16) the canvas stays
            // clear; the first child's centre (36.25, 35.5) shows its fill, opaque.
            XCTAssertEqual(fast.row(21)[22], 0xFF30_2010, "angle \(angle)")
            XCTAssertEqual(fast.row(35)[36] >> 24, 0xFF, "angle \(angle)")
            XCTAssertNotEqual(fast.row(35)[36], 0xFF30_2010, "angle \(angle)")
        }
    }

    func testSkippedClipFieldsChangeNoPixelUnderPerspectiveAndNestedClips() {
        var tilt = Matrix4.identity
        tilt.m11 = cos(0.6); tilt.m13 = -sin(0.6); tilt.m31 = sin(0.6); tilt.m33 = cos(0.6)
        var perspective = Matrix4.identity
        perspective.m34 = -1.0 / 120
        let plane = Matrix4.translation(-20, -20).concatenating(tilt).concatenating(perspective).concatenating(.translation(20, 20))
        for angle in [0.0, 0.4, 1.1] {
            for (childPlane, nested) in [(plane, false), (.identity, true), (plane, true)] {
                let scene = Self.scene(angle: angle, childPlane: childPlane, nested: nested)
                let fast = Self.paint(scene, shortcuts: true), evaluated = Self.paint(scene, shortcuts: false)
                XCTAssertEqual(Self.differingPixels(fast, evaluated), 0, "angle \(angle), nested \(nested)")
            }
        }
        // The nested clip (31.5...101.5 × 8...68) cuts the first child's left part: at (29, 35)
        // only the parent's background shows, which the outer clip alone lets the child cover.
        let scene = Self.scene(angle: 0, nested: true)
        let nested = Self.paint(scene, shortcuts: true)
        let background = Self.paint((Array(scene.quads.prefix(1)), scene.clips), shortcuts: true)
        let outerOnly = Self.paint(Self.scene(angle: 0), shortcuts: true)
        // `row(_:)` points into a buffer's storage: the buffers must outlive the reads
        // (AddressSanitizer caught a temporary buffer freed before its pixel was read).
        withExtendedLifetime((nested, background, outerOnly)) {
            XCTAssertEqual(nested.row(35)[29], background.row(35)[29])
            XCTAssertNotEqual(outerOnly.row(35)[29], background.row(35)[29])
            XCTAssertNotEqual(nested.row(35)[36], background.row(35)[36])
        }
    }
}
