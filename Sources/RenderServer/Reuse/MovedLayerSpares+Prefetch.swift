import CompositorCore
import QuartzCoreModelSupport

/// Asks for the lines a moved drawing writes in its spares' quad storages before it writes the
/// first (`FrameFlattener.redrawMoved`, before the layer's map is computed). At N = 100,000 a
/// spare's storage is a miss to memory: its reference count read (`isKnownUniquelyReferenced`),
/// its transform written, and a retain as it goes into the command, an atomic operation that
/// waits for the line and for the loads before it. Met one quad after the other, an S2 card's
/// shadow storage and then its body's are two misses in turn, after the map's; asked for first,
/// they are on their way while the map is computed.
extension MovedLayerSpares {
    /// The bytes of a quad's storage a moved drawing reads and writes: the object's header (its
    /// reference count, 16 bytes) and the fields' transform, the first of them. Computed, so that
    /// it folds to a constant (a stored global is a lazy initializer's check at every read).
    static var storageBytesWritten: Int { 16 + MemoryLayout<Matrix4>.stride }

    /// Asks for the storage lines of the first `count` spares of `frame`'s parity (those
    /// `retransform(_:to:frame:into:)` and `quad(_:movedTo:index:frame:sameFields:inPlace:byTransform:)`
    /// write), for writing; no effect on what the spares hold.
    @inline(__always)
    func prefetchStorages(_ count: Int, frame: UInt64) {
        forEachStorage(count, frame: frame) { storage in
            // Two prefetches cover the bytes: they lie in two lines at most.
            qc_prefetchForWriting(storage)
            qc_prefetchForWriting(storage + (Self.storageBytesWritten &- 1))
        }
    }

    /// Calls `body` with the address of the storage of each of the first `count` spares of
    /// `frame`'s parity that is initialized (slots `2i + parity`), in order. The address is read
    /// as the quad's bits (a quad is its storage's reference alone: `MovedSparesPrefetchTests`
    /// checks it), so the storage is not retained.
    @inline(__always)
    func forEachStorage(_ count: Int, frame: UInt64, _ body: (UnsafeRawPointer) -> Void) {
        withUnsafeMutablePointers { header, slots in
            let end = Swift.min(2 &* count, header.pointee.initialized)
            var slot = Int(frame & 1)
            while slot < end {
                body(UnsafeRawPointer(slots + slot).load(as: UnsafeRawPointer.self))
                slot &+= 2
            }
        }
    }
}
