import QuartzCore

/// A small layer tree and a CPU renderer shared by the model-side targets: one renderer for
/// the whole run (libFuzzer calls a target from one thread), a new tree per input.
enum FuzzScene {
    nonisolated(unsafe) private static var sharedRenderer: CARenderer?

    /// A 16×16 CPU renderer, made on first use.
    static var renderer: CARenderer? {
        if sharedRenderer == nil { sharedRenderer = try? CARenderer(cpuPixelWidth: 16, pixelHeight: 16) }
        return sharedRenderer
    }

    /// A root with two sublayers, the first of which is returned as the layer under test.
    static func makeTree() -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        let layer = CALayer()
        layer.frame = CGRect(x: 2, y: 2, width: 8, height: 8)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let sibling = CALayer()
        sibling.frame = CGRect(x: 6, y: 6, width: 8, height: 8)
        root.addSublayer(layer)
        root.addSublayer(sibling)
        return (root, layer)
    }

    /// Commits the tree and renders it at each of `times` (errors are the library's answer to
    /// bad input and are fine; crashes are not).
    static func render(_ root: CALayer, at times: [CFTimeInterval]) {
        CATransaction.flush()
        guard let renderer else { return }
        renderer.layer = root
        for time in times { _ = try? renderer.renderFrame(atTime: time) }
        renderer.layer = nil
    }
}
