// qc-render: renders a named example layer tree offscreen (GLES through EGL) to a PNG.
//
//     qc-render --scene clock --out clock.png --size 800x600 --time 0.0 [--scale 2]
//     qc-render --list
import ExampleScenes
import Foundation
import QuartzCore

struct Options {
    var scene = "clock"
    var output = "out/clock.png"
    var size: CGSize?
    var time: CFTimeInterval = 0
    var scale: CGFloat = 1
    var list = false
}

enum UsageError: Error, CustomStringConvertible {
    case message(String)
    var description: String {
        switch self { case .message(let m): return m }
    }
}

func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var outputGiven = false
    var iterator = arguments.makeIterator()
    func value(for flag: String) throws -> String {
        guard let v = iterator.next() else { throw UsageError.message("\(flag) needs a value") }
        return v
    }
    while let argument = iterator.next() {
        switch argument {
        case "--scene": options.scene = try value(for: argument)
        case "--out": options.output = try value(for: argument); outputGiven = true
        case "--time":
            guard let t = Double(try value(for: argument)), t.isFinite else { throw UsageError.message("--time needs seconds") }
            options.time = t
        case "--scale":
            guard let s = Double(try value(for: argument)), s > 0, s <= 8 else { throw UsageError.message("--scale needs 0 < scale <= 8") }
            options.scale = CGFloat(s)
        case "--size":
            let parts = try value(for: argument).split(separator: "x").compactMap { Int($0) }
            guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else {
                throw UsageError.message("--size needs WIDTHxHEIGHT, for example 800x600")
            }
            options.size = CGSize(width: parts[0], height: parts[1])
        case "--list": options.list = true
        case "-h", "--help":
            throw UsageError.message("usage: qc-render --scene NAME [--out FILE.png] [--size WxH] [--time SECONDS] [--scale S] | --list")
        default: throw UsageError.message("unknown argument \(argument) (try --help)")
        }
    }
    if !outputGiven { options.output = "out/\(options.scene).png" }
    return options
}

func run() throws {
    let options = try parse(Array(CommandLine.arguments.dropFirst()))
    if options.list {
        for scene in ExampleScene.all { print("\(scene.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(scene.summary)") }
        return
    }
    guard let scene = ExampleScene.named(options.scene) else {
        throw UsageError.message("no scene named \(options.scene); scenes: \(ExampleScene.all.map(\.name).joined(separator: ", "))")
    }
    let size = options.size ?? scene.size
    let root = scene.makeRoot(size: size)
    let renderer = try CARenderer(pixelWidth: Int(size.width * options.scale), pixelHeight: Int(size.height * options.scale),
                                  scale: options.scale)
    renderer.layer = root
    let stats = try renderer.renderFrame(atTime: options.time)
    let url = URL(fileURLWithPath: options.output)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try renderer.writePNG(to: url)
    print("\(scene.name): \(Int(size.width * options.scale))x\(Int(size.height * options.scale)) at t=\(options.time) s, "
        + "\(stats.quads) quads in \(stats.drawCalls) draw calls -> \(url.path)")
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("qc-render: \(error)\n".utf8))
    exit(1)
}
