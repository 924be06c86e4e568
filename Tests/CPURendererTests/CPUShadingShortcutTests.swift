import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// The CPU renderer's shortcuts for runs of eight pixels along a quad's edges give exactly the
/// bytes of evaluating every field: runs inside the quad's interior skip its field and border
/// (coverage 1, no border), runs inside every clip's octagon skip the clips' fields (coverage 1),
/// runs along hard straight sides skip the distance the cut replaces, and a translucent interior
/// blends without the clamp; the octagon (a clip's inner rect with its corners cut by chords of
/// the rounded corners) holds only pixels the clip's field covers fully. Row spans are solved
/// four lanes at once, to the columns of solving them plane by plane.
final class CPUShadingShortcutTests: XCTestCase {
    private static let side = 96

    private static func rotation(_ angle: Double) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = cos(angle); m.m12 = sin(angle); m.m21 = -sin(angle); m.m22 = cos(angle)
        return m
    }

    private static func unit(_ random: inout SeededGenerator) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    private static func color(_ random: inout SeededGenerator, alpha: Double) -> PremultipliedColor {
        PremultipliedColor(red: Float(unit(&random) * alpha), green: Float(unit(&random) * alpha), blue: Float(unit(&random) * alpha),
                           alpha: Float(alpha))
    }

    /// Random rounded clips (some nested, some rotated) and rotated, rounded, bordered quads under
    /// them at fractional positions, some with hard edges, some translucent.
    private static func scene(seed: UInt64) -> (quads: [Quad], clips: [Clip]) {
        var random = SeededGenerator(seed: seed)
        var clips: [Clip] = []
        for k in 0..<3 {
            let width = 30 + unit(&random) * 50, height = 30 + unit(&random) * 50
            let placement = Matrix4.translation(-width / 2, -height / 2).concatenating(rotation(k == 0 ? 0 : unit(&random) * 6.3))
                .concatenating(.translation(20 + unit(&random) * 56, 20 + unit(&random) * 56))
            let radii = CornerRadii(minXMinY: Float(unit(&random) * 20), maxXMinY: Float(unit(&random) * 20),
                                    maxXMaxY: Float(unit(&random) * 20), minXMaxY: Float(unit(&random) * 20))
            clips.append(Clip(transform: placement, rect: CGRect(x: 0, y: 0, width: width, height: height), cornerRadii: radii,
                              parentIndex: k == 2 ? 0 : nil))
        }
        var quads: [Quad] = []
        for _ in 0..<14 {
            let size = 10 + unit(&random) * 36
            let placement = Matrix4.translation(-size / 2, -size / 2).concatenating(rotation(unit(&random) * 6.3))
                .concatenating(.translation(8 + unit(&random) * 80, 8 + unit(&random) * 80))
            let opaque = random.next(3) != 0
            quads.append(Quad(transform: placement, rect: CGRect(x: 0, y: 0, width: size, height: size),
                              fillColor: color(&random, alpha: opaque ? 1 : 0.4 + unit(&random) * 0.5),
                              cornerRadii: CornerRadii(uniform: Float(unit(&random) * size * 0.4)),
                              borderWidth: random.next(4) == 0 ? 0 : Float(0.5 + unit(&random) * 3),
                              borderColor: color(&random, alpha: 0.8),
                              clipIndex: random.next(5) == 0 ? nil : Int32(random.next(3)),
                              antialiasedEdges: random.next(2) == 0 ? 0 : 0xF))
        }
        return (quads, clips)
    }

    /// Paints the scene quad by quad on one thread, with or without the per-run shortcuts.
    private static func paint(_ scene: (quads: [Quad], clips: [Clip]), evaluatingEveryField: Bool) -> PixelBuffer {
        let clips = scene.clips.enumerated().map { PreparedClip($1, index: $0, count: scene.clips.count) }
        let buffer = PixelBuffer(width: side, height: side)
        for y in 0..<side { buffer.fill(row: y, from: 0, to: side, with: 0xFF30_2010) }
        clips.withUnsafeBufferPointer { pointer in
            let quads = scene.quads.compactMap { PreparedQuad($0, texture: nil, clips: pointer, canvasWidth: side, canvasHeight: side) }
            var painter = QuadPainter(clips: pointer, columnLimit: side)
            painter.evaluatesEveryField = evaluatingEveryField
            quads.withUnsafeBufferPointer { quads in
                for index in quads.indices {
                    let quad = quads.baseAddress! + index
                    painter.paint(quad, rows: quad.pointee.bounds.1..<quad.pointee.bounds.3, from: 0, to: side, into: buffer)
                }
            }
        }
        return buffer
    }

    func testShortcutsGiveTheBytesOfEvaluatingEveryField() {
        var painted = 0
        for seed in 1...40 as ClosedRange<UInt64> {
            let scene = Self.scene(seed: seed)
            let fast = Self.paint(scene, evaluatingEveryField: false), reference = Self.paint(scene, evaluatingEveryField: true)
            var differing = 0
            for y in 0..<Self.side {
                for x in 0..<Self.side {
                    if fast.row(y)[x] != reference.row(y)[x] { differing += 1 }
                    if fast.row(y)[x] != 0xFF30_2010 { painted += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "seed \(seed)")
        }
        // The scenes paint a good part of the canvas (not a vacuous comparison of clear pixels).
        XCTAssertGreaterThan(painted, 40 * Self.side * Self.side / 5)
    }

    /// Every pixel centre in a clip's octagon has the clip's coverage exactly 1 (its field at
    /// most minus half a pixel), and the octagon reaches into the rounded corners beyond the
    /// plus-shaped inner region.
    func testOctagonHoldsOnlyFullyCoveredPixels() {
        var beyondPlus = 0
        for seed in 1...40 as ClosedRange<UInt64> {
            let scene = Self.scene(seed: seed)
            for (index, clip) in scene.clips.enumerated() where clip.parentIndex == nil {
                let prepared = [PreparedClip(clip, index: index, count: scene.clips.count)]
                XCTAssertTrue(prepared[0].hasUnitW)
                prepared.withUnsafeBufferPointer { pointer in
                    let clip = pointer.baseAddress!
                    for y in 0..<Self.side {
                        let (lower, upper) = ClipRowSpans(clip, row: y, from: 0, to: Self.side).cover(from: 0, to: Self.side)
                        let plus = QuadPainter.union(clip.pointee.inner.span(row: y, from: 0, to: Self.side),
                                                     clip.pointee.innerCross.span(row: y, from: 0, to: Self.side))
                        var x = lower
                        while x < upper {
                            // Each pixel as the first lane of its own run, and as the others of the run from `lower`.
                            let alone = PreparedClip.coverage(of: clip, column: x, row: y)
                            XCTAssertEqual(alone[0], 1, "seed \(seed), clip \(index), pixel \(x), \(y)")
                            if x < plus.0 || x >= plus.1 { beyondPlus += 1 }
                            x += 1
                        }
                        x = lower
                        while x < upper {
                            let run = PreparedClip.coverage(of: clip, column: x, row: y)
                            for lane in 0..<min(8, upper - x) { XCTAssertEqual(run[lane], 1, "seed \(seed), pixel \(x + lane), \(y)") }
                            x += 8
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(beyondPlus, 1000)
    }

    /// `SpanRegion.span` (four lanes at once) against the plane-by-plane solution, for random
    /// regions with planes of every slope sign, parallel planes and unused lanes.
    func testSpansEqualPlaneByPlaneSolution() {
        var random = SeededGenerator(seed: 7)
        func value() -> Double {
            switch random.next(6) {
            case 0: return 0
            case 1: return Double(random.next(9)) - 4
            default: return (Self.unit(&random) - 0.5) * 400
            }
        }
        for _ in 0..<3000 {
            var a = SIMD8<Double>(), b = SIMD8<Double>(), c = SIMD8<Double>()
            // Half the regions leave the last four lanes without a plane (or nearly: one may still bound).
            let planes = random.next(2) == 0 ? 8 : 4
            for lane in 0..<8 {
                if lane >= planes && random.next(8) != 0 {
                    c[lane] = Double(random.next(3))
                    continue
                }
                a[lane] = value(); b[lane] = value(); c[lane] = random.next(4) == 0 ? Double(random.next(200)) : value() * 10
            }
            let region = SpanRegion(a: a, b: b, c: c)
            for y in [-3, 0, 5, 40, 117] {
                let x0 = random.next(60) - 10, x1 = x0 + random.next(200)
                let solved = region.span(row: y, from: x0, to: x1), expected = Self.planeByPlane(region, row: y, from: x0, to: x1)
                XCTAssertTrue(solved == expected || (solved.lower >= solved.upper && expected.lower >= expected.upper),
                              "\(solved) != \(expected)")
            }
        }
    }

    /// The columns of row `y` in every half plane, bound by bound (the solution `span` replaces).
    private static func planeByPlane(_ region: SpanRegion, row y: Int, from x0: Int, to x1: Int) -> (lower: Int, upper: Int) {
        let value = region.a * 0.5 + region.b * (Double(y) + 0.5) + region.c
        var lower = Double(x0), upper = Double(x1)
        for lane in 0..<8 {
            let slope = region.a[lane]
            if slope > 0 {
                lower = max(lower, SpanRegion.ceiling(-value[lane] / slope))
            } else if slope < 0 {
                upper = min(upper, SpanRegion.floor(-value[lane] / slope) + 1)
            } else if value[lane] < 0 {
                return (x0, x0)
            }
        }
        return lower < upper ? (Int(lower), Int(upper)) : (x0, x0)
    }
}
