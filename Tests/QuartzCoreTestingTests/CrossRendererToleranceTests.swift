import XCTest
import QuartzCoreTesting

/// GLES (llvmpipe) and CPU renderings of the same trees stay within `ImageTolerance.crossRenderer`,
/// and each renderer draws a tree to the same bytes every time.
final class CrossRendererToleranceTests: XCTestCase {
    func testRenderersAgreeWithinTheDocumentedTolerance() throws {
        var largest = 0
        for sample in SampleTrees.crossRendererTrees() {
            let gles = try renderImage(of: sample.layer, at: sample.time, renderer: .gles)
            let cpu = try renderImage(of: sample.layer, at: sample.time, renderer: .cpu)
            let comparison = ImageComparison(reference: gles, actual: cpu, tolerance: .crossRenderer)
            XCTAssertTrue(comparison.matches, "\(sample.name): \(comparison.summary)")
            largest = max(largest, comparison.maximumChannelDifference)
            print("cross-renderer \(sample.name): \(comparison.summary)")
        }
        print("cross-renderer largest channel difference: \(largest)")
    }

    func testEachRendererIsDeterministic() throws {
        for renderer in SnapshotRenderer.allCases {
            for sample in SampleTrees.crossRendererTrees() {
                let first = try renderImage(of: sample.layer, at: sample.time, renderer: renderer)
                let again = try renderImage(of: sample.layer, at: sample.time, renderer: renderer)
                XCTAssertEqual(try first.pngData(), try again.pngData(), "\(renderer) \(sample.name)")
            }
        }
    }
}
