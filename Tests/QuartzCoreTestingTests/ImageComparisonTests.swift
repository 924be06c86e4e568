import XCTest
import QuartzCoreTesting

/// `ImageComparison`, `ImageTolerance`, the difference image and `checkImage(_:againstReferenceAt:)`.
final class ImageComparisonTests: XCTestCase {
    /// A `width` x `height` image of one premultiplied colour, with `changes` applied.
    private func image(_ width: Int = 10, _ height: Int = 10, _ rgba: [UInt8] = [40, 80, 120, 255],
                       changes: [(x: Int, y: Int, rgba: [UInt8])] = []) -> CGImage {
        var bytes = [UInt8]()
        for _ in 0..<(width * height) { bytes += rgba }
        for change in changes { bytes.replaceSubrange((change.y * width + change.x) * 4 ..< (change.y * width + change.x) * 4 + 4, with: change.rgba) }
        return CGImage(width: width, height: height, bytesPerRow: width * 4, data: Data(bytes))!
    }

    func testIdenticalImagesMatchExactly() {
        let comparison = ImageComparison(reference: image(), actual: image())
        XCTAssertTrue(comparison.matches)
        XCTAssertEqual(comparison.differingPixelCount, 0)
        XCTAssertEqual(comparison.maximumChannelDifference, 0)
        XCTAssertNil(comparison.largestDifferenceLocation)
        XCTAssertEqual(comparison.summary, "The images are identical.")
    }

    func testOnePixelCountsAndLocatesTheLargestDifference() {
        let actual = image(changes: [(3, 7, [40, 80, 130, 255]), (5, 1, [42, 80, 120, 255])])
        let comparison = ImageComparison(reference: image(), actual: actual)
        XCTAssertFalse(comparison.matches)
        XCTAssertEqual(comparison.pixelCount, 100)
        XCTAssertEqual(comparison.differingPixelCount, 2)
        XCTAssertEqual(comparison.changedPixelCount, 2)
        XCTAssertEqual(comparison.maximumChannelDifference, 10)
        XCTAssertEqual(comparison.largestDifferenceLocation?.x, 3)
        XCTAssertEqual(comparison.largestDifferenceLocation?.y, 7)
        XCTAssertTrue(comparison.summary.hasPrefix("2 of 100 pixels differ by more than 0"), comparison.summary)
        XCTAssertTrue(comparison.summary.contains("largest channel difference is 10 at x 3, y 7"), comparison.summary)
    }

    func testChannelToleranceAndPrecision() {
        let actual = image(changes: [(3, 7, [40, 80, 130, 255]), (5, 1, [42, 80, 120, 255])])
        let within2 = ImageComparison(reference: image(), actual: actual, tolerance: ImageTolerance(maximumChannelDifference: 2))
        XCTAssertEqual(within2.differingPixelCount, 1)
        XCTAssertFalse(within2.matches)
        XCTAssertTrue(ImageComparison(reference: image(), actual: actual,
                                      tolerance: ImageTolerance(maximumChannelDifference: 10)).matches)
        // 99 % of 100 pixels allows one differing pixel, not two.
        XCTAssertTrue(ImageComparison(reference: image(), actual: actual,
                                      tolerance: ImageTolerance(precision: 0.99, maximumChannelDifference: 2)).matches)
        XCTAssertFalse(ImageComparison(reference: image(), actual: actual, tolerance: ImageTolerance(precision: 0.99)).matches)
        XCTAssertTrue(ImageComparison(reference: image(), actual: actual, tolerance: ImageTolerance(precision: 0.98)).matches)
        // Out-of-range values are clamped.
        XCTAssertEqual(ImageTolerance(precision: 2, maximumChannelDifference: -3), .exact)
    }

    func testDifferentSizesNeverMatch() {
        let comparison = ImageComparison(reference: image(10, 10), actual: image(12, 10),
                                         tolerance: ImageTolerance(precision: 0, maximumChannelDifference: 255))
        XCTAssertFalse(comparison.matches)
        XCTAssertEqual(comparison.summary, "The image is 12 x 10 pixels; the reference is 10 x 10.")
        let difference = comparison.differenceImage()
        XCTAssertEqual(difference.width, 12)
        XCTAssertEqual(difference.premultipliedPixel(x: 11, y: 0)?.b, 255)
    }

    func testDifferenceImageMarksPixelsBeyondAndWithinTheTolerance() throws {
        let actual = image(changes: [(3, 7, [40, 80, 130, 255]), (5, 1, [42, 80, 120, 255])])
        let comparison = ImageComparison(reference: image(), actual: actual, tolerance: ImageTolerance(maximumChannelDifference: 2))
        let difference = comparison.differenceImage()
        XCTAssertTrue(difference.premultipliedPixel(x: 3, y: 7)! == (255, 0, 0, 255))
        XCTAssertTrue(difference.premultipliedPixel(x: 5, y: 1)! == (255, 220, 0, 255))
        // A matching pixel is grey, lighter than the reference: luminance of (40, 80, 120) is 74.6, 191 + 74.6 / 4 = 209.65.
        XCTAssertTrue(difference.premultipliedPixel(x: 0, y: 0)! == (210, 210, 210, 255))
        // The PNG data round-trips.
        XCTAssertEqual(try CGImage.decodePNG(comparison.differencePNGData()).data, difference.data)
        XCTAssertEqual(try CGImage.decodePNG(comparison.actualPNGData()).data, actual.data)
    }

    func testCheckImageRecordsThenMatchesThenWritesArtifacts() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qct-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let reference = directory.appendingPathComponent("refs/square.png")
        let artifacts = directory.appendingPathComponent("artifacts")
        let tree = SampleTrees.slidingSquare()
        let rendered = try renderImage(of: tree, at: 0.5)

        let first = try checkImage(rendered, againstReferenceAt: reference, artifactsDirectory: artifacts)
        guard case .recorded(let url) = first else { return XCTFail("expected a recording, got \(first)") }
        XCTAssertEqual(url, reference)
        XCTAssertTrue(first.failureMessage?.contains(reference.path) ?? false)

        let second = try checkImage(try renderImage(of: tree, at: 0.5), againstReferenceAt: reference, artifactsDirectory: artifacts)
        XCTAssertNil(second.failureMessage)

        // 0.51 s moves the square 0.6 pt: its edge columns change.
        let third = try checkImage(try renderImage(of: tree, at: 0.51), againstReferenceAt: reference, artifactsDirectory: artifacts)
        guard case .mismatched(let comparison, let written) = third else { return XCTFail("expected a mismatch, got \(third)") }
        XCTAssertEqual(written.difference, artifacts.appendingPathComponent("square.difference.png"))
        for file in [written.reference, written.actual, written.difference] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), file.path)
            XCTAssertTrue(third.failureMessage?.contains(file.path) ?? false)
        }
        XCTAssertGreaterThan(comparison.differingPixelCount, 0)
        XCTAssertEqual(try CGImage(contentsOfPNGFile: written.reference).data, try CGImage(contentsOfPNGFile: reference).data)
    }
}
