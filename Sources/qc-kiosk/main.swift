// qc-kiosk: the Kiosk Menu of the Core Animation Programming Guide, full-screen on bare DRM/KMS.
//
//     qc-kiosk [--connector HDMI-A-1] [--mode 1920x1080@60] [--rotate 90] [--pacing adaptive|double|triple]
//              [--cpu|--gpu] [--legacy] [--device /dev/dri/card0] [--stats 600] [--no-input] [--no-cursor] [--plain|--still]
//     qc-kiosk --offscreen out/kiosk [--size 1280x720] [--frames 0.5,1.5] [--key 1.0:down] [--rotate 90]
//
// Without a DRM device it renders offscreen (out/kiosk). Arrow keys move the selection; a click
// or touch selects an item; Escape quits. SIGUSR1 prints the frame statistics.
import Foundation
import KioskMenu
import QuartzCore
import QuartzCoreDisplay

struct Options {
    var display = CADisplayOutput.Configuration()
    var rotation = CADisplayRotation.degrees0
    var showsCursor = true
    var animatedBackground = true
    var still = false
    var offscreenDirectory: String?
    var offscreenSize = CGSize(width: 1280, height: 720)
    var frameTimes: [CFTimeInterval] = [0.5, 1.5]
    var keys: [(time: CFTimeInterval, code: UInt32)] = []
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
}

let keyNames: [String: UInt32] = ["up": CAKeyCode.up, "down": CAKeyCode.down, "left": CAKeyCode.left,
                                  "right": CAKeyCode.right, "enter": CAKeyCode.enter, "escape": CAKeyCode.escape]

func parse(_ arguments: [String]) throws -> Options {
    var options = Options()
    var iterator = arguments.makeIterator()
    func value(_ flag: String) throws -> String {
        guard let v = iterator.next() else { throw UsageError(description: "\(flag) needs a value") }
        return v
    }
    func size(_ text: String, _ flag: String) throws -> CGSize {
        guard let parsed = CADisplayRequest.parseMode(text), let s = parsed.size, s.width <= 16384, s.height <= 16384 else {
            throw UsageError(description: "\(flag) needs WIDTHxHEIGHT")
        }
        return CGSize(width: s.width, height: s.height)
    }
    while let argument = iterator.next() {
        switch argument {
        case "--connector": options.display.request.connectorName = try value(argument)
        case "--mode":
            let text = try value(argument)
            guard let mode = CADisplayRequest.parseMode(text) else { throw UsageError(description: "--mode needs preferred, WxH or WxH@Hz") }
            options.display.request.size = mode.size
            options.display.request.refreshRate = mode.refreshRate
        case "--rotate":
            guard let rotation = CADisplayRotation(parsing: try value(argument)) else {
                throw UsageError(description: "--rotate needs 0, 90, 180 or 270")
            }
            options.rotation = rotation
        case "--pacing":
            guard let pacing = CAFramePacingPolicy(rawValue: try value(argument)) else {
                throw UsageError(description: "--pacing needs double, triple or adaptive")
            }
            options.display.pacing = pacing
        case "--legacy": options.display.allowsAtomic = false
        case "--cpu": options.display.renderingPath = .cpu
        case "--gpu": options.display.renderingPath = .gpu
        case "--device": options.display.devicePath = try value(argument)
        case "--stats":
            guard let n = Int(try value(argument)), n > 0 else { throw UsageError(description: "--stats needs a flip count") }
            options.display.statisticsInterval = n
        case "--no-input": options.display.readsInput = false
        case "--no-cursor": options.showsCursor = false
        case "--plain": options.animatedBackground = false
        case "--still": options.animatedBackground = false; options.still = true
        case "--offscreen": options.offscreenDirectory = try value(argument)
        case "--size": options.offscreenSize = try size(try value(argument), argument)
        case "--frames":
            let times = try value(argument).split(separator: ",").compactMap { Double($0) }
            guard !times.isEmpty, times.allSatisfy({ $0 >= 0 && $0.isFinite }) else { throw UsageError(description: "--frames needs seconds, comma-separated") }
            options.frameTimes = times
        case "--key":
            let parts = try value(argument).split(separator: ":")
            guard parts.count == 2, let t = Double(parts[0]), t >= 0, let code = keyNames[String(parts[1])] else {
                throw UsageError(description: "--key needs SECONDS:up|down|left|right|enter|escape")
            }
            options.keys.append((t, code))
        case "-h", "--help":
            print("usage: qc-kiosk [--connector NAME] [--mode WxH[@Hz]] [--rotate 0|90|180|270] [--pacing double|triple|adaptive]"
                  + " [--cpu|--gpu] [--legacy] [--device PATH] [--stats N] [--no-input] [--no-cursor] [--plain] [--still]"
                  + " | --offscreen DIR [--size WxH] [--frames T,T] [--key T:down]")
            exit(0)
        default: throw UsageError(description: "unknown argument \(argument) (try --help)")
        }
    }
    return options
}

let options: Options
do {
    options = try parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("qc-kiosk: \(error)\n".utf8))
    exit(2)
}

let hasCard = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).contains { $0.hasPrefix("card") }
let offscreenDirectory = options.offscreenDirectory ?? (hasCard || options.display.devicePath != nil ? nil : "out/kiosk")
let initialSize = options.rotation.logicalSize(forPhysicalSize: options.offscreenSize)
let menu = KioskMenu(size: initialSize, animatedBackground: options.animatedBackground, pulses: !options.still)
let app = CAKioskApplication(rootLayer: menu.rootLayer, rotation: options.rotation, showsCursor: options.showsCursor)
app.layoutHandler = { size in menu.layout(for: size) }
app.eventHandler = { event, hitLayer in
    switch event.kind {
    case .key(let code, true):
        if code == CAKeyCode.escape { kill(getpid(), SIGTERM); return }
        if menu.handleKey(code) { print("qc-kiosk: key \(code) -> selection \(menu.selectedIndex)") }
    case .pointerButton(CAKeyCode.leftButton, true), .touch(_, .began):
        if let index = menu.itemIndex(containing: hitLayer) {
            menu.changeSelectedIndex(index)
            print("qc-kiosk: \(event.kind) at \(event.location) -> selection \(index)")
        }
    default:
        break
    }
}

if let directory = offscreenDirectory {
    if getenv("LIBGL_ALWAYS_SOFTWARE") == nil { setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1) }
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let input = options.keys.flatMap { key in
            [(time: key.time, event: CARawInputEvent.key(code: key.code, isDown: true, time: CACurrentMediaTime())),
             (time: key.time + 0.01, event: CARawInputEvent.key(code: key.code, isDown: false, time: CACurrentMediaTime()))]
        }
        try app.runOffscreen(size: options.offscreenSize, frameTimes: options.frameTimes, input: input) { index, time, image in
            let path = "\(directory)/frame-\(String(format: "%02d", index))-\(String(format: "%.2f", time))s.png"
            try image.writePNG(to: URL(fileURLWithPath: path))
            print("qc-kiosk: wrote \(path) (selection \(menu.selectedIndex))")
        }
    } catch {
        FileHandle.standardError.write(Data("qc-kiosk: offscreen rendering failed: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

// A display link ticking at the page flips: it counts frames, and keeps the display flipping at
// its rate even when the tree is still (--still), which measures the KMS pacing on its own.
final class TickCounter: @unchecked Sendable { var ticks = 0 } // touched on the main thread only
let ticks = TickCounter()
let link = CADisplayLink(source: app.displayLinkSource) { _ in ticks.ticks += 1 }
link.add(to: .main, forMode: .default)
app.run(configuration: options.display)
