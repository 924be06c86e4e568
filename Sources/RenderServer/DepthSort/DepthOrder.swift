/// The order by depth that `DepthSorter` starts from: increasing depth, equal depths in their
/// given order.
///
/// `reference(_:)` is that order as a comparison sort of the indices gives it. `backToFront(_:)`
/// gives the same order in time linear in the count: a stable radix sort of each depth's bits,
/// mapped to unsigned keys in the order of the numbers (-0 taken as +0, which compares equal to
/// it). Any correct sort gives the same order where the comparison is a total order, which it
/// is without NaN; with a NaN depth (which compares neither less nor greater than anything, so
/// the comparison sort's order depends on the steps it takes) it is the comparison sort's.
enum DepthOrder {
    /// The fewest depths `backToFront(_:)` radix-sorts; fewer are sorted by comparison.
    static let radixMinimum = 128

    /// The indices of `depths` by increasing depth, equal depths by index: `reference(_:)`'s
    /// order.
    static func backToFront(_ depths: [Double]) -> [Int] {
        guard depths.count >= radixMinimum, !depths.contains(where: \.isNaN) else { return reference(depths) }
        return radixSorted(depths)
    }

    /// The indices of `depths` by increasing depth, equal depths by index, by comparison.
    static func reference(_ depths: [Double]) -> [Int] {
        depths.indices.sorted { depths[$0] != depths[$1] ? depths[$0] < depths[$1] : $0 < $1 }
    }

    /// A depth and the index it came from, moved together by the radix sort.
    private struct Keyed {
        var key: UInt64
        var index: Int
    }

    /// The bits of `depth` (not NaN) as an unsigned number in the order of the depths: the sign
    /// bit set for the positive ones, every bit flipped for the negative ones; -0 is +0.
    @inline(__always)
    static func key(_ depth: Double) -> UInt64 {
        let bits = (depth == 0 ? 0 : depth).bitPattern
        return bits >> 63 == 0 ? bits | (1 << 63) : ~bits
    }

    /// `backToFront(_:)` for depths without NaN: a least-significant-digit radix sort of the
    /// keys a byte at a time, skipping the bytes every key shares (most of the exponent's, for
    /// depths of one range). Stable, from index order: equal keys stay in index order.
    private static func radixSorted(_ depths: [Double]) -> [Int] {
        let count = depths.count
        var items = depths.enumerated().map { Keyed(key: key($0.element), index: $0.offset) }
        var spare = items
        // The counts of each byte value at each of the eight byte positions, from one pass.
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for item in items {
                var key = item.key
                for digit in 0..<8 {
                    counts[digit &* 256 &+ Int(truncatingIfNeeded: key & 0xFF)] &+= 1
                    key >>= 8
                }
            }
        }
        var inItems = true
        for digit in 0..<8 {
            let base = digit * 256
            // Every key has the same byte here: the pass would keep the order.
            guard !counts[base..<(base + 256)].contains(count) else { continue }
            var offset = 0
            for value in 0..<256 {
                let n = counts[base + value]
                counts[base + value] = offset
                offset += n
            }
            let shift = UInt64(8 * digit)
            if inItems {
                scatter(items, into: &spare, offsets: &counts, base: base, shift: shift)
            } else {
                scatter(spare, into: &items, offsets: &counts, base: base, shift: shift)
            }
            inItems.toggle()
        }
        return (inItems ? items : spare).map(\.index)
    }

    /// One pass of the radix sort: each of `source` to the next place for its byte at `shift`
    /// in `destination`, the places starting at `offsets[base...]`.
    @inline(__always)
    private static func scatter(_ source: [Keyed], into destination: inout [Keyed], offsets: inout [Int], base: Int,
                                shift: UInt64) {
        source.withUnsafeBufferPointer { source in
            destination.withUnsafeMutableBufferPointer { destination in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    for item in source {
                        let slot = base &+ Int(truncatingIfNeeded: (item.key >> shift) & 0xFF)
                        destination[offsets[slot]] = item
                        offsets[slot] &+= 1
                    }
                }
            }
        }
    }
}
