/// Gives a renderer the `DrawListTree` of each frame, parsing a list only when its nesting may
/// differ from the last one's.
///
/// When a list directly follows the last one in its producer's sequence (`DrawListContinuity`),
/// has as many commands, and every command outside the ranges it repeated is of the same kind
/// (quad, group begin, mask, group end) as the command it replaces, the two lists nest alike:
/// the last tree's nodes are kept and only the groups begun by changed commands are described
/// again. Following a frame where 1% of the layers changed then costs about those commands, not
/// the list. A list given again (the same command storage) keeps its tree whole. Any other list
/// is parsed afresh.
///
/// The cache holds the last list's commands until the next list replaces them; a long list's
/// are then freed on another thread (`DrawListRetirement`), off the renderer's path.
public struct DrawListTreeCache: Sendable {
    /// The tree of the list given last (an empty tree before the first).
    public private(set) var tree = DrawListTree([])
    /// The number of lists given so far: the revision of `tree`.
    public private(set) var revision: UInt64 = 0
    /// When `tree` has the nodes and roots of the tree of revision `revision - 1`, the ranges of
    /// commands that may differ from that list's (sorted, disjoint); nil when `tree` was parsed.
    public private(set) var changedRanges: [Range<Int>]?

    /// The producer's numbering of the list given last.
    private var continuity: DrawListContinuity?
    /// The group begun at each `.beginGroup`, by command index: (command index, index in
    /// `tree.groups`), sorted; filled when a tree with groups is parsed.
    private var groupsByCommand: [SIMD2<Int>] = []

    /// Creates a cache that has seen no list.
    public init() {}

    /// The tree of `list`, from the last one's where they nest alike; it becomes `tree`.
    public mutating func tree(for list: DrawList) -> DrawListTree {
        revision &+= 1
        let previous = continuity
        continuity = list.continuity
        if isSameStorage(list.commands, tree.commands) {
            changedRanges = []
            return tree
        }
        if case let (changed, changedReadBackdrop)? = changedCommands(of: list, following: previous) {
            var groups = tree.groups
            if !groups.isEmpty {
                for range in changed {
                    for index in range {
                        guard case .beginGroup(let group) = list.commands[index], let g = groupIndex(beginningAt: index) else { continue }
                        groups[g].group = group
                    }
                }
            }
            // The repeated commands read their backdrops as the last list's did; a changed one
            // may begin to. (One that stops leaves the flag set until a list is parsed again:
            // the renderer then only takes the careful path, backdrops or not.)
            let hasBackdrops = tree.hasBackdrops || changedReadBackdrop
            replaceTree(with: DrawListTree(commands: list.commands, shapedLike: tree, groups: groups, hasBackdrops: hasBackdrops))
            changedRanges = changed
            return tree
        }
        replaceTree(with: DrawListTree(list.commands))
        changedRanges = nil
        groupsByCommand = tree.groups.indices.map { SIMD2(tree.groups[$0].commandIndex, $0) }
        groupsByCommand.sort { $0.x < $1.x }
        return tree
    }

    /// Makes `new` the tree, freeing the last one on the retirement queue when it is long.
    private mutating func replaceTree(with new: DrawListTree) {
        guard tree.commands.count >= DrawListRetirement.minimumCommands else {
            tree = new
            return
        }
        // The box takes the cache's reference before `tree` lets it go: no reference is left
        // on this thread whose release could be the last.
        let retired = ThreadLock<DrawListTree?>(tree)
        tree = new
        DrawListRetirement.shared.retire(retired)
    }

    /// Waits until the trees this process's caches replaced are freed (for tests and
    /// measurements of memory).
    public static func waitUntilReplacedTreesAreFreed() {
        DrawListRetirement.shared.waitUntilFreed()
    }

    /// The commands of `list` outside the ranges its producer repeated from the list of `tree`,
    /// and whether one of them reads its backdrop (one walk over them), when `list` follows that
    /// list (whose continuity is `previous`) and nests as it does; else nil.
    private func changedCommands(of list: DrawList, following previous: DrawListContinuity?) -> ([Range<Int>], readsBackdrop: Bool)? {
        guard list.commands.count == tree.commands.count,
              let changed = DrawListContinuity.changedRanges(from: previous, to: list.continuity, count: list.commands.count) else { return nil }
        let answer = DrawListTree.nestAlikeReadingBackdrop(tree.commands, list.commands, differingOnlyIn: changed)
        return answer.nestAlike ? (changed, answer.readsBackdrop) : nil
    }

    /// The index in `tree.groups` of the group begun at command `index`.
    private func groupIndex(beginningAt index: Int) -> Int? {
        var low = 0, high = groupsByCommand.count
        while low < high {
            let middle = (low + high) / 2
            if groupsByCommand[middle].x < index { low = middle + 1 } else { high = middle }
        }
        return low < groupsByCommand.count && groupsByCommand[low].x == index ? groupsByCommand[low].y : nil
    }

    /// Whether two arrays share their storage (so hold the same commands: `tree` keeps its
    /// storage alive, so no other array can have been given its address).
    private func isSameStorage(_ a: [DrawCommand], _ b: [DrawCommand]) -> Bool {
        guard a.count == b.count, !a.isEmpty else { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}
