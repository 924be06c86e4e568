import ArgumentParser
import QuartzCore

/// A size in points written `WIDTHxHEIGHT` (for example `800x600`), each side 1 to 16384.
struct PointSize: ExpressibleByArgument, Equatable {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let width = parts[0], let height = parts[1],
              (1...16384).contains(width), (1...16384).contains(height) else { return nil }
        self.init(width: width, height: height)
    }

    var cgSize: CGSize { CGSize(width: width, height: height) }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}

/// Frame times in seconds, comma-separated (`0,0.5,1`): finite, not negative, at least one.
struct FrameTimes: ExpressibleByArgument, Equatable {
    var seconds: [CFTimeInterval]

    init(_ seconds: [CFTimeInterval]) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let values = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard !values.isEmpty, values.allSatisfy({ $0.map { $0.isFinite && $0 >= 0 } ?? false }) else { return nil }
        self.init(values.compactMap { $0 })
    }
}

/// Which renderer draws the frames.
enum RendererKind: String, ExpressibleByArgument, CaseIterable {
    /// OpenGL ES 3 through EGL (Mesa llvmpipe where there is no GPU).
    case gles
    /// The CPU renderer: the same pixels, no EGL.
    case cpu
}
