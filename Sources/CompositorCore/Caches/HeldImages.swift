import CoreGraphics

/// The images a renderer's image cache holds for its entries, by identifier.
///
/// Holding them keeps an image's `ObjectIdentifier` from being reused by another image while it
/// keys the cache, and keeps the base of an incremental update (`CGImage.incrementalUpdate`,
/// which refers to it weakly) until its successor is drawn. It also tells which images no one
/// else holds any more: no layer shows them, so they can never be drawn again and their entries
/// can go at once, where age alone would keep them until the byte limit in a damage-tracked
/// display, whose partial frames age nothing.
public struct HeldImages {
    private var images: [ObjectIdentifier: CGImage] = [:]

    /// Creates an empty holder.
    public init() {}

    /// The image held for `identifier`; setting nil lets it go.
    public subscript(identifier: ObjectIdentifier) -> CGImage? {
        get { images[identifier] }
        set { images[identifier] = newValue }
    }

    /// Lets every image go.
    public mutating func removeAll() { images.removeAll() }

    /// The identifiers of the images that only this holder still holds (empty without
    /// allocating when there are none).
    public mutating func identifiersHeldOnlyHere() -> Set<ObjectIdentifier> {
        var unreachable: Set<ObjectIdentifier> = []
        var index = images.values.startIndex
        while index != images.values.endIndex {
            if isKnownUniquelyReferenced(&images.values[index]) { unreachable.insert(images.keys[index]) }
            images.values.formIndex(after: &index)
        }
        return unreachable
    }
}
