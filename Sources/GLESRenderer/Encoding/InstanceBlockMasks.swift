/// For each aligned block of `blockSize` of a frame's encoded instances, the floats in which the
/// block's instances differ from its first one (`InstanceDifferences.mask`), or `unknown`.
///
/// A chunk of a run (`ChunkedQuadRun`) that writes a whole block finds its mask right after
/// writing it, while its instances are in cache; `PackedInstances` then reads a block's mask and
/// its first instance instead of all its instances. The floats that differ across any range of
/// instances are exactly those in which some block's instances differ from the block's first, or
/// the block's first from the range's first, since bits compare transitively. A block written
/// any other way, or rewritten since (`LeanBatchSplitter` reorders instances), is `unknown`, and
/// its instances are read one by one.
struct InstanceBlockMasks {
    /// Instances a block holds; blocks start at multiples of it.
    @_transparent static var blockSize: Int { 64 }
    /// The mask of a block not found: a mask found has only its 57 lowest bits.
    @_transparent static var unknown: UInt64 { .max }

    /// The masks, by block.
    private var masks: [UInt64] = []

    /// The blocks there is room for.
    var blockCount: Int { masks.count }

    /// The mask of block `block` (of instances from `block * blockSize` on).
    func mask(ofBlock block: Int) -> UInt64 { masks[block] }

    /// Forgets every mask, with room for the blocks of `capacity` instances.
    mutating func forgetAll(capacity: Int) {
        let blocks = (capacity + Self.blockSize - 1) / Self.blockSize
        if masks.count < blocks {
            masks = [UInt64](repeating: Self.unknown, count: blocks)
        } else {
            masks.withUnsafeMutableBufferPointer { $0.update(repeating: Self.unknown) }
        }
    }

    /// Forgets the masks of the blocks holding any of the `count` instances from `first`.
    mutating func forget(first: Int, count: Int) {
        guard count > 0 else { return }
        let end = min(masks.count, (first + count - 1) / Self.blockSize + 1)
        for block in min(first / Self.blockSize, end)..<end { masks[block] = Self.unknown }
    }

    /// Calls `body` with the masks, for writing.
    mutating func withUnsafeMutableMasks<R>(_ body: (UnsafeMutablePointer<UInt64>) throws -> R) rethrows -> R {
        try masks.withUnsafeMutableBufferPointer { try body($0.baseAddress!) }
    }

    /// Calls `body` with the masks.
    func withUnsafeMasks<R>(_ body: (UnsafePointer<UInt64>) throws -> R) rethrows -> R {
        try masks.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The mask of the whole block whose first instance lies at `block`.
    @inline(__always)
    static func mask(ofBlockAt block: UnsafePointer<Float>) -> UInt64 {
        var differences = InstanceDifferences(reference: block)
        differences.add(block + QuadInstance.stride, count: blockSize - 1)
        return differences.mask
    }

    /// The floats in which an instance from `start` to `end` of `instances` differs from
    /// instance `first`: from the masks of the whole blocks among them (`masks`, nil when none
    /// is known) and the other instances one by one.
    static func differingFloats(from start: Int, to end: Int, against first: Int, instances: UnsafePointer<Float>,
                                masks: UnsafePointer<UInt64>?) -> UInt64 {
        var differences = InstanceDifferences(reference: instances + first * QuadInstance.stride)
        guard let masks else {
            differences.add(instances + start * QuadInstance.stride, count: end - start)
            return differences.mask
        }
        var known: UInt64 = 0
        var i = start
        while i < end {
            let block = i / blockSize, blockEnd = min(end, (block + 1) * blockSize)
            if blockEnd - i == blockSize, masks[block] != unknown {
                // The block's own differences, and its first instance's from instance `first`.
                known |= masks[block]
                differences.add(instances + i * QuadInstance.stride, count: 1)
            } else {
                differences.add(instances + i * QuadInstance.stride, count: blockEnd - i)
            }
            i = blockEnd
        }
        return differences.mask | known
    }
}
