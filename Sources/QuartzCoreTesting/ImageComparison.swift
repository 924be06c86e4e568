/// The comparison of a rendered image with its reference: how many pixels differ and by how much,
/// whether that is within a tolerance, and a picture of where they differ.
///
/// The result holds PNG data of the reference, the actual image and the difference image, ready to
/// attach to a test result (an `XCTAttachment`, or a Swift Testing attachment) or to write next to
/// each other with ``writeArtifacts(to:named:)``.
public struct ImageComparison: Sendable {
    /// The image the test expects.
    public let reference: CGImage
    /// The image the test rendered.
    public let actual: CGImage
    /// The tolerance the images were compared with.
    public let tolerance: ImageTolerance
    /// The number of pixels compared: those of the reference (or of the larger image when the sizes differ).
    public let pixelCount: Int
    /// The number of pixels that differ by more than the tolerance's channel difference (every
    /// pixel of either image when the sizes differ).
    public let differingPixelCount: Int
    /// The number of pixels that differ at all.
    public let changedPixelCount: Int
    /// The largest difference of one premultiplied 8-bit component over the whole image (0 to 255;
    /// 255 when the sizes differ).
    public let maximumChannelDifference: Int
    /// The first pixel (row by row from the top) that differs by the largest amount, or nil when none differs.
    public let largestDifferenceLocation: (x: Int, y: Int)?

    /// Compares `actual` with `reference`, pixel by pixel.
    public init(reference: CGImage, actual: CGImage, tolerance: ImageTolerance = .exact) {
        self.reference = reference
        self.actual = actual
        self.tolerance = tolerance
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        pixelCount = width * height
        guard reference.width == actual.width, reference.height == actual.height else {
            differingPixelCount = pixelCount
            changedPixelCount = pixelCount
            maximumChannelDifference = 255
            largestDifferenceLocation = (0, 0)
            return
        }
        var differing = 0, changed = 0, largest = 0
        var location: (x: Int, y: Int)?
        PixelPair.forEach(reference, actual) { x, y, difference in
            guard difference > 0 else { return }
            changed += 1
            if difference > tolerance.maximumChannelDifference { differing += 1 }
            if difference > largest { largest = difference; location = (x, y) }
        }
        differingPixelCount = differing
        changedPixelCount = changed
        maximumChannelDifference = largest
        largestDifferenceLocation = location
    }

    /// Whether the images have the same size and at least `tolerance.precision` of the pixels match.
    public var matches: Bool {
        guard reference.width == actual.width, reference.height == actual.height else { return false }
        let allowed = Double(pixelCount) * (1 - tolerance.precision)
        return Double(differingPixelCount) <= allowed.nextUp.rounded(.down)
    }

    /// What differs, in one sentence: sizes, or how many pixels differ by how much.
    public var summary: String {
        guard reference.width == actual.width, reference.height == actual.height else {
            return "The image is \(actual.width) x \(actual.height) pixels; the reference is \(reference.width) x \(reference.height)."
        }
        guard changedPixelCount > 0 else { return "The images are identical." }
        var text = "\(differingPixelCount) of \(pixelCount) pixels differ by more than \(tolerance.maximumChannelDifference)"
        text += " (\(changedPixelCount) differ at all); the largest channel difference is \(maximumChannelDifference)"
        if let location = largestDifferenceLocation { text += " at x \(location.x), y \(location.y)" }
        return text + " (\(tolerance))."
    }

    /// An image of where the images differ: pixels beyond the tolerance in opaque red, pixels that
    /// differ within it in yellow, and matching pixels as a faded grey copy of the reference.
    /// Parts that only one image covers (sizes differ) are blue.
    public func differenceImage() -> CGImage {
        DifferenceImage.make(reference: reference, actual: actual, tolerance: tolerance)
    }

    /// PNG data of the reference.
    public func referencePNGData() throws -> Data { try reference.pngData() }
    /// PNG data of the actual image.
    public func actualPNGData() throws -> Data { try actual.pngData() }
    /// PNG data of the difference image.
    public func differencePNGData() throws -> Data { try differenceImage().pngData() }

    /// Writes `NAME.reference.png`, `NAME.actual.png` and `NAME.difference.png` into `directory`
    /// (created if needed) and returns their locations.
    public func writeArtifacts(to directory: URL, named name: String) throws -> ImageComparisonArtifacts {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let artifacts = ImageComparisonArtifacts(
            reference: directory.appendingPathComponent("\(name).reference.png"),
            actual: directory.appendingPathComponent("\(name).actual.png"),
            difference: directory.appendingPathComponent("\(name).difference.png"))
        try referencePNGData().write(to: artifacts.reference, options: .atomic)
        try actualPNGData().write(to: artifacts.actual, options: .atomic)
        try differencePNGData().write(to: artifacts.difference, options: .atomic)
        return artifacts
    }
}

/// Where a failed comparison's images were written.
public struct ImageComparisonArtifacts: Sendable, Equatable {
    /// The reference image.
    public let reference: URL
    /// The rendered image.
    public let actual: URL
    /// The difference image (see ``ImageComparison/differenceImage()``).
    public let difference: URL

    /// The three paths, one a line, for a failure message.
    public var description: String {
        "reference: \(reference.path)\nactual: \(actual.path)\ndifference: \(difference.path)"
    }

    /// The folder for failure images, as swift-snapshot-testing chooses it: `SNAPSHOT_ARTIFACTS`
    /// when set, otherwise the temporary directory.
    public static var defaultDirectory: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
            isDirectory: true)
    }
}
