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
        guard n > 0 else { return [] }
        var order = [Int](repeating: 0, count: n), scratch = order
        let sorted = order.withUnsafeMutableBufferPointer { order in
            scratch.withUnsafeMutableBufferPointer { sortInRuns(d, 0..<n, order: order, scratch: $0) }
        }
        return sorted ? order : nil
    }

    /// Writes the indices `range` of `d` by increasing depth, equal depths in index order, to
    /// `order[range]` and returns true; false (leaving `order[range]` in no particular order)
    /// when a depth there is NaN or they lie in more than `mostRuns` runs. `scratch[range]` (a
    /// buffer as long as `order`) is written as the runs are merged. Each part of
    /// `FrameFlattener.sortedByDepth` sorts its own sublayers so, on its own thread.
    static func sortInRuns(_ d: UnsafeBufferPointer<Double>, _ range: Range<Int>,
                           order: UnsafeMutableBufferPointer<Int>, scratch: UnsafeMutableBufferPointer<Int>) -> Bool {
        var hasNaN = false
        for i in range {
            hasNaN = hasNaN || d[i].isNaN
            order[i] = i
        }
        guard !hasNaN else { return false }
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
        if mergeRuns(d, bounds: bounds, order: order, scratch: scratch) {
            for i in range { order[i] = scratch[i] }
        }
        return true
    }

    /// Orders `order[bounds.first!..<bounds.last!]` by increasing depth `d`, equal depths in
    /// index order, where each `order[bounds[k]..<bounds[k + 1]]` is so ordered: the runs
    /// merged pairwise, back and forth between `order` and `scratch` (the same indices of it).
    /// Returns whether the result ends in `scratch`. It allocates only the runs' bounds.
    static func mergeRuns(_ d: UnsafeBufferPointer<Double>, bounds: [Int], order: UnsafeMutableBufferPointer<Int>,
                          scratch: UnsafeMutableBufferPointer<Int>) -> Bool {
        var bounds = bounds, source = order, target = scratch
        while bounds.count > 2 {
            var next = [bounds[0]]
            var k = 0
            while k + 2 < bounds.count {
                merge(d, UnsafeBufferPointer(source), bounds[k], bounds[k + 1], bounds[k + 2], into: target)
                next.append(bounds[k + 2])
                k += 2
            }
            if k + 1 < bounds.count {
                for i in bounds[k]..<bounds[k + 1] { target[i] = source[i] }
                next.append(bounds[k + 1])
            }
            swap(&source, &target)
            bounds = next
        }
        return source.baseAddress != order.baseAddress
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
