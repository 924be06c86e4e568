import CompositorCore
import Foundation
import XCTest

/// The one blur plan both renderers execute: padding of 3 sigma, halvings while sigma exceeds 4
/// pixels, and a Gaussian whose spread with the halvings' boxes adds up to the sigma asked for.
final class BlurPlanTests: XCTestCase {
    func testASmallBlurRunsAtFullResolutionPaddedByThreeSigma() {
        let plan = BlurPlan(sigma: 3, contentWidth: 40, contentHeight: 20)
        XCTAssertEqual(plan.levels, 0)
        XCTAssertEqual(plan.downsample, 1)
        XCTAssertEqual(plan.padding, 9)
        XCTAssertEqual(plan.sigma, 3)
        XCTAssertEqual(plan.radius, 9, "taps to 3 sigma")
        XCTAssertEqual([plan.width, plan.height], [58, 38])
        XCTAssertEqual(plan.coveredRect, CGRect(x: -9, y: -9, width: 58, height: 38))
        XCTAssertFalse(plan.isIdentity)
    }

    func testWeightsAreTheNormalizedGaussian() {
        let plan = BlurPlan(sigma: 2.5, contentWidth: 10, contentHeight: 10)
        XCTAssertEqual(Double(plan.symmetricWeights.reduce(0, +)), 1, accuracy: 1e-6)
        XCTAssertEqual(plan.symmetricWeights.count, 2 * plan.radius + 1)
        // The ratio of neighbouring weights is exp(-(2k + 1) / (2 sigma^2)).
        XCTAssertEqual(Double(plan.weights[1] / plan.weights[0]), exp(-1 / 12.5), accuracy: 1e-6)
        XCTAssertEqual(Double(plan.weights[3] / plan.weights[2]), exp(-5 / 12.5), accuracy: 1e-6)
    }

    func testALargeBlurHalvesUntilSigmaIsAtMostFourPixels() {
        let plan = BlurPlan(sigma: 10, contentWidth: 100, contentHeight: 50)
        XCTAssertEqual(plan.levels, 2, "10 / 2 = 5 > 4, 10 / 4 = 2.5")
        XCTAssertEqual(plan.padding, 30)
        XCTAssertEqual(plan.levelSizes.map(\.width), [160, 80, 40])
        XCTAssertEqual(plan.levelSizes.map(\.height), [110, 55, 28], "odd sizes round up: nothing is cut")
        XCTAssertEqual(plan.coveredRect, CGRect(x: -30, y: -30, width: 160, height: 112))
        XCTAssertLessThanOrEqual(plan.sigma, BlurPlan.preferredSigma)
        XCTAssertEqual(plan.radius, Int((3 * plan.sigma).rounded(.up)))
    }

    func testTheHalvingsAndTheGaussianSpreadAsMuchAsTheSigmaAskedFor() {
        for sigma in [5.0, 9, 17, 40] {
            let plan = BlurPlan(sigma: sigma, contentWidth: 64, contentHeight: 64)
            let d = Double(plan.downsample)
            // A 2x2 box at level j spreads by 4^j / 4 content pixels squared.
            let boxes = (0..<plan.levels).reduce(0.0) { $0 + pow(4, Double($1)) / 4 }
            XCTAssertEqual(boxes + plan.sigma * plan.sigma * d * d, sigma * sigma, accuracy: 1e-9, "sigma \(sigma)")
        }
    }

    func testATinyBlurIsNoBlur() {
        let plan = BlurPlan(sigma: 0.1, contentWidth: 30, contentHeight: 20)
        XCTAssertTrue(plan.isIdentity)
        XCTAssertEqual(plan.weights, [1])
        XCTAssertEqual(plan.coveredRect, CGRect(x: 0, y: 0, width: 30, height: 20))
        XCTAssertTrue(BlurPlan(sigma: .nan, contentWidth: 30, contentHeight: 20).isIdentity)
        XCTAssertFalse(BlurPlan(sigma: BlurPlan.minimumSigma, contentWidth: 30, contentHeight: 20).isIdentity)
    }

    func testAnImageLargerThanTheTextureLimitIsHalvedToFit() {
        let plan = BlurPlan(sigma: 2, contentWidth: 5000, contentHeight: 100, maximumSize: 4096)
        XCTAssertEqual(plan.levels, 1)
        XCTAssertEqual(plan.width, 2506)
        XCTAssertLessThanOrEqual(plan.radius, BlurPlan.maximumRadius)
    }

    func testAHugeBlurStopsHalvingAtOneSixtyFourthAndCapsItsTaps() {
        let plan = BlurPlan(sigma: 2000, contentWidth: 64, contentHeight: 64)
        XCTAssertEqual(plan.levels, BlurPlan.maximumLevels)
        XCTAssertEqual(plan.downsample, 64)
        XCTAssertEqual(plan.radius, BlurPlan.maximumRadius)
    }
}
