@testable import CompositorCore
import XCTest

/// `DamageTiles` sums only the window of tiles between the first and last damaged ones, and
/// answers as a table of the whole canvas would.
final class DamageTilesWindowTests: XCTestCase {
    func testTheTableSpansOnlyTheDamagedTiles() {
        let corner = DamageTiles(rects: [PixelRect(x: 40, y: 40, width: 4, height: 4)], width: 1920, height: 1080)
        XCTAssertEqual(corner.windowColumns, 2..<3)
        XCTAssertEqual(corner.windowRows, 2..<3)
        let two = DamageTiles(rects: [PixelRect(x: 40, y: 40, width: 4, height: 4), PixelRect(x: 100, y: 200, width: 60, height: 1)],
                              width: 1920, height: 1080)
        XCTAssertEqual(two.windowColumns, 2..<10)
        XCTAssertEqual(two.windowRows, 2..<13)
        let none = DamageTiles(rects: [], width: 1920, height: 1080)
        XCTAssertTrue(none.windowColumns.isEmpty)
        XCTAssertFalse(none.touches(PixelRect(x: 0, y: 0, width: 1920, height: 1080)))
    }

    func testTouchesAgreesWithTheTilesOfTheRectangles() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let width = 300, height = 200, tile = 16
        for _ in 0..<40 {
            let rects = (0..<(1 + next(4))).map { _ in
                PixelRect(x: next(width + 40) - 20, y: next(height + 40) - 20, width: 1 + next(60), height: 1 + next(60))
            }
            let tiles = DamageTiles(rects: rects, width: width, height: height, tileSize: tile)
            let canvas = PixelRect(x: 0, y: 0, width: width, height: height)
            // A tile is damaged when a rectangle, cut to the canvas, has a pixel in it.
            let damaged = Set(rects.map { $0.intersection(canvas) }.filter { !$0.isEmpty }.flatMap { r in
                ((r.y / tile)...((r.y + r.height - 1) / tile)).flatMap { row in
                    ((r.x / tile)...((r.x + r.width - 1) / tile)).map { SIMD2(row, $0) }
                }
            })
            for _ in 0..<200 {
                let box = PixelRect(x: next(width + 80) - 40, y: next(height + 80) - 40, width: 1 + next(90), height: 1 + next(90))
                // The canvas tiles holding a pixel of the box (a tile past the canvas's last pixel row
                // or column still counts: the answer errs towards "touches").
                func span(_ start: Int, _ length: Int, _ extent: Int) -> Range<Int> {
                    let first = max(0, start / tile)
                    return first..<max(first, min((extent + tile - 1) / tile, (start + length + tile - 1) / tile))
                }
                let columns = span(box.x, box.width, width), rows = span(box.y, box.height, height)
                let expected = box.x + box.width > 0 && box.y + box.height > 0
                    && damaged.contains { rows.contains($0.x) && columns.contains($0.y) }
                XCTAssertEqual(tiles.touches(box), expected, "\(box) against \(rects)")
            }
        }
    }
}
