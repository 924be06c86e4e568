import ArgumentParser
import CompositorCore
import ExampleScenes
import Foundation
import GLESRenderer
import RendererTestSupport
import XCTest
@testable import qc_bench

/// qc-bench: its options as the scripts use them, and output lines in the SCENES.md format.
final class BenchToolTests: XCTestCase {
    func testDefaultsAreTheStandardRun() throws {
        let options = try QCBench.parse([])
        XCTAssertEqual(options.scenes, [.s1, .s2, .s3, .s4, .s5])
        XCTAssertEqual(options.sizes, [100, 1000, 10000])
        XCTAssertEqual(options.frames, 120)
        XCTAssertEqual(options.warmUp, 10)
        XCTAssertEqual(options.backend.backends, ["gles", "cpu"])
        XCTAssertTrue(options.measuresDamage)
        XCTAssertEqual(options.plotPath, "out/bench.svg")
        // S5 counts five layers a unit: 160 and 1600 (SCENES.md), nothing for 10000.
        XCTAssertEqual(options.counts(for: .s5), [160, 1600])
    }

    /// The options of the comparison script: `--backend both --sizes 1000,10000 --frames 60
    /// --warmup 5 --no-damage --no-plot`.
    func testComparisonScriptOptions() throws {
        let options = try QCBench.parse(["--backend", "both", "--sizes", "1000,10000", "--frames", "60", "--warmup", "5",
                                         "--no-damage", "--no-plot"])
        XCTAssertEqual(options.sizes, [1000, 10000])
        XCTAssertEqual(options.frames, 60)
        XCTAssertEqual(options.warmUp, 5)
        XCTAssertFalse(options.measuresDamage)
        XCTAssertNil(options.plotPath)
        XCTAssertEqual(try QCBench.parse(["--scenes", "s2,S4", "--backend", "cpu"]).scenes, [.s2, .s4])
        XCTAssertEqual(try QCBench.parse(["--plot", "x.svg"]).plotPath, "x.svg")
        XCTAssertThrowsError(try QCBench.parse(["--scenes", "S1,"]))
        XCTAssertThrowsError(try QCBench.parse(["--animations", "0"]))
    }

    /// `--model-only`: one line per scene and N with the model side's time per changed layer;
    /// S4 changes every layer, S5 every child (four of each parent's five layers).
    func testModelOnlyReportsTimePerChangedLayer() throws {
        let options = try QCBench.parse(["--model-only", "--scenes", "S4"])
        XCTAssertTrue(options.modelOnly)
        XCTAssertNil(options.plotPath)
        XCTAssertThrowsError(try QCBench.parse(["--model-only", "--specialized"]))
        XCTAssertThrowsError(try QCBench.parse(["--model-only", "--damage-only"]))
        XCTAssertThrowsError(try QCBench.parse(["--model-only", "--animations", "10"]))

        let result = try ToolProcess(name: "qc-bench").run(["--backend", "cpu", "--model-only", "--scenes", "S4,S5",
                                                            "--sizes", "100", "--frames", "3", "--warmup", "1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(lines.count, 2, result.standardOutput)
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.map { $0["scene"] as? String }, ["S4", "S5"])
        XCTAssertEqual(objects.map { $0["n"] as? Int }, [100, 160])
        for (object, changed) in zip(objects, [100, 128]) {
            XCTAssertEqual(object["backend"] as? String, "model")
            XCTAssertEqual(object["frames"] as? Int, 3)
            let perLayer = try XCTUnwrap(object["us_per_changed_layer_median"] as? Double)
            let perFrame = try XCTUnwrap(object["ms_per_frame_median"] as? Double)
            XCTAssertGreaterThan(perLayer, 0)
            // The frame's median over its changed layers, each rounded (3 and 2 decimals).
            XCTAssertEqual(perLayer * Double(changed) / 1000, perFrame, accuracy: 0.005 + Double(changed) * 0.0005 / 1000)
            XCTAssertTrue((object["notes"] as? String)?.hasPrefix("\(changed) changed layers a frame") == true,
                          "\(object)")
        }
        XCTAssertTrue(result.standardError.contains("qc-bench: model S4 N=100"), result.standardError)
    }

    func testBenchmarkTimesTheRequestedFramesAfterWarmUp() throws {
        SoftwareGL.useUnlessConfigured()
        let context = try GLESContext()
        let renderer = try GLESRenderer(target: try OffscreenTarget(context: context, pixelWidth: 32, pixelHeight: 32))
        var built: [Int] = []
        let red = PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1)
        let quad = Quad(transform: .identity, rect: CGRect(x: 0, y: 0, width: 8, height: 8), fillColor: red)
        let result = try renderer.benchmark(frames: 12, warmUpFrames: 3) { index in
            built.append(index)
            return DrawList(pixelWidth: 32, pixelHeight: 32, commands: [.quad(quad), .quad(quad)])
        }
        XCTAssertEqual(built, Array(0..<15))
        XCTAssertEqual(result.frames, 12)
        XCTAssertEqual(result.drawCalls, 1)
        XCTAssertGreaterThan(result.medianMilliseconds, 0)
        XCTAssertGreaterThanOrEqual(result.p90Milliseconds, result.medianMilliseconds)
    }

    func testOutputLinesFollowScenesFormat() throws {
        let result = try ToolProcess(name: "qc-bench").run(["--backend", "gles", "--scenes", "S1", "--sizes", "100",
                                                            "--frames", "2", "--warmup", "1", "--no-damage", "--no-plot"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(lines.count, 1, result.standardOutput)
        let line = String(try XCTUnwrap(lines.first))
        XCTAssertTrue(line.hasPrefix("{\"peer\": \"OpenQuartzCore\", \"backend\": \"gles\", \"scene\": \"S1\", \"n\": 100, \"ms_per_frame_median\": "), line)
        let keys = ["peer", "backend", "scene", "n", "ms_per_frame_median", "ms_p90", "frames", "draw_calls", "notes"]
        let positions = keys.map { line.range(of: "\"\($0)\": ")?.lowerBound }
        XCTAssertFalse(positions.contains(nil), line)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), "keys out of the SCENES.md order: \(line)")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["frames"] as? Int, 2)
        XCTAssertEqual(object["draw_calls"] as? Int, 1, "S1 on GLES is one instanced draw call")
        let median = try XCTUnwrap(object["ms_per_frame_median"] as? Double)
        XCTAssertGreaterThan(median, 0)
        XCTAssertEqual(median, (median * 100).rounded() / 100, "two decimals")
        // The progress line goes to standard error, before the measurement.
        XCTAssertTrue(result.standardError.contains("qc-bench: gles S1 N=100"), result.standardError)
    }
}
