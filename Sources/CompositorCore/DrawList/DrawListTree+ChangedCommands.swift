/// What the commands a list changed against the last one say about its tree, each answered by
/// one walk over those commands (`DrawListTreeCache` asks both questions in one).
extension DrawListTree {
    /// Whether two lists of as many commands nest alike, given that they differ at most in
    /// `changed` (indices of both): there, every command plays the same part (quad, group
    /// begin, mask, group end) as the one it replaces.
    static func nestAlike(_ old: [DrawCommand], _ new: [DrawCommand], differingOnlyIn changed: [Range<Int>]) -> Bool {
        guard old.count == new.count else { return false }
        return walk(old, new, in: changed, askingBackdrops: false).nestAlike
    }

    /// `nestAlike(old, new, differingOnlyIn: changed)` and, when they nest alike, whether a
    /// command of `new` in `changed` filters its backdrop or begins a group that blends with it
    /// (what sets `hasBackdrops` when a list is parsed), from one walk over `changed`. When they
    /// do not nest alike, the second answer means nothing: the walk stops at the first command
    /// that plays another part.
    static func nestAlikeReadingBackdrop(_ old: [DrawCommand], _ new: [DrawCommand],
                                         differingOnlyIn changed: [Range<Int>]) -> (nestAlike: Bool, readsBackdrop: Bool) {
        guard old.count == new.count else { return (false, false) }
        return walk(old, new, in: changed, askingBackdrops: true)
    }

    /// The one walk: whether each command of `new` in `ranges` plays the part of `old`'s at its
    /// index (stopping at the first that does not), and, when `askingBackdrops`, whether one of
    /// them reads its backdrop. `old` and `new` have as many commands.
    private static func walk(_ old: [DrawCommand], _ new: [DrawCommand], in ranges: [Range<Int>],
                             askingBackdrops: Bool) -> (nestAlike: Bool, readsBackdrop: Bool) {
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                // Once a reader is found (or when not asked) only the parts are compared.
                var reads = !askingBackdrops
                for range in ranges {
                    var index = range.lowerBound
                    while index < range.upperBound {
                        switch b[index] {
                        case .quad(let quad):
                            guard case .quad = a[index] else { return (false, reads && askingBackdrops) }
                            if !reads && quad.backdrop != nil { reads = true }
                        case .beginGroup(let group):
                            guard case .beginGroup = a[index] else { return (false, reads && askingBackdrops) }
                            if !reads && group.blendFormula != nil { reads = true }
                        case .beginMask:
                            guard case .beginMask = a[index] else { return (false, reads && askingBackdrops) }
                        case .endGroup:
                            guard case .endGroup = a[index] else { return (false, reads && askingBackdrops) }
                        }
                        index += 1
                    }
                }
                return (true, reads && askingBackdrops)
            }
        }
    }
}
