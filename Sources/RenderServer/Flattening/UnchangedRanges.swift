import CompositorCore

/// The command ranges of the draw list being made that repeat the previous frame's at the same
/// indices, with the same clips (a reused subtree drawn where it was drawn last frame), which a
/// renderer need not look at again (`DrawListContinuity`).
struct UnchangedRanges: Sendable {
    /// The ranges, ascending, none touching the next.
    private(set) var ranges: [Range<Int>] = []

    /// Adds `range`, merged with the last range when they touch.
    mutating func note(_ range: Range<Int>) {
        if let last = ranges.last, last.upperBound == range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
        } else {
            ranges.append(range)
        }
    }

    /// Withdraws every claim that commands from index `start` on repeat the previous frame's:
    /// they are about to be changed after they were drawn (a replicator instance's colour).
    mutating func forget(from start: Int) {
        while let last = ranges.last, last.upperBound > start {
            if last.lowerBound < start {
                ranges[ranges.count - 1] = last.lowerBound..<start
                return
            }
            ranges.removeLast()
        }
    }
}
