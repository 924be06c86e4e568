import Foundation
import KioskMenu
import QuartzCore
import QuartzCoreDisplay

/// Renders a demo offscreen as fast as the renderer can for a while, pressing keys that keep
/// it moving, and measures frames per second, frame time and the share redrawn: what the
/// renderer could show on a display of that size (`--measure`).
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

        /// Frames per second over the run.
        var framesPerSecond: Double { Double(frames) / max(elapsed, 1e-9) }

        /// The median of `values` (0 when empty).
        static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
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

    /// Renders at `size` for `seconds`, showing the running figures on the overlay twice a
    /// second; returns the figures and the last frame.
    func run(size: CGSize, seconds: CFTimeInterval) throws -> (Result, CGImage) {
        app.setPhysicalSize(size)
        let renderer = try CARenderer(pixelWidth: Int(size.width), pixelHeight: Int(size.height))
        renderer.layer = app.screenLayer
        renderer.tracksDamage = true
        let pixels = Double(size.width * size.height)
        var result = Result(frames: 0, elapsed: 0, frameTimes: [], redrawnFractions: [])
        let start = CACurrentMediaTime()
        var nextKey = start + keyInterval, keyIndex = 0, nextOverlay = start + 0.5
        while CACurrentMediaTime() - start < seconds {
            let now = CACurrentMediaTime()
            if now >= nextKey, !keys.isEmpty {
                app.deliver(.key(code: keys[keyIndex % keys.count], isDown: true, time: now))
                app.deliver(.key(code: keys[keyIndex % keys.count], isDown: false, time: now))
                keyIndex += 1
                nextKey += keyInterval
            }
            if now >= nextOverlay {
                result.elapsed = now - start
                overlay.show(result.figures)
                nextOverlay += 0.5
            }
            CATransaction.flush()
            let before = CACurrentMediaTime()
            _ = try renderer.renderFrame(atTime: before)
            result.frameTimes.append(CACurrentMediaTime() - before)
            let redrawn = renderer.lastDamage.reduce(0) { $0 + $1.width * $1.height }
            result.redrawnFractions.append(min(1, Double(redrawn) / pixels))
            result.frames += 1
        }
        result.elapsed = CACurrentMediaTime() - start
        overlay.show(result.figures)
        CATransaction.flush()
        renderer.tracksDamage = false
        _ = try renderer.renderFrame(atTime: CACurrentMediaTime())
        return (result, try renderer.makeImage())
    }
}
