import Foundation
import QuartzCore
@testable import QuartzCoreModel
import RendererTestSupport
@testable import RenderServer
import XCTest

/// `DepthSorter.depth(of:)`, the depth of a sublayer found from its state without the whole
/// map to its superlayer (the siblings' `sortedByDepth`), must be the depth of its bounds
/// through that map (`LayerGeometry.toPosition(of:)`) bit for bit, or the order of two cards
/// at nearly the same depth could change.
final class DepthSorterLayerDepthTests: XCTestCase {
    private var random = SeededGenerator(seed: 0xDE97_1)

    private func value(_ range: ClosedRange<CGFloat>) -> CGFloat {
        CGFloat.random(in: range, using: &random)
    }

    /// Now and then an infinite, NaN or -0 entry.
    private func odd(_ v: CGFloat) -> CGFloat {
        guard Int.random(in: 0..<12, using: &random) == 0 else { return v }
        return [.infinity, -.infinity, .nan, -0.0].randomElement(using: &random)!
    }

    /// A state with a turn in perspective (S3's cards), strong enough to put corners behind the
    /// eye now and then, or the identity; any anchor point, `anchorPointZ` and `zPosition`.
    private func randomState() -> LayerState {
        var s = LayerState()
        s.bounds = CGRect(x: value(-50...50), y: value(-50...50), width: value(-20...200), height: value(0...200))
        s.anchorPoint = CGPoint(x: value(-0.5...1.5), y: value(-0.5...1.5))
        s.position = CGPoint(x: value(-500...500), y: value(-500...500))
        s.anchorPointZ = Bool.random(using: &random) ? 0 : odd(value(-100...100))
        s.zPosition = Bool.random(using: &random) ? 0 : odd(value(-300...300))
        guard Int.random(in: 0..<5, using: &random) > 0 else { return s }
        var perspective = CATransform3DIdentity
        perspective.m34 = odd(value(-0.02...0.02))
        let turn = CATransform3DMakeRotation(value(-4...4), value(-1...1), value(-1...1), 1)
        var m = CATransform3DConcat(turn, perspective)
        m.m14 = odd(m.m14)
        m.m33 = odd(m.m33)
        m.m43 = odd(value(-300...300))
        s.transform = m
        return s
    }

    /// The depth found from the state, and the depth of the bounds through the map, as bits.
    private func depths(_ box: LayerStateBox) -> (found: UInt64, expected: UInt64) {
        let expected = DepthSorter.depth(box.value.bounds, scene: LayerGeometry.toPosition(of: box))
        return (DepthSorter.depth(of: box, minimumW: CATransform3D.minimumProjectedW).bitPattern, expected.bitPattern)
    }

    func testLayerDepthIsTheDepthThroughItsMap() {
        for round in 0..<5000 {
            let (found, expected) = depths(LayerStateBox(randomState()))
            XCTAssertEqual(found, expected, "round \(round)")
        }
    }

    /// S3's cards as they are: the depths the sort of 10,000 of them compares.
    func testSpinningCardsDepths() {
        for k in 0..<10_000 {
            var s = LayerState()
            s.bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
            s.position = CGPoint(x: CGFloat(k % 100) * 10, y: CGFloat(k / 100) * 10)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 800
            let turn = CATransform3DMakeRotation(2 * .pi * CGFloat(k) / 10_000, 0, 1, 0)
            s.transform = CATransform3DConcat(turn, perspective)
            let (found, expected) = depths(LayerStateBox(s))
            XCTAssertEqual(found, expected, "card \(k)")
        }
    }
}
