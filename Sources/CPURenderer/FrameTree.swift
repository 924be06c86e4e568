import CompositorCore

/// The commands of a draw list as a tree: quads, and groups holding their own content and mask.
indirect enum FrameItem {
    case quad(Quad)
    case group(GroupNode)
}

/// A compositing group with the items drawn into its intermediate image and into its mask.
struct GroupNode {
    var group: CompositingGroup
    var content: [FrameItem] = []
    var mask: [FrameItem]?
}

enum FrameTree {
    /// Parses painter-ordered commands into items. Malformed nesting never traps: an `.endGroup`
    /// without a group is ignored, groups left open are closed at the end, a `.beginMask` outside
    /// a group is ignored and a second one in the same group is treated as part of the mask.
    static func items(of commands: [DrawCommand]) -> [FrameItem] {
        var root: [FrameItem] = []
        var open: [(node: GroupNode, inMask: Bool)] = []
        func append(_ item: FrameItem) {
            guard !open.isEmpty else { root.append(item); return }
            if open[open.count - 1].inMask {
                open[open.count - 1].node.mask!.append(item)
            } else {
                open[open.count - 1].node.content.append(item)
            }
        }
        func close() {
            let finished = open.removeLast().node
            append(.group(finished))
        }
        for command in commands {
            switch command {
            case .quad(let quad): append(.quad(quad))
            case .beginGroup(let group): open.append((GroupNode(group: group), false))
            case .beginMask:
                guard !open.isEmpty, !open[open.count - 1].inMask else { continue }
                open[open.count - 1].inMask = true
                open[open.count - 1].node.mask = []
            case .endGroup:
                if !open.isEmpty { close() }
            }
        }
        while !open.isEmpty { close() }
        return root
    }
}
