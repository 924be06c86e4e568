import XCTest
@testable import QuartzCore
@testable import QuartzCoreModel

/// `presentation()` makes the copies of the sublayers when they are first read
/// (`PresentationSource`): these check that what is read is what copying the whole tree at once
/// gives, whatever happens to the model in between, and that hit testing the presentation tree
/// finds the layers where they are seen.
final class PresentationLazyCopyTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        super.tearDown()
    }

    func testLazyCopiesEqualTheWholeCopyAtSeveralTimes() throws {
        let tree = makeTree()
        for offset in [0.1, 0.45, 0.8, 1.5] {
            let time = tree.start + offset
            let whole = Self.describe(Self.copiedWhole(tree.root.makePresentation(at: time)))
            let lazy = tree.root.makePresentation(at: time)
            XCTAssertEqual(Self.describe(lazy), whole, "at +\(offset) s")
        }
    }

    func testLazyCopiesReadAfterTheModelChangesEqualTheWholeCopy() throws {
        let tree = makeTree()
        let groups = tree.root.sublayers!
        // Each change alone, between the presentation and the reading of its sublayers.
        let changes: [(String, () -> Void)] = [
            ("a committed property", {
                CATransaction.setDisableActions(true)
                groups[1].sublayers![0].position = CGPoint(x: 333, y: 333)
                CATransaction.flush()
            }),
            ("a committed custom key", {
                CATransaction.setDisableActions(true)
                groups[0].setValue(9.0, forKey: "progress")
                CATransaction.flush()
            }),
            ("the timing of a layer", { groups[2].speed = 2 }),
            ("an added animation", {
                groups[3].sublayers![2].add(runningAnimation("opacity", from: 0.0, to: 0.1), forKey: "fade")
            }),
            ("a removed sublayer", { groups[1].sublayers![2].removeFromSuperlayer() }),
            ("an added sublayer", { groups[0].addSublayer(CALayer()) }),
            ("a name", { groups[3].sublayers![1].name = "renamed" }),
            ("the actions", { groups[2].sublayers![0].actions = ["opacity": NSNull()] }),
            ("a compositing filter", { groups[1].sublayers![1].compositingFilter = "multiplyBlendMode" }),
        ]
        for (offset, (what, change)) in changes.enumerated() {
            let time = tree.start + 0.1 * Double(offset + 1)
            let whole = Self.describe(Self.copiedWhole(tree.root.makePresentation(at: time)))
            let lazy = tree.root.makePresentation(at: time)
            // The first level read before the change, the rest after it.
            _ = lazy.sublayers?.first?.opacity
            change()
            XCTAssertEqual(Self.describe(lazy), whole, "after \(what)")
            CATransaction.flush()
        }
    }

    func testHitTestOfThePresentationFindsTheAnimatedPosition() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        root.position = CGPoint(x: 200, y: 200)
        var cards: [CALayer] = []
        for k in 0..<50 {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            card.position = CGPoint(x: 30 + CGFloat(k % 10) * 30, y: 30 + CGFloat(k / 10) * 30)
            root.addSublayer(card)
            cards.append(card)
        }
        CATransaction.flush()
        let moving = cards[7]
        // Halfway from its model position (240, 30) to (240, 330): at (240, 180) now.
        moving.add(runningAnimation("position", from: moving.position, to: CGPoint(x: 240, y: 330), duration: 1000,
                                    elapsed: 500), forKey: "move")
        let presented = try XCTUnwrap(root.presentation())
        let hit = try XCTUnwrap(presented.hitTest(CGPoint(x: 240, y: 181)))
        XCTAssertTrue(hit.model() === moving, "the card is hit where it is seen")
        XCTAssertTrue(hit.superlayer === presented)
        XCTAssertTrue(hit === presented.sublayers?[7], "the hit is the copy the sublayers give")
        XCTAssertEqual(hit.position.y, 180, accuracy: 1)
        let whereItWas = try XCTUnwrap(root.presentation()?.hitTest(CGPoint(x: 240, y: 30)))
        XCTAssertTrue(whereItWas.model() === root, "not where its model is")
    }

    func testHitTestWithoutCopyingEqualsTheHitTestOfTheWholeCopy() throws {
        let tree = makeTree()
        let time = tree.start + 0.35
        let whole = Self.copiedWhole(tree.root.makePresentation(at: time))
        for x in stride(from: -10.0, through: 330.0, by: 7.0) {
            for y in stride(from: -10.0, through: 330.0, by: 7.0) {
                let point = CGPoint(x: x, y: y)
                let lazy = tree.root.makePresentation(at: time)
                let expected = whole.hitTest(point)
                let found = lazy.hitTest(point)
                XCTAssertTrue(found?.model() === expected?.model(), "at \(point)")
                XCTAssertEqual(found.map { ObjectIdentifier(type(of: $0)) }, expected.map { ObjectIdentifier(type(of: $0)) })
            }
        }
    }

    func testHitTestMakesTheCopiesOfTheHitAndItsAncestorsOnly() throws {
        let tree = makeTree()
        let presented = tree.root.makePresentation(at: tree.start + 0.5)
        // Group 3 (raised; at (220, 220) moving by (60, -40): at (250, 200) halfway, its frame
        // from (190, 140)); its first leaf at (30, 40), a 50-point square: (195, 155) to (245, 205).
        let hit = try XCTUnwrap(presented.hitTest(CGPoint(x: 200, y: 170)))
        XCTAssertTrue(hit.model() === tree.root.sublayers![3].sublayers![0])
        let rootSource = try XCTUnwrap(presented.presentationSource)
        let madeGroups = (0..<4).filter { rootSource.madeChild(at: $0) != nil }
        XCTAssertEqual(madeGroups, [3], "the hit's superlayer alone among the groups")
        let group = try XCTUnwrap(rootSource.madeChild(at: 3))
        let groupSource = try XCTUnwrap(group.presentationSource)
        XCTAssertEqual((0..<3).filter { groupSource.madeChild(at: $0) != nil }, [0])
        XCTAssertTrue(hit.superlayer === group)
        XCTAssertTrue(presented.sublayers?[3].sublayers?[0] === hit, "the copy the sublayers give")
    }

    func testHitTestAsksASubclassBelowAPlainLayerWhatItContains() throws {
        let root = makeLayer(size: CGSize(width: 300, height: 300), position: CGPoint(x: 150, y: 150))
        let group = makeLayer(size: CGSize(width: 200, height: 200), position: CGPoint(x: 100, y: 100))
        let disc = DiscTestLayer()
        disc.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        disc.position = CGPoint(x: 100, y: 100)
        group.addSublayer(disc)
        root.addSublayer(group)
        CATransaction.flush()
        // The group halfway from (100, 100) to (180, 100): the disc's centre at (140, 100).
        group.add(runningAnimation("position", from: CGPoint(x: 100, y: 100), to: CGPoint(x: 180, y: 100),
                                   duration: 1000, elapsed: 500), forKey: "move")
        let centre = try XCTUnwrap(root.presentation()?.hitTest(CGPoint(x: 140, y: 100)))
        XCTAssertTrue(centre.model() === disc)
        XCTAssertTrue(centre is DiscTestLayer)
        // Inside the disc's bounds, outside its circle: the group's.
        let corner = try XCTUnwrap(root.presentation()?.hitTest(CGPoint(x: 95, y: 55)))
        XCTAssertTrue(corner.model() === group)
        // Inside the model of the group, left of its presentation.
        let left = try XCTUnwrap(root.presentation()?.hitTest(CGPoint(x: 20, y: 100)))
        XCTAssertTrue(left.model() === root)
        let whole = Self.copiedWhole(try XCTUnwrap(root.presentation()))
        for x in stride(from: 30.0, through: 290.0, by: 13.0) {
            for y in stride(from: 0.0, through: 210.0, by: 13.0) {
                let point = CGPoint(x: x, y: y)
                XCTAssertTrue(root.presentation()?.hitTest(point)?.model() === whole.hitTest(point)?.model(), "at \(point)")
            }
        }
    }

    func testTheMaskOfThePresentationIsAPresentationToo() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let mask = CALayer()
        mask.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.mask = mask
        CATransaction.flush()
        mask.add(runningAnimation("opacity", from: 0.0, to: 1.0), forKey: "fade")
        let presented = try XCTUnwrap(layer.presentation())
        let presentedMask = try XCTUnwrap(presented.mask)
        XCTAssertFalse(presentedMask === mask)
        XCTAssertTrue(presentedMask.model() === mask)
        XCTAssertEqual(presentedMask.opacity, 0.5, accuracy: 0.05)
        XCTAssertNil(presentedMask.superlayer)
    }

    func testAPresentationDroppedUnreadLeavesNothingToMake() throws {
        let tree = makeTree()
        var lazy: CALayer? = tree.root.makePresentation(at: tree.start)
        XCTAssertNotNil(lazy)
        lazy = nil
        tree.root.sublayers![0].position = CGPoint(x: 1, y: 1)
        CATransaction.flush()
    }

    // MARK: - Helpers

    /// A committed tree with animations of position, opacity and a custom key, a hidden layer,
    /// a layer that masks to its bounds, a raised `zPosition`, a rotated layer, nesting and a
    /// subclass.
    private func makeTree() -> (root: CALayer, start: CFTimeInterval) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 320)
        root.position = CGPoint(x: 160, y: 160)
        for k in 0..<4 {
            let group = k == 2 ? LazyCopyTestLayer() : CALayer()
            group.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
            group.position = CGPoint(x: 70 + CGFloat(k % 2) * 150, y: 70 + CGFloat(k / 2) * 150)
            group.masksToBounds = k == 1
            group.zPosition = k == 3 ? 1 : 0
            group.setValue(Double(k), forKey: "progress")
            for j in 0..<3 {
                let leaf = CALayer()
                leaf.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                leaf.position = CGPoint(x: 30 + CGFloat(j) * 35, y: 40 + CGFloat(j) * 20)
                leaf.isHidden = j == 2 && k == 0
                if j == 1 { leaf.transform = CATransform3DMakeRotation(0.4, 0, 0, 1) }
                group.addSublayer(leaf)
            }
            root.addSublayer(group)
        }
        CATransaction.flush()
        let start = CACurrentMediaTime()
        for (k, group) in root.sublayers!.enumerated() {
            group.add(Self.animation("position", from: group.position,
                                     to: CGPoint(x: group.position.x + 60, y: group.position.y - 40), begin: start),
                      forKey: "move")
            group.add(Self.animation("progress", from: 0.0, to: 10.0 + Double(k), begin: start), forKey: "progress")
            group.sublayers![0].add(Self.animation("opacity", from: 0.2, to: 1.0, begin: start), forKey: "fade")
            group.sublayers![1].add(Self.animation("bounds.size.width", from: 10.0, to: 90.0, begin: start),
                                    forKey: "grow")
        }
        CATransaction.flush()
        return (root, start)
    }

    /// A linear one-second animation of `keyPath` beginning at the media time `begin`.
    private static func animation(_ keyPath: String, from: Any, to: Any, begin: CFTimeInterval) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.beginTime = begin
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        return animation
    }

    /// `presented` with every copy below it made now.
    private static func copiedWhole(_ presented: CALayer) -> CALayer {
        var pending = [presented]
        while let next = pending.popLast() { pending += next.sublayers ?? [] }
        return presented
    }

    /// What a presentation tree shows, layer by layer, depth first.
    private static func describe(_ presented: CALayer) -> [String] {
        var lines: [String] = []
        var pending: [(CALayer, String)] = [(presented, "0")]
        while let (layer, path) = pending.popLast() {
            let model = layer.model()
            lines.append("\(path) \(type(of: layer)) model=\(ObjectIdentifier(model).hashValue) " +
                         "position=\(layer.position) bounds=\(layer.bounds) opacity=\(layer.opacity) " +
                         "hidden=\(layer.isHidden) z=\(layer.zPosition) transform=\(layer.transform.m11),\(layer.transform.m12) " +
                         "progress=\(layer.value(forKey: "progress") ?? "nil") " +
                         "superlayer=\(layer.superlayer.map { ObjectIdentifier($0.model()).hashValue } ?? 0) " +
                         "presentation=\(layer !== model) name=\(layer.name ?? "nil") " +
                         "actions=\(layer.actions?.keys.sorted() ?? []) compositing=\(layer.compositingFilter ?? "nil")")
            for (index, sublayer) in (layer.sublayers ?? []).enumerated().reversed() {
                pending.append((sublayer, "\(path).\(index)"))
            }
        }
        return lines
    }
}

/// A subclass, made and asked by hit testing rather than tested on its state.
private final class LazyCopyTestLayer: CALayer {}

/// A layer that contains the points of the circle its bounds enclose.
private final class DiscTestLayer: CALayer {
    override func contains(_ p: CGPoint) -> Bool {
        let radius = bounds.width / 2
        return hypot(p.x - bounds.midX, p.y - bounds.midY) <= radius
    }
}
