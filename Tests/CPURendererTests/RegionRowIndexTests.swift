import CompositorCore
@testable import CPURenderer
import XCTest

/// `RegionRowIndex` against brute force: for any rows, every rectangle that overlaps them is
/// reported, and none twice. The band painter bins a damaged frame's quads through it.
final class RegionRowIndexTests: XCTestCase {
    func testEveryOverlappingRectangleIsReportedExactlyOnce() {
        var generator = SystemRandomNumberGenerator()
        var index = RegionRowIndex() // refiled each round, as the band painter refiles it each frame
        for _ in 0..<50 {
            let regions = (0..<Int.random(in: 9...120, using: &generator)).map { _ in
                PixelRect(x: Int.random(in: 0..<1900, using: &generator), y: Int.random(in: 0..<1070, using: &generator),
                          width: Int.random(in: 0...300, using: &generator), height: Int.random(in: 0...400, using: &generator))
            }
            index.file(regions)
            for _ in 0..<40 {
                let y0 = Int.random(in: -100..<1200, using: &generator)
                let y1 = y0 + Int.random(in: 1...500, using: &generator)
                var reported: [Int] = []
                index.forEachRegion(touchingRows: y0, y1) { reported.append($0) }
                XCTAssertEqual(Set(reported).count, reported.count, "a rectangle reported twice")
                let overlapping = regions.indices.filter { max(y0, regions[$0].y) < min(y1, regions[$0].y + regions[$0].height) }
                XCTAssertTrue(Set(overlapping).isSubset(of: Set(reported)), "rows \(y0)..<\(y1) missed a rectangle")
            }
        }
    }

    func testRectanglesFarFromTheRowsAreNotVisited() {
        let regions = (0..<20).map { PixelRect(x: 0, y: $0 * 100, width: 10, height: 10) }
        var reported: [Int] = []
        var index = RegionRowIndex()
        index.file(regions)
        index.forEachRegion(touchingRows: 1000, 1010) { reported.append($0) }
        XCTAssertTrue(reported.contains(10))
        XCTAssertLessThanOrEqual(reported.count, 2, "only the rectangles filed with rows 1000..<1010")
    }
}
