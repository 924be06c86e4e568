import CoreGraphics
import Foundation

/// Picks the top-level drawables of a frame that may touch its damage, for both renderers.
///
/// Each top-level drawable's canvas bounds (`DamageBounds`, unclipped) are remembered between
/// frames and filed in a grid of canvas cells (`DamageGrid`). When the tree comes from a
/// `DrawListTreeCache` that kept the shape of the tree culled last, only the drawables begun by
/// the commands the cache names as changed are projected again and refiled; the damage then
/// looks only at the drawables filed under its own cells, so following a frame where 1% of the
/// layers changed costs about that 1% and their neighbours, not the list. Other trees (another
/// shape, or a frame drawn whole in between) are projected and filed in full.
///
/// A drawable may touch the damage when its bounds reach a damaged tile (`DamageTiles.touches`,
/// the default) or, for a culler made `exact`, only when they overlap one of its rectangles:
/// fewer neighbours of a small change are prepared, and none whose bounds miss the damage, so
/// the pixels drawn inside it are the same.
public struct DamageCulling: Sendable {
    /// Whether a drawable is selected only where its bounds overlap a rectangle of the damage.
    public let isExact: Bool
    /// Canvas bounds by offset in the culled tree's `roots` (minX, minY, maxX, maxY,
    /// exclusive); `unbounded` where no bounds could be found.
    private var bounds: [SIMD4<Int32>] = []
    /// By command index, the offset in `roots` of the drawable that command begins, or -1.
    private var rootByCommand: [Int32] = []
    /// The drawables (offsets in `roots`) filed by their bounds.
    private var grid = DamageGrid()
    /// The revision of the cache's tree that `bounds` and `grid` describe, nil when none.
    private var culledRevision: UInt64?
    /// By offset in `roots`, the number of the search that last looked at the drawable.
    private var visits: [UInt32] = []
    /// The number of searches so far.
    private var searches: UInt32 = 0
    /// The positions in the tree's `nodes` (within its `roots`) that may touch the damage, in
    /// painter's order: the result of the last `select`.
    public private(set) var selected: [Int] = []
    /// Drawables whose bounds the last `select` projected (the others were remembered).
    public private(set) var projectedCount = 0

    /// The bounds of a drawable that cannot be bounded: it touches every damage.
    private static let unbounded = SIMD4<Int32>(Int32.min, Int32.min, Int32.max, Int32.max)

    /// Creates a culler that remembers nothing; `exact`: selecting only the drawables whose
    /// bounds overlap a rectangle of the damage, not all that reach a damaged tile.
    public init(exact: Bool = false) {
        isExact = exact
    }

    /// Fills `selected` with the root nodes of `trees.tree` that may touch `damage` (tiles of
    /// the tree's canvas).
    public mutating func select(_ trees: DrawListTreeCache, touching damage: DamageTiles) {
        let tree = trees.tree
        if let culled = culledRevision, culled &+ 1 == trees.revision, let changed = trees.changedRanges,
           grid.matches(damage), bounds.count == tree.roots.count, rootByCommand.count == tree.commands.count {
            projectedCount = update(changed, of: tree, in: damage)
        } else {
            projectedCount = file(tree, in: damage)
        }
        culledRevision = trees.revision
        search(damage, roots: tree.roots)
    }

    /// Projects the drawables begun in `changed` again and refiles those that moved to other
    /// cells; returns how many were projected.
    private mutating func update(_ changed: [Range<Int>], of tree: DrawListTree, in damage: DamageTiles) -> Int {
        var projected = 0
        tree.commands.withUnsafeBufferPointer { commands in
            for range in changed {
                for index in range {
                    let root = rootByCommand[index]
                    guard root >= 0 else { continue }
                    let box = Self.canvasBounds(of: commands[index]), old = bounds[Int(root)]
                    projected += 1
                    guard box != old else { continue }
                    if !grid.sameCells(old, box, in: damage) {
                        grid.remove(root, box: old, in: damage)
                        grid.insert(root, box: box, in: damage)
                    }
                    bounds[Int(root)] = box
                }
            }
        }
        return projected
    }

    /// Projects and files every root drawable of `tree`; returns how many.
    private mutating func file(_ tree: DrawListTree, in damage: DamageTiles) -> Int {
        let count = tree.roots.count
        bounds.removeAll(keepingCapacity: true)
        bounds.append(contentsOf: repeatElement(Self.unbounded, count: count))
        rootByCommand.removeAll(keepingCapacity: true)
        rootByCommand.append(contentsOf: repeatElement(-1, count: tree.commands.count))
        visits.removeAll(keepingCapacity: true)
        visits.append(contentsOf: repeatElement(0, count: count))
        searches = 0
        grid.reset(for: damage)
        tree.commands.withUnsafeBufferPointer { commands in
            for (offset, position) in tree.roots.enumerated() {
                let index: Int
                switch tree.nodes[position] {
                case .quad(let commandIndex): index = commandIndex
                case .group(let group): index = tree.groups[group].commandIndex
                }
                let box = Self.canvasBounds(of: commands[index])
                rootByCommand[index] = Int32(offset)
                bounds[offset] = box
                grid.insert(Int32(offset), box: box, in: damage)
            }
        }
        return count
    }

    /// Fills `selected` with the roots filed near a rectangle of `damage` whose bounds touch
    /// it (overlap the rectangle, for an exact culler), in painter's order.
    private mutating func search(_ damage: DamageTiles, roots: Range<Int>) {
        searches &+= 1
        if searches == 0 { // wrapped: no mark may match by accident
            for k in visits.indices { visits[k] = 0 }
            searches = 1
        }
        let search = searches, isExact = self.isExact
        var selected = self.selected, visits = self.visits
        self.selected = []; self.visits = []
        selected.removeAll(keepingCapacity: true)
        bounds.withUnsafeBufferPointer { bounds in
            visits.withUnsafeMutableBufferPointer { visits in
                for rect in damage.rectangles {
                    let area = SIMD4(Int32(clamping: rect.x), Int32(clamping: rect.y),
                                     Int32(clamping: rect.x + rect.width), Int32(clamping: rect.y + rect.height))
                    grid.forEachItem(near: rect, in: damage) { item in
                        let root = Int(item)
                        guard visits[root] != search else { return }
                        let box = bounds[root]
                        if isExact {
                            // Missing this rectangle, it may still overlap another: not marked.
                            guard box.x < area.z, area.x < box.z, box.y < area.w, area.y < box.w else { return }
                        } else if !damage.touches(minX: Int(box.x), minY: Int(box.y), maxX: Int(box.z), maxY: Int(box.w)) {
                            visits[root] = search
                            return
                        }
                        visits[root] = search
                        selected.append(roots.lowerBound + root)
                    }
                }
            }
        }
        selected.sort()
        self.selected = selected; self.visits = visits
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
