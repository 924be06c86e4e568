import AVFoundation
import CompositorCore
import ExampleScenes
import Foundation
import MediaDecoding

/// `qc-bench --video`: a 1920×1080 30 fps H.264 clip playing full screen under 100 animated
/// cards (scene S1's), paced at the video's rate on the renderer's clock. Per frame: the time to
/// build and composite it, the video frames uploaded and their bytes (one copy each: the planes
/// read in place by `glTexSubImage2D`, or converted once by the CPU renderer); separately, the
/// decoder's rate on the same clip alone.
struct VideoBenchmark {
    let renderer: CARenderer
    let backend: String
    let device: String
    let frames: Int

    /// The clip, written once per run (5 s of SMPTE bars with a moving ball).
    static func makeClip() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("qc-bench-1080p30-\(getpid()).mp4")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        Progress.announce("encoding a 1920x1080 30 fps H.264 clip (5 s)")
        try ClipWriter.run("videotestsrc num-buffers=150 pattern=ball ! video/x-raw,format=I420,width=1920,height=1080,framerate=30/1 "
            + "! x264enc speed-preset=ultrafast key-int-max=30 ! h264parse ! mp4mux ! filesink location=\"\(url.path)\"", timeout: 600)
        return url
    }

    /// Milliseconds per frame of decoding the clip alone, as fast as the decoder goes.
    static func decodeMilliseconds(_ url: URL) throws -> Double {
        let pipeline = try DecodePipeline(uri: url.absoluteString, playsAudio: false, queueDepth: 8)
        let end = Date().addingTimeInterval(30)
        while !pipeline.poll().contains(.asyncDone), Date() < end { usleep(1000) }
        let start = DispatchTime.now().uptimeNanoseconds
        pipeline.setPlaying(true)
        var count = 0
        while pipeline.pullFrame(timeout: 2, preroll: false) != nil { count += 1 }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(max(1, count))
    }

    func run(clip: URL, decodeMilliseconds: Double) throws -> Measurement {
        Progress.announce("\(backend) video 1080p30 under 100 cards: \(frames) frames at 30 fps")
        let scene = BenchmarkScene(kind: .s1, count: 100)
        let player = AVPlayer(url: clip)
        player.isMuted = true
        player.actionAtItemEnd = .none
        let videoLayer = AVPlayerLayer(player: player)
        videoLayer.frame = scene.root.bounds
        scene.root.insertSublayer(videoLayer, at: 0)
        CATransaction.flush()
        let ready = Date().addingTimeInterval(30)
        while player.currentItem?.status != .readyToPlay, Date() < ready { usleep(1000) }
        player.play()
        renderer.layer = scene.root
        renderer.tracksDamage = false
        let frameBytes = 1920 * 1080 * 3 / 2
        let start = CACurrentMediaTime()
        var times: [Double] = [], last = RenderStatistics(), uploads = 0
        let warmUp = 10
        // Frames the player dropped during the warm-up (the first frames compile the renderer's
        // shader variants), counted apart from those of the timed frames.
        var droppedInWarmUp = 0
        for index in 0..<(warmUp + max(1, frames)) {
            if index == warmUp { droppedInWarmUp = player.droppedFrameCount }
            // Paced at the video's rate (frame i at start + i/30 s on the player's clock); the
            // wait is not timed.
            let wait = start + Double(index) / 30 - CACurrentMediaTime()
            if wait > 0 { usleep(UInt32(wait * 1e6)) }
            let begin = DispatchTime.now().uptimeNanoseconds
            scene.update(time: Double(index) / 30)
            let statistics = try renderer.frameRenderer.render(try renderer.drawList(atTime: CACurrentMediaTime()))
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6
            if index >= warmUp { times.append(elapsed); last = statistics; uploads += statistics.textureUploads }
        }
        let result = FrameBenchmarkResult(times: times, last: last)
        let dropped = player.droppedFrameCount - droppedInWarmUp
        let headroom = 1000.0 / 30 - result.medianMilliseconds
        let copies = backend == "cpu" ? "converted once on the CPU" : "1 copy (glTexSubImage2D of the planes; no dma-buf import on \(device))"
        let notes = "\(device); 1920x1080 30 fps H.264 under 100 S1 cards, paced at 30 fps; "
            + String(format: "decode %.2f ms/frame alone (avdec_h264); ", decodeMilliseconds)
            + "\(uploads) video frames uploaded in \(times.count) frames, \(frameBytes) bytes each, \(copies); dropped \(dropped) (\(droppedInWarmUp) in the \(warmUp) warm-up frames); "
            + String(format: "headroom %.1f ms of 33.3", headroom)
        let measurement = Measurement(backend: backend, scene: "V1", n: 100, result: result, notes: notes)
        emitLine(measurement.jsonLine)
        player.pause()
        return measurement
    }
}
