import ExampleScenes
import Foundation
import QuartzCore

/// The frames qc-render draws: one scene at a size and scale, on one renderer, at `times`.
final class RenderPlan {
    let scene: ExampleScene
    let size: CGSize
    let scale: CGFloat
    let renderer: RendererKind
    let times: [CFTimeInterval]
    let outputURL: URL
    /// The quads and draw calls of the last frame drawn by `render()`.
    private(set) var lastFrame = (quads: 0, drawCalls: 0)

    init(scene: ExampleScene, size: CGSize, scale: CGFloat, renderer: RendererKind, times: [CFTimeInterval], outputURL: URL) {
        self.scene = scene
        self.size = size
        self.scale = scale
        self.renderer = renderer
        self.times = times
        self.outputURL = outputURL
    }

    var pixelWidth: Int { Int((size.width * scale).rounded()) }
    var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// Draws one tree of the scene at each time in order, and returns the frames.
    func render() throws -> [CGImage] {
        let root = scene.makeRoot(size: size)
        let target: CARenderer
        switch renderer {
        case .gles: target = try CARenderer(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        case .cpu: target = try CARenderer(cpuPixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        }
        target.layer = root
        return try times.map { time in
            let statistics = try target.renderFrame(atTime: time)
            lastFrame = (statistics.quads, statistics.drawCalls)
            return try target.makeImage()
        }
    }

    /// The file of frame `index` of a sequence: the output's name with `-NN` before its extension.
    func sequenceURL(index: Int) -> URL {
        let directory = outputURL.deletingLastPathComponent()
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let ext = outputURL.pathExtension.isEmpty ? "png" : outputURL.pathExtension
        return directory.appendingPathComponent("\(stem)-\(String(format: "%02d", index)).\(ext)")
    }
}
