import MediaDecoding
import MediaTestSupport
import RendererTestSupport
import XCTest
import Foundation

/// Builds Tests/AppleStyleClient, a separate package that depends on this one by path and holds
/// Apple-style code, to prove that such code compiles unchanged against `import QuartzCore` and
/// `import AVFoundation`, then runs it and checks the values it prints.
///
/// The build goes to `ClientPackageProcess.sharedScratch` (`.build-clients`, ignored), shared with
/// the other two client packages: whichever of the three runs first compiles the library a second
/// time (a few minutes on a small machine), the others and later runs are incremental.
final class AppleStyleClientTests: XCTestCase {
    func testAppleStyleClientBuildsAndRuns() throws {
        let package = ClientPackageProcess.repositoryRoot.appendingPathComponent("Tests/AppleStyleClient")
        let scratch = ClientPackageProcess.sharedScratch
        XCTAssertTrue(FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path))

        let arguments = ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path]
        let build = try ClientPackageProcess.runRetryingFromScratch(arguments, scratch: scratch)
        XCTAssertEqual(build.status, 0, "the Apple-style client failed to build:\n\(build.output.suffix(6000))")
        guard build.status == 0 else { return }

        let client = scratch.appendingPathComponent("debug/AppleStyleClient")
        // The QuartzCore product carries Swift Testing's CoreGraphics overlay; an executable that
        // depends on it must still not need Swift Testing's library.
        let libraries = try ClientPackageProcess.run(["ldd", client.path])
        XCTAssertEqual(libraries.status, 0, libraries.output)
        XCTAssertTrue(libraries.output.contains("libswiftCore.so"), libraries.output)
        XCTAssertFalse(libraries.output.contains("libTesting"), libraries.output)

        let result = try ClientPackageProcess.run([client.path, ClipFixtures.barcode30.path])
        XCTAssertEqual(result.status, 0, result.output)
        // Values the client prints, computed independently here.
        XCTAssertTrue(result.output.contains("badge rotation: \(Double.pi / 4) position.x: 20.0"), result.output)
        XCTAssertTrue(result.output.contains("hit: card opacity: 0.5 animations: [\"fade\"]"), result.output)
        // The subclass's bounds setter ran for its frame; its class default, needsDisplay(forKey:)
        // and draw(in:) were honoured; the boxed transform reads back through both casts; the
        // animation subclass's copy kept its tag; the override's NSNull comes back as given.
        XCTAssertTrue(result.output.contains("gauge: bounds set 1 corner 4.0 drawn [0.5] scale 2.0 2.0 tag pulse hidden action is NSNull true"),
                      result.output)
        // The card (200 wide, centred at x = 200) is turned 30° about y after moving 10 towards
        // the viewer: its left edge lands at x = 200 - 100 cos 30° + 10 sin 30°.
        let left = 200 - 100 * cos(Double.pi / 6) + 10 * sin(Double.pi / 6)
        let frameLine = result.output.split(separator: "\n").first { $0.hasPrefix("card frame:") }.map(String.init) ?? ""
        let numbers = frameLine.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        XCTAssertEqual(numbers.first ?? .nan, left, accuracy: 1e-9, frameLine)
        // The video: the exact seek lands on frame 47, which the rendered barcode spells.
        XCTAssertTrue(result.output.contains("seek finished: true"), result.output)
        let readyLine = result.output.split(separator: "\n").first { $0.hasPrefix("ready for display:") } ?? ""
        XCTAssertTrue(readyLine.hasPrefix("ready for display: true"), String(readyLine))
        XCTAssertTrue(readyLine.contains("x: 0.0, y: 0.0") && readyLine.contains("width: 320.0, height: 240.0"), String(readyLine))
        let barcodeLine = result.output.split(separator: "\n").first { $0.hasPrefix("barcode:") } ?? ""
        let lumas = barcodeLine.dropFirst("barcode:".count).split(separator: " ").compactMap { Int($0) }
        XCTAssertEqual(lumas.count, BarcodeClip.bits, String(barcodeLine))
        let index = lumas.enumerated().reduce(0) { $0 | ($1.element > 128 ? 1 << $1.offset : 0) }
        XCTAssertEqual(index, 47, String(barcodeLine))
    }
}
