import Foundation
import GLESRenderer
import KioskMenu
import QuartzCore
import QuartzCoreDisplay

/// Renders a demo offscreen for a while as a 60 Hz display would take its frames, pressing keys
/// that keep it moving, and measures the frame time (median and 99th percentile), the frames a
/// display would drop, the share redrawn and, with GLES, the fragments shaded and offscreen
/// passes run each frame (`--measure`).
///
/// Each frame is drawn for the next refresh, at that refresh's time, so every frame moves the
/// demo on by one period: drawn as fast as possible instead, frames would come faster than the
/// springs move a pixel and most would redraw nothing.
@MainActor
struct OffscreenMeasurement {
    /// What a run measured.
    struct Result {
        /// Frames rendered.
        var frames: Int
        /// Seconds the run took.
        var elapsed: CFTimeInterval
        /// Each frame's render time, in seconds.
        var frameTimes: [CFTimeInterval]
        /// Each frame's redrawn share of the target.
        var redrawnFractions: [Double]
        /// Each frame's fragments shaded (`RenderStatistics.fragmentsShaded`); empty on the CPU renderer.
        var fragmentsShaded: [Double] = []
        /// Each frame's offscreen passes and filter passes (`RenderStatistics`).
        var offscreenPasses: [Double] = []
        /// Refreshes that passed while a frame was still being drawn: frames a display drops.
        var missedRefreshes = 0

        /// Frames per second over the run.
        var framesPerSecond: Double { Double(frames) / max(elapsed, 1e-9) }

        /// The median of `values` (0 when empty).
        static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

        /// The value below which a share `p` (0 to 1) of `values` lies, by the nearest rank (0 when empty).
        static func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
            return sorted[min(max(rank, 0), sorted.count - 1)]
        }

        /// The overlay's figures for the run.
        var figures: StatusOverlay.Figures {
            StatusOverlay.Figures(framesPerSecond: framesPerSecond, frameTime: Self.median(frameTimes),
                                  redrawnFraction: redrawnFractions.isEmpty ? nil : Self.median(redrawnFractions))
        }
    }

    let app: CAKioskApplication
    let overlay: StatusOverlay
    /// Keys pressed in turn, one every `keyInterval` seconds.
    let keys: [UInt32]
    /// Seconds between key presses.
    var keyInterval: CFTimeInterval = 0.5
    /// Seconds between two refreshes of the display measured for.
    var refreshPeriod: CFTimeInterval = 1.0 / 60
    /// Draws with the CPU renderer, as a kiosk without a GPU does, instead of GLES.
    var rendersOnCPU = false

    /// Renders at `size` for `seconds`, showing the running figures on the overlay twice a
    /// second; returns the figures and the last frame.
    func run(size: CGSize, seconds: CFTimeInterval) throws -> (Result, CGImage) {
        app.setPhysicalSize(size)
        let renderer = rendersOnCPU
            ? try CARenderer(cpuPixelWidth: Int(size.width), pixelHeight: Int(size.height))
            : try CARenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        renderer.layer = app.screenLayer
        renderer.tracksDamage = true
        // The fragments are counted as the instances are written: a test per quad, and a kiosk
        // frame has a few dozen.
        let gles = renderer.frameRenderer as? GLESRenderer
        gles?.countsShadedFragments = true
        let pixels = Double(size.width * size.height)
        var result = Result(frames: 0, elapsed: 0, frameTimes: [], redrawnFractions: [])
        let start = CACurrentMediaTime()
        var schedule = RefreshSchedule(start: start, period: refreshPeriod)
        var nextKey = start + keyInterval, keyIndex = 0, nextOverlay = start + 0.5
        while schedule.nextRefresh - start < seconds {
            // Wait for the refresh, running the main run loop (timers, display links) meanwhile.
            while CACurrentMediaTime() < schedule.nextRefresh {
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: schedule.nextRefresh - CACurrentMediaTime()))
            }
            let refresh = schedule.nextRefresh
            if refresh >= nextKey, !keys.isEmpty {
                app.deliver(.key(code: keys[keyIndex % keys.count], isDown: true, time: refresh))
                app.deliver(.key(code: keys[keyIndex % keys.count], isDown: false, time: refresh))
                keyIndex += 1
                nextKey += keyInterval
            }
            if refresh >= nextOverlay {
                result.elapsed = refresh - start
                overlay.show(result.figures)
                nextOverlay += 0.5
            }
            CATransaction.flush()
            let before = CACurrentMediaTime()
            let statistics = try renderer.renderFrame(atTime: refresh)
            let finished = CACurrentMediaTime()
            if gles != nil { result.fragmentsShaded.append(Double(statistics.fragmentsShaded)) }
            result.offscreenPasses.append(Double(statistics.offscreenPasses + statistics.filterPasses))
            result.frameTimes.append(finished - before)
            let redrawn = renderer.lastDamage.reduce(0) { $0 + $1.width * $1.height }
            result.redrawnFractions.append(min(1, Double(redrawn) / pixels))
            result.frames += 1
            schedule.frameFinished(at: finished)
        }
        result.missedRefreshes = schedule.missedRefreshes
        result.elapsed = CACurrentMediaTime() - start
        overlay.show(result.figures)
        CATransaction.flush()
        renderer.tracksDamage = false
        gles?.countsShadedFragments = false
        _ = try renderer.renderFrame(atTime: CACurrentMediaTime())
        return (result, try renderer.makeImage())
    }
}
