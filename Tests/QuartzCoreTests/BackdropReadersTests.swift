import CompositorCore
import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// A frame says whether it may read its backdrop (`DrawList.mayReadBackdrop`), so that damage
/// is grown for backdrops only where there are some: true while a committed layer has
/// `backgroundFilters` or blends by formula, false once none does.
final class BackdropReadersTests: XCTestCase {
    private func blur() throws -> CIFilter {
        try XCTUnwrap(CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4.0]))
    }

    private func commit(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    /// Whether `list` has a quad with a backdrop or a group with a blend formula.
    private func readsBackdrop(_ list: DrawList) -> Bool {
        list.commands.contains { command in
            switch command {
            case .quad(let quad): quad.backdrop != nil
            case .beginGroup(let group): group.blendFormula != nil
            default: false
            }
        }
    }

    func testAFrameReadsItsBackdropExactlyWhileALayerFiltersOrBlendsWithIt() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let panel = CALayer()
        panel.frame = CGRect(x: 8, y: 8, width: 32, height: 32)
        panel.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        root.addSublayer(panel)
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        renderer.layer = root

        var list = try renderer.drawList(atTime: 1)
        XCTAssertFalse(list.mayReadBackdrop, "no layer reads its backdrop")
        XCTAssertFalse(readsBackdrop(list))

        let filter = try blur()
        commit { panel.backgroundFilters = [filter] }
        list = try renderer.drawList(atTime: 2)
        XCTAssertTrue(readsBackdrop(list), "the panel's backdrop quad")
        XCTAssertTrue(list.mayReadBackdrop, "a backgroundFilters layer")
        // A frame that reuses the unchanged panel from the last one still says so.
        list = try renderer.drawList(atTime: 3)
        XCTAssertTrue(list.mayReadBackdrop, "a still frame with the panel")

        commit { panel.backgroundFilters = nil }
        list = try renderer.drawList(atTime: 4)
        XCTAssertFalse(list.mayReadBackdrop, "the filters removed")

        commit { panel.compositingFilter = CIFilter(name: "CIMultiplyBlendMode") }
        list = try renderer.drawList(atTime: 5)
        XCTAssertTrue(readsBackdrop(list), "the panel's blend group")
        XCTAssertTrue(list.mayReadBackdrop, "a layer blending by formula")

        commit { panel.compositingFilter = CIFilter(name: "CIAdditionCompositing") }
        list = try renderer.drawList(atTime: 6)
        XCTAssertFalse(list.mayReadBackdrop, "addition is a fixed-function blend, not a formula")

        commit { panel.backgroundFilters = [filter] }
        XCTAssertTrue(try renderer.drawList(atTime: 7).mayReadBackdrop)
        commit { panel.removeFromSuperlayer() }
        XCTAssertTrue(try renderer.drawList(atTime: 8).mayReadBackdrop,
                      "a committed reader outside the drawn tree still counts (the set is conservative)")
    }

    /// A transition whose before-state holds a backdrop reader counts as one while it runs,
    /// though no layer of the new tree reads its backdrop.
    func testATransitionFromAFrostedPanelReadsTheBackdrop() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let holder = CALayer()
        holder.frame = root.bounds
        root.addSublayer(holder)
        let panel = CALayer()
        panel.frame = CGRect(x: 8, y: 8, width: 32, height: 32)
        panel.backgroundFilters = [try blur()]
        holder.addSublayer(panel)
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        renderer.layer = root
        XCTAssertTrue(try renderer.drawList(atTime: CACurrentMediaTime()).mayReadBackdrop)

        CATransaction.begin()
        CATransaction.setDisableActions(true) // no implicit fade of the panel's own change
        let fade = CATransition()
        fade.duration = 100
        holder.add(fade, forKey: kCATransition)
        panel.backgroundFilters = nil
        CATransaction.commit()
        // Only the transition's before-state holds a reader now; it draws the clear panel's
        // backdrop (the panel counts in its group's picture though it has no background).
        let list = try renderer.drawList(atTime: CACurrentMediaTime() + 1)
        XCTAssertTrue(readsBackdrop(list), "the before-state draws the frosted panel")
        XCTAssertTrue(list.mayReadBackdrop)
        holder.removeAllAnimations()
        CATransaction.flush()
        XCTAssertFalse(try renderer.drawList(atTime: CACurrentMediaTime() + 2).mayReadBackdrop, "the transition removed")
    }

    /// A commit of most layers lists no changes for the next frame (the render tree drops the
    /// list past a quarter of its layers), and the frame then reads every layer's summary: a
    /// reader among 4,200 moved sprites is still found, and its filters removed in such a
    /// commit are no longer counted. (With two processors or more, such a commit is written
    /// into the render tree in parts: `RenderTreeStore.applyPartMinimum`.)
    func testAFrameAfterACommitOfMostLayersFindsTheReadersFromTheSummaries() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        var sprites: [CALayer] = []
        for index in 0..<4200 {
            let sprite = CALayer()
            sprite.frame = CGRect(x: CGFloat(index % 60), y: CGFloat(index / 60), width: 4, height: 4)
            root.addSublayer(sprite)
            sprites.append(sprite)
        }
        let filter = try blur()
        sprites[1234].backgroundFilters = [filter]
        CATransaction.flush()
        let renderer = try CARenderer(cpuPixelWidth: 64, pixelHeight: 64)
        renderer.layer = root
        XCTAssertTrue(try renderer.drawList(atTime: 1).mayReadBackdrop)

        func moveAll(by dx: CGFloat, _ also: () -> Void = {}) {
            commit {
                for sprite in sprites { sprite.transform = CATransform3DMakeTranslation(dx, 0, 0) }
                also()
            }
        }
        moveAll(by: 1)
        XCTAssertTrue(try renderer.drawList(atTime: 2).mayReadBackdrop, "every sprite moved, the reader among them")
        moveAll(by: 2) { sprites[1234].backgroundFilters = nil }
        XCTAssertFalse(try renderer.drawList(atTime: 3).mayReadBackdrop, "the reader's filters removed in a commit of every sprite")
        moveAll(by: 3) { sprites[7].compositingFilter = CIFilter(name: "CIMultiplyBlendMode") }
        XCTAssertTrue(try renderer.drawList(atTime: 4).mayReadBackdrop, "another sprite blending by formula")
    }

    /// A list made by hand may read its backdrop unless its maker says otherwise, and damage
    /// grows for a backdrop only then.
    func testDamageGrowsForABackdropOnlyWhereTheListMayReadIt() {
        var quad = Quad(transform: .identity, rect: CGRect(x: 10, y: 10, width: 20, height: 20))
        quad.backdrop = BackdropFilter(filters: [])
        var list = DrawList(pixelWidth: 64, pixelHeight: 64, commands: [.quad(quad)])
        XCTAssertTrue(list.mayReadBackdrop)
        let damage = [PixelRect(x: 12, y: 12, width: 2, height: 2)]
        XCTAssertNotEqual(BackdropFilter.grow(damage, for: list), damage)
        list.mayReadBackdrop = false
        XCTAssertEqual(BackdropFilter.grow(damage, for: list), damage)
    }
}
