import Testing
/// The outcome of checking an image against a reference PNG file.
public enum ReferenceImageResult: Sendable {
    /// The image matched the reference.
    case matched(ImageComparison)
    /// The image was written as the new reference (record mode, or no reference existed yet).
    case recorded(URL)
    /// The image did not match; the reference, the image and the difference image were written.
    case mismatched(ImageComparison, ImageComparisonArtifacts)

    /// A message for a test failure, or nil when the image matched. A newly recorded reference is
    /// a failure, as in swift-snapshot-testing: the test has checked nothing yet.
    public var failureMessage: String? {
        switch self {
        case .matched: nil
        case .recorded(let url): "Recorded the reference image \(url.path); run the test again to check against it."
        case .mismatched(let comparison, let artifacts):
            "The image does not match its reference. \(comparison.summary)\n\(artifacts.description)"
        }
    }
}

/// Checks `image` against the PNG reference at `referenceURL`, or records it there.
///
/// When `record` is true, or no file exists at `referenceURL`, the image is written there (folders
/// created as needed) and the result is ``ReferenceImageResult/recorded(_:)``. Otherwise the image
/// is compared with the reference after both have been through PNG (so an image compares with its
/// own recording exactly), and on a mismatch the three images of the comparison are written to
/// `artifactsDirectory` as `NAME.reference.png`, `NAME.actual.png` and `NAME.difference.png`, where
/// NAME is the reference's file name without its extension.
///
/// - Parameters:
///   - image: the rendered image.
///   - referenceURL: the reference PNG file.
///   - tolerance: how far the image may differ from the reference.
///   - record: whether to write the image as the reference instead of comparing.
///   - artifactsDirectory: where failure images go; by default `SNAPSHOT_ARTIFACTS` or the temporary directory.
///     Under Swift Testing they are also attached to the running test (`recordAttachments(named:)`).
/// - Throws: `CGImageError` when a PNG cannot be read, decoded or written.
public func checkImage(_ image: CGImage, againstReferenceAt referenceURL: URL, tolerance: ImageTolerance = .exact,
                       record: Bool = false,
                       artifactsDirectory: URL = ImageComparisonArtifacts.defaultDirectory) throws -> ReferenceImageResult {
    let png = try image.pngData()
    if record || !FileManager.default.fileExists(atPath: referenceURL.path) {
        try FileManager.default.createDirectory(at: referenceURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            try png.write(to: referenceURL, options: .atomic)
        } catch {
            throw CGImageError.ioFailure("cannot write \(referenceURL.path): \(error.localizedDescription)")
        }
        return .recorded(referenceURL)
    }
    let reference = try CGImage(contentsOfPNGFile: referenceURL)
    let comparison = ImageComparison(reference: reference, actual: try CGImage.decodePNG(png), tolerance: tolerance)
    guard !comparison.matches else { return .matched(comparison) }
    let name = referenceURL.deletingPathExtension().lastPathComponent
    // Under Swift Testing the three images are also attached to the failing test's result.
    comparison.recordAttachments(named: name)
    return .mismatched(comparison, try comparison.writeArtifacts(to: artifactsDirectory, named: name))
}
