/// What one of a renderer's caches holds: its entries and the bytes of pixels they keep.
public struct CacheUsage: Sendable, Equatable, CustomStringConvertible {
    /// The number of entries (images, targets, pictures) held.
    public var entries: Int
    /// The bytes of memory (GPU memory for the GLES renderer's textures) the entries hold.
    public var bytes: Int

    /// Creates a usage of `entries` entries holding `bytes` bytes.
    public init(entries: Int = 0, bytes: Int = 0) {
        self.entries = entries
        self.bytes = bytes
    }

    /// The entries and bytes of two usages together (a pool and the images kept out of it).
    public static func + (lhs: CacheUsage, rhs: CacheUsage) -> CacheUsage {
        CacheUsage(entries: lhs.entries + rhs.entries, bytes: lhs.bytes + rhs.bytes)
    }

    /// The usage as "N entries, B KiB".
    public var description: String { "\(entries) entries, \(bytes / 1024) KiB" }
}

/// The policy every renderer cache follows: an entry not drawn for `evictionAge` frames is
/// evicted, and beyond `byteLimit` bytes the least recently drawn entries go first; entries
/// drawn in the current frame are never evicted during it (the frame still draws them).
public struct CacheBudget: Sendable, Equatable {
    /// The most bytes a cache keeps beyond what the current frame draws.
    public var byteLimit: Int
    /// Frames after which an entry not drawn is evicted (at least 1).
    public var evictionAge: Int

    /// Creates a budget of `byteLimit` bytes and `evictionAge` frames (both clamped to their minimum).
    public init(byteLimit: Int, evictionAge: Int = CacheBudget.defaultEvictionAge) {
        self.byteLimit = max(0, byteLimit)
        self.evictionAge = max(1, evictionAge)
    }

    /// Frames an entry survives without being drawn, unless told: half a second at 60 Hz, long
    /// enough for content that blinks or alternates to come back without being redrawn.
    public static let defaultEvictionAge = 30

    /// The byte limit of each cache for a display of `pixelWidth` x `pixelHeight` pixels, unless
    /// told: the pixels of four such displays (RGBA8), at least 4 MiB and at most 64 MiB. A
    /// 640x480 kiosk gets 4.7 MiB per cache, a 1920x1080 one 31.6 MiB.
    public static func defaultByteLimit(pixelWidth: Int, pixelHeight: Int) -> Int {
        let screens = 4 * max(0, pixelWidth) * max(0, pixelHeight) * 4
        return min(max(screens, 4 << 20), 64 << 20)
    }

    /// The budget unless told for a display of `pixelWidth` x `pixelHeight` pixels.
    public static func `default`(pixelWidth: Int, pixelHeight: Int) -> CacheBudget {
        CacheBudget(byteLimit: defaultByteLimit(pixelWidth: pixelWidth, pixelHeight: pixelHeight))
    }
}

/// A cache that follows the `CacheBudget` its renderer gives it (each cache a renderer keeps
/// between frames), so that a renderer sets a new budget on all of them in one place.
public protocol CacheBudgetFollowing: AnyObject {
    /// The budget the cache follows.
    var budget: CacheBudget { get set }
}

extension RasterizationStore: CacheBudgetFollowing {}
extension ShadowMaskCache: CacheBudgetFollowing {}
extension OffscreenPool: CacheBudgetFollowing {}

/// A renderer whose caches follow a `CacheBudget` that can be changed while it runs.
public protocol CacheBudgetedRenderer: AnyObject {
    /// The budget of each of the renderer's caches; a smaller one evicts at once.
    var cacheBudget: CacheBudget { get set }
}
