import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// A band solves each clip's spans once per row over its columns (`ClipSpanCache`), and every
/// quad under the clip cuts its own columns from them: the cut spans are the spans solved over
/// the quad's columns, and a banded frame with the cache paints the bytes of solving every
/// quad's rows anew.
final class CPUClipRowSpanTests: XCTestCase {
    private static let side = 112

    private static func unit(_ random: inout SeededGenerator) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    private static func rotation(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    /// A random clip: rotated or not, at fractional positions, rounded per corner; one in six
    /// under perspective, one in twelve with a transform that is not finite, some of zero size.
    private static func clip(_ random: inout SeededGenerator, parent: Int32?) -> Clip {
        let width = random.next(10) == 0 ? 0 : 8 + unit(&random) * 90, height = 8 + unit(&random) * 90
        var placement = Matrix4.translation(-width / 2, -height / 2).concatenating(rotation(random.next(3) == 0 ? 0 : unit(&random) * 6.3))
            .concatenating(.translation(unit(&random) * Double(side), unit(&random) * Double(side)))
        switch random.next(12) {
        case 0, 1: placement.m14 = (unit(&random) - 0.5) * 0.01; placement.m24 = (unit(&random) - 0.5) * 0.01
        case 2: placement.m41 = random.next(2) == 0 ? .nan : .infinity
        default: break
        }
        let radii = CornerRadii(minXMinY: Float(unit(&random) * 30), maxXMinY: Float(unit(&random) * 30),
                                maxXMaxY: Float(unit(&random) * 30), minXMaxY: Float(unit(&random) * 30))
        return Clip(transform: placement, rect: CGRect(x: 0, y: 0, width: width, height: height), cornerRadii: radii, parentIndex: parent)
    }

    /// Each region's span cut from one solved over wider columns equals the span solved over the
    /// narrower columns, empty spans included (as `(x0, x0)`), for 400 clips and 60,000 rows and columns
    /// (a sixth of the clips under perspective, a twelfth not finite, some of zero width).
    func testCutSpansEqualSpansSolvedOverTheirOwnColumns() {
        var random = SeededGenerator(seed: 11)
        var nonEmpty = (outer: 0, inner: 0, cover: 0)
        for _ in 0..<400 {
            let clips = [PreparedClip(Self.clip(&random, parent: nil), index: 0, count: 1)]
            clips.withUnsafeBufferPointer { pointer in
                let clip = pointer.baseAddress!
                for _ in 0..<150 {
                    let y = random.next(Self.side + 20) - 10
                    let bandLower = random.next(Self.side) - 10, bandUpper = bandLower + random.next(Self.side)
                    let solved = ClipRowSpans(clip, row: y, from: bandLower, to: bandUpper)
                    let x0 = bandLower + random.next(max(1, bandUpper - bandLower + 1))
                    let x1 = random.next(4) == 0 ? x0 - random.next(3) : x0 + random.next(max(1, bandUpper - x0 + 1))
                    let outer = clip.pointee.outer.span(row: y, from: x0, to: x1)
                    let inner: (lower: Int, upper: Int) = QuadPainter.union(clip.pointee.inner.span(row: y, from: x0, to: x1),
                                                                            clip.pointee.innerCross.span(row: y, from: x0, to: x1))
                    let cover = clip.pointee.hasUnitW ? clip.pointee.octagon.span(row: y, from: x0, to: x1) : inner
                    XCTAssertTrue(solved.outer(from: x0, to: x1) == outer, "outer \(solved.outer(from: x0, to: x1)) != \(outer)")
                    XCTAssertTrue(solved.inner(from: x0, to: x1) == inner, "inner \(solved.inner(from: x0, to: x1)) != \(inner)")
                    XCTAssertTrue(solved.cover(from: x0, to: x1) == cover, "cover \(solved.cover(from: x0, to: x1)) != \(cover)")
                    if outer.lower < outer.upper { nonEmpty.outer += 1 }
                    if inner.lower < inner.upper { nonEmpty.inner += 1 }
                    if cover.lower < cover.upper { nonEmpty.cover += 1 }
                }
            }
        }
        // Thousands of the spans compared are not empty (5,508, 2,538 and 4,197 with this seed).
        XCTAssertGreaterThan(nonEmpty.outer, 4_000)
        XCTAssertGreaterThan(nonEmpty.inner, 1_500)
        XCTAssertGreaterThan(nonEmpty.cover, 3_000)
    }

    /// Ten clips (some nested two and three deep, more than the cache has slots, so that rows
    /// change hands) and 40 quads under them in random order: rotated, rounded, bordered,
    /// translucent, hard-edged or antialiased, at fractional positions, some under perspective.
    private static func scene(seed: UInt64) -> (quads: [Quad], clips: [Clip]) {
        var random = SeededGenerator(seed: seed)
        var clips: [Clip] = []
        for k in 0..<10 { clips.append(clip(&random, parent: k >= 4 && random.next(2) == 0 ? Int32(random.next(k)) : nil)) }
        var quads: [Quad] = []
        for _ in 0..<40 {
            let size = 6 + unit(&random) * 50
            var placement = Matrix4.translation(-size / 2, -size / 2).concatenating(rotation(unit(&random) * 6.3))
                .concatenating(.translation(unit(&random) * Double(side), unit(&random) * Double(side)))
            if random.next(8) == 0 { placement.m24 = (unit(&random) - 0.5) * 0.008 }
            let alpha = random.next(3) == 0 ? 0.3 + unit(&random) * 0.6 : 1
            quads.append(Quad(transform: placement, rect: CGRect(x: 0, y: 0, width: size, height: size),
                              fillColor: PremultipliedColor(red: Float(unit(&random) * alpha), green: Float(unit(&random) * alpha),
                                                            blue: Float(unit(&random) * alpha), alpha: Float(alpha)),
                              cornerRadii: CornerRadii(uniform: Float(unit(&random) * size * 0.4)),
                              borderWidth: random.next(3) == 0 ? 0 : Float(0.5 + unit(&random) * 3),
                              borderColor: PremultipliedColor(red: 0.7, green: 0.7, blue: 0.7, alpha: 0.8),
                              clipIndex: random.next(6) == 0 ? nil : Int32(random.next(10)),
                              antialiasedEdges: random.next(2) == 0 ? 0 : 0xF))
        }
        return (quads, clips)
    }

    /// Banded frames on two threads (each band with its cache) against every quad painted row by
    /// row without one, byte for byte, in 30 scenes.
    func testBandCacheGivesTheBytesOfSolvingEveryRow() {
        let clear: UInt32 = 0xFF20_3040
        var painted = 0
        for seed in 1...30 as ClosedRange<UInt64> {
            let scene = Self.scene(seed: seed)
            let clips = scene.clips.enumerated().map { PreparedClip($1, index: $0, count: scene.clips.count) }
            let quads = clips.withUnsafeBufferPointer { pointer in
                scene.quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: Self.side, canvasHeight: Self.side) }
            }
            let banded = PixelBuffer(width: Self.side, height: Self.side)
            BandPainter(threadCount: 2).paint(quads, clips: clips, into: banded,
                                              region: PixelRect(x: 0, y: 0, width: Self.side, height: Self.side), clear: clear)
            let reference = PixelBuffer(width: Self.side, height: Self.side)
            for y in 0..<Self.side { reference.fill(row: y, from: 0, to: Self.side, with: clear) }
            clips.withUnsafeBufferPointer { pointer in
                let painter = QuadPainter(clips: pointer, columnLimit: Self.side)
                XCTAssertNil(painter.clipSpans)
                quads.withUnsafeBufferPointer { quads in
                    for index in quads.indices {
                        let quad = quads.baseAddress! + index
                        painter.paint(quad, rows: quad.pointee.bounds.1..<quad.pointee.bounds.3, from: 0, to: Self.side, into: reference)
                    }
                }
            }
            var differing = 0
            for y in 0..<Self.side {
                for x in 0..<Self.side {
                    if banded.row(y)[x] != reference.row(y)[x] { differing += 1 }
                    if banded.row(y)[x] != clear { painted += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "seed \(seed)")
        }
        XCTAssertGreaterThan(painted, 30 * Self.side * Self.side / 4)
    }
}
