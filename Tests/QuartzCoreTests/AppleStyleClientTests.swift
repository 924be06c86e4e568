import XCTest
import Foundation

/// Builds Tests/AppleStyleClient, a separate package that depends on this one by path and holds
/// Apple-style code, to prove that such code compiles unchanged against `import QuartzCore`,
/// then runs it and checks the values it prints.
///
/// Set `QC_SKIP_CLIENT_BUILD` to skip it (it builds the library a second time, about a minute
/// on a small machine). The build goes to `.build-apple-style-client` at the repository root,
/// which `.gitignore` ignores, so later runs are incremental.
final class AppleStyleClientTests: XCTestCase {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private struct Run {
        let status: Int32
        let output: String
    }

    /// Runs `arguments` through `/usr/bin/env`, collecting stdout and stderr in a file so a long
    /// output can never block the child on a full pipe.
    private func run(_ arguments: [String]) throws -> Run {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("apple-style-client-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Run(status: process.terminationStatus, output: output)
    }

    func testAppleStyleClientBuildsAndRuns() throws {
        if ProcessInfo.processInfo.environment["QC_SKIP_CLIENT_BUILD"] != nil {
            throw XCTSkip("QC_SKIP_CLIENT_BUILD is set")
        }
        let package = Self.repositoryRoot.appendingPathComponent("Tests/AppleStyleClient")
        let scratch = Self.repositoryRoot.appendingPathComponent(".build-apple-style-client")
        XCTAssertTrue(FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path))

        let arguments = ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path]
        var build = try run(arguments)
        if build.status != 0 {
            // SwiftPM's incremental build of a path dependency can miss files added to it since
            // the last run ("cannot find type in scope"): build once more from scratch.
            try? FileManager.default.removeItem(at: scratch)
            build = try run(arguments)
        }
        XCTAssertEqual(build.status, 0, "the Apple-style client failed to build:\n\(build.output.suffix(6000))")
        guard build.status == 0 else { return }

        let client = scratch.appendingPathComponent("debug/AppleStyleClient")
        let result = try run([client.path])
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
    }
}
