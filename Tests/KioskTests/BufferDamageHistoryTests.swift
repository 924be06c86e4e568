import CompositorCore
@testable import QuartzCoreDisplay
import XCTest

final class BufferDamageHistoryTests: XCTestCase {
    private let canvas = PixelRect(x: 0, y: 0, width: 800, height: 600)

    /// Covered pixels of a region (its rectangles are disjoint after merging).
    private func area(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.width * $1.height } }

    /// The rectangles in reading order, for comparisons that ignore order.
    private func ordered(_ rects: [PixelRect]) -> [PixelRect] {
        rects.sorted { ($0.y, $0.x, $0.width, $0.height) < ($1.y, $1.x, $1.width, $1.height) }
    }

    private func contains(_ region: [PixelRect], _ rect: PixelRect) -> Bool {
        region.contains { $0.intersection(rect) == rect }
    }

    func testUnknownOrTooOldBufferIsRedrawnWhole() {
        var history = BufferDamageHistory(depth: 3)
        let small = PixelRect(x: 10, y: 10, width: 20, height: 20)
        XCTAssertEqual(history.redrawRegion(current: [small], bufferAge: 0, canvas: canvas), [canvas])
        // Age 2 needs one remembered frame; there is none yet.
        XCTAssertEqual(history.redrawRegion(current: [small], bufferAge: 2, canvas: canvas), [canvas])
        for _ in 0..<5 { history.record([small]) }
        XCTAssertEqual(history.frames.count, 3)
        // Age 5 needs four remembered frames; only three are kept.
        XCTAssertEqual(history.redrawRegion(current: [small], bufferAge: 5, canvas: canvas), [canvas])
        XCTAssertEqual(history.redrawRegion(current: [small], bufferAge: 4, canvas: canvas), [small])
    }

    /// Three buffers flipped in turn: a rect damaged in frame 1 must be redrawn in each buffer
    /// that had not seen frame 1 when it is next drawn, and in no later frame after that.
    func testFrameRectIsRedrawnInEveryBufferThatMissedIt() {
        var history = BufferDamageHistory()
        let frameDamage: [[PixelRect]] = [
            [PixelRect(x: 0, y: 0, width: 100, height: 50)],     // frame 1 (into buffer A)
            [PixelRect(x: 300, y: 300, width: 40, height: 40)],  // frame 2 (buffer B)
            [PixelRect(x: 600, y: 500, width: 10, height: 10)],  // frame 3 (buffer C)
            [],                                                   // frame 4 (A again)
            [],                                                   // frame 5 (B)
            [],                                                   // frame 6 (C)
        ]
        // Ages with three buffers in rotation: unknown for the first three frames, then 3.
        let ages = [0, 0, 0, 3, 3, 3]
        var redrawn: [[PixelRect]] = []
        for (damage, age) in zip(frameDamage, ages) {
            redrawn.append(history.redrawRegion(current: damage, bufferAge: age, canvas: canvas))
            history.record(damage)
        }
        XCTAssertEqual(redrawn[0], [canvas])
        // Buffer A (frame 4) missed frames 2 and 3.
        XCTAssertEqual(ordered(redrawn[3]), ordered(frameDamage[1] + frameDamage[2]))
        // Buffer B (frame 5) missed frames 3 and 4.
        XCTAssertEqual(redrawn[4], frameDamage[2])
        // Buffer C (frame 6) has seen everything up to 3 and frames 4, 5 changed nothing.
        XCTAssertEqual(redrawn[5], [])
        // Frame 2's rect reached buffer A (frame 4) and buffer C (frame 3 drew the canvas whole).
        XCTAssertTrue(contains(redrawn[3], frameDamage[1][0]))
        XCTAssertTrue(contains(redrawn[2], frameDamage[1][0]))
    }

    /// Steady state, three buffers A B C in rotation (age 3 each): a rect damaged in one frame
    /// is redrawn in the next two frames (the other buffers) and not in the third (its own buffer).
    func testSteadyStateRectReachesEachOtherBufferOnce() {
        var history = BufferDamageHistory()
        for _ in 0..<3 { history.record([]) }
        let moved = PixelRect(x: 200, y: 120, width: 64, height: 32)
        var redrawn: [[PixelRect]] = []
        for damage in [[moved], [], [], []] {
            redrawn.append(history.redrawRegion(current: damage, bufferAge: 3, canvas: canvas))
            history.record(damage)
        }
        XCTAssertEqual(redrawn, [[moved], [moved], [moved], []])
        XCTAssertEqual(area(redrawn.flatMap { $0 }), 3 * 64 * 32)
    }

    func testAgeOneRedrawsOnlyTheCurrentDamage() {
        var history = BufferDamageHistory()
        history.record([PixelRect(x: 0, y: 0, width: 500, height: 500)])
        let current = [PixelRect(x: 700, y: 10, width: 30, height: 30)]
        XCTAssertEqual(history.redrawRegion(current: current, bufferAge: 1, canvas: canvas), current)
    }

    func testOverlappingRectsAreMergedAndCutToTheCanvas() {
        var history = BufferDamageHistory()
        history.record([PixelRect(x: 50, y: 50, width: 100, height: 100)])
        let current = [PixelRect(x: 100, y: 100, width: 100, height: 100), PixelRect(x: 780, y: 590, width: 50, height: 50)]
        let region = history.redrawRegion(current: current, bufferAge: 2, canvas: canvas)
        // (50,50)-(150,150) and (100,100)-(200,200) overlap: one rect (50,50)-(200,200); the
        // corner rect is cut to (780,590)-(800,600).
        XCTAssertEqual(ordered(region), [PixelRect(x: 50, y: 50, width: 150, height: 150), PixelRect(x: 780, y: 590, width: 20, height: 10)])
        XCTAssertEqual(area(region), 150 * 150 + 20 * 10)
    }

    func testResetForgetsEveryFrame() {
        var history = BufferDamageHistory()
        history.record([PixelRect(x: 0, y: 0, width: 1, height: 1)])
        history.reset()
        XCTAssertEqual(history.redrawRegion(current: [], bufferAge: 2, canvas: canvas), [canvas])
    }
}
