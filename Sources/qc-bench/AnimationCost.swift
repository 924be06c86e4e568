import Foundation
import QuartzCore

/// Measures the render side's cost of evaluating running animations (flattening a tree of
/// `count` layers with and without one position animation each), the whole frames of that tree
/// with and without them (flattening and rendering), and the cost of `presentation()`.
enum AnimationCost {
    /// Median of `runs` timings of `body`, in microseconds.
    static func medianMicroseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        return times.sorted()[times.count / 2]
    }

    /// The lines of a run with `count` layers on `renderer` (`backend` names it): each kind of
    /// frame (flattened alone or whole, still or animated) timed `runs` times.
    static func run(count: Int, renderer: CARenderer, backend: String, runs: Int = 60) throws -> [String] {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        var layers: [CALayer] = []
        for k in 0..<count {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(k % 100) * 19, y: CGFloat(k / 100 % 56) * 19, width: 16, height: 16)
            layer.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.8, alpha: 1)
            root.addSublayer(layer)
            layers.append(layer)
        }
        renderer.layer = root
        CATransaction.flush()
        let still = try medianMicroseconds(runs: runs) { _ = try renderer.drawList(atTime: 1) }
        let stillFrame = try medianMicroseconds(runs: runs) { try renderer.renderFrame(atTime: 1) }
        for layer in layers {
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = layer.position
            move.toValue = CGPoint(x: layer.position.x + 100, y: layer.position.y + 50)
            move.duration = 1000
            move.beginTime = 1e-9
            move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            layer.add(move, forKey: "move")
        }
        CATransaction.flush()
        var t = 1.0
        let animated = try medianMicroseconds(runs: runs) {
            t += 1.0 / 60
            _ = try renderer.drawList(atTime: t)
        }
        let animatedFrame = try medianMicroseconds(runs: runs) {
            t += 1.0 / 60
            try renderer.renderFrame(atTime: t)
        }
        let presentation = medianMicroseconds(runs: 1000) { _ = layers[0].presentation() }
        let rootPresentation = medianMicroseconds(runs: 20) { _ = root.presentation() }
        // A tap tested against the moving layers, as Apple's documentation has it.
        let tap = CGPoint(x: 960, y: 540)
        let rootHitTest = medianMicroseconds(runs: 20) { _ = root.presentation()?.hitTest(tap) }
        var evaluation = JSONLine()
        evaluation.add("peer", "OpenQuartzCore")
        evaluation.add("backend", "evaluation")
        evaluation.add("scene", "animations")
        evaluation.add("n", count)
        evaluation.add("us_per_frame_median", animated - still, digits: 0)
        // Issue 31's figure: what one running animation adds to a frame.
        evaluation.add("us_per_animation", (animated - still) / Double(count), digits: 3)
        evaluation.add("notes", String(format: "flatten with one running position animation per layer %.0f us, without %.0f us", animated, still))
        var frame = JSONLine()
        frame.add("peer", "OpenQuartzCore")
        frame.add("backend", backend)
        frame.add("scene", "animations-frame")
        frame.add("n", count)
        frame.add("ms_per_frame_median", animatedFrame / 1000, digits: 3)
        frame.add("frames", runs)
        // The same figure for whole frames: flattening and rendering.
        frame.add("us_per_animation", (animatedFrame - stillFrame) / Double(count), digits: 3)
        frame.add("notes", String(format: "whole frame (flatten and render) with one running position animation per layer %.0f us, without %.0f us", animatedFrame, stillFrame))
        var presentationLine = JSONLine()
        presentationLine.add("peer", "OpenQuartzCore")
        presentationLine.add("backend", "evaluation")
        presentationLine.add("scene", "presentation")
        presentationLine.add("n", 1)
        presentationLine.add("us_median", presentation, digits: 1)
        presentationLine.add("notes", String(format: "presentation() of one animated leaf layer; of the %d-layer root: %.0f us; root.presentation()?.hitTest(_:): %.0f us",
                                             count, rootPresentation, rootHitTest))
        return [evaluation.text, frame.text, presentationLine.text]
    }
}
