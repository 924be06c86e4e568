import XCTest

/// Each built tool answers --help with its usage and exit status 0, and a bad value with a
/// message on standard error and exit status 64 (EX_USAGE), never a silently replaced value.
final class ToolCommandLineTests: XCTestCase {
    private let tools = ["qc-render", "qc-bench", "qc-kiosk", "qc-fuzz", "qc-soak"]

    func testHelpPrintsUsageAndSucceeds() throws {
        for tool in tools {
            let result = try ToolProcess(name: tool).run(["--help"])
            XCTAssertEqual(result.status, 0, "\(tool) --help: \(result.standardError)")
            XCTAssertTrue(result.standardOutput.contains("USAGE: \(tool)"), "\(tool) --help printed:\n\(result.standardOutput)")
            XCTAssertTrue(result.standardOutput.contains("--help"), result.standardOutput)
        }
    }

    /// (tool, arguments, a word the message must name) for values each tool must refuse.
    private let badValues: [(String, [String], String)] = [
        ("qc-bench", ["--frames", "abc"], "--frames"),
        ("qc-bench", ["--frames", "0"], "--frames"),
        ("qc-bench", ["--scenes", "S1,S9"], "S9"),
        ("qc-bench", ["--sizes", "100,-5"], "-5"),
        ("qc-bench", ["--backend", "vulkan"], "--backend"),
        ("qc-bench", ["--warmup", "many"], "--warmup"),
        ("qc-bench", ["--no-damage", "--damage-only"], "--damage-only"),
        ("qc-bench", ["--bogus"], "--bogus"),
        ("qc-render", ["--scene", "groupopaci"], "groupopaci"),
        ("qc-render", ["--scale", "0"], "--scale"),
        ("qc-render", ["--size", "800x"], "--size"),
        ("qc-render", ["--time", "soon"], "--time"),
        ("qc-render", ["--renderer", "metal"], "--renderer"),
        ("qc-render", ["--frames", "0,x,1"], "--frames"),
        ("qc-render", ["--time", "1", "--frames", "0,1"], "--frames"),
        ("qc-render", ["--sequence"], "--sequence"),
        ("qc-kiosk", ["--rotate", "45"], "--rotate"),
        ("qc-kiosk", ["--pacing", "quadruple"], "--pacing"),
        ("qc-kiosk", ["--mode", "wide"], "--mode"),
        ("qc-kiosk", ["--stats", "0"], "--stats"),
        ("qc-kiosk", ["--key", "1.0:sideways"], "--key"),
        ("qc-kiosk", ["--cpu", "--gpu"], "--gpu"),
        ("qc-fuzz", ["gif"], "gif"),
        ("qc-soak", ["--renderer", "metal"], "--renderer"),
        ("qc-soak", ["--frames", "many"], "--frames"),
        ("qc-fuzz", ["png", "/nonexistent/input"], "/nonexistent/input"),
    ]

    func testBadValuesExitWithUsageStatusAndMessage() throws {
        for (tool, arguments, word) in badValues {
            let result = try ToolProcess(name: tool).run(arguments)
            let call = "\(tool) \(arguments.joined(separator: " "))"
            XCTAssertEqual(result.status, 64, "\(call) exited \(result.status)\n\(result.standardOutput)\(result.standardError)")
            XCTAssertTrue(result.standardError.contains("Error:") && result.standardError.contains(word),
                          "\(call) said:\n\(result.standardError)")
            XCTAssertFalse(result.standardOutput.contains("{\"peer\""), "\(call) measured anyway")
        }
    }
}
