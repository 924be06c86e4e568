import Foundation

/// Runs the commands that build and run the client packages under Tests/ (separate packages that
/// depend on this one by path, holding Apple-style code).
public enum ClientPackageProcess {
    /// The repository root.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The one scratch path the three client packages under Tests/ build into, `.build-clients` at
    /// the repository root (ignored by `.gitignore`). They depend on this package by the same path
    /// with the same debug flags, so whichever client builds first compiles the library and the
    /// others reuse its modules (SwiftPM regenerates the plan when the root package changes, but
    /// the library's unchanged compile commands are skipped), where a scratch path of their own
    /// each compiled the whole library three extra times.
    public static let sharedScratch = repositoryRoot.appendingPathComponent(".build-clients")

    /// A finished command: its exit status and its stdout and stderr together.
    public struct Run {
        /// The exit status.
        public let status: Int32
        /// Standard output and standard error together.
        public let output: String
    }

    /// Runs `arguments` through `/usr/bin/env` with `environment` added to this process's,
    /// collecting stdout and stderr in a file so a long output can never block the child on a
    /// full pipe.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("client-package-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Run(status: process.terminationStatus, output: output)
    }

    /// Runs `arguments` (a `swift build` or `swift test` with `scratch` as its scratch path); when
    /// that fails, runs them once more from an empty scratch path: SwiftPM's incremental build of
    /// a path dependency can miss files added to it since the last run ("cannot find type in scope").
    public static func runRetryingFromScratch(_ arguments: [String], scratch: URL) throws -> Run {
        let first = try run(arguments)
        guard first.status != 0 else { return first }
        try? FileManager.default.removeItem(at: scratch)
        return try run(arguments)
    }
}
