import RendererTestSupport
import XCTest
import Foundation

/// Runs the Swift Testing tests of Tests/AppleStyleTestingClient, a separate package that depends
/// on this one by path and holds Apple-style `@Test` functions (`import Testing` with
/// `import QuartzCore`, which needs Swift Testing's CoreGraphics cross-import overlay), and checks
/// that they all passed and that the rendered frame they attach is written as a PNG.
///
/// The build goes to `ClientPackageProcess.sharedScratch` (`.build-clients`, ignored), shared with
/// the other two client packages: whichever of the three runs first compiles the library a second
/// time (a few minutes on a small machine), the others and later runs are incremental.
final class AppleStyleTestingClientTests: XCTestCase {
    /// The `@Test` functions of the client (a parameterized test counts once). Update it when
    /// adding tests there.
    private static let clientTestCount = 12

    func testAppleStyleSwiftTestingClientPasses() throws {
        let root = ClientPackageProcess.repositoryRoot
        let package = root.appendingPathComponent("Tests/AppleStyleTestingClient")
        let scratch = ClientPackageProcess.sharedScratch
        let attachments = FileManager.default.temporaryDirectory.appendingPathComponent("client-attachments-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: attachments, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: attachments) }

        let arguments = ["swift", "test", "--package-path", package.path, "--scratch-path", scratch.path,
                         "--attachments-path", attachments.path]
        let result = try ClientPackageProcess.runRetryingFromScratch(arguments, scratch: scratch)
        let output = String(result.output.suffix(8000))
        XCTAssertEqual(result.status, 0, "the Apple-style Swift Testing client failed:\n\(output)")
        XCTAssertTrue(result.output.contains("Test run with \(Self.clientTestCount) tests"), output)
        XCTAssertTrue(result.output.contains("passed after"), output)
        XCTAssertFalse(result.output.contains("✘"), output)

        // The frame attached with `Attachment.record(image, named: "frame")` is saved as frame.png.
        let saved = try FileManager.default.contentsOfDirectory(atPath: attachments.path)
        let frame = try XCTUnwrap(saved.first { $0.hasPrefix("frame") && $0.hasSuffix(".png") }, "\(saved)")
        let png = try Data(contentsOf: attachments.appendingPathComponent(frame))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // QuartzCoreTesting's failed comparison attaches its three images.
        for role in ["reference", "actual", "difference"] {
            XCTAssertTrue(saved.contains { $0.hasPrefix("mismatch.\(role)") && $0.hasSuffix(".png") }, "\(role) in \(saved)")
        }
    }
}
