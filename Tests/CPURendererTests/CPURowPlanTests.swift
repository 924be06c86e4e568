import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport
import XCTest

/// Planes solved for rows once with a plan (`RowBounds.solve(_:into:plan:)`) and again moved,
/// only their constants changed (`RowBounds.solveMoved`), give the bounds
/// that solving the moved planes afresh gives, bit for bit; or refuse, where a column plane's
/// offset is no longer finite.
final class CPURowPlanTests: XCTestCase {
    private static func solve(_ a: SIMD8<Double>, _ b: SIMD8<Double>, _ c: SIMD8<Double>) -> [UInt64] {
        RowBounds(SpanRegion(a: a, b: b, c: c)).fieldBits
    }

    /// Random planes (open, parallel to rows or columns, more than four a side, tiny and huge
    /// coefficients, signed zeros) moved by random constants, some of them huge enough that an
    /// offset overflows.
    func testMovedPlanesSolveAsFreshOnesBitForBit() {
        var generator = SeededGenerator(seed: 41)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        func coefficient() -> Double {
            switch generator.next(8) {
            case 0: 0
            case 1: -0.0
            case 2: random(-1...1) * 1e-300
            case 3: random(-1...1) * 1e300
            default: random(-2...2)
            }
        }
        func constant() -> Double {
            switch generator.next(10) {
            case 0: random(-1...1) * 1e308
            case 1: 0
            default: random(-300...300)
            }
        }
        var moved = 0, refused = 0, invalid = 0
        for index in 0..<3000 {
            var a = SIMD8<Double>(), b = SIMD8<Double>(), c = SIMD8<Double>(repeating: 1)
            for lane in 0..<8 where generator.next(5) != 0 {
                a[lane] = coefficient(); b[lane] = coefficient(); c[lane] = constant()
            }
            var plan = RowBounds.Plan()
            var kept = RowBounds(SpanRegion.everywhere)
            RowBounds.solve(SpanRegion(a: a, b: b, c: c), into: &kept, plan: &plan)
            XCTAssertEqual(kept.fieldBits, Self.solve(a, b, c), "case \(index): planned")
            if !plan.isValid { invalid += 1 }
            for step in 0..<3 {
                var next = c
                for lane in 0..<8 where generator.next(3) != 0 { next[lane] = step == 2 ? constant() : c[lane] + random(-40...40) }
                let fresh = Self.solve(a, b, next)
                var solved = kept
                if RowBounds.solveMoved(offsets: next, plan: &plan, into: &solved) {
                    moved += 1
                    XCTAssertEqual(solved.fieldBits, fresh, "case \(index), step \(step)")
                } else {
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(moved, 5000)
        XCTAssertGreaterThan(refused, 50)
        XCTAssertGreaterThan(invalid, 20)
    }

    /// A plan whose column plane had no finite offset is not valid: the moved solve refuses,
    /// since a finite offset would take a slot and move the later planes'.
    func testAPlaneWithoutAFiniteOffsetMakesThePlanInvalid() {
        let a = SIMD8<Double>(1, 1, 1, -1, 0, 0, 0, 0), b = SIMD8<Double>(0.5, 0, 0.25, 0, 0, 0, 0, 0)
        var plan = RowBounds.Plan()
        var bounds = RowBounds(SpanRegion.everywhere)
        RowBounds.solve(SpanRegion(a: a, b: b, c: SIMD8(.infinity, 3, 4, 5, 1, 1, 1, 1)), into: &bounds, plan: &plan)
        XCTAssertFalse(plan.isValid)
        XCTAssertFalse(RowBounds.solveMoved(offsets: SIMD8(2, 3, 4, 5, 1, 1, 1, 1), plan: &plan, into: &bounds))
    }

    /// A memo's corner sums are answered for the plane they were kept for only: another plane
    /// with the same inverse (and so the same key) but other bits in its linear part gets none.
    func testCornerSumsAreKeptForTheirPlaneOnly() {
        var memo = SpriteMemo(key: .zero, planes: SpriteLocalPlanes(gamma: .zero, up: 0, vp: 0, diagonals: false, isEmpty: true),
                              rowPlan: RowBounds.Plan(), cornerPlane: .zero, cornerSums: .zero, hasCornerSums: false)
        let plane = Homography((1.25, 0, 0, 0, 0.5, 0, 10, 20, 1))
        XCTAssertNil(memo.cornerSums(of: plane))
        memo.keepCornerSums(SIMD4(1, 2, 3, 4), of: plane)
        XCTAssertEqual(memo.cornerSums(of: Homography((1.25, 0, 0, 0, 0.5, 0, 90, -20, 1))), SIMD4(1, 2, 3, 4))
        for entry in [0, 1, 3, 4] {
            var other = plane
            withUnsafeMutableBytes(of: &other.m) { $0.storeBytes(of: $0.load(fromByteOffset: 8 * entry, as: Double.self).nextUp,
                                                                 toByteOffset: 8 * entry, as: Double.self) }
            XCTAssertNil(memo.cornerSums(of: other), "entry \(entry)")
        }
        var negativeZero = plane
        negativeZero.m.1 = -0.0
        XCTAssertNil(memo.cornerSums(of: negativeZero))
        memo.keepCornerSums(nil, of: plane)
        XCTAssertNil(memo.cornerSums(of: plane))
    }
}
