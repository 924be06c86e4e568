/// The size an offscreen buffer is allocated at: a request's sides rounded up to multiples of
/// `step` pixels (at most the renderer's largest side), so that a group that changes size a
/// little keeps its buffer.
public struct OffscreenBucket: Hashable, Sendable {
    /// The rounding of each side, in pixels.
    public static let step = 64

    /// The allocated width, in pixels.
    public let width: Int
    /// The allocated height, in pixels.
    public let height: Int

    /// The bucket of an allocation of exactly `width` x `height` pixels (a buffer made elsewhere
    /// and handed to a pool).
    public init(width: Int, height: Int) {
        self.width = width; self.height = height
    }

    /// The bucket that holds a request of `width` x `height` pixels (each at least 1), each side
    /// rounded up to a multiple of `step` and capped at `maximumSide`.
    public init(holding width: Int, _ height: Int, maximumSide: Int) {
        func rounded(_ side: Int) -> Int { min((max(side, 1) + Self.step - 1) / Self.step * Self.step, max(maximumSide, 1)) }
        self.init(width: rounded(width), height: rounded(height))
    }

    /// The bytes of an RGBA8 buffer of this size.
    public var byteCount: Int { width * height * 4 }
}

/// The offscreen buffers of a renderer (a group's content and mask, a blur's levels and
/// passes), reused between passes and frames by the one rule both renderers follow.
///
/// A request is served from an idle buffer of its `OffscreenBucket`, or by a buffer the renderer
/// makes at the bucket's size. Buffers handed out during a frame stay the frame's until its
/// end, or until `release`d when their last reader is done, then become idle. Idle buffers are kept as every cache keeps its entries
/// (`BudgetedCache`): those unused for `budget.evictionAge` frames go, then, beyond
/// `budget.byteLimit` bytes, the least recently used; what a frame used survives its end.
/// The pool ages with every frame, damage-limited ones included: an idle buffer holds nothing
/// a later frame could show.
///
/// A buffer a cache keeps beyond the frame (a rasterized group's content) is `detach`ed; one
/// that comes back (`recycle`) counts as used when it does. What a buffer holds outside memory
/// (GL objects) is the renderer's to free, in `onRelease`.
public final class OffscreenPool<Buffer: AnyObject> {
    private struct Pooled {
        let buffer: Buffer
        let bucket: OffscreenBucket
    }

    /// The largest side a buffer is allocated at.
    public let maximumSide: Int
    /// Called with each buffer the pool lets go of (evicted, or dropped by `removeAll()`).
    public var onRelease: ((Buffer) -> Void)?
    private let cache: BudgetedCache<ObjectIdentifier, Pooled>
    /// Idle buffers by bucket, the most recently idle last.
    private var idle: [OffscreenBucket: [ObjectIdentifier]] = [:]
    /// Buffers handed out in the frame being drawn.
    private var inUse: [ObjectIdentifier] = []

    /// An empty pool following `budget`, allocating sides up to `maximumSide`.
    public init(budget: CacheBudget, maximumSide: Int) {
        self.maximumSide = max(maximumSide, 1)
        cache = BudgetedCache(budget: budget)
        cache.onRelease = { [unowned self] key, pooled in
            idle[pooled.bucket]?.removeAll { $0 == key }
            onRelease?(pooled.buffer)
        }
    }

    /// The eviction age and byte limit of idle buffers; a smaller one evicts at the next `endFrame()`.
    public var budget: CacheBudget {
        get { cache.budget }
        set { cache.budget = newValue }
    }

    /// The buffers the pool holds (idle and in use, not those detached) and their bytes.
    public var usage: CacheUsage { cache.usage }

    /// The number of buffers the pool holds.
    public var count: Int { cache.count }

    /// The bytes let go of since the last call.
    public func takeFreedBytes() -> Int { cache.takeFreedBytes() }

    /// Starts a frame.
    public func beginFrame() { cache.beginFrame() }

    /// A buffer that holds `width` x `height` pixels, in use until the end of the frame unless
    /// detached: an idle one of the request's bucket, or one `make` allocates at that bucket.
    public func acquire(width: Int, height: Int, make: (OffscreenBucket) throws -> Buffer) rethrows -> Buffer {
        let bucket = OffscreenBucket(holding: width, height, maximumSide: maximumSide)
        if let key = idle[bucket]?.popLast(), let pooled = cache.value(for: key) {
            inUse.append(key)
            return pooled.buffer
        }
        let buffer = try make(bucket)
        let key = ObjectIdentifier(buffer)
        cache.insert(Pooled(buffer: buffer, bucket: bucket), bytes: bucket.byteCount, for: key)
        inUse.append(key)
        return buffer
    }

    /// Makes a buffer handed out this frame idle before the frame ends: its last reader is done
    /// (`PassPlan.Pass.releases`), and a later request of its bucket in the same frame may reuse
    /// it. A buffer the pool does not hold in use (detached, or released already) is left alone.
    public func release(_ buffer: Buffer) {
        let key = ObjectIdentifier(buffer)
        guard let index = inUse.lastIndex(of: key), let pooled = cache.peek(key) else { return }
        inUse.remove(at: index)
        idle[pooled.bucket, default: []].append(key)
    }

    /// Takes a buffer out of the pool's hands (a cache keeps it); give it back with `recycle`.
    public func detach(_ buffer: Buffer) {
        let key = ObjectIdentifier(buffer)
        guard let pooled = cache.removeValue(forKey: key) else { return }
        inUse.removeAll { $0 == key }
        idle[pooled.bucket]?.removeAll { $0 == key }
    }

    /// Returns a detached buffer, allocated at `bucket`, to the idle buffers, as used now.
    public func recycle(_ buffer: Buffer, bucket: OffscreenBucket) {
        let key = ObjectIdentifier(buffer)
        guard cache.peek(key) == nil else { return }
        cache.insert(Pooled(buffer: buffer, bucket: bucket), bytes: bucket.byteCount, for: key)
        idle[bucket, default: []].append(key)
    }

    /// Ends a frame: the buffers it used become idle, and idle buffers the budget no longer
    /// allows go to `onRelease`.
    public func endFrame() {
        for key in inUse {
            if let pooled = cache.peek(key) { idle[pooled.bucket, default: []].append(key) }
        }
        inUse.removeAll(keepingCapacity: true)
        cache.endFrame()
    }

    /// Lets go of every buffer the pool holds.
    public func removeAll() {
        inUse.removeAll()
        cache.removeAll()
        idle.removeAll()
    }
}
