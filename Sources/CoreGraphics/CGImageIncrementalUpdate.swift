import Foundation

/// Says that an image equals another image of the same size outside one rectangle (a Linux addition).
///
/// Images are immutable and compared by identity, so a layer that redraws part of its backing
/// store gets a new image. This hint lets a texture cache that still holds the base image's
/// texture re-upload only `changedRect` into it instead of the whole image. The base is held
/// weakly, so chains of redraws never keep old backing stores alive.
public struct CGImageIncrementalUpdate: Sendable {
    private let base: WeakImageReference
    /// The pixels that may differ from the base image: whole pixels, row 0 at the top.
    public let changedRect: CGRect

    /// Creates a hint that an image differs from `baseImage` only inside `changedRect` (pixels, top row first).
    public init(baseImage: CGImage, changedRect: CGRect) {
        base = WeakImageReference(baseImage)
        self.changedRect = changedRect
    }

    /// The image this one was redrawn from, or nil once nothing else keeps it alive.
    public var baseImage: CGImage? { base.image }
}

/// A weak reference to an image that may cross threads. It is written once, in `init`; Swift's
/// weak references are read atomically, so sharing it is safe.
private final class WeakImageReference: @unchecked Sendable {
    weak var image: CGImage?
    init(_ image: CGImage) { self.image = image }
}
