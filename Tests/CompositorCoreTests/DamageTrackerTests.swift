import XCTest
import CoreGraphics
@testable import CompositorCore

final class DamageTrackerTests: XCTestCase {
    private func card(x: Double, y: Double, size: Double = 10, color: Float = 1, clip: Int32? = nil) -> DrawCommand {
        .quad(Quad(transform: .translation(x, y), rect: CGRect(x: 0, y: 0, width: size, height: size),
                   fillColor: PremultipliedColor(red: color, green: 0, blue: 0, alpha: 1), clipIndex: clip))
    }

    private func list(_ commands: [DrawCommand], clips: [Clip] = []) -> DrawList {
        DrawList(pixelWidth: 200, pixelHeight: 100, commands: commands, clips: clips)
    }

    func testTheFirstFrameAndAResizeDamageTheWholeCanvas() {
        var tracker = DamageTracker()
        XCTAssertEqual(tracker.damage(for: list([card(x: 0, y: 0)])), [PixelRect(x: 0, y: 0, width: 200, height: 100)])
        XCTAssertEqual(tracker.damage(for: list([card(x: 0, y: 0)])), [], "nothing changed")
        let bigger = DrawList(pixelWidth: 300, pixelHeight: 100, commands: [card(x: 0, y: 0)])
        XCTAssertEqual(tracker.damage(for: bigger), [PixelRect(x: 0, y: 0, width: 300, height: 100)])
    }

    /// A square on whole pixels changes exactly its own pixels (the next centres lie half a pixel
    /// outside, where the antialiased coverage is 0); moved by a quarter pixel it also changes the
    /// column its right edge now crosses.
    func testAMovedQuadDamagesTheOldAndNewPixelsItCovers() {
        let old = list([card(x: 0, y: 0), card(x: 20, y: 20), card(x: 100, y: 50)])
        let new = list([card(x: 0, y: 0), card(x: 60, y: 20), card(x: 100, y: 50)])
        let damage = DamageTracker.damage(from: old, to: new)
        XCTAssertEqual(Set(damage.map { "\($0)" }), Set([PixelRect(x: 20, y: 20, width: 10, height: 10),
                                                         PixelRect(x: 60, y: 20, width: 10, height: 10)].map { "\($0)" }))
        let nudged = list([card(x: 0, y: 0), card(x: 20.25, y: 20), card(x: 100, y: 50)])
        XCTAssertEqual(DamageTracker.damage(from: old, to: nudged), [PixelRect(x: 20, y: 20, width: 11, height: 10)])
    }

    func testChangesFarApartInAlignedFramesDoNotDamageWhatLiesBetween() {
        let old = list([card(x: 0, y: 0), card(x: 100, y: 40), card(x: 180, y: 80)])
        let new = list([card(x: 0, y: 0, color: 0.5), card(x: 100, y: 40), card(x: 180, y: 80, color: 0.5)])
        let damage = DamageTracker.damage(from: old, to: new)
        XCTAssertEqual(damage.count, 2)
        XCTAssertTrue(damage.allSatisfy { $0.intersection(PixelRect(x: 100, y: 40, width: 10, height: 10)).isEmpty },
                      "the unchanged middle card is not redrawn")
    }

    func testAnInsertedQuadDamagesOnlyItsOwnBounds() {
        let old = list([card(x: 0, y: 0), card(x: 100, y: 50)])
        let new = list([card(x: 0, y: 0), card(x: 40, y: 40, size: 5), card(x: 100, y: 50)])
        XCTAssertEqual(DamageTracker.damage(from: old, to: new), [PixelRect(x: 40, y: 40, width: 5, height: 5)])
    }

    func testAChangedClipDamagesTheQuadsItClipsThoughTheirIndexIsTheSame() {
        let clipA = Clip(transform: .translation(0, 0), rect: CGRect(x: 0, y: 0, width: 5, height: 5))
        let clipB = Clip(transform: .translation(0, 0), rect: CGRect(x: 0, y: 0, width: 8, height: 8))
        let old = list([card(x: 0, y: 0, clip: 0)], clips: [clipA])
        let new = list([card(x: 0, y: 0, clip: 0)], clips: [clipB])
        // The quad's bounds (-1...11) cut by each clip's bounds (-1...6 and -1...9), clamped to the canvas.
        XCTAssertEqual(DamageTracker.damage(from: old, to: new), [PixelRect(x: 0, y: 0, width: 9, height: 9)])
    }

    func testAQuadReachingBehindTheEyeDamagesEverything() {
        var m = Matrix4.translation(0, 0)
        m.m14 = -0.5 // w = 1 - 0.5x: the corner at x = 10 has w < 0
        let behind = DrawCommand.quad(Quad(transform: m, rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertEqual(DamageTracker.damage(from: list([]), to: list([behind])), [PixelRect(x: 0, y: 0, width: 200, height: 100)])
    }

    func testAGroupIsOneDrawableBoundedByItsRectAndShadow() {
        let shadow = GroupShadow(color: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0.5), offsetX: 0, offsetY: 10, sigma: 2)
        func group(_ inner: Float) -> [DrawCommand] {
            [.beginGroup(CompositingGroup(transform: .translation(50, 20), rect: CGRect(x: 0, y: 0, width: 20, height: 20),
                                          pixelWidth: 20, pixelHeight: 20, opacity: 0.5, shadow: shadow)),
             card(x: 0, y: 0, color: inner), .endGroup]
        }
        let damage = DamageTracker.damage(from: list(group(1)), to: list(group(0.5)))
        // Rect 50...70 x 20...40, shadow rect 44...76 x 24...56 (offset 10, blur 3 sigma = 6), plus 1 px.
        XCTAssertEqual(damage, [PixelRect(x: 43, y: 19, width: 34, height: 38)])
    }

    func testScatteredDamageIsReducedToTheMaximumCountAndCoversEveryChange() {
        var old: [DrawCommand] = [], new: [DrawCommand] = []
        for k in 0..<20 {
            let x = Double(k % 10) * 20, y = Double(k / 10) * 50
            old.append(card(x: x, y: y, color: 1))
            new.append(card(x: x, y: y, color: k.isMultiple(of: 2) ? 0.5 : 1))
        }
        var tracker = DamageTracker(maximumRectangles: 4)
        _ = tracker.damage(for: list(old))
        let damage = tracker.damage(for: list(new))
        XCTAssertLessThanOrEqual(damage.count, 4)
        for k in stride(from: 0, to: 20, by: 2) {
            let changed = PixelRect(x: (k % 10) * 20, y: (k / 10) * 50, width: 10, height: 10)
            XCTAssertTrue(damage.contains { $0.intersection(changed) == changed }, "change \(k) is covered")
        }
        for i in 0..<damage.count { for j in (i + 1)..<damage.count {
            XCTAssertTrue(damage[i].intersection(damage[j]).isEmpty, "rectangles are disjoint")
        } }
        XCTAssertLessThan(damage.reduce(0) { $0 + $1.width * $1.height }, 200 * 100, "less than the canvas")
    }
}
