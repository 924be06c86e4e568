import CompositorCore
import CoreGraphics
import XCTest

/// The damaged-frame work that follows a producer's `DrawListContinuity` (the kept tree, the
/// culling grid, the tracker's comparison of changed drawables only) gives what parsing,
/// culling and comparing every drawable afresh gives, frame after frame.
final class IncrementalDamageTests: XCTestCase {
    /// A deterministic generator (the tests must repeat).
    private struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static let width = 320, height = 200

    /// A card of `size` at (x, y) turned by `angle`.
    private func card(x: Double, y: Double, angle: Double, size: Double = 12) -> DrawCommand {
        let c = cos(angle), s = sin(angle)
        var turn = Matrix4.identity
        turn.m11 = c; turn.m12 = s; turn.m21 = -s; turn.m22 = c
        return .quad(Quad(transform: turn.concatenating(.translation(x, y)),
                          rect: CGRect(x: -size / 2, y: -size / 2, width: size, height: size),
                          fillColor: PremultipliedColor(red: 1, green: 0.5, blue: 0, alpha: 1)))
    }

    private func group(x: Double, y: Double, opacity: Float) -> DrawCommand {
        .beginGroup(CompositingGroup(transform: .translation(x, y), rect: CGRect(x: 0, y: 0, width: 30, height: 30),
                                     pixelWidth: 30, pixelHeight: 30, opacity: opacity))
    }

    /// A grid of cards with groups (one holding a mask) in between, and the positions of the
    /// top-level cards and groups that frames may change without changing the nesting.
    private func scene() -> (commands: [DrawCommand], cards: [Int], groups: [Int]) {
        var commands: [DrawCommand] = [], cards: [Int] = [], groups: [Int] = []
        for k in 0..<300 {
            let x = Double(k % 25) * 13 + 6, y = Double(k / 25) * 16 + 8
            if k % 40 == 7 {
                groups.append(commands.count)
                commands.append(group(x: x, y: y, opacity: 1))
                commands.append(card(x: 5, y: 5, angle: 0))
                if k % 80 == 7 { commands.append(.beginMask); commands.append(card(x: 8, y: 8, angle: 0)) }
                commands.append(.endGroup)
            } else {
                cards.append(commands.count)
                commands.append(card(x: x, y: y, angle: 0))
            }
        }
        return (commands, cards, groups)
    }

    /// The command ranges outside `changed` (sorted indices), as a producer declares them.
    private func unchanged(outside changed: [Int], count: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], next = 0
        for index in changed.sorted() where index >= next {
            if index > next { ranges.append(next..<index) }
            next = index + 1
        }
        if next < count { ranges.append(next..<count) }
        return ranges
    }

    /// Frames that turn or move a few cards, change a group's opacity or move it, now and then
    /// change the nesting (a card becomes a group end), and jump in the sequence once.
    private func frames(count: Int) -> [DrawList] {
        var random = Random(state: 42)
        var (commands, cards, groups) = scene()
        var lists: [DrawList] = []
        var frame: UInt64 = 1
        for index in 0..<count {
            var changed: [Int] = []
            for _ in 0..<(1 + random.next(6)) {
                let position = cards[random.next(cards.count)]
                let k = Double(random.next(300))
                commands[position] = card(x: Double(random.next(Self.width)), y: Double(random.next(Self.height)),
                                          angle: k / 50, size: 8 + Double(random.next(30)))
                changed.append(position)
            }
            if random.next(3) == 0 {
                let position = groups[random.next(groups.count)]
                commands[position] = group(x: Double(random.next(Self.width)), y: Double(random.next(Self.height)),
                                           opacity: Float(random.next(10)) / 10)
                changed.append(position)
            }
            var reshaped = commands
            if index % 9 == 4 {
                // The nesting changes for one frame: the last card closes no group (a repair).
                reshaped[cards[cards.count - 1]] = .endGroup
                changed.append(cards[cards.count - 1])
            }
            if index % 9 == 5 { changed.append(cards[cards.count - 1]) }
            frame += index == 11 ? 2 : 1
            var list = DrawList(pixelWidth: Self.width, pixelHeight: Self.height, commands: reshaped)
            list.continuity = DrawListContinuity(sequence: 3, frame: frame,
                                                 unchangedRanges: unchanged(outside: changed, count: reshaped.count))
            lists.append(list)
        }
        return lists
    }

    func testAKeptTreeEqualsTheParsedOne() {
        var trees = DrawListTreeCache()
        var kept = 0
        for (index, list) in frames(count: 30).enumerated() {
            let tree = trees.tree(for: list)
            XCTAssertEqual(tree, DrawListTree(list), "frame \(index)")
            if trees.changedRanges != nil { kept += 1 }
        }
        // Every frame but the first, the two whose nesting changes or follows a change, and the jump.
        XCTAssertEqual(kept, 30 - 1 - 2 * 3 - 1)
    }

    func testAListGivenAgainKeepsItsTreeWithNothingChanged() {
        var trees = DrawListTreeCache()
        let list = frames(count: 1)[0]
        _ = trees.tree(for: list)
        XCTAssertEqual(trees.tree(for: list), DrawListTree(list))
        XCTAssertEqual(trees.changedRanges, [])
        XCTAssertEqual(trees.revision, 2)
    }

    /// The canvas pixels a root drawable's bounds hold (nil: unbounded).
    private func pixelBounds(of position: Int, in tree: DrawListTree) -> PixelRect? {
        let index: Int
        switch tree.nodes[position] {
        case .quad(let commandIndex): index = commandIndex
        case .group(let group): index = tree.groups[group].commandIndex
        }
        let rect: CGRect?
        switch tree.commands[index] {
        case .quad(let quad): rect = DamageBounds.of(quad)
        case .beginGroup(let group): rect = DamageBounds.of(group)
        default: rect = nil
        }
        return rect.map(DamageBounds.pixels)
    }

    func testCullingFollowingTheTreesSelectsWhatCullingAfreshSelects() {
        var trees = DrawListTreeCache()
        var culling = DamageCulling(), exact = DamageCulling(exact: true)
        var random = Random(state: 7)
        var projectedSeveral = 0
        for (index, list) in frames(count: 30).enumerated() {
            _ = trees.tree(for: list)
            var damage: [PixelRect] = []
            for _ in 0..<(1 + random.next(8)) {
                damage.append(PixelRect(x: random.next(Self.width), y: random.next(Self.height),
                                        width: 1 + random.next(40), height: 1 + random.next(40)))
            }
            if index == 20 { damage = [PixelRect(x: 0, y: 0, width: Self.width, height: Self.height)] }
            let tiles = DamageTiles(rects: damage, width: Self.width, height: Self.height)
            culling.select(trees, touching: tiles)
            exact.select(trees, touching: tiles)
            if culling.projectedCount < 20 { projectedSeveral += 1 }

            var fresh = DrawListTreeCache()
            let tree = fresh.tree(for: list)
            var afresh = DamageCulling()
            afresh.select(fresh, touching: tiles)
            XCTAssertEqual(culling.selected, afresh.selected, "frame \(index)")
            // The selection is every root whose bounds touch the damage, in painter's order; the
            // exact one every root whose bounds overlap a rectangle of it.
            let expected = tree.roots.filter { position in
                pixelBounds(of: position, in: tree).map(tiles.touches) ?? true
            }
            XCTAssertEqual(culling.selected, Array(expected), "frame \(index)")
            let overlapping = tree.roots.filter { position in
                guard let box = pixelBounds(of: position, in: tree) else { return true }
                return tiles.rectangles.contains { !$0.intersection(box).isEmpty }
            }
            XCTAssertEqual(exact.selected, Array(overlapping), "frame \(index)")
            XCTAssertLessThanOrEqual(exact.selected.count, culling.selected.count)
        }
        XCTAssertGreaterThan(projectedSeveral, 15, "most frames project only the changed drawables")
    }

    func testAnExactCullerSkipsDrawablesThatReachADamagedTileButMissItsRectangles() {
        // A 10 x 10 square at (20, 10) reaches tile row 1 (rows 16...31, at 16-pixel tiles);
        // damage at rows 28...29 marks that row but misses the square's pixels (rows 10...19).
        var list = DrawList(pixelWidth: 64, pixelHeight: 64, commands: [card(x: 25, y: 15, angle: 0, size: 10)])
        list.continuity = DrawListContinuity(sequence: 1, frame: 1, unchangedRanges: [])
        var trees = DrawListTreeCache()
        _ = trees.tree(for: list)
        let tiles = DamageTiles(rects: [PixelRect(x: 22, y: 28, width: 2, height: 2)], width: 64, height: 64)
        var coarse = DamageCulling(), exact = DamageCulling(exact: true)
        coarse.select(trees, touching: tiles)
        exact.select(trees, touching: tiles)
        XCTAssertEqual(coarse.selected.count, 1)
        XCTAssertEqual(exact.selected, [])
        let overlapping = DamageTiles(rects: [PixelRect(x: 22, y: 19, width: 2, height: 2)], width: 64, height: 64)
        exact.select(trees, touching: overlapping)
        XCTAssertEqual(exact.selected.count, 1, "its bounds' last row, 19, is damaged")
    }

    func testTrackingChangedDrawablesOnlyFindsWhatComparingThemAllFinds() {
        var tracker = DamageTracker()
        var previous: DrawList?
        for (index, list) in frames(count: 30).enumerated() {
            let damage = tracker.damage(for: list)
            guard let old = previous else { previous = list; continue }
            var unnumbered = list
            unnumbered.continuity = nil
            XCTAssertEqual(damage, DamageTracker.damage(from: old, to: unnumbered), "frame \(index)")
            previous = list
        }
    }
}
