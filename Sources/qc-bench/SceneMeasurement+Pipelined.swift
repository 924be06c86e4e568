import CompositorCore
import ExampleScenes
import Foundation
import QuartzCore

extension SceneMeasurement {
    /// Scene `kind` with `count` layers run as the kiosk runs it (`PipelinedFrames`): the app's
    /// updates and commits on one thread, the frames on this one. Its line's `ms_per_frame_median`
    /// is the interval between completed frames; the note gives each stage's median.
    func runPipelined(_ kind: BenchmarkScene.Kind, count: Int) throws -> Measurement {
        Progress.announce("\(backend) \(kind.rawValue) N=\(count) pipelined: \(frames + max(warmUp, 1)) frames")
        let (times, _) = try PipelinedFrames(frames: frames, warmUp: warmUp).run(
            kind, count: count, on: renderer, render: { list in try renderer.frameRenderer.render(list) })
        let notes = "\(device); \(times.stagesNote); offscreen passes \(times.last.offscreenPasses)"
        let measurement = Measurement(backend: backend, scene: kind.rawValue, n: count, result: times.result, notes: notes)
        emitLine(measurement.jsonLine)
        return measurement
    }
}

extension FrameworkCost {
    /// The model side of scene `kind` with `count` layers pipelined (`PipelinedFrames`): the
    /// update and commit on one thread, the flattening on this one, without rendering. Its
    /// line's `ms_per_frame_median` is the interval between flattened frames.
    func runPipelined(_ kind: BenchmarkScene.Kind, count: Int) throws -> String {
        Progress.announce("model \(kind.rawValue) N=\(count) pipelined: \(frames + max(warmUp, 1)) frames, not rendered")
        let (times, changed) = try PipelinedFrames(frames: frames, warmUp: warmUp).run(kind, count: count, on: renderer,
                                                                                      render: nil)
        var line = JSONLine()
        line.add("peer", "OpenQuartzCore")
        line.add("backend", "model")
        line.add("scene", kind.rawValue)
        line.add("n", count)
        line.add("ms_per_frame_median", times.result.medianMilliseconds, digits: 2)
        line.add("ms_p90", times.result.p90Milliseconds, digits: 2)
        line.add("frames", frames)
        line.add("notes", "\(changed) changed layers a frame; no rendering; \(times.stagesNote)")
        return line.text
    }
}

extension PipelinedFrames {
    /// Builds scene `kind` with `count` layers for `renderer` and runs it pipelined: the scene's
    /// updates and commits on the app's thread, its frames at their times on this one, each
    /// rendered by `render` (nil: flattened alone). Returns the timings and the layers a frame
    /// changes.
    func run(_ kind: BenchmarkScene.Kind, count: Int, on renderer: CARenderer,
             render: ((DrawList) throws -> RenderStatistics)?) throws -> (times: PipelinedFrameTimes, changedLayers: Int) {
        let scene = BenchmarkScene(kind: kind, count: count)
        renderer.layer = scene.root
        renderer.tracksDamage = false
        let timeOrigin = scene.timeOrigin, changed = scene.changedLayerCount
        let app = AppThreadValue(value: scene)
        let times = try run(renderer: renderer, commit: { index in app.value.update(time: Double(index) / 60) },
                            makeList: { index in try renderer.drawList(atTime: timeOrigin + Double(index) / 60) },
                            render: render)
        return (times, changed)
    }
}
