import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// A quad's interior corner discs (`CornerDiscs`) hold only pixels its shader gives its interior
/// colour (coverage exactly 1, no border), whichever lane of a run of eight a pixel is shaded
/// in: for quads turned, scaled unevenly, sheared, far from the origin, bordered or not, with
/// hard or antialiased edges, and shaped as cards, pills and circles.
final class CPUCornerDiscTests: XCTestCase {
    static func unit(_ random: inout SeededGenerator) -> Double { Double(random.next() >> 11) / Double(1 << 53) }

    /// A random affine placement: a turn, an uneven scale or a shear (some), and an offset that
    /// is sometimes far from the origin, placing a `width` x `height` rect's centre there.
    static func placement(_ random: inout SeededGenerator, width: Double, height: Double) -> (Matrix4, centre: (Double, Double)) {
        var shape = Matrix4.identity
        let angle = random.next(4) == 0 ? 0 : unit(&random) * 6.3
        let scaleX = 0.5 + unit(&random) * 1.5, scaleY = random.next(3) == 0 ? 0.5 + unit(&random) * 1.5 : scaleX
        shape.m11 = cos(angle) * scaleX; shape.m12 = sin(angle) * scaleX
        shape.m21 = -sin(angle) * scaleY; shape.m22 = cos(angle) * scaleY
        if random.next(5) == 0 { shape.m21 += unit(&random) - 0.5 }
        let far = random.next(3) == 0
        let centre = far ? (1400 + unit(&random) * 600, 900 + unit(&random) * 300) : (60 + unit(&random) * 80, 60 + unit(&random) * 80)
        let placement = Matrix4.translation(-width / 2, -height / 2).concatenating(shape).concatenating(.translation(centre.0, centre.1))
        return (placement, centre)
    }

    /// A random size and one corner radius: a card, a pill (radius past half the shorter side,
    /// capped) or a circle.
    private static func shape(_ random: inout SeededGenerator) -> (width: Double, height: Double, radius: Float) {
        let width = 8 + unit(&random) * 70
        switch random.next(4) {
        case 0: return (width, 8 + unit(&random) * 70, Float(width))
        case 1: return (width, width, Float(width / 2))
        default: return (width, 8 + unit(&random) * 70, Float(unit(&random) * 30))
        }
    }

    /// The rows and columns a prepared quad may touch, limited to a window around `centre`.
    private static func window(_ bounds: (Int, Int, Int, Int), around centre: (Double, Double)) -> (rows: Range<Int>, columns: Range<Int>) {
        let x = Int(centre.0), y = Int(centre.1)
        let columns = max(bounds.0, x - 200)..<min(bounds.2, x + 200), rows = max(bounds.1, y - 200)..<min(bounds.3, y + 200)
        return (rows.isEmpty ? 0..<0 : rows, columns.isEmpty ? 0..<0 : columns)
    }

    func testInteriorWithCornerDiscsHoldsOnlyInteriorPixels() {
        var random = SeededGenerator(seed: 32)
        var inDiscs = 0, withDiscs = 0, beyondPlus = 0
        let noClips: [PreparedClip] = []
        for _ in 0..<100 {
            let (width, height, radius) = Self.shape(&random)
            let (transform, centre) = Self.placement(&random, width: width, height: height)
            let border: Float = random.next(3) == 0 ? 0 : Float(0.5 + Self.unit(&random) * 4)
            let quad = Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: width, height: height),
                            fillColor: PremultipliedColor(red: 0.3, green: 0.6, blue: 0.2, alpha: random.next(2) == 0 ? 1 : 0.6),
                            cornerRadii: CornerRadii(uniform: radius), borderWidth: border,
                            borderColor: PremultipliedColor(red: 0.8, green: 0.8, blue: 0.8, alpha: 0.8),
                            antialiasedEdges: random.next(2) == 0 ? 0 : 0xF)
            noClips.withUnsafeBufferPointer { clips in
                guard let prepared = PreparedQuad(quad, texture: nil, clips: clips, canvasWidth: 4096, canvasHeight: 4096),
                      let discs = prepared.cornerDiscs else { return }
                withDiscs += 1
                let shader = QuadShader(clips: clips)
                withUnsafePointer(to: prepared) { pointer in
                    let (rows, columns) = Self.window(prepared.bounds, around: centre)
                    for y in rows {
                        // What the painter takes for the interior's runs of eight: the plus shape and the discs.
                        let plus = QuadPainter.union(prepared.inner.span(row: y, from: columns.lowerBound, to: columns.upperBound),
                                                     prepared.innerCross.span(row: y, from: columns.lowerBound, to: columns.upperBound))
                        let (lower, upper) = CornerDiscs.hull(plus, discs.span(row: y, from: columns.lowerBound, to: columns.upperBound))
                        for x in lower..<max(lower, upper) {
                            // Each pixel as the first lane of its own run, and as a later lane of a run
                            // from further left, whose local positions are stepped in single precision.
                            for (start, lane) in [(x, 0), (x - (x - columns.lowerBound) % 8, (x - columns.lowerBound) % 8)] {
                                let shaded = shader.shade(pointer, column: start, row: y, interior: false)
                                let interior = shader.shade(pointer, column: start, row: y, interior: true)
                                XCTAssertTrue(shaded.r[lane] == interior.r[lane] && shaded.g[lane] == interior.g[lane]
                                                  && shaded.b[lane] == interior.b[lane] && shaded.a[lane] == interior.a[lane],
                                              "pixel \(x), \(y), lane \(lane)")
                            }
                            inDiscs += 1
                            if x < plus.0 || x >= plus.1 { beyondPlus += 1 }
                        }
                    }
                }
            }
        }
        // Many quads have discs, and the discs reach thousands of pixels beyond the plus shape.
        XCTAssertGreaterThan(withDiscs, 30)
        XCTAssertGreaterThan(inDiscs, 20_000)
        XCTAssertGreaterThan(beyondPlus, 2_000)
    }

    /// Quads under perspective have no discs (their rows through a corner are not a chord of one ellipse).
    func testPerspectiveHasNoDiscs() {
        var transform = Matrix4.identity
        transform.m14 = 0.001
        let noClips: [PreparedClip] = []
        let quad = noClips.withUnsafeBufferPointer { clips in
            PreparedQuad(Quad(transform: transform, rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                              fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1), cornerRadii: CornerRadii(uniform: 16)),
                         texture: nil, clips: clips, canvasWidth: 200, canvasHeight: 200)
        }
        XCTAssertNotNil(quad)
        XCTAssertNil(quad?.cornerDiscs)
        // The same quad without perspective has them.
        let flat = noClips.withUnsafeBufferPointer { clips in
            PreparedQuad(Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 80, height: 80),
                              fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1), cornerRadii: CornerRadii(uniform: 16)),
                         texture: nil, clips: clips, canvasWidth: 200, canvasHeight: 200)
        }
        XCTAssertNotNil(flat?.cornerDiscs)
    }
}
