import XCTest

extension Snapshotting where Value == CALayer, Format == CGImage {
    /// A snapshot of the layer tree as the CPU renderer draws it at the start of its animations,
    /// compared within `ImageTolerance.crossRenderer`.
    public static var image: Snapshotting { .image() }

    /// A snapshot of the layer tree rendered offscreen at an exact point of its animations, stored as PNG.
    ///
    /// The tree is committed and rendered with `renderImage(of:size:at:renderer:scale:backgroundColor:)`:
    /// `time` counts seconds since the tree's animations began (those added with a `beginTime` of 0
    /// begin when the tree is first rendered), so the same tree gives the same image on every run.
    /// The default tolerance lets a reference recorded with one renderer check the other.
    ///
    /// - Parameters:
    ///   - size: the image size in points; nil for the layer's bounds size.
    ///   - renderer: `.cpu` (no GPU or display needed) or `.gles` (OpenGL ES through EGL).
    ///   - time: seconds since the tree's animations began.
    ///   - scale: pixels per point.
    ///   - backgroundColor: the colour behind the tree; nil for transparent.
    ///   - precision: the fraction of pixels that must match (1: all).
    ///   - channelTolerance: the largest difference of an 8-bit component for a pixel to match; nil
    ///     for `ImageTolerance.crossRenderer`'s.
    public static func image(size: CGSize? = nil, renderer: SnapshotRenderer = .cpu, at time: CFTimeInterval = 0,
                             scale: CGFloat = 1, backgroundColor: CGColor? = nil, precision: Double = 1,
                             channelTolerance: Int? = nil) -> Snapshotting {
        let tolerance = ImageTolerance(
            precision: precision,
            maximumChannelDifference: channelTolerance ?? ImageTolerance.crossRenderer.maximumChannelDifference)
        return Snapshotting<CGImage, CGImage>.image(tolerance: tolerance).pullback { layer in
            do {
                return try renderImage(of: layer, size: size, at: time, renderer: renderer, scale: scale,
                                       backgroundColor: backgroundColor)
            } catch {
                XCTFail("QuartzCoreSnapshotTesting: \(error)")
                return PNGFormat.unrenderable
            }
        }
    }
}

extension Snapshotting where Value == CGImage, Format == CGImage {
    /// A snapshot of an image, stored as PNG and compared within `ImageTolerance.crossRenderer`.
    public static var image: Snapshotting { .image() }

    /// A snapshot of an image, stored as PNG and compared within `tolerance`.
    public static func image(tolerance: ImageTolerance = .crossRenderer) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(tolerance: tolerance))
            .pullback(PNGFormat.roundTripped)
    }
}
