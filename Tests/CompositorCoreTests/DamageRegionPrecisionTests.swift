import XCTest
import CoreGraphics
@testable import CompositorCore

/// Many scattered changes stay many small rectangles; close ones merge; thousands are snapped
/// to tiles; the tile index answers which boxes may touch the region.
final class DamageRegionPrecisionTests: XCTestCase {
    private func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    private func covers(_ rects: [PixelRect], _ r: PixelRect) -> Bool {
        // Every pixel of r lies in some rectangle.
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) where !rects.contains(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) {
                return false
            }
        }
        return true
    }

    private func assertDisjoint(_ rects: [PixelRect], file: StaticString = #filePath, line: UInt = #line) {
        for i in rects.indices { for j in rects.indices where j > i {
            XCTAssertTrue(rects[i].intersection(rects[j]).isEmpty, "\(rects[i]) and \(rects[j]) overlap", file: file, line: line)
        } }
    }

    /// Disjoint rectangles (what the tracker gives) come back as they are, touching edges
    /// included; overlapping ones are merged into disjoint ones that cover them.
    func testDisjointKeepsDisjointRectanglesAndSplitsOverlappingOnes() {
        let apart = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 10, y: 0, width: 5, height: 10),
                     PixelRect(x: 0, y: 10, width: 15, height: 3), .empty]
        XCTAssertEqual(DamageRegion.disjoint(apart), Array(apart.prefix(3)))

        let overlapping = [PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 5, y: 5, width: 10, height: 10)]
        let result = DamageRegion.disjoint(overlapping)
        assertDisjoint(result)
        XCTAssertTrue(covers(result, overlapping[0]))
        XCTAssertTrue(covers(result, overlapping[1]))
        // The two overlap, so they merge into their 15 x 15 bounding box.
        XCTAssertEqual(result, [PixelRect(x: 0, y: 0, width: 15, height: 15)])
    }

    /// A 125 x 80 grid of 12 x 10 px cards on a 1920 x 1080 canvas where every hundredth moves
    /// (as in the S1-1% scene of qc-bench at N = 10000).
    func testAHundredScatteredChangesAmongTenThousandQuadsDamageAFewPercentOfTheCanvas() {
        func frame(_ changed: Bool) -> DrawList {
            var commands: [DrawCommand] = []
            for k in 0..<10_000 {
                let x = 20 + Double(k % 125) * 15, y = 20 + Double(k / 125) * 13
                let moved = changed && k.isMultiple(of: 100)
                commands.append(.quad(Quad(transform: .translation(x + (moved ? 2 : 0), y), rect: CGRect(x: 0, y: 0, width: 12, height: 10),
                                           fillColor: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1))))
            }
            return DrawList(pixelWidth: 1920, pixelHeight: 1080, commands: commands)
        }
        var tracker = DamageTracker()
        _ = tracker.damage(for: frame(false))
        let start = Date()
        let damage = tracker.damage(for: frame(true))
        let seconds = Date().timeIntervalSince(start)
        // Each change: the old and new pixels of a 12 x 10 card on whole pixels, moved by 2 = 14 x 10.
        // The closest two (the same column, four rows apart) would waste 14 x 42 pixels together.
        XCTAssertEqual(damage.count, 100)
        XCTAssertEqual(area(damage), 100 * 14 * 10)
        XCTAssertLessThan(Double(area(damage)) / (1920 * 1080), 0.01)
        assertDisjoint(damage)
        XCTAssertLessThan(seconds, 0.5, "a debug build compares 10,000 quads well within half a second")
    }

    func testNeighboursMergeWhenTheUnionWastesLittleAndFarOnesStayApart() {
        let a = PixelRect(x: 0, y: 0, width: 20, height: 20), b = PixelRect(x: 22, y: 0, width: 20, height: 20)
        let far = PixelRect(x: 500, y: 500, width: 20, height: 20)
        let result = DamageRegion.coalesce([a, b, far], maximumCount: 10)
        // a and b: the union 42 x 20 wastes 2 x 20 = 40 pixels, under the default 1024.
        XCTAssertEqual(Set(result.map { "\($0)" }), Set([PixelRect(x: 0, y: 0, width: 42, height: 20), far].map { "\($0)" }))
        XCTAssertEqual(DamageRegion.coalesce([a, b, far], maximumCount: 10, mergingWaste: 0).count, 3)
        XCTAssertEqual(DamageRegion.coalesce([a, b, far], maximumCount: 1), [PixelRect(x: 0, y: 0, width: 520, height: 520)])
    }

    func testOverlappingRectanglesBecomeDisjointAndCoverEveryPixel() {
        let rects = [PixelRect(x: 0, y: 0, width: 30, height: 10), PixelRect(x: 10, y: 5, width: 10, height: 30),
                     PixelRect(x: 100, y: 100, width: 5, height: 5), PixelRect(x: 102, y: 102, width: 8, height: 3)]
        let result = DamageRegion.coalesce(rects, maximumCount: 8, mergingWaste: 0)
        assertDisjoint(result)
        for r in rects { XCTAssertTrue(covers(result, r), "\(r) is covered") }
        XCTAssertEqual(result.count, 2)
    }

    func testThousandsOfRectanglesAreSnappedToTilesAndStillCovered() {
        // 40 x 30 one-pixel dots every 10 pixels: 1200 rectangles.
        let dots = (0..<1200).map { PixelRect(x: ($0 % 40) * 10 + 3, y: ($0 / 40) * 10 + 3, width: 1, height: 1) }
        let result = DamageRegion.coalesce(dots, maximumCount: 16)
        XCTAssertLessThanOrEqual(result.count, 16)
        assertDisjoint(result)
        for dot in dots { XCTAssertTrue(covers(result, dot)) }
        XCTAssertLessThanOrEqual(area(result), 464 * 364, "no more than the dots' bounds snapped to tiles")
    }

    func testTilesTellWhichBoxesMayTouchTheRegion() throws {
        let tiles = DamageTiles(rects: [PixelRect(x: 40, y: 40, width: 4, height: 4)], width: 200, height: 100, tileSize: 16)
        // The rectangle lies in the tile 32..<48 x 32..<48.
        XCTAssertTrue(tiles.touches(PixelRect(x: 41, y: 41, width: 2, height: 2)))
        XCTAssertTrue(tiles.touches(PixelRect(x: 33, y: 46, width: 1, height: 1)), "same tile: may touch")
        XCTAssertFalse(tiles.touches(PixelRect(x: 48, y: 40, width: 10, height: 4)), "the next tile")
        XCTAssertFalse(tiles.touches(PixelRect(x: 0, y: 0, width: 32, height: 100)))
        XCTAssertTrue(tiles.touches(PixelRect(x: -50, y: -50, width: 300, height: 300)), "a box around everything")
        XCTAssertFalse(tiles.touches(PixelRect(x: -50, y: -50, width: 20, height: 20)), "off the canvas")
        // A quad's box is its damage bounds in pixels, as `DamageCulling` tests it.
        func box(_ quad: Quad) throws -> PixelRect { DamageBounds.pixels(try XCTUnwrap(DamageBounds.of(quad))) }
        let quad = Quad(transform: .translation(100, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertFalse(tiles.touches(try box(quad)))
        let near = Quad(transform: .translation(30, 30), rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(try box(near), PixelRect(x: 30, y: 30, width: 10, height: 10))
        XCTAssertTrue(tiles.touches(try box(near)), "30..<40 reaches the tile at 32")
    }

    func testAChangedClipParentDamagesTheQuadsOfItsChildClipOnly() {
        let parentA = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parentB = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 50, height: 100))
        let child = Clip(transform: .identity, rect: CGRect(x: 0, y: 0, width: 200, height: 100), parentIndex: 0)
        let free = Clip(transform: .identity, rect: CGRect(x: 100, y: 0, width: 100, height: 100))
        func quad(_ x: Double, clip: Int32) -> DrawCommand {
            .quad(Quad(transform: .translation(x, 10), rect: CGRect(x: 0, y: 0, width: 10, height: 10), clipIndex: clip))
        }
        let commands = [quad(10, clip: 1), quad(150, clip: 2)]
        let old = DrawList(pixelWidth: 200, pixelHeight: 100, commands: commands, clips: [parentA, child, free])
        let new = DrawList(pixelWidth: 200, pixelHeight: 100, commands: commands, clips: [parentB, child, free])
        XCTAssertEqual(DamageTracker.damage(from: old, to: new), [PixelRect(x: 10, y: 10, width: 10, height: 10)])
    }
}
