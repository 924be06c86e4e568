/// The commands of a draw list as a tree: quads, and groups holding their own content and mask.
///
/// The nesting of `.beginGroup`, `.beginMask` and `.endGroup` is parsed and checked here, once,
/// for every renderer: a renderer walks `roots` (and each group's `content` and `mask`) and never
/// reads a group command itself. The tree refers to the list's commands by index, so building it
/// copies no quad.
///
/// Malformed nesting is the producer's bug. It never traps: each departure from the rules of
/// `DrawCommand` is repaired the one way every renderer draws it, and recorded in `repairs`
/// (`NestingRepair` says what was wrong and where) for the renderer to report:
/// - an `.endGroup` without an open group is ignored;
/// - a `.beginMask` outside any group is ignored;
/// - a second `.beginMask` in one group is ignored (what follows stays part of the mask);
/// - groups still open at the end of the list are closed there, innermost first.
public struct DrawListTree: Sendable, Equatable {
    /// One drawable of an image.
    public enum Node: Sendable, Equatable {
        /// The `.quad` at this index of the list's commands.
        case quad(commandIndex: Int)
        /// The group at this index of `groups`.
        case group(Int)
    }

    /// A group: its description and the nodes drawn into its intermediate image and its mask.
    public struct Group: Sendable, Equatable {
        /// The group, as its `.beginGroup` gives it.
        public var group: CompositingGroup
        /// The index of its `.beginGroup` in the list's commands.
        public var commandIndex: Int
        /// The nodes drawn into the group's intermediate image: a range of `nodes`.
        public var content: Range<Int>
        /// The nodes drawn into the group's mask (a range of `nodes`), or nil when it has none.
        public var mask: Range<Int>?
    }

    /// The list's commands, which the nodes index.
    public let commands: [DrawCommand]
    /// The nodes of every image, each image's run contiguous, in painter's order within a run.
    public private(set) var nodes: [Node] = []
    /// The groups, referred to by `Node.group`.
    public private(set) var groups: [Group] = []
    /// The nodes drawn onto the canvas: a range of `nodes`.
    public private(set) var roots: Range<Int> = 0..<0
    /// How malformed nesting was repaired, in the order found (empty for a well-formed list).
    public private(set) var repairs: [NestingRepair] = []
    /// Whether a quad of the list filters its backdrop (`Quad.backdrop`) or a group blends with
    /// it (`CompositingGroup.blendFormula`): then a renderer paints each image in order up to
    /// every such drawable before going on.
    public private(set) var hasBackdrops = false

    /// Parses the nesting of `commands` (a draw list's, in painter's order).
    public init(_ commands: [DrawCommand]) {
        self = commands.withUnsafeBufferPointer { DrawListTree(parsing: $0, of: commands) }
    }

    /// Parses the nesting of `list`'s commands.
    public init(_ list: DrawList) { self.init(list.commands) }

    /// Parses commands read in place (a copy of each command costs more than parsing it).
    private init(parsing commands: UnsafeBufferPointer<DrawCommand>, of list: [DrawCommand]) {
        self.commands = list
        // Nodes of open images wait in `pending`, each open group's after its markers; a closed
        // group moves its runs into `nodes` and leaves one node in its parent's run.
        var pending: [Node] = []
        var open: [(group: CompositingGroup, commandIndex: Int, contentStart: Int, maskStart: Int?)] = []
        func close() {
            let finished = open.removeLast()
            let contentEnd = finished.maskStart ?? pending.count
            let content = nodes.count..<(nodes.count + contentEnd - finished.contentStart)
            nodes.append(contentsOf: pending[finished.contentStart..<contentEnd])
            var mask: Range<Int>?
            if let maskStart = finished.maskStart {
                mask = nodes.count..<(nodes.count + pending.count - maskStart)
                nodes.append(contentsOf: pending[maskStart...])
            }
            pending.removeSubrange(finished.contentStart...)
            pending.append(.group(groups.count))
            groups.append(Group(group: finished.group, commandIndex: finished.commandIndex, content: content, mask: mask))
        }
        for index in commands.indices {
            switch commands[index] {
            case .quad(let quad):
                pending.append(.quad(commandIndex: index))
                if quad.backdrop != nil { hasBackdrops = true }
            case .beginGroup(let group):
                if group.blendFormula != nil { hasBackdrops = true }
                open.append((group, index, pending.count, nil))
            case .beginMask:
                if open.isEmpty {
                    repairs.append(NestingRepair(kind: .maskOutsideGroup, commandIndex: index))
                } else if open[open.count - 1].maskStart != nil {
                    repairs.append(NestingRepair(kind: .secondMask, commandIndex: index))
                } else {
                    open[open.count - 1].maskStart = pending.count
                }
            case .endGroup:
                if open.isEmpty {
                    repairs.append(NestingRepair(kind: .endWithoutGroup, commandIndex: index))
                } else {
                    close()
                }
            }
        }
        while let innermost = open.last {
            repairs.append(NestingRepair(kind: .unclosedGroup, commandIndex: innermost.commandIndex))
            close()
        }
        roots = nodes.count..<(nodes.count + pending.count)
        nodes.append(contentsOf: pending)
    }

    /// The tree of `commands` when they nest exactly as `shape`'s do (the same kind of command
    /// at every index): `shape`'s nodes, roots and repairs, with `groups` (`shape`'s, each
    /// describing its `.beginGroup` in `commands`). Nothing is parsed (`DrawListTreeCache`).
    /// `hasBackdrops`: whether a command may read its backdrop, which the caller tells from
    /// `shape`'s flag and the commands that differ from `shape`'s.
    init(commands: [DrawCommand], shapedLike shape: DrawListTree, groups: [Group], hasBackdrops: Bool) {
        self.commands = commands
        nodes = shape.nodes
        self.groups = groups
        roots = shape.roots
        repairs = shape.repairs
        self.hasBackdrops = hasBackdrops
    }

    /// Whether the quad of a `Node.quad` has a backdrop filter, read from the command in place
    /// (false for a command that is not a quad): a pass plan asks for every quad of a frame, and
    /// copying each quad out of its box to ask cost about 80 instructions a quad.
    @inlinable
    public func hasBackdrop(quadAt commandIndex: Int) -> Bool {
        guard case .quad(let quad) = commands[commandIndex] else { return false }
        return quad.backdrop != nil
    }

    /// The quad of a `Node.quad`.
    @inlinable
    public func quad(at commandIndex: Int) -> Quad {
        guard case .quad(let quad) = commands[commandIndex] else { preconditionFailure("command \(commandIndex) is not a quad") }
        return quad
    }

    /// Whether the list's nesting followed the rules (nothing was repaired).
    public var isWellFormed: Bool { repairs.isEmpty }

    /// The deepest nesting of groups (0 without groups).
    public var groupDepth: Int {
        // A group's nodes are stored before it is referred to, so one pass in order suffices.
        var depths = [Int](repeating: 0, count: groups.count)
        for (index, group) in groups.enumerated() {
            var deepest = 0
            for case .group(let child) in nodes[group.content] { deepest = max(deepest, depths[child]) }
            for case .group(let child) in nodes[group.mask ?? 0..<0] { deepest = max(deepest, depths[child]) }
            depths[index] = deepest + 1
        }
        return nodes[roots].reduce(0) { deepest, node in
            if case .group(let index) = node { return max(deepest, depths[index]) }
            return deepest
        }
    }
}

/// A departure of a draw list from the nesting rules of `DrawCommand`, and how `DrawListTree`
/// repaired it.
public struct NestingRepair: Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// An `.endGroup` without an open group: ignored.
        case endWithoutGroup
        /// A `.beginMask` outside any group: ignored.
        case maskOutsideGroup
        /// A second `.beginMask` in one group: ignored, what follows stays part of the mask.
        case secondMask
        /// A group still open at the end of the list: closed there.
        case unclosedGroup
    }

    /// What was wrong.
    public var kind: Kind
    /// The index in the list's commands of the command at fault (for an unclosed group, its `.beginGroup`).
    public var commandIndex: Int

    /// Creates a record of a repair.
    public init(kind: Kind, commandIndex: Int) {
        self.kind = kind; self.commandIndex = commandIndex
    }

    /// A sentence for logs: what was wrong, where, and what was drawn instead.
    public var description: String {
        switch kind {
        case .endWithoutGroup: return "malformed draw list: .endGroup at command \(commandIndex) closes no group; ignored"
        case .maskOutsideGroup: return "malformed draw list: .beginMask at command \(commandIndex) is outside any group; ignored"
        case .secondMask: return "malformed draw list: second .beginMask at command \(commandIndex) in one group; ignored"
        case .unclosedGroup: return "malformed draw list: the group begun at command \(commandIndex) is never ended; closed at the end"
        }
    }
}

/// When a renderer reports malformed nesting: for the first malformed list it meets, once (a
/// broken producer repeats its list every frame, and one warning says all there is to say).
public struct NestingReporter: Sendable {
    private var hasReported = false

    /// Creates a reporter that has reported nothing yet.
    public init() {}

    /// The warning to log for `tree`, or nil when it is well formed or a warning was given already.
    public mutating func warning(for tree: DrawListTree) -> String? {
        guard let repair = tree.repairs.first, !hasReported else { return nil }
        hasReported = true
        return "\(repair) (\(tree.repairs.count) repair(s) in this list; later lists are not reported)"
    }
}
