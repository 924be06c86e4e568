// qc-render: renders a named example layer tree offscreen to PNG, at one time or as a strip or
// a sequence of frames, on the GLES or the CPU renderer.
import ArgumentParser
import CompositorCore
import ExampleScenes
import Foundation
import Logging
import QuartzCore

@main
struct QCRender: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qc-render",
        abstract: "Renders an example layer tree offscreen to a PNG file.",
        usage: """
            qc-render [--scene <name>] [--out <file.png>] [--size <WxH>] [--scale <scale>] [--renderer gles|cpu] [--time <seconds>]
            qc-render --scene <name> --frames <t,t,...> [--sequence] [other options]
            qc-render --list
            """,
        discussion: """
            One frame at --time (default 0) goes to --out. With --frames T,T,... the frames are \
            drawn in that order from one tree (so an emitter's particles and other time-driven \
            content carry on from frame to frame) and laid side by side, left to right, in one \
            strip PNG; with --sequence each frame goes to a PNG of its own instead, named after \
            --out with the frame's index: out/clock-00.png, out/clock-01.png, ...

            Scene time 0 is media time 0: the scenes' animations begin there, so a frame at a \
            given time is the same picture on every run and on both renderers.
            """)

    @Option(help: "The example scene to render (see --list).")
    var scene = "clock"

    @Option(name: .customLong("out"), help: ArgumentHelp("The PNG file to write (default: out/<scene>.png).", valueName: "file.png"))
    var output: String?

    @Option(help: ArgumentHelp("The size in points (default: the scene's own size).", valueName: "WxH"))
    var size: PointSize?

    @Option(help: "The frame time in seconds.")
    var time: Double?

    @Option(help: "Pixels per point, above 0 and at most 8.")
    var scale: Double = 1

    @Option(help: "The renderer that draws the frames.")
    var renderer: RendererKind = .gles

    @Option(help: ArgumentHelp("Several frame times in seconds, comma-separated, drawn in that order.", valueName: "t,t,..."))
    var frames: FrameTimes?

    @Flag(help: "With --frames: one PNG per frame instead of one strip.")
    var sequence = false

    @Flag(help: "List the scenes, one name and summary a line, and exit.")
    var list = false

    func validate() throws {
        if list { return }
        guard ExampleScene.named(scene) != nil else {
            throw ValidationError("No scene named '\(scene)'. Scenes: \(ExampleScene.all.map(\.name).joined(separator: ", ")).")
        }
        guard scale > 0, scale <= 8 else { throw ValidationError("--scale needs 0 < scale <= 8 (got \(scale)).") }
        if let time, !(time.isFinite && time >= 0) { throw ValidationError("--time needs seconds, 0 or more (got \(time)).") }
        if time != nil, frames != nil { throw ValidationError("Give either --time or --frames, not both.") }
        if sequence, frames == nil { throw ValidationError("--sequence needs --frames.") }
        let plan = try renderPlan()
        let stripWidth = plan.pixelWidth * (sequence ? 1 : plan.times.count)
        guard plan.pixelHeight <= CGImage.maximumDimension, stripWidth <= CGImage.maximumDimension else {
            throw ValidationError("The image would be \(stripWidth)x\(plan.pixelHeight) pixels; "
                + "at most \(CGImage.maximumDimension) a side (lower --size, --scale or the number of --frames).")
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(DebugOptions.makeLogHandler)
        if list {
            print(Self.sceneList())
            return
        }
        let plan = try renderPlan()
        let images = try plan.render()
        if sequence {
            for (index, image) in images.enumerated() {
                let url = plan.sequenceURL(index: index)
                try write(image, to: url)
                print("\(plan.scene.name): \(image.width)x\(image.height) at t=\(plan.times[index]) s -> \(url.path)")
            }
        } else {
            let image = images.count == 1 ? images[0] : try FrameStrip.joining(images)
            let url = plan.outputURL
            try write(image, to: url)
            let times = plan.times.map { "\($0)" }.joined(separator: ", ")
            print("\(plan.scene.name): \(image.width)x\(image.height) at t=\(times) s, "
                + "\(plan.lastFrame.quads) quads in \(plan.lastFrame.drawCalls) draw calls -> \(url.path)")
        }
    }

    /// What the options ask for, resolved against the scene.
    func renderPlan() throws -> RenderPlan {
        guard let scene = ExampleScene.named(scene) else { throw ValidationError("No scene named '\(scene)'.") }
        return RenderPlan(scene: scene, size: size?.cgSize ?? scene.size, scale: CGFloat(scale), renderer: renderer,
                          times: frames?.seconds ?? [time ?? 0],
                          outputURL: URL(fileURLWithPath: output ?? "out/\(scene.name).png"))
    }

    /// One line per scene: its name, padded to the longest name, then its summary.
    static func sceneList() -> String {
        let width = ExampleScene.all.map(\.name.count).max() ?? 0
        return ExampleScene.all.map { scene in
            scene.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + scene.summary
        }.joined(separator: "\n")
    }

    private func write(_ image: CGImage, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image.writePNG(to: url)
    }
}
