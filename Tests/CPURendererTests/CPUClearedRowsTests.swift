import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// A translucent one-colour interior painted over pixels that still hold the band's clear colour
/// is stored as one precomputed pixel (`ClearedRows`), and runs of eight in large rounded
/// corners skip the quad's field (`CornerDiscs`): the bytes of the reference that evaluates
/// every field and blends every pixel, whether the quads overlap or not, in a grid of S5's
/// rounded parents and clipped children and in random overlapping quads.
final class CPUClearedRowsTests: XCTestCase {
    private static let clear: UInt32 = 0xFF1F_1A1A

    private static func rotation(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    /// Banded on two threads over a cleared canvas, against every quad painted row by row over
    /// a canvas filled with the clear colour by hand (no band, so nothing known to be clear) by
    /// the reference painter (`evaluatesEveryField`).
    private static func differingPixels(_ quads: [Quad], clips: [Clip], width: Int, height: Int) -> (differing: Int, painted: Int) {
        let prepared = clips.enumerated().map { PreparedClip($1, index: $0, count: clips.count) }
        let preparedQuads = prepared.withUnsafeBufferPointer { pointer in
            quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: width, canvasHeight: height) }
        }
        let banded = PixelBuffer(width: width, height: height)
        BandPainter(threadCount: 2).paint(preparedQuads, clips: prepared, into: banded,
                                          region: PixelRect(x: 0, y: 0, width: width, height: height), clear: clear)
        let reference = PixelBuffer(width: width, height: height)
        for y in 0..<height { reference.fill(row: y, from: 0, to: width, with: clear) }
        prepared.withUnsafeBufferPointer { pointer in
            var painter = QuadPainter(clips: pointer, columnLimit: width)
            painter.evaluatesEveryField = true
            XCTAssertNil(painter.clearedRows)
            preparedQuads.withUnsafeBufferPointer { quads in
                for index in quads.indices {
                    let quad = quads.baseAddress! + index
                    painter.paint(quad, rows: quad.pointee.bounds.1..<quad.pointee.bounds.3, from: 0, to: width, into: reference)
                }
            }
        }
        var differing = 0, painted = 0
        for y in 0..<height {
            for x in 0..<width {
                if banded.row(y)[x] != reference.row(y)[x] { differing += 1 }
                if banded.row(y)[x] != clear { painted += 1 }
            }
        }
        return (differing, painted)
    }

    /// S5's units at its N = 1600 size (cells of 80 pixels): translucent parents rounded by 16 with
    /// hard edges, each clipping four bordered cards of 40 rounded by 6 on its corners, turned.
    func testS5GridGivesTheReferenceBytes() {
        var quads: [Quad] = [], clips: [Clip] = []
        for k in 0..<12 {
            let parent = Matrix4.translation(Double(k % 4) * 80, Double(k / 4) * 80)
            clips.append(Clip(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 80), cornerRadii: CornerRadii(uniform: 16)))
            quads.append(Quad(transform: parent, rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                              fillColor: PremultipliedColor(red: 0.3 * 0.35, green: 0.2 * 0.35, blue: Float(k) / 12 * 0.35, alpha: 0.35),
                              cornerRadii: CornerRadii(uniform: 16), antialiasedEdges: 0))
            for (c, center) in [(16.0, 16.0), (64.0, 16.0), (16.0, 64.0), (64.0, 64.0)].enumerated() {
                let placement = Matrix4.translation(-20, -20).concatenating(Self.rotation(Double(k) * 0.37 + Double(c) * 1.3))
                    .concatenating(.translation(center.0, center.1)).concatenating(parent)
                quads.append(Quad(transform: placement, rect: CGRect(x: 0, y: 0, width: 40, height: 40),
                                  fillColor: PremultipliedColor(red: 0.9, green: 0.5, blue: 0.2, alpha: 1), cornerRadii: CornerRadii(uniform: 6),
                                  borderWidth: 2, borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                                  clipIndex: Int32(k), antialiasedEdges: 0))
            }
        }
        let (differing, painted) = Self.differingPixels(quads, clips: clips, width: 320, height: 240)
        XCTAssertEqual(differing, 0)
        XCTAssertGreaterThan(painted, 320 * 240 * 9 / 10)
    }

    func testOverlappingTranslucentQuadsGiveTheReferenceBytes() {
        var random = SeededGenerator(seed: 29)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        for seed in 0..<20 {
            var quads: [Quad] = []
            for _ in 0..<24 {
                let width = 8 + unit() * 50, height = 8 + unit() * 50
                let turned = random.next(3) == 0
                let placement = Matrix4.translation(-width / 2, -height / 2).concatenating(Self.rotation(turned ? unit() * 6.3 : 0))
                    .concatenating(.translation(unit() * 120, unit() * 90))
                let alpha = Float(random.next(4) == 0 ? 1 : 0.2 + unit() * 0.7)
                quads.append(Quad(transform: placement, rect: CGRect(x: 0, y: 0, width: width, height: height),
                                  fillColor: PremultipliedColor(red: alpha * Float(unit()), green: alpha * Float(unit()),
                                                                blue: alpha * Float(unit()), alpha: alpha),
                                  cornerRadii: CornerRadii(uniform: Float(unit() * 10)),
                                  borderWidth: random.next(2) == 0 ? 0 : 1.5, borderColor: PremultipliedColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5),
                                  antialiasedEdges: random.next(2) == 0 ? 0 : 0xF))
            }
            let (differing, painted) = Self.differingPixels(quads, clips: [], width: 128, height: 96)
            XCTAssertEqual(differing, 0, "scene \(seed)")
            XCTAssertGreaterThan(painted, 128 * 96 / 3, "scene \(seed)")
        }
    }

    func testRowsKnowWhatWasPainted() {
        let rows = ClearedRows(clear: Self.clear, rows: 10..<14)
        defer { rows.deallocate() }
        XCTAssertTrue(rows.isClear(row: 11, from: 0, to: 100))
        rows.notePainted(row: 11, from: 20, to: 30)
        rows.notePainted(rows: 12..<20, from: 50, to: 60)
        XCTAssertFalse(rows.isClear(row: 11, from: 25, to: 26))
        XCTAssertFalse(rows.isClear(row: 11, from: 0, to: 21))
        XCTAssertTrue(rows.isClear(row: 11, from: 0, to: 20))
        XCTAssertTrue(rows.isClear(row: 11, from: 30, to: 40))
        XCTAssertTrue(rows.isClear(row: 10, from: 20, to: 30))
        // Two drawables' columns are held as the columns from the lowest to the highest.
        rows.notePainted(row: 11, from: 40, to: 45)
        XCTAssertFalse(rows.isClear(row: 11, from: 32, to: 38))
        XCTAssertFalse(rows.isClear(row: 13, from: 59, to: 70))
        XCTAssertTrue(rows.isClear(row: 13, from: 60, to: 70))
    }

    func testRowsOutsideTheBandAreLeftOut() {
        let rows = ClearedRows(clear: Self.clear, rows: 10..<14)
        defer { rows.deallocate() }
        // Rows from above the band note its first rows only; rows below it and an empty span note nothing.
        rows.notePainted(rows: 4..<12, from: 8, to: 16)
        rows.notePainted(rows: 0..<20, from: 30, to: 30)
        rows.notePainted(rows: 14..<30, from: 0, to: 100)
        XCTAssertEqual((10..<14).map { rows.isClear(row: $0, from: 0, to: 100) }, [false, false, true, true])
        XCTAssertEqual([rows.isClear(row: 10, from: 15, to: 16), rows.isClear(row: 11, from: 16, to: 100)], [false, true],
                       "columns 8..<16 noted in the band's first two rows")
    }
}
