import Testing
import QuartzCoreTesting

/// QuartzCoreTesting under Swift Testing: a comparison that fails attaches the reference, the
/// actual and the difference image to the test's result.
struct ReferenceComparisonTests {
    private func solid(red: CGFloat, blue: CGFloat) throws -> CGImage {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.backgroundColor = CGColor(red: red, green: 0, blue: blue, alpha: 1)
        return try renderImage(of: layer, renderer: .cpu)
    }

    @Test func mismatchAttachesTheThreeImages() throws {
        let comparison = ImageComparison(reference: try solid(red: 1, blue: 0), actual: try solid(red: 0, blue: 1))
        #expect(!comparison.matches)
        #expect(comparison.differingPixelCount == 64)
        #expect(comparison.maximumChannelDifference == 255)
        comparison.recordAttachments(named: "mismatch")
    }
}
