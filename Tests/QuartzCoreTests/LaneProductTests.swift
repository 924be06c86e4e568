import Foundation
import XCTest
import CompositorCore
@testable import QuartzCoreModel
@testable import RenderServer

/// `CATransform3D.concatenatingInLanes` (the flattener's world map, four lanes at a time) gives
/// the scalar product's bits: the same multiplications and additions in the same order.
final class LaneProductTests: XCTestCase {
    /// Values that tell products apart by their bits: signed zeros, ones, infinities, a NaN,
    /// subnormals and ordinary numbers of several magnitudes.
    private static let specials: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan,
                                             .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e308, -1e-300,
                                             0.1, 3, -2.5]

    private func entries(_ t: CATransform3D) -> [UInt64] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
         t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map { Double($0).bitPattern }
    }

    private func transform(_ d: [Double]) -> CATransform3D {
        let e = d.map { CGFloat($0) }
        return CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                      m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// A transform whose entries are, by `round`: ordinary numbers; the special values mixed with
    /// small ones; or zeros of both signs, ones, minus ones and ordinary numbers (the
    /// flattener's usual world maps: translations and identities).
    private func randomTransform(round: Int, using generator: inout SystemRandomNumberGenerator) -> CATransform3D {
        func entry() -> Double {
            switch round % 3 {
            case 0: return Double.random(in: -1000...1000, using: &generator)
            case 1: return Bool.random(using: &generator)
                ? Self.specials.randomElement(using: &generator)!
                : Double.random(in: -2...2, using: &generator)
            default: return [0, -0.0, 1, -1, Double.random(in: -500...500, using: &generator)]
                .randomElement(using: &generator)!
            }
        }
        return transform((0..<16).map { _ in entry() })
    }

    func testTheLaneProductHasTheScalarProductsBits() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4000 {
            let a = randomTransform(round: round, using: &generator)
            let b = randomTransform(round: round, using: &generator)
            XCTAssertEqual(entries(a.concatenatingInLanes(b)), entries(a.concatenating(b)), "\(a) then \(b)")
        }
        // A translation after a map with negative zeros, exactly.
        let a = transform([1, -0.0, 0, 0, -0.0, 1, 0, 0, 0, 0, 1, -0.0, -0.0, 5, -0.0, 1])
        let b = CATransform3DMakeTranslation(10, 20, 0)
        XCTAssertEqual(entries(a.concatenatingInLanes(b)), entries(a.concatenating(b)))
    }

    /// The product flattening its left factor's z (`flatteningZ`, the world map of a layer whose
    /// superlayer flattens it) has the bits of the scalar product of `flattenedZ`, whatever the
    /// third column held (signed zeros, infinities and NaNs included).
    func testTheFlatteningLaneProductHasTheFlattenedScalarProductsBits() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4000 {
            let a = randomTransform(round: round, using: &generator)
            let b = randomTransform(round: round, using: &generator)
            XCTAssertEqual(entries(a.concatenatingInLanes(b, flatteningZ: true)),
                           entries(a.flattenedZ.concatenating(b)), "\(a) flattened, then \(b)")
            XCTAssertEqual(entries(a.concatenatingInLanes(b, flatteningZ: false)), entries(a.concatenating(b)))
        }
        // A 2-D rotation after a translation, its z column negative zeros and a NaN before flattening.
        let a = transform([0.6, 0.8, -0.0, 0, -0.8, 0.6, .nan, 0, 0, 0, 1, 0, 12.5, -3, -0.0, 1])
        let b = CATransform3DMakeTranslation(-0.0, 20, 7)
        XCTAssertEqual(entries(a.concatenatingInLanes(b, flatteningZ: true)), entries(a.flattenedZ.concatenating(b)))
    }

    /// A moved layer's quads take the world map as rows stored into the matrix
    /// (`FrameFlattener.worldMatrix`): the bits of `Matrix4(world(_:in:))`, flattened or not.
    func testTheWorldMatrixHasTheWorldMapsBits() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<1000 {
            func entry() -> Double {
                round % 2 == 0 ? Double.random(in: -1000...1000, using: &generator)
                    : Self.specials.randomElement(using: &generator)!
            }
            let toParent = transform((0..<16).map { _ in entry() }), world = transform((0..<16).map { _ in entry() })
            for flattens in [false, true] {
                let parent = ParentContext(flattensSublayers: flattens, world: world, time: 0)
                let expected = Matrix4(FrameFlattener.world(toParent, in: parent))
                XCTAssertEqual(entries(CATransform3D(FrameFlattener.worldMatrix(toParent, in: parent))),
                               entries(CATransform3D(expected)), "\(toParent) in \(world), flattened: \(flattens)")
            }
        }
    }
}
