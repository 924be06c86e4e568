import CompositorCore
import Foundation
import QuartzCore
import Synchronization

/// Frames run as the kiosk runs them: the app's updates and commits on a thread of their own,
/// the render server's frames (the draw list at the frame's time, rendering, waiting for
/// completion) on the calling thread, which holds the renderer and its context.
///
/// One frame is in flight: the app commits frame i + 1 once frame i has taken its snapshot of
/// the committed trees (`CARenderer.didTakeFrameSnapshot`), while frame i is flattened and
/// rendered, and never further ahead (frame i + 2 waits for frame i + 1's snapshot, which comes
/// after frame i completes). Every frame therefore draws exactly its own commit, as the serial
/// loop (`FrameRenderer.benchmark`) does, and the two loops draw the same frames.
struct PipelinedFrames {
    /// Frames timed, after the warm-up.
    let frames: Int
    /// Frames drawn before the timed ones (at least one: the first interval needs a frame before it).
    let warmUp: Int

    /// Runs `warmUp + frames` frames: `commit(i)` on the app's thread makes and commits frame
    /// `i`'s changes, `makeList(i)` on the calling thread takes the snapshot and flattens it,
    /// and `render` (nil: none, the model side alone) renders the list and waits for completion.
    func run(renderer: CARenderer, commit: @escaping @Sendable (Int) -> Void, makeList: (Int) throws -> DrawList,
             render: ((DrawList) throws -> RenderStatistics)?) throws -> PipelinedFrameTimes {
        let total = max(warmUp, 1) + max(frames, 1)
        let handoff = FrameHandoff()
        renderer.didTakeFrameSnapshot = { handoff.snapshotTaken.signal() }
        defer { renderer.didTakeFrameSnapshot = nil }
        let app = Thread {
            for index in 0..<total {
                if index > 0 { handoff.snapshotTaken.wait() }
                if handoff.stopped.load(ordering: .acquiring) { break }
                let start = Self.now()
                commit(index)
                handoff.record(app: Self.milliseconds(from: start, to: Self.now()))
                handoff.committed.signal()
            }
            handoff.appFinished.signal()
        }
        app.name = "qc-bench app"
        app.start()
        // Whatever ends the loop, the app's thread is let go and waited for before returning.
        defer {
            handoff.stopped.store(true, ordering: .releasing)
            handoff.snapshotTaken.signal()
            handoff.appFinished.wait()
        }
        var times = PipelinedFrameTimes()
        var lastCompletion: UInt64 = 0
        for index in 0..<total {
            let waitStart = Self.now()
            handoff.committed.wait()
            let start = Self.now()
            let list = try makeList(index)
            let flattened = Self.now()
            let statistics = try render?(list)
            let end = Self.now()
            if index >= max(warmUp, 1) {
                times.intervals.append(Self.milliseconds(from: lastCompletion, to: end))
                times.commitWaits.append(Self.milliseconds(from: waitStart, to: start))
                times.flattens.append(Self.milliseconds(from: start, to: flattened))
                times.renders.append(Self.milliseconds(from: flattened, to: end))
                if let statistics { times.last = statistics }
            }
            lastCompletion = end
        }
        times.appFrames = handoff.appMilliseconds(from: max(warmUp, 1))
        return times
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private static func milliseconds(from start: UInt64, to end: UInt64) -> Double { Double(end - start) / 1e6 }
}

/// What the two threads of a pipelined run hand each other.
private final class FrameHandoff: Sendable {
    /// Signalled by the app's thread when a frame is committed.
    let committed = DispatchSemaphore(value: 0)
    /// Signalled by the render thread when a frame has taken its snapshot (and once more when
    /// the run ends, to let the app's thread go).
    let snapshotTaken = DispatchSemaphore(value: 0)
    /// Signalled by the app's thread when it is done.
    let appFinished = DispatchSemaphore(value: 0)
    /// Set when the render thread stops (the run ended, or a frame failed).
    let stopped = Atomic<Bool>(false)
    private let appTimes = Mutex<[Double]>([])

    /// Records how long the app's update and commit of a frame took.
    func record(app milliseconds: Double) {
        appTimes.withLock { $0.append(milliseconds) }
    }

    /// The app's times from frame `first` on.
    func appMilliseconds(from first: Int) -> [Double] {
        appTimes.withLock { Array($0.dropFirst(first)) }
    }
}

/// The timings of a pipelined run's timed frames, in milliseconds.
struct PipelinedFrameTimes {
    /// The intervals between completed frames (each frame's completion minus the one before).
    var intervals: [Double] = []
    /// The app's update and commit of each frame, on its thread (with the commit's wait for the
    /// frame being flattened: `FlatteningFrames`).
    var appFrames: [Double] = []
    /// How long the render thread waited for each frame's commit.
    var commitWaits: [Double] = []
    /// Each frame's draw list: the snapshot and flattening.
    var flattens: [Double] = []
    /// Each frame's rendering and wait for completion (0 without rendering).
    var renders: [Double] = []
    /// The statistics of the last frame timed.
    var last = RenderStatistics()

    /// The intervals as a result: median, 90th percentile, the last frame's statistics.
    var result: FrameBenchmarkResult { FrameBenchmarkResult(times: intervals, last: last) }

    /// The median of `values` (0 when empty).
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }

    /// The note that says what the line measured: each stage's median.
    var stagesNote: String {
        String(format: "pipelined as the kiosk runs frames (app thread: update + commit; render thread: drawList + render + wait; one frame in flight); ms per frame is the interval between completed frames; medians: app %.2f ms (with any wait for the frame to let go of its snapshot), flatten %.2f ms, render %.2f ms, render thread waiting for the commit %.2f ms",
               Self.median(appFrames), Self.median(flattens), Self.median(renders), Self.median(commitWaits))
    }
}

/// A value the app's thread of a pipelined run alone uses while the run lasts (the scene it
/// updates); the calling thread does not touch it until the run has waited for that thread.
struct AppThreadValue<Value>: @unchecked Sendable {
    let value: Value
}
