import XCTest
import QuartzCoreSnapshotTesting

/// The swift-snapshot-testing strategies, through `verifySnapshot` into a temporary snapshot folder.
final class SnapshotStrategyTests: XCTestCase {
    private var directory: URL!

    override func setUp() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("qct-snapshots-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func verify(_ layer: CALayer, as strategy: Snapshotting<CALayer, CGImage>,
                        record: SnapshotTestingConfiguration.Record) -> String? {
        verifySnapshot(of: layer, as: strategy, named: "square", record: record, snapshotDirectory: directory.path,
                       testName: "sliding")
    }

    /// The paths after "reference: ", "actual: " and "difference: " in a failure message.
    private func artifactPaths(in message: String) -> [String] {
        message.split(separator: "\n").compactMap { line in
            ["reference: ", "actual: ", "difference: "].first { line.hasPrefix($0) }.map { String(line.dropFirst($0.count)) }
        }
    }

    func testRecordsVerifiesAcrossRenderersAndReportsAMismatchWithItsImages() throws {
        let recorded = verify(SampleTrees.slidingSquare(), as: .image(renderer: .cpu, at: 0.5), record: .all)
        XCTAssertTrue(recorded?.contains("Record mode is on") ?? false, recorded ?? "nil")
        let file = directory.appendingPathComponent("sliding.square.png")
        let reference = try CGImage(contentsOfPNGFile: file)
        XCTAssertEqual(reference.width, 100)
        XCTAssertTrue(reference.premultipliedPixel(x: 50, y: 50)! == (255, 0, 0, 255))

        XCTAssertNil(verify(SampleTrees.slidingSquare(), as: .image(renderer: .cpu, at: 0.5), record: .never))
        XCTAssertNil(verify(SampleTrees.slidingSquare(), as: .image(renderer: .gles, at: 0.5), record: .never))

        // 0.55 s: the square is 3 points further right; 3 columns of 20 rows change at each side.
        let failure = try XCTUnwrap(verify(SampleTrees.slidingSquare(), as: .image(at: 0.55), record: .never))
        XCTAssertTrue(failure.contains("120 of 10000 pixels differ by more than 2"), failure)
        XCTAssertTrue(failure.contains("the largest channel difference is 255"), failure)
        let paths = artifactPaths(in: failure)
        XCTAssertEqual(paths.count, 3, failure)
        for path in paths { XCTAssertTrue(FileManager.default.fileExists(atPath: path), path) }
        let difference = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: paths[2]))
        XCTAssertTrue(difference.premultipliedPixel(x: 41, y: 50)! == (255, 0, 0, 255))
        XCTAssertTrue(difference.premultipliedPixel(x: 61, y: 50)! == (255, 0, 0, 255))
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A transition mid-flight recorded with one renderer verifies with the other, and differs
    /// from the same tree a quarter of a second later (the push has moved 15 points: 15 columns
    /// turn from red to blue, 5 from blue to white, in the square's 40 rows).
    func testATransitionMidFlightRecordsAndVerifiesOnBothRenderers() throws {
        let recorded = verify(SampleTrees.pushedSquare().root, as: .image(renderer: .gles, at: 0.5), record: .all)
        XCTAssertTrue(recorded?.contains("Record mode is on") ?? false, recorded ?? "nil")
        let reference = try CGImage(contentsOfPNGFile: directory.appendingPathComponent("sliding.square.png"))
        // The old red state moved 30 points left (x -10..<50), the new blue one is at x 50..<110.
        XCTAssertTrue(reference.premultipliedPixel(x: 49, y: 50)! == (255, 0, 0, 255))
        XCTAssertTrue(reference.premultipliedPixel(x: 50, y: 50)! == (0, 0, 255, 255))
        XCTAssertNil(verify(SampleTrees.pushedSquare().root, as: .image(renderer: .cpu, at: 0.5), record: .never))
        let later = try XCTUnwrap(verify(SampleTrees.pushedSquare().root, as: .image(at: 0.75), record: .never))
        XCTAssertTrue(later.contains("800 of 10000 pixels differ"), later)
    }

    func testPrecisionAndChannelToleranceReachTheComparison() {
        _ = verify(SampleTrees.slidingSquare(), as: .image(at: 0.5), record: .all)
        // 120 of 10000 pixels differ: 98.8 % match.
        XCTAssertNil(verify(SampleTrees.slidingSquare(), as: .image(at: 0.55, precision: 0.988), record: .never))
        XCTAssertNotNil(verify(SampleTrees.slidingSquare(), as: .image(at: 0.55, precision: 0.989), record: .never))
        XCTAssertNil(verify(SampleTrees.slidingSquare(), as: .image(at: 0.55, channelTolerance: 255), record: .never))
    }

    func testImageStrategy() throws {
        let image = try renderImage(of: SampleTrees.bordersAndCorners())
        XCTAssertNotNil(verifySnapshot(of: image, as: .image, named: "image", record: .all, snapshotDirectory: directory.path))
        XCTAssertNil(verifySnapshot(of: image, as: .image, named: "image", record: .never, snapshotDirectory: directory.path))
    }
}
