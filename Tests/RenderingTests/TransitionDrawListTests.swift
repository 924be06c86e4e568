import CompositorCore
import QuartzCore
import XCTest

/// CATransition rendering in the draw list: the layer's before and after states as
/// two groups placed by the transition's type, subtype and progress.
final class TransitionDrawListTests: XCTestCase {
    typealias P = DrawListProbe

    /// A red 50 x 40 layer at (20, 20), committed; then, in one transaction, a transition that
    /// starts at `t0` for 1 s (linear, filling both ways) and a change of the background to blue.
    private func transitioned(_ type: CATransitionType, _ subtype: CATransitionSubtype?,
                              t0: CFTimeInterval) -> (root: CALayer, layer: CALayer) {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let layer = P.layer(CGRect(x: 20, y: 20, width: 50, height: 40), P.red)
        root.addSublayer(layer)
        // A renderer draws the tree before the transition is committed, as an app's is on screen:
        // the render tree it owns keeps the committed tree as the transition's before-state.
        _ = try? P.list(root, width: 100, height: 100)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.add(P.heldTransition(type, subtype, beginTime: t0), forKey: nil)
        layer.backgroundColor = P.blue
        CATransaction.commit()
        return (root, layer)
    }

    /// The groups' canvas positions of the layer's origin and their content colours.
    private func states(_ list: DrawList) -> [(origin: CGPoint, opacity: Float, isRed: Bool)] {
        var result: [(CGPoint, Float, Bool)] = []
        var current: CompositingGroup?
        for command in list.commands {
            switch command {
            case let .beginGroup(group): current = group
            case let .quad(quad):
                if let group = current { result.append((group.transform.apply(0, 0), group.opacity, quad.fillColor.red == 1)) }
            case .endGroup: current = nil
            case .beginMask: break
            }
        }
        return result
    }

    func testPushFromRightAtZeroHalfAndOne() throws {
        let t0 = CACurrentMediaTime() + 100
        let (root, _) = transitioned(.push, .fromRight, t0: t0)
        for (time, p) in [(t0, 0.0), (t0 + 0.5, 0.5), (t0 + 1, 1.0)] {
            let list = try P.list(root, width: 100, height: 100, time: time)
            XCTAssertEqual(list.shape, "QGQEGQE", "p = \(p)")
            let s = states(list)
            guard s.count == 2 else { return XCTFail("expected two states at p = \(p)") }
            // Old (red) leaves to the left by 50 p; new (blue) comes from the right, 50 (1 - p) away.
            XCTAssertTrue(s[0].isRed)
            XCTAssertEqual(s[0].origin.x, 20 - 50 * p, accuracy: 1e-9)
            XCTAssertFalse(s[1].isRed)
            XCTAssertEqual(s[1].origin.x, 20 + 50 * (1 - p), accuracy: 1e-9)
            XCTAssertEqual(s[1].origin.y, 20)
        }
    }

    func testMoveInFromTopSlidesTheNewStateOverTheOld() throws {
        let t0 = CACurrentMediaTime() + 100
        let (root, _) = transitioned(.moveIn, .fromTop, t0: t0)
        let s = states(try P.list(root, width: 100, height: 100, time: t0 + 0.5))
        XCTAssertEqual(s.map(\.isRed), [true, false])
        XCTAssertEqual(s[0].origin, CGPoint(x: 20, y: 20))
        // From the top (minY): the new state starts 40 above and is half-way at p = 0.5.
        XCTAssertEqual(s[1].origin, CGPoint(x: 20, y: 0))
    }

    func testRevealFromBottomMovesTheOldStateUpOverTheNew() throws {
        let t0 = CACurrentMediaTime() + 100
        let (root, _) = transitioned(.reveal, .fromBottom, t0: t0)
        let s = states(try P.list(root, width: 100, height: 100, time: t0 + 0.25))
        // The new state is beneath, still; the old one is on top, 40 x 0.25 = 10 higher.
        XCTAssertEqual(s.map(\.isRed), [false, true])
        XCTAssertEqual(s[0].origin, CGPoint(x: 20, y: 20))
        XCTAssertEqual(s[1].origin, CGPoint(x: 20, y: 10))
    }

    func testFadeCrossfadesTheOpacities() throws {
        let t0 = CACurrentMediaTime() + 100
        let (root, _) = transitioned(.fade, nil, t0: t0)
        for (time, p) in [(t0, 0.0), (t0 + 0.5, 0.5), (t0 + 1, 1.0)] {
            let list = try P.list(root, width: 100, height: 100, time: time)
            let s = states(list)
            // At p = 0 the new state is invisible and left out; at p = 1 the old one is.
            XCTAssertEqual(s.filter(\.isRed).map(\.opacity), p < 1 ? [Float(1 - p)] : [], "p = \(p)")
            XCTAssertEqual(s.filter { !$0.isRed }.map(\.opacity), p > 0 ? [Float(p)] : [], "p = \(p)")
            // Both states are added inside one enclosing group, composited source-over at full opacity.
            XCTAssertEqual(list.shape, p == 0.5 ? "QGGQEGQEE" : "QGGQEE", "p = \(p)")
            let groups = list.groups
            XCTAssertEqual(groups.first?.blendMode, .sourceOver)
            XCTAssertEqual(groups.first?.opacity, 1)
            XCTAssertEqual(groups.dropFirst().map(\.blendMode), Array(repeating: .plusLighter, count: groups.count - 1))
        }
    }

    /// The exact crossfade: at p = 0.3 an opaque red state and an opaque blue one sum to an
    /// opaque mix, 0.7 red + 0.3 blue, where source-over would leave 0.7 × 0.3 = 21% see-through.
    func testFadeOfOpaqueStatesSumsToOpaque() throws {
        let t0 = CACurrentMediaTime() + 100
        let (root, _) = transitioned(.fade, nil, t0: t0)
        let list = try P.list(root, width: 100, height: 100, time: t0 + 0.3)
        let inner = list.groups.dropFirst()
        XCTAssertEqual(inner.count, 2)
        let summedAlpha = inner.map(\.opacity).reduce(0, +)
        XCTAssertEqual(summedAlpha, 1, accuracy: 1e-6)
        // The white root, then the red state, then the blue one.
        XCTAssertEqual(list.quads.map(\.fillColor.green), [1, 0, 0])
        XCTAssertEqual(list.quads.map(\.fillColor.blue), [1, 0, 1])
        XCTAssertEqual(inner.first?.opacity ?? 0, 0.7, accuracy: 1e-6)
        XCTAssertEqual(inner.last?.opacity ?? 0, 0.3, accuracy: 1e-6)
        // The enclosing group covers the layer's 50 x 40 frame at (20, 20).
        let enclosing = try XCTUnwrap(list.groups.first)
        XCTAssertEqual(enclosing.transform.apply(Double(enclosing.rect.minX), Double(enclosing.rect.minY)),
                       CGPoint(x: 20, y: 20))
        XCTAssertEqual([enclosing.pixelWidth, enclosing.pixelHeight], [50, 40])
    }

    /// The before-state is the tree as committed before the transition; later commits to the
    /// layer do not replace it.
    func testBeforeStateSurvivesLaterCommits() throws {
        let t0 = CACurrentMediaTime() + 100
        let (root, layer) = transitioned(.push, .fromLeft, t0: t0)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.commit()
        let list = try P.list(root, width: 100, height: 100, time: t0 + 0.5)
        XCTAssertEqual(list.quads.dropFirst().map(\.fillColor.red), [1, 0])
        XCTAssertEqual(list.quads.last?.fillColor.green, 1)
    }

    /// Setting `contents` on a live layer runs the implicit crossfade (001:5335): the old image
    /// fades out under the new one.
    func testContentsChangeCrossfadesTheImages() throws {
        let root = P.layer(CGRect(x: 0, y: 0, width: 100, height: 100), P.white)
        let old = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data([255, 0, 0, 255]))!
        let new = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data([0, 0, 255, 255]))!
        let layer = P.layer(CGRect(x: 10, y: 10, width: 30, height: 30))
        layer.contents = old
        root.addSublayer(layer)
        _ = try P.list(root, width: 100, height: 100) // on screen before the change (see `transitioned`)
        layer.contents = new
        CATransaction.flush()
        let list = try P.list(root, width: 100, height: 100, time: CACurrentMediaTime() + 0.1)
        XCTAssertEqual(list.shape, "QGGQEGQEE")
        let textures = list.quads.compactMap(\.texture?.image)
        XCTAssertEqual(textures.count, 2)
        XCTAssertTrue(textures.first === old)
        XCTAssertTrue(textures.last === new)
        let opacities = list.groups.dropFirst().map(\.opacity)
        XCTAssertEqual(opacities[0] + opacities[1], 1, accuracy: 1e-5)
    }
}
