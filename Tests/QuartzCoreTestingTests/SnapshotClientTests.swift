import RendererTestSupport
import XCTest
import QuartzCoreTesting

/// Builds Tests/SnapshotClient, a separate package whose snapshot tests use QuartzCoreSnapshotTesting
/// as an app's tests would, and runs them: against their committed references, in record mode into
/// a temporary folder (twice, in separate processes, to show the PNGs are the same bytes), against
/// those recordings, and against a recording changed by one pixel, which must fail with the
/// reference, actual and difference images written and named.
///
/// The build goes to `ClientPackageProcess.sharedScratch` (`.build-clients`, ignored), shared with
/// the other two client packages: whichever of the three runs first compiles the library a second
/// time (a few minutes on a small machine), the others and later runs are incremental.
final class SnapshotClientTests: XCTestCase {
    private static let repositoryRoot = ClientPackageProcess.repositoryRoot
    private static let referenceNames = ["testBadgeHalfWayThroughItsEntrance.cpu.png", "testBadgeHalfWayThroughItsEntrance.gles.png",
                                         "testCardAtRest.cpu.png", "testCardAtRest.gles.png"]

    func testClientRecordsVerifiesAndReportsAOnePixelChange() throws {
        let package = Self.repositoryRoot.appendingPathComponent("Tests/SnapshotClient")
        let scratch = ClientPackageProcess.sharedScratch
        let build = ["swift", "build", "--build-tests", "--package-path", package.path, "--scratch-path", scratch.path]
        let built = try ClientPackageProcess.runRetryingFromScratch(build, scratch: scratch)
        XCTAssertEqual(built.status, 0, "the snapshot client failed to build:\n\(built.output.suffix(6000))")
        guard built.status == 0 else { return }
        let tests = scratch.appendingPathComponent("debug/SnapshotClientPackageTests.xctest").path

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-client-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let verify = ["SNAPSHOT_TESTING_RECORD": "never", "SNAPSHOT_ARTIFACTS": work.appendingPathComponent("artifacts").path]

        // The committed references, recorded on another run (and machine), still match.
        let committed = try ClientPackageProcess.run([tests], environment: verify)
        XCTAssertEqual(committed.status, 0, committed.output.suffix(6000).description)

        // Record mode writes all four references, and fails each assertion as swift-snapshot-testing does.
        var recordings: [URL] = []
        for copy in ["first", "second"] {
            let folder = work.appendingPathComponent(copy)
            let recorded = try ClientPackageProcess.run([tests], environment: ["SNAPSHOT_TESTING_RECORD": "all", "SNAPSHOT_CLIENT_SNAPSHOTS": folder.path])
            XCTAssertNotEqual(recorded.status, 0)
            XCTAssertEqual(recorded.output.components(separatedBy: "Record mode is on").count - 1, 4, recorded.output)
            recordings.append(folder)
        }
        for name in Self.referenceNames {
            let first = try Data(contentsOf: recordings[0].appendingPathComponent(name))
            XCTAssertEqual(first, try Data(contentsOf: recordings[1].appendingPathComponent(name)), "\(name) differs between processes")
        }

        var environment = verify
        environment["SNAPSHOT_CLIENT_SNAPSHOTS"] = recordings[0].path
        let verified = try ClientPackageProcess.run([tests], environment: environment)
        XCTAssertEqual(verified.status, 0, verified.output.suffix(6000).description)

        // One pixel of the mid-flight GLES reference made 40 steps darker in red.
        let changed = recordings[0].appendingPathComponent("testBadgeHalfWayThroughItsEntrance.gles.png")
        let reference = try CGImage(contentsOfPNGFile: changed)
        var bytes = [UInt8](reference.data)
        let offset = 30 * reference.bytesPerRow + 5 * 4
        bytes[offset] = bytes[offset] >= 40 ? bytes[offset] - 40 : bytes[offset] + 40
        try XCTUnwrap(CGImage(width: reference.width, height: reference.height, bytesPerRow: reference.bytesPerRow,
                              data: Data(bytes))).writePNG(to: changed)
        let failed = try ClientPackageProcess.run([tests], environment: environment)
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertEqual(failed.output.components(separatedBy: "does not match reference").count - 1, 1, failed.output)
        XCTAssertTrue(failed.output.contains("1 of 6000 pixels differ by more than 2 (1 differ at all); the largest channel difference is 40 at x 5, y 30"),
                      failed.output)
        let difference = failed.output.split(separator: "\n").first { $0.hasPrefix("difference: ") }.map { String($0.dropFirst(12)) }
        let differencePath = try XCTUnwrap(difference, failed.output)
        XCTAssertTrue(differencePath.hasPrefix(work.appendingPathComponent("artifacts/QuartzCoreTesting").path), differencePath)
        let picture = try CGImage(contentsOfPNGFile: URL(fileURLWithPath: differencePath))
        XCTAssertTrue(picture.premultipliedPixel(x: 5, y: 30)! == (255, 0, 0, 255))
        XCTAssertEqual(picture.premultipliedPixel(x: 6, y: 30)?.g, picture.premultipliedPixel(x: 6, y: 30)?.r)
    }
}
