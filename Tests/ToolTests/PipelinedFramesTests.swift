import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore
import XCTest
@testable import qc_bench

/// qc-bench's pipelined loop (`PipelinedFrames`): the app's commits on their own thread, one
/// frame in flight, draw the same frames as the serial loop.
final class PipelinedFramesTests: XCTestCase {
    /// S1 (every card turned by each frame's update) and S1-anim (running animations, evaluated
    /// at each frame's time): each frame of the pipelined loop draws the list and the pixels of
    /// the serial loop's frame of the same index.
    func testPipelinedFramesEqualSerialFrames() throws {
        for kind in [BenchmarkScene.Kind.s1, .s1Animated] {
            // One scene for both loops (S1-anim's animations begin when it is committed), each
            // loop drawing it on a renderer of its own.
            let scene = BenchmarkScene(kind: kind, count: 60)
            let serial = try frames(of: scene, pipelined: false)
            let pipelined = try frames(of: scene, pipelined: true)
            XCTAssertEqual(serial.lists.count, 8)
            XCTAssertEqual(pipelined.lists.count, 8)
            for (index, (a, b)) in zip(serial.lists, pipelined.lists).enumerated() {
                XCTAssertGreaterThan(a.commands.count, 40, "\(kind) frame \(index)")
                XCTAssertTrue(a == b, "\(kind) frame \(index) differs")
            }
            // The frames differ from one another (S1's by its commits, S1-anim's by its running
            // animations, which began before the scene's time 0): a frame that drew the next
            // commit, or a time before the animations began, would show.
            XCTAssertFalse(serial.lists[2] == serial.lists[3], "\(kind)")
            XCTAssertTrue(serial.pixels == pipelined.pixels, "\(kind): the last frames' pixels differ")
        }
    }

    /// The timed frames of a pipelined run: one interval, one app time, one flattening and
    /// one rendering a frame, none negative; without rendering, no render time.
    func testPipelinedRunTimesEveryTimedFrame() throws {
        let renderer = try CARenderer(cpuPixelWidth: 96, pixelHeight: 54)
        let scene = BenchmarkScene(kind: .s4, count: 30)
        renderer.layer = scene.root
        let app = AppThreadValue(value: scene)
        let times = try PipelinedFrames(frames: 6, warmUp: 2).run(
            renderer: renderer, commit: { app.value.update(time: Double($0) / 60) },
            makeList: { try renderer.drawList(atTime: Double($0) / 60) }, render: nil)
        for stage in [times.intervals, times.appFrames, times.commitWaits, times.flattens, times.renders] {
            XCTAssertEqual(stage.count, 6)
            XCTAssertTrue(stage.allSatisfy { $0 >= 0 }, "\(stage)")
        }
        XCTAssertEqual(times.renders, Array(repeating: 0, count: 6), accuracy: 0.05)
        XCTAssertTrue(times.stagesNote.hasPrefix("pipelined"), times.stagesNote)
        XCTAssertEqual(times.result.frames, 6)
    }

    /// `--pipelined` goes with the scenes (and `--model-only`), not with the modes that measure
    /// scenes of their own.
    func testPipelinedOptionGoesWithTheScenes() throws {
        XCTAssertTrue(try QCBench.parse(["--pipelined"]).pipelined)
        XCTAssertFalse(try QCBench.parse([]).pipelined)
        XCTAssertTrue(try QCBench.parse(["--pipelined", "--model-only"]).pipelined)
        for other in [["--filters"], ["--video"], ["--specialized"], ["--damage-only"], ["--animations", "10"]] {
            XCTAssertThrowsError(try QCBench.parse(["--pipelined"] + other), "\(other)")
        }
    }

    /// A run with `--pipelined` prints each scene's serial line, then its pipelined line in the
    /// same format, whose note says it is pipelined.
    func testPipelinedLineFollowsTheSerialLine() throws {
        let result = try ToolProcess(name: "qc-bench").run(["--backend", "cpu", "--scenes", "S4", "--sizes", "100", "--frames", "3",
                                                            "--warmup", "1", "--no-damage", "--no-plot", "--pipelined"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(lines.count, 2, result.standardOutput)
        let objects = try lines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for object in objects {
            XCTAssertEqual(object["scene"] as? String, "S4")
            XCTAssertEqual(object["n"] as? Int, 100)
            XCTAssertEqual(object["frames"] as? Int, 3)
            XCTAssertGreaterThan(try XCTUnwrap(object["ms_per_frame_median"] as? Double), 0)
        }
        XCTAssertFalse((objects[0]["notes"] as? String)?.contains("pipelined") ?? true)
        XCTAssertTrue((objects[1]["notes"] as? String)?.contains("; pipelined as the kiosk runs frames") ?? false, "\(objects[1])")
    }

    /// The draw lists of eight frames of `scene` (frame i updated to time i / 60 and drawn at
    /// that time after the scene's origin), with the pixels of the last, drawn by the serial
    /// loop or the pipelined one on a renderer of their own.
    private func frames(of scene: BenchmarkScene, pipelined: Bool) throws -> (lists: [DrawList], pixels: Data) {
        // The whole 1920x1080 canvas at a tenth of its size.
        let renderer = try CARenderer(cpuPixelWidth: 192, pixelHeight: 108, scale: 0.1)
        renderer.layer = scene.root
        let origin = scene.timeOrigin
        var lists: [DrawList] = []
        let makeList = { (index: Int) throws -> DrawList in
            let list = try renderer.drawList(atTime: origin + Double(index) / 60)
            lists.append(list)
            return list
        }
        let render = { (list: DrawList) throws -> RenderStatistics in try renderer.frameRenderer.render(list) }
        if pipelined {
            let app = AppThreadValue(value: scene)
            _ = try PipelinedFrames(frames: 6, warmUp: 2).run(renderer: renderer, commit: { app.value.update(time: Double($0) / 60) },
                                                               makeList: makeList, render: render)
        } else {
            _ = try renderer.frameRenderer.benchmark(frames: 6, warmUpFrames: 2) { index in
                scene.update(time: Double(index) / 60)
                return try makeList(index)
            }
        }
        return (lists, try renderer.makeImage().data)
    }
}

/// Asserts that two arrays of times are equal within `accuracy` each.
private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
