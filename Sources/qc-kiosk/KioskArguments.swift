import ArgumentParser
import KioskMenu
import QuartzCore
import QuartzCoreDisplay

/// A display mode as users write it: `preferred`, `1280x720` or `1920x1080@60`.
struct ModeArgument: ExpressibleByArgument {
    var size: (width: Int, height: Int)?
    var refreshRate: Double?

    init?(argument: String) {
        guard let mode = CADisplayRequest.parseMode(argument) else { return nil }
        size = mode.size
        refreshRate = mode.refreshRate
    }

    static var defaultValueDescription: String { "preferred" }
}

/// An offscreen size in pixels, `WIDTHxHEIGHT`, each side 1 to 16384.
struct PixelSizeArgument: ExpressibleByArgument {
    var size: CGSize

    init(width: Int, height: Int) {
        size = CGSize(width: width, height: height)
    }

    init?(argument: String) {
        guard let mode = CADisplayRequest.parseMode(argument), mode.refreshRate == nil, let s = mode.size,
              s.width <= 16384, s.height <= 16384 else { return nil }
        self.init(width: s.width, height: s.height)
    }

    var defaultValueDescription: String { "\(Int(size.width))x\(Int(size.height))" }
}

/// Offscreen frame times in seconds, comma-separated (`0.5,1.5`), each finite and not negative.
struct FrameTimesArgument: ExpressibleByArgument {
    var seconds: [CFTimeInterval]

    init(_ seconds: [CFTimeInterval]) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let values = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard values.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else { return nil }
        self.init(values.compactMap { $0 })
    }

    var defaultValueDescription: String { seconds.map { "\($0)" }.joined(separator: ",") }
}

/// A key pressed at a time of the offscreen run: `SECONDS:NAME` (`1.0:down`).
struct KeyPressArgument: ExpressibleByArgument {
    /// The keys that can be named, with their evdev codes.
    static let names: [String: UInt32] = ["up": CAKeyCode.up, "down": CAKeyCode.down, "left": CAKeyCode.left,
                                          "right": CAKeyCode.right, "enter": CAKeyCode.enter, "escape": CAKeyCode.escape,
                                          "f1": KioskKey.f1, "s": KioskKey.s]
    var time: CFTimeInterval
    var code: UInt32

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let time = Double(parts[0]), time.isFinite, time >= 0,
              let code = Self.names[String(parts[1])] else { return nil }
        self.time = time
        self.code = code
    }
}

extension CADisplayRotation: ExpressibleByArgument {
    /// Parses a rotation in degrees: 0, 90, 180 or 270.
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    /// The rotations `--rotate` accepts, in degrees.
    public static var allValueStrings: [String] { ["0", "90", "180", "270"] }
}

extension CAFramePacingPolicy: ExpressibleByArgument {}
