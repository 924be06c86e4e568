import CompositorCore

/// The rectangles of a damage region filed by rows, so that binning a quad visits only the
/// rectangles near its rows instead of all of them (a 1%-animating frame of 10,000 cards has
/// about 100 rectangles and 900 quads to bin).
struct RegionRowIndex {
    /// Rows per bucket.
    private static let bucketRows = 64
    private var firstRow = 0
    /// For each bucket of rows, the indices of the rectangles that touch it, in ascending order.
    private var buckets: [[Int]] = []
    /// For each rectangle, the first bucket it is filed in.
    private var firstBuckets: [Int] = []

    /// Files `regions`, keeping the storage of the last filing (one index serves every frame).
    mutating func file(_ regions: [PixelRect]) {
        let top = regions.lazy.map(\.y).min() ?? 0
        let bottom = regions.lazy.map { $0.y + $0.height }.max() ?? top
        firstRow = top
        let count = max(1, (bottom - top + Self.bucketRows - 1) / Self.bucketRows)
        for b in buckets.indices { buckets[b].removeAll(keepingCapacity: true) }
        if buckets.count < count { buckets += Array(repeating: [], count: count - buckets.count) }
        if buckets.count > count { buckets.removeLast(buckets.count - count) }
        firstBuckets.removeAll(keepingCapacity: true)
        for (index, region) in regions.enumerated() {
            let first = bucket(of: region.y)
            firstBuckets.append(first)
            guard region.height > 0 else { continue }
            for bucket in first...bucket(of: region.y + region.height - 1) { buckets[bucket].append(index) }
        }
    }

    private func bucket(of row: Int) -> Int {
        min(buckets.count - 1, max(0, (row - firstRow) / Self.bucketRows))
    }

    /// Calls `body` once with the index of each rectangle that may overlap rows `y0..<y1`
    /// (a superset: the caller still tests the overlap). A rectangle filed in several buckets
    /// is reported from the first bucket that both it and the rows reach, so never twice.
    func forEachRegion(touchingRows y0: Int, _ y1: Int, _ body: (Int) -> Void) {
        guard y0 < y1 else { return }
        let first = bucket(of: y0), last = bucket(of: y1 - 1)
        for b in first...last {
            for index in buckets[b] where b == max(first, firstBuckets[index]) { body(index) }
        }
    }
}
