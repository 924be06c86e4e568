import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// CATiledLayer's tile grid: which tiles, at which level of detail, cover a visible rectangle.
final class SpecializedLayerTiledTests: XCTestCase {
    /// The book's 2048×2048 snowman layer (Listing 6.12).
    private func snowman(contentsScale: CGFloat = 1) -> CATiledLayer {
        let layer = CATiledLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
        layer.contentsScale = contentsScale
        return layer
    }

    func testBookSnowmanHasEightByEightTiles() {
        let grid = TiledLayerGrid(snowman().state)
        let all = grid.tiles(covering: CGRect(x: 0, y: 0, width: 2048, height: 2048), level: 0)
        XCTAssertEqual(all.count, 64)
        XCTAssertEqual(all.last?.column, 7)
        XCTAssertEqual(all.last?.row, 7)
        XCTAssertEqual(all.last?.rect, CGRect(x: 1792, y: 1792, width: 256, height: 256))
    }

    func testVisibleRectSelectsTheTilesItTouches() {
        let grid = TiledLayerGrid(snowman().state)
        let tiles = grid.tiles(covering: CGRect(x: 300, y: 100, width: 320, height: 480), displayScale: 1)
        // x 300..620 touches columns 1-2; y 100..580 touches rows 0-2.
        XCTAssertEqual(Set(tiles.map { [$0.column, $0.row] }),
                       Set([[1, 0], [2, 0], [1, 1], [2, 1], [1, 2], [2, 2]]))
        XCTAssertEqual(tiles.first?.rect, CGRect(x: 256, y: 0, width: 256, height: 256))
        XCTAssertEqual(tiles.first?.scale, 1)
    }

    func testRetinaContentsScaleHalvesTheTileInPoints() {
        // The book: contentsScale 2 makes the 256-pixel tile 128 points (001:3726-3731).
        let grid = TiledLayerGrid(snowman(contentsScale: 2).state)
        XCTAssertEqual(grid.tilePointSize(level: 0), CGSize(width: 128, height: 128))
        let tiles = grid.tiles(covering: CGRect(x: 0, y: 0, width: 320, height: 480), displayScale: 2)
        XCTAssertEqual(tiles.count, 3 * 4)
        XCTAssertEqual(tiles.first?.scale, 2)
    }

    func testLevelOfDetailFollowsTheDisplayScaleWithinTheLevelsAndBias() {
        let layer = snowman()
        layer.levelsOfDetail = 4
        layer.levelsOfDetailBias = 2
        let grid = TiledLayerGrid(layer.state)
        XCTAssertEqual(grid.levels, -1...2)
        XCTAssertEqual(grid.level(forDisplayScale: 1), 0)
        XCTAssertEqual(grid.level(forDisplayScale: 1.5), 1)
        XCTAssertEqual(grid.level(forDisplayScale: 3), 2)
        XCTAssertEqual(grid.level(forDisplayScale: 16), 2, "no level beyond the bias")
        XCTAssertEqual(grid.level(forDisplayScale: 0.5), -1)
        XCTAssertEqual(grid.level(forDisplayScale: 0.1), -1, "no level below levelsOfDetail")
        XCTAssertEqual(grid.tilePointSize(level: 2), CGSize(width: 64, height: 64))
        XCTAssertEqual(grid.tilePointSize(level: -1), CGSize(width: 512, height: 512))
        let zoomedIn = grid.tiles(covering: CGRect(x: 0, y: 0, width: 100, height: 100), displayScale: 4)
        XCTAssertEqual(zoomedIn.count, 4, "64-point tiles at level 2")
        XCTAssertEqual(zoomedIn.first?.scale, 4)
    }

    func testEdgeTilesAreClippedToTheBounds() {
        let layer = CATiledLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        let tiles = TiledLayerGrid(layer.state).tiles(covering: layer.bounds, level: 0)
        XCTAssertEqual(tiles.count, 4)
        XCTAssertEqual(tiles.last?.rect, CGRect(x: 256, y: 256, width: 44, height: 44))
        XCTAssertTrue(TiledLayerGrid(layer.state).tiles(covering: CGRect(x: 400, y: 0, width: 10, height: 10), level: 0).isEmpty)
    }
}
