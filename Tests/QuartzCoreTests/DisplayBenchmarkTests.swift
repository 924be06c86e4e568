import QuartzCore
import XCTest

/// Benchmark, not a timed test: the cost per frame of redrawing and re-uploading a 512x512 layer,
/// fully and through a 64x64 dirty rectangle, next to a frame that changes nothing. It prints
/// figures and asserts nothing about time; it runs only with QC_BENCH=1 (and LIBGL_ALWAYS_SOFTWARE=1
/// without a GPU): `QC_BENCH=1 swift test --filter DisplayBenchmarkTests`.
final class DisplayBenchmarkTests: XCTestCase {
    /// 40 translucent discs over white and a stroked frame; discs outside the clip are skipped,
    /// as the book's Listing 13.4 skips brush stamps outside the dirty rectangle.
    final class Art: CALayer {
        var frameIndex = 0
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            ctx.fill(ctx.boundingBoxOfClipPath)
            for i in 0..<40 {
                let x = CGFloat((i * 97 + frameIndex * 5) % 480), y = CGFloat((i * 53) % 480)
                let r = CGRect(x: x, y: y, width: 32, height: 32)
                guard r.intersects(ctx.boundingBoxOfClipPath) else { continue }
                ctx.setFillColor(CGColor(red: CGFloat(i % 5) / 5, green: 0.4, blue: 0.8, alpha: 0.7))
                ctx.fillEllipse(in: r)
            }
            ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
            ctx.setLineWidth(3)
            ctx.stroke(CGRect(x: 10, y: 10, width: 492, height: 492))
        }
    }

    func testRedrawAndUploadPerFrame() throws {
        guard ProcessInfo.processInfo.environment["QC_BENCH"] == "1" else { throw XCTSkip("set QC_BENCH=1 to run") }
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 512, height: 512)
        let art = Art()
        art.frame = root.bounds
        root.addSublayer(art)
        art.setNeedsDisplay()
        CATransaction.flush()
        let renderer = try CARenderer(pixelWidth: 512, pixelHeight: 512)
        renderer.layer = root
        try renderer.renderFrame(atTime: 0)
        let frames = 60
        func run(_ label: String, _ mark: () -> Void) throws {
            var display = 0.0, render = 0.0
            for f in 0..<frames {
                art.frameIndex = f
                let t0 = DispatchTime.now().uptimeNanoseconds
                mark()
                CATransaction.flush()
                let t1 = DispatchTime.now().uptimeNanoseconds
                try renderer.renderFrame(atTime: Double(f) / 60)
                let t2 = DispatchTime.now().uptimeNanoseconds
                display += Double(t1 - t0) / 1e6
                render += Double(t2 - t1) / 1e6
            }
            print(String(format: "BENCH %@: redraw+commit %.2f ms, render+upload %.2f ms, total %.2f ms per frame",
                         label, display / Double(frames), render / Double(frames), (display + render) / Double(frames)))
        }
        try run("static (no redraw, no upload)") {}
        try run("full 512x512 redraw") { art.setNeedsDisplay() }
        try run("dirty 64x64 redraw") { art.setNeedsDisplay(CGRect(x: 200, y: 200, width: 64, height: 64)) }
    }
}
