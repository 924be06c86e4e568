import Foundation

/// What the producer of a draw list knows about it against the list it produced just before:
/// ranges of commands it repeated unchanged, at the same indices and with the same clips at
/// every clip index they refer to. `DamageTracker` skips comparing them, so following a frame
/// where few layers changed costs about those layers.
///
/// A renderer that flattens a layer tree (`CARenderer`) numbers its lists in one sequence; the
/// ranges only count when the tracker's previous list is the one numbered just before.
public struct DrawListContinuity: Sendable, Equatable {
    /// Identifies the producer's sequence of lists.
    public var sequence: UInt64
    /// The list's number in its sequence.
    public var frame: UInt64
    /// Command ranges equal to the same ranges of list `frame - 1`, sorted and disjoint.
    public var unchangedRanges: [Range<Int>]

    /// Creates the continuity of list `frame` of `sequence`.
    public init(sequence: UInt64, frame: UInt64, unchangedRanges: [Range<Int>]) {
        self.sequence = sequence; self.frame = frame; self.unchangedRanges = unchangedRanges
    }

    /// The unchanged ranges of `new` against `old` when `new` directly follows `old` in one
    /// sequence (ranges reaching past either list are dropped); empty otherwise.
    public static func unchangedRanges(from old: DrawList, to new: DrawList) -> [Range<Int>] {
        guard let before = old.continuity, let after = new.continuity, before.sequence == after.sequence,
              after.frame == before.frame &+ 1 else { return [] }
        let limit = min(old.commands.count, new.commands.count)
        return after.unchangedRanges.filter { $0.lowerBound >= 0 && $0.upperBound <= limit }
    }

    /// The commands of list `after` outside the ranges it repeated, when it directly follows
    /// list `before` in one sequence and both hold `count` commands: sorted, disjoint ranges.
    /// Nil when the lists are not so related or the ranges are not sorted and disjoint within
    /// the list, so that nothing may be assumed repeated.
    public static func changedRanges(from before: DrawListContinuity?, to after: DrawListContinuity?,
                                     count: Int) -> [Range<Int>]? {
        guard let before, let after, before.sequence == after.sequence, after.frame == before.frame &+ 1 else { return nil }
        var changed: [Range<Int>] = []
        var next = 0
        for range in after.unchangedRanges where !range.isEmpty {
            guard range.lowerBound >= next, range.upperBound <= count else { return nil }
            if range.lowerBound > next { changed.append(next..<range.lowerBound) }
            next = range.upperBound
        }
        if next < count { changed.append(next..<count) }
        return changed
    }
}
