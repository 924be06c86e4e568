import CompositorCore
import CoreGraphics
import Foundation

/// Remembers which contents images are opaque in every pixel, so that a layer whose opaque
/// image covers its bounds counts as an opaque body over its shadow (`ShadowShape.coveredInterior`)
/// without its alpha being read again each frame.
///
/// An image's bytes never change, so its answer is kept for as long as the entry lives. An entry
/// holds its image weakly (the cache never keeps a dropped image's pixels alive) and answers
/// only while that image is the one asked about, since a freed image's identity can be reused.
final class OpaqueImageCache: Sendable {
    /// The cache shared by every flattener of the process.
    static let shared = OpaqueImageCache()
    /// The most images remembered: an entry is a few words, and a scene with more shadowed
    /// images than this would read their alpha again every frame.
    let capacity = 1024

    private struct Entry {
        weak var image: CGImage?
        var isOpaque: Bool
        var lastUse: UInt64
    }

    private struct Entries {
        var images: [ObjectIdentifier: Entry] = [:]
        var clock: UInt64 = 0
    }
    private let entries = ThreadLock(Entries())

    /// Whether every pixel of `image` has alpha 255 (premultiplied RGBA8, as `CGImage.data` holds it).
    func isOpaque(_ image: CGImage) -> Bool {
        let id = ObjectIdentifier(image)
        if let known = entries.withLock({ e -> Bool? in
            e.clock &+= 1
            guard let found = e.images[id], found.image === image else { return nil }
            e.images[id]?.lastUse = e.clock
            return found.isOpaque
        }) { return known }
        let answer = Self.alphaIsOpaque(image)
        entries.withLock { e in
            if e.images.count >= capacity, let oldest = e.images.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                e.images.removeValue(forKey: oldest.key)
            }
            e.images[id] = Entry(image: image, isOpaque: answer, lastUse: e.clock)
        }
        return answer
    }

    /// Reads every alpha byte of `image`.
    static func alphaIsOpaque(_ image: CGImage) -> Bool {
        let width = image.width, height = image.height, stride = image.bytesPerRow
        guard width > 0, height > 0, stride >= width * 4 else { return false }
        let needed = (height - 1) * stride + width * 4
        guard image.data.count >= needed else { return false }
        return image.data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            for row in 0..<height {
                let start = row * stride
                var all: UInt8 = 255
                for x in 0..<width { all &= bytes[start + 4 * x + 3] }
                if all != 255 { return false }
            }
            return true
        }
    }
}
