import CoreGraphics
import Foundation

/// Picks the top-level drawables of a frame that may touch its damage, for both renderers.
///
/// Each drawable's canvas bounds (`DamageBounds`, unclipped) are remembered by command index
/// between frames. When a list follows the one culled last in its producer's sequence, the
/// drawables its `DrawListContinuity` declares unchanged keep their bounds without being
/// projected again, so following a frame where 1% of the layers changed projects about that 1%;
/// what remains per drawable is a lookup in the damage's tile table. Lists of another producer,
/// or after a frame that was not culled (drawn whole), are projected in full.
public struct DamageCulling: Sendable {
    /// Canvas bounds by command index (minX, minY, maxX, maxY, exclusive), valid for top-level
    /// drawables of the list culled last; `unbounded` where no bounds could be found.
    private var bounds: [SIMD4<Int32>] = []
    /// By command index, the number of the `select` call that last found it a top-level
    /// drawable: a command of an unchanged range keeps its bounds only if it was one last time
    /// (a changed command elsewhere may have opened or closed a group around it).
    private var seen: [UInt32] = []
    /// The number of `select` calls so far.
    private var calls: UInt32 = 0
    /// The continuity of the list whose bounds `bounds` holds, or nil when it holds none.
    private var culled: (sequence: UInt64, frame: UInt64)?
    /// The positions in the tree's `nodes` (within its `roots`) that may touch the damage, in
    /// painter's order: the result of the last `select`.
    public private(set) var selected: [Int] = []
    /// Drawables whose bounds the last `select` projected (the others were remembered).
    public private(set) var projectedCount = 0

    /// The bounds of a drawable that cannot be bounded: it touches every damage.
    private static let unbounded = SIMD4<Int32>(Int32.min, Int32.min, Int32.max, Int32.max)

    /// Creates a culler that remembers nothing.
    public init() {}

    /// Fills `selected` with the root nodes of `tree` (parsed from `list`) that may touch `damage`.
    public mutating func select(_ tree: DrawListTree, of list: DrawList, touching damage: DamageTiles) {
        selected.removeAll(keepingCapacity: true)
        var unchanged: [Range<Int>] = []
        if let previous = culled, let continuity = list.continuity, continuity.sequence == previous.sequence,
           continuity.frame == previous.frame &+ 1 {
            let limit = min(bounds.count, tree.commands.count)
            unchanged = continuity.unchangedRanges.filter { $0.lowerBound >= 0 && $0.upperBound <= limit }
        }
        culled = list.continuity.map { ($0.sequence, $0.frame) }
        let count = tree.commands.count
        if bounds.count != count {
            // Indices in the unchanged ranges lie below both counts, so what they keep survives.
            if bounds.count > count {
                bounds.removeLast(bounds.count - count); seen.removeLast(seen.count - count)
            } else {
                bounds.append(contentsOf: repeatElement(Self.unbounded, count: count - bounds.count))
                seen.append(contentsOf: repeatElement(0, count: count - seen.count))
            }
        }
        let previousCall = calls
        calls &+= 1
        if calls == 0 { // wrapped: no stamp may match by accident
            for k in seen.indices { seen[k] = 0 }
            calls = 1
            unchanged = []
        }
        let call = calls
        var cursor = 0, projected = 0
        var selected = self.selected
        self.selected = []
        tree.commands.withUnsafeBufferPointer { commands in
            bounds.withUnsafeMutableBufferPointer { remembered in
                seen.withUnsafeMutableBufferPointer { seen in
                    for position in tree.roots {
                        let index: Int
                        switch tree.nodes[position] {
                        case .quad(let commandIndex): index = commandIndex
                        case .group(let group): index = tree.groups[group].commandIndex
                        }
                        while cursor < unchanged.count, unchanged[cursor].upperBound <= index { cursor += 1 }
                        let isUnchanged = cursor < unchanged.count && unchanged[cursor].contains(index)
                            && seen[index] == previousCall
                        seen[index] = call
                        if !isUnchanged {
                            remembered[index] = Self.canvasBounds(of: commands[index])
                            projected += 1
                        }
                        let box = remembered[index]
                        if damage.touches(minX: Int(box.x), minY: Int(box.y), maxX: Int(box.z), maxY: Int(box.w)) {
                            selected.append(position)
                        }
                    }
                }
            }
        }
        self.selected = selected
        projectedCount = projected
    }

    /// The canvas pixels a top-level command can change, as `DamageTiles` tests them.
    private static func canvasBounds(of command: DrawCommand) -> SIMD4<Int32> {
        let rect: CGRect?
        switch command {
        case .quad(let quad): rect = DamageBounds.of(quad)
        case .beginGroup(let group): rect = DamageBounds.of(group)
        case .beginMask, .endGroup: rect = nil
        }
        guard let rect else { return unbounded }
        let r = DamageBounds.pixels(rect)
        guard !r.isEmpty else { return .zero }
        return SIMD4(Int32(clamping: r.x), Int32(clamping: r.y), Int32(clamping: r.x + r.width), Int32(clamping: r.y + r.height))
    }
}
