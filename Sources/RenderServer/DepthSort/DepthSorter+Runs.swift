/// `DepthSorter.byDepth(_:)` for depths that lie in a few monotone runs (S3's cards, at evenly
/// spread phases of one turn): the runs merged pairwise. Without NaN, depth then index is a
/// strict total order, so any exact sort gives the one order the comparator sort gives.
extension DepthSorter {
    /// The most runs merged here; more are left to Swift's sort.
    static let mostRuns = 32

    /// The indices of `d` by increasing depth, equal depths in index order; nil when a depth is
    /// NaN or they lie in more than `mostRuns` runs.
    static func byDepthInRuns(_ d: UnsafeBufferPointer<Double>) -> [Int]? {
        let n = d.count
        var source = Array(0..<n)
        guard n > 0 else { return [] }
        return source.withUnsafeMutableBufferPointer { sortInRuns(d, 0..<n, order: $0) } ? source : nil
    }

    /// Writes the indices `range` of `d` by increasing depth, equal depths in index order, to
    /// `order[range]` and returns true; false (leaving `order[range]` in no particular order)
    /// when a depth there is NaN or they lie in more than `mostRuns` runs. Each part of
    /// `FrameFlattener.sortedByDepth` sorts its own sublayers so, on its own thread.
    static func sortInRuns(_ d: UnsafeBufferPointer<Double>, _ range: Range<Int>,
                           order: UnsafeMutableBufferPointer<Int>) -> Bool {
        for i in range where d[i].isNaN { return false }
        for i in range { order[i] = i }
        var bounds = [range.lowerBound]
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            if end < range.upperBound, d[end] < d[start] {
                // Strictly descending: reversed, strictly ascending.
                while end < range.upperBound, d[end] < d[end - 1] { end += 1 }
                order[start..<end].reverse()
            } else {
                while end < range.upperBound, d[end] >= d[end - 1] { end += 1 }
            }
            bounds.append(end)
            start = end
            if bounds.count > mostRuns + 1 { return false }
        }
        guard bounds.count > 2 else { return true }
        let sorted = merged(d, Array(order[range]), bounds: bounds.map { $0 - range.lowerBound })
        for (k, i) in sorted.enumerated() { order[range.lowerBound + k] = i }
        return true
    }

    /// The indices `source` of `d` by increasing depth, equal depths in index order, where
    /// each `source[bounds[k]..<bounds[k + 1]]` is so ordered (`bounds` from 0 to the count):
    /// the runs merged pairwise.
    static func merged(_ d: UnsafeBufferPointer<Double>, _ source: [Int], bounds: [Int]) -> [Int] {
        var source = source, bounds = bounds
        let n = source.count
        var target = [Int](repeating: 0, count: n)
        while bounds.count > 2 {
            var next = [0]
            source.withUnsafeBufferPointer { s in
                target.withUnsafeMutableBufferPointer { t in
                    var k = 0
                    while k + 2 < bounds.count {
                        merge(d, s, bounds[k], bounds[k + 1], bounds[k + 2], into: t)
                        next.append(bounds[k + 2])
                        k += 2
                    }
                    if k + 1 < bounds.count {
                        for i in bounds[k]..<bounds[k + 1] { t[i] = s[i] }
                        next.append(bounds[k + 1])
                    }
                }
            }
            swap(&source, &target)
            bounds = next
        }
        return source
    }

    /// Merges the sorted indices `s[lo..<mid]` and `s[mid..<hi]` into `t[lo..<hi]`.
    @inline(__always)
    private static func merge(_ d: UnsafeBufferPointer<Double>, _ s: UnsafeBufferPointer<Int>,
                              _ lo: Int, _ mid: Int, _ hi: Int, into t: UnsafeMutableBufferPointer<Int>) {
        var i = lo, j = mid, k = lo
        while i < mid, j < hi {
            let a = s[i], b = s[j]
            if d[b] < d[a] || d[b] == d[a] && b < a {
                t[k] = b
                j += 1
            } else {
                t[k] = a
                i += 1
            }
            k += 1
        }
        while i < mid { t[k] = s[i]; i += 1; k += 1 }
        while j < hi { t[k] = s[j]; j += 1; k += 1 }
    }
}
