import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// `BandPainter` with a region of one rectangle lets each band file its own drawables on its own
/// thread; with several rectangles it files them all before the bands start. Either way every band
/// paints the drawables touching it, in painter's order: the pixels equal one band's.
final class CPUBandFilingTests: XCTestCase {
    private static let canvas = (width: 96, height: 80)

    /// Sprites and general quads of a few sizes scattered over the canvas and beyond its edges,
    /// many of them a row or two high, so that some end on, or start just past, a band's edge.
    private static func list() -> PreparedQuadList {
        var random = SeededGenerator(seed: 31)
        var list = PreparedQuadList()
        [PreparedClip]().withUnsafeBufferPointer { clips in
            for index in 0..<300 {
                let x = Double(random.next(120)) - 12, y = Double(random.next(100)) - 10
                if index % 3 == 0 {
                    let card = Quad(transform: .translation(x, y),
                                    rect: CGRect(x: 0, y: 0, width: Double(1 + random.next(30)), height: Double(1 + random.next(3))),
                                    fillColor: PremultipliedColor(red: 0.2, green: 0.1, blue: Float(index % 7) / 10, alpha: 0.6),
                                    antialiasedEdges: 0)
                    list.append(card, texture: nil, clips: clips, canvasWidth: canvas.width, canvasHeight: canvas.height)
                } else {
                    let sprite = SpriteFixtures.sprite(SpriteFixtures.placed(x: x, y: y, scaleX: 0.3, scaleY: 0.2), opacity: 0.9)
                    list.append(sprite, texture: SpriteFixtures.binding(sprite), clips: clips,
                                canvasWidth: canvas.width, canvasHeight: canvas.height)
                }
            }
        }
        return list
    }

    private static func paint(_ list: PreparedQuadList, threads: Int, regions: [PixelRect]) -> [UInt32] {
        let buffer = PixelBuffer(width: canvas.width, height: canvas.height)
        BandPainter(threadCount: threads).paint(list, clips: [], into: buffer, regions: regions, clear: 0xFF20_1008)
        return Array(UnsafeBufferPointer(start: buffer.pixels, count: canvas.width * canvas.height))
    }

    func testBandsFilingTheirOwnDrawablesPaintWhatOneBandPaints() {
        let list = Self.list()
        XCTAssertGreaterThan(list.sprites.count, 100)
        XCTAssertGreaterThan(list.quads.count, 50)
        // Away from the canvas's edges, so that bands start and end inside it, in rows and columns.
        let region = PixelRect(x: 7, y: 5, width: 81, height: 71)
        let one = Self.paint(list, threads: 1, regions: [region])
        XCTAssertGreaterThan(Set(one).count, 20, "something is painted")
        for threads in [2, 3, 4] {
            let banded = Self.paint(list, threads: threads, regions: [region])
            XCTAssertEqual(zip(one, banded).filter { $0 != $1 }.count, 0, "\(threads) threads: pixels that differ")
        }
        // The same rectangle as two, filed before the bands start.
        let halves = [PixelRect(x: 7, y: 5, width: 81, height: 30), PixelRect(x: 7, y: 35, width: 81, height: 41)]
        let filed = Self.paint(list, threads: 4, regions: halves)
        XCTAssertEqual(zip(one, filed).filter { $0 != $1 }.count, 0, "two rectangles: pixels that differ")
    }
}
