import Foundation
import XCTest

/// A built executable of this package run as a child process, its output collected.
struct ToolProcess {
    /// What a run left behind.
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The folder holding the built products: the one that holds the test bundle.
    static let productsDirectory: URL = {
        if let bundle = Bundle.allBundles.first(where: { $0.bundleURL.pathExtension == "xctest" }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }()

    let name: String

    var url: URL { Self.productsDirectory.appendingPathComponent(name) }

    /// Runs the tool with `arguments` in `directory`, stdout and stderr each to a file so that a
    /// long output never blocks the child on a full pipe.
    func run(_ arguments: [String], in directory: URL? = nil,
             file: StaticString = #filePath, line: UInt = #line) throws -> Result {
        let executable = try XCTUnwrap(FileManager.default.isExecutableFile(atPath: url.path) ? url : nil,
                                       "\(name) is not built at \(url.path)", file: file, line: line)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout"), errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = out
        process.standardError = err
        var environment = ProcessInfo.processInfo.environment
        environment["LIBGL_ALWAYS_SOFTWARE"] = environment["LIBGL_ALWAYS_SOFTWARE"] ?? "1"
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(status: process.terminationStatus,
                      standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}

/// A folder of its own for one test's files, removed by the test's teardown.
func makeScratchDirectory(for test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tool-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}
