import CompositorCore
import Foundation
import Synchronization

/// One renderer's copy of the committed layer trees: the latest committed copy of every live
/// layer.
///
/// Each renderer owns one (through its `FrameBuilder`). A store joins `RenderTreeStores` when it
/// is created, seeded with every live layer as committed so far, so that a renderer created late
/// draws the current trees; from then on every commit writes the layers it changed to it in one
/// step, and every deallocated layer leaves it, until the store itself goes away. A renderer
/// takes a consistent snapshot at the start of each frame (a copy of the table, which shares its
/// storage until the next commit) and evaluates and flattens it on its own thread, without
/// locks, so animations keep running while the app's thread is busy.
package final class RenderTreeStore: Sendable {
    /// The commit counts of every store come from one counter, so that a version stamped on a
    /// layer names one committed state in the whole process (see `RenderLayer.version`).
    private static let generations = Atomic<UInt64>(0)

    /// A commit count no store has used.
    fileprivate static func nextGeneration() -> UInt64 {
        generations.add(1, ordering: .relaxed).newValue
    }

    struct Contents: Sendable {
        var layers = LayerIDTable<RenderLayer>(dense: true)
        /// The layer each committed layer was last committed under (as a sublayer or mask).
        var superlayers = LayerIDTable<UInt64>(dense: true)
        /// The summary of every layer in `layers`.
        var summaries = LayerIDTable<RenderLayerSummary>(dense: true)
        var generation: UInt64 = 0
        /// The layers whose committed copy or subtree version changed, or that left, since the
        /// last frame snapshot took them (`frameSnapshot()`); nil when not known (before the
        /// first frame, or after more changes than are worth listing).
        var changedSinceFrame: [UInt64]?
        /// An empty buffer with the capacity of an earlier commit's placements, which the next
        /// commit fills again (a commit of many layers is a large allocation, unless it is very
        /// large: see `largestSparePlacements`).
        var sparePlacements: [Placement] = []
        /// How many parts the last commit was written in (1: on the committing thread).
        var partsOfLastCommit = 1

        /// Makes room in the change list for `count` layers about to be listed, or drops the list
        /// at once when listing them would (see `noteChanged(_:)`: the table holds at most
        /// `count` more layers by then), instead of growing it a step at a time first.
        mutating func expectChanges(_ count: Int) {
            guard let listed = changedSinceFrame?.count, count > 0 else { return }
            if listed + count - 1 >= max(RenderTreeStore.minimumChangeList, (layers.count + count) / 4) {
                changedSinceFrame = nil
            } else if let capacity = changedSinceFrame?.capacity, listed + count > capacity {
                changedSinceFrame?.reserveCapacity(max(listed + count, 2 * capacity))
            }
        }

        /// Lists `id` among the layers changed since the last frame snapshot; past a quarter of
        /// the tree (at least `minimumChangeList`) the list is dropped: a frame that changes
        /// that much redraws most of the tree anyway.
        mutating func noteChanged(_ id: UInt64) {
            guard let count = changedSinceFrame?.count else { return }
            if count >= max(RenderTreeStore.minimumChangeList, layers.count / 4) {
                changedSinceFrame = nil
            } else {
                changedSinceFrame?.append(id)
            }
        }
    }

    /// The changes listed for a frame however small the tree (see `Contents.noteChanged(_:)`).
    fileprivate static let minimumChangeList = 1024

    /// The most layers whose placements buffer a store keeps between commits (about 3.5 MB).
    private static let largestSparePlacements = 1 << 16

    private let contents = ThreadLock(Contents())
    /// The most parts a commit of many layers is written in at once, each on a thread of its
    /// own (`writeInParts`); 1 writes every commit on the committing thread.
    let maximumApplyParts: Int

    /// Creates a store holding every live layer as committed so far, which every later commit
    /// reaches, writing large commits in up to `maximumApplyParts` parts at once.
    package init(maximumApplyParts: Int = RenderTreeStore.defaultMaximumApplyParts) {
        self.maximumApplyParts = maximumApplyParts
        isRegistered = true
        RenderTreeStores.register(self)
    }

    /// Creates an empty store that no commit reaches by itself: `RenderTreeStores`' stand-in,
    /// which it writes while no renderer's store exists.
    init(unregistered: Void) {
        maximumApplyParts = Self.defaultMaximumApplyParts
        isRegistered = false
    }

    /// Whether the store joined `RenderTreeStores` (and leaves it when it goes away).
    private let isRegistered: Bool

    deinit {
        if isRegistered { RenderTreeStores.unregister() }
    }

    /// Forgets every layer (the stand-in's trees while renderers hold their own).
    func removeAll() {
        contents.withLock { $0 = Contents() }
    }

    /// The committed subtree of the layer `rootID`, for a transition added to it: see
    /// `TransitionCapture.subtree(of:in:)`.
    func transitionSnapshot(of rootID: UInt64) -> TransitionSnapshot {
        contents.withLock { TransitionCapture.subtree(of: rootID, in: $0.layers) }
    }

    /// The committed state of the layer `id`; nil when the store does not hold it.
    func committedState(of id: UInt64) -> LayerState? {
        contents.withLock { $0.layers[id]?.state }
    }

    /// The box of the committed state of the layer `id` (the state read in place, not copied);
    /// nil when the store does not hold it.
    func committedStateBox(of id: UInt64) -> LayerStateBox? {
        contents.withLock { $0.layers.withValue(id) { $0.pointee.stateStorage } }
    }

    /// The committed `zPosition` of each layer of `ids`, nil for one the store does not hold:
    /// read from the layers' summaries, which lie together, not from their states.
    func committedZPositions(of ids: [UInt64]) -> [CGFloat?] {
        contents.withLock { c in ids.map { c.summaries[$0]?.zPosition } }
    }

    /// Applies one commit (taking the layers out of `update`): replaces the changed layers,
    /// stamps them and the subtree versions of their superlayers (to the root) with the new
    /// commit count, and gives each newly added transition the subtree it starts from (the layers as committed before this
    /// commit). Layers leave the store when they are deallocated (`RenderTreeStores` calls `remove(_:)`).
    ///
    /// The cost is the changed layers times their depth, not the size of the tree.
    func apply(_ update: inout RenderTreeUpdate) {
        // Taken out of the update, so that the layers are moved into the tree, not copied.
        var incoming: [RenderLayer] = []
        swap(&incoming, &update.layers)
        contents.withLock { c in
            let generation = c.beginCommit()
            // Every before-state is read from the tree as it was, before any layer is replaced.
            // What the steps below need of each layer is read at the same time, so that the
            // layers themselves can be moved into the tree rather than copied (read through
            // the element's exclusive access: a method called on an element read through a
            // pointer or the array's subscript would copy the layer out first).
            var placements: [Placement] = []
            placements.reserveCapacity(incoming.count)
            for index in incoming.indices {
                TransitionCapture.attachBeforeStates(to: &incoming[index], previous: c.layers)
                incoming[index].version = generation
                incoming[index].subtreeVersion = generation
                incoming[index].lastChangeBesidesPlacement = generation
                placements.append(Placement(incoming[index]))
                c.record(placements[index], generation: generation)
            }
            // Exchanged through an optional, so that neither the new copy nor the old one is
            // copied on the way.
            var layer = incoming.popLast()
            while let id = layer?.id {
                c.layers.exchange(id, &layer)
                layer = incoming.popLast()
            }
            c.settle(placements, generation: generation)
        }
        // The emptied buffer goes back, for the caller to fill again.
        swap(&incoming, &update.layers)
    }

    /// Applies one commit of the model layers `layers`, in the order the commit lists them, as
    /// `apply(_:)` applies copies of them; the caller holds `LayerTreeLock`.
    ///
    /// Each layer's committed copy is brought up to date in place from the layer's fields
    /// (`RenderLayer.recommit(_:)`): a commit of a changed property copies the layer's state
    /// once, into the box the store already has for it, instead of building a new copy of the
    /// layer and exchanging it for the old one. Every layer's ID is below `idBound` (the
    /// tables make room up to it before a commit is written in parts).
    func apply(committing layers: [Unmanaged<CALayer>], idsBelow idBound: UInt64) {
        contents.withLock { c in
            let generation = c.beginCommit()
            // A transition's before-state was captured once for every store, before the commit
            // reached any (`RenderTreeStores.publish(_:capturingTransitions:)`): its copy carries it.
            c.expectChanges(layers.count)
            let partCount = Self.applyPartCount(for: layers.count, maximum: maximumApplyParts)
            c.partsOfLastCommit = partCount
            if partCount > 1 {
                let (placements, runs) = c.writeInParts(layers, idsBelow: idBound, partCount: partCount,
                                                              generation: generation)
                c.settle(placements, generation: generation, runs: runs)
                return
            }
            var placements: [Placement] = []
            swap(&placements, &c.sparePlacements)
            placements.reserveCapacity(layers.count)
            for index in layers.indices {
                let placement = layers[index]._withUnsafeGuaranteedRef { layer in
                    let previous = c.summaries[layer.layerID]
                    return c.layers.withSlot(layer.layerID) { slot -> Placement in
                        Self.write(layer, into: &slot, previousSummary: previous, generation: generation)
                    }
                }
                c.record(placement, generation: generation)
                placements.append(placement)
            }
            c.settle(placements, generation: generation)
            placements.removeAll(keepingCapacity: true)
            if placements.capacity <= Self.largestSparePlacements { swap(&placements, &c.sparePlacements) }
        }
    }

    /// Writes `layer` as the commit `generation` commits it into `slot` (a new copy, or its copy
    /// brought up to date in place) and returns its placement. `previousSummary` is the
    /// summary of the copy in `slot` (nil: none). The caller holds `LayerTreeLock`.
    static func write(_ layer: CALayer, into slot: inout RenderLayer?, previousSummary: RenderLayerSummary?,
                      generation: UInt64) -> Placement {
        guard slot != nil else {
            slot = RenderLayer(committing: layer)
            return stamp(&slot!, generation: generation, onlyPlacementChanged: false, previousSummary: nil)
        }
        let onlyPlacement = slot!.recommit(layer)
        return stamp(&slot!, generation: generation, onlyPlacementChanged: onlyPlacement, previousSummary: previousSummary)
    }

    /// Stamps a layer written by the commit `generation` and returns its placement.
    ///
    /// When only the layer's `position` and `transform` changed, whether it reads the backdrop
    /// did not (it depends on its filters and animations: `RenderLayer.readsBackdrop`), and
    /// `previousSummary` says it: reading the filters again is a miss to memory at N = 100,000
    /// (the state's reference-counted values are an object of their own).
    private static func stamp(_ layer: inout RenderLayer, generation: UInt64, onlyPlacementChanged: Bool,
                              previousSummary: RenderLayerSummary?) -> Placement {
        if !onlyPlacementChanged { layer.lastChangeBesidesPlacement = generation }
        layer.version = generation
        layer.subtreeVersion = generation
        if onlyPlacementChanged, let previousSummary {
            return Placement(layer, readsBackdrop: previousSummary.readsBackdrop)
        }
        return Placement(layer, readsBackdrop: layer.readsBackdrop)
    }

    /// Where a committed layer sits and what its superlayer's summary needs of it (and what its
    /// own summary starts from: `summary(generation:)`).
    ///
    /// Plain values only: the placements of a commit are made, moved and freed without a
    /// retain, a release or a value-witness call each (a sublayer list held here cost about 130
    /// instructions a committed layer). The sublayers are read from the layer's committed copy
    /// when needed (`Contents.sublayerIDs(of:)`).
    struct Placement: Sendable {
        var id: UInt64
        var superlayerID: UInt64?
        /// Whether the layer has sublayers (most layers have none).
        var hasSublayers: Bool
        var maskID: UInt64?
        var zPosition: CGFloat
        var mayLeavePlane: Bool
        var readsBackdrop: Bool
        /// Whether the store already had the layer under `superlayerID` when the commit wrote
        /// it: looked up by the parts that write a large commit (`writeInParts`), each for its
        /// own layers, so that `settle` need not look up every layer again on the committing
        /// thread. False where nobody looked.
        var wasUnderSuperlayer = false

        /// Reads where `layer` sits.
        init(_ layer: borrowing RenderLayer) {
            self.init(layer, readsBackdrop: layer.readsBackdrop)
        }

        /// Reads where `layer` sits, whose `readsBackdrop` the caller knows.
        init(_ layer: borrowing RenderLayer, readsBackdrop: Bool) {
            id = layer.id
            superlayerID = layer.superlayerID
            hasSublayers = !layer.sublayerIDs.isEmpty
            maskID = layer.maskID
            zPosition = layer.state.zPosition
            mayLeavePlane = layer.mayLeavePlane
            self.readsBackdrop = readsBackdrop
        }

        /// The summary of the layer written by the commit `generation`.
        func summary(generation: UInt64) -> RenderLayerSummary {
            // A layer without sublayers has none that may have a zPosition or leave the plane.
            let isLeaf = !hasSublayers
            return RenderLayerSummary(subtreeVersion: generation, zPosition: zPosition, sublayersMayHaveZPosition: !isLeaf,
                                      mayLeavePlane: mayLeavePlane, sublayersMayLeavePlane: !isLeaf,
                                      readsBackdrop: readsBackdrop)
        }
    }

    /// A run of a commit's placements, in order, and what `Contents.settle` may skip of it.
    ///
    /// A part that writes a large commit (`writeInParts`) finds, as it writes, whether all its
    /// layers are plain: leaves without mask, each found under its superlayer
    /// (`Placement.wasUnderSuperlayer`), all under the same one, at z = 0 and in the plane (a
    /// scene moving its sprites). Such a run has nothing to adopt, and its superlayers are
    /// stamped once, not looked at once a layer.
    struct PlacementRun: Sendable {
        /// The indices of the run's placements.
        var range: Range<Int>
        /// Whether every placement of the run is plain, under `superlayerID`.
        var isPlain: Bool
        /// The superlayer of every placement of a plain run (nil: roots).
        var superlayerID: UInt64?

        /// A run of `range` that is not known to be plain.
        init(covering range: Range<Int>) {
            self.range = range
            isPlain = false
            superlayerID = nil
        }

        /// Extends the run by `placement`, at its end, keeping whether it is plain.
        @inline(__always)
        mutating func append(_ placement: Placement, at index: Int) {
            let plain = placement.wasUnderSuperlayer && !placement.hasSublayers && placement.maskID == nil
                && placement.zPosition == 0 && !placement.mayLeavePlane
            if range.isEmpty {
                range = index..<(index + 1)
                isPlain = plain
                superlayerID = placement.superlayerID
            } else {
                range = range.lowerBound..<(index + 1)
                isPlain = isPlain && plain && placement.superlayerID == superlayerID
            }
        }
    }

    /// How many parts the last commit was written in (for tests; 1: on the committing thread).
    var partsOfLastCommit: Int { contents.withLock { $0.partsOfLastCommit } }

    /// A consistent copy of every committed layer and the commit count it reflects.
    package func snapshot() -> (layers: LayerIDTable<RenderLayer>, generation: UInt64) {
        contents.withLock { ($0.layers, $0.generation) }
    }

    /// `snapshot()` with the summary of every layer, for drawing a frame, and the layers changed
    /// since the previous frame snapshot (nil when not known): the layers committed or removed,
    /// and those whose subtree version a change below them stamped. Taking them starts a new list.
    package func frameSnapshot() -> (layers: LayerIDTable<RenderLayer>, summaries: LayerIDTable<RenderLayerSummary>,
                             generation: UInt64, changes: [UInt64]?) {
        contents.withLock { c in
            var changes: [UInt64]? = []
            swap(&changes, &c.changedSinceFrame)
            return (c.layers, c.summaries, c.generation, changes)
        }
    }

    /// Forgets a layer that no longer exists, and takes it out of the sublayers or mask of the
    /// layer it was last committed under when that copy still lists it (the model cannot: a
    /// superlayer holds its sublayers), since its ID may be given to a new layer.
    func remove(_ id: UInt64) {
        contents.withLock { c in
            if let parent = c.superlayers.removeValue(forKey: id) {
                c.generation = Self.nextGeneration()
                c.forget(id, under: parent, generation: c.generation)
            }
            c.summaries.removeValue(forKey: id)
            if c.layers.removeValue(forKey: id) != nil {
                c.generation = Self.nextGeneration()
                c.noteChanged(id)
            }
        }
    }
}

extension RenderTreeStore.Contents {
    /// Starts a commit: takes a commit count no store has used and makes it the tree's.
    fileprivate mutating func beginCommit() -> UInt64 {
        generation = RenderTreeStore.nextGeneration()
        return generation
    }

    /// Records a layer written by the commit `generation`: its summary, and its change for the
    /// next frame.
    fileprivate mutating func record(_ placement: RenderTreeStore.Placement, generation: UInt64) {
        noteChanged(placement.id)
        let summary = placement.summary(generation: generation)
        summaries.withSlot(placement.id) { $0 = summary }
    }

    /// The steps of a commit once every layer of it is written: each layer's place in the tree
    /// (correcting stale copies that still list a layer elsewhere), the subtree versions of
    /// their superlayers, and the summaries that depend on the sublayers.
    ///
    /// Every layer of `placements` is in `layers` as this commit wrote it, and no step changes
    /// its sublayers (`forget(_:under:generation:)` changes only copies of other commits).
    /// `runs` cover `placements` in order (nil: one run of them all, none plain); a plain run
    /// (`PlacementRun.isPlain`) costs a step or none instead of one a layer, so that a commit
    /// written in parts leaves the committing thread nothing to do a moved leaf.
    mutating func settle(_ placements: [RenderTreeStore.Placement], generation: UInt64,
                         runs: [RenderTreeStore.PlacementRun]? = nil) {
        let runs = runs ?? [RenderTreeStore.PlacementRun(covering: placements.indices)]
        // Whether an adoption below has changed `superlayers`: until one has, a layer the parts
        // found under its superlayer (`wasUnderSuperlayer`) is still there, and one without
        // sublayers or mask has nothing to adopt (most of a large commit: moved leaves).
        var superlayersChanged = false
        for run in runs where !(run.isPlain && !superlayersChanged) {
            for index in run.range where adoptPlaced(placements[index], skippingSettledLeaf: !superlayersChanged,
                                                     generation: generation) {
                superlayersChanged = true
            }
        }
        // The superlayer whose subtree version this loop stamped last: the next sibling of its
        // layer (siblings are usually committed one after another) has nothing to stamp.
        var lastStamped: UInt64?
        for run in runs {
            guard run.isPlain && !superlayersChanged else {
                for index in run.range {
                    stampAbove(placements[index], readingSuperlayers: superlayersChanged, lastStamped: &lastStamped,
                               generation: generation)
                }
                continue
            }
            // Leaves under one superlayer, still where the table says, nothing away from z = 0 or
            // the plane: the first stamps the superlayers above them all (a root's has none).
            if let parent = run.superlayerID, parent != lastStamped {
                markSubtreeChanged(above: placements[run.range.lowerBound].id, generation: generation)
            }
            lastStamped = run.superlayerID
        }
    }

    /// `settle`'s first step for one layer: records where it, its sublayers and its mask are
    /// (passing over a leaf without mask the parts found under its superlayer when
    /// `skippingSettledLeaf`); returns whether that changed `superlayers`.
    private mutating func adoptPlaced(_ placement: RenderTreeStore.Placement, skippingSettledLeaf: Bool,
                                      generation: UInt64) -> Bool {
        if skippingSettledLeaf && placement.wasUnderSuperlayer && !placement.hasSublayers && placement.maskID == nil {
            return false
        }
        let id = placement.id
        var changed = adopt(id, under: placement.superlayerID, generation: generation)
        if let sublayerIDs = sublayerIDs(of: placement) {
            for child in sublayerIDs where adopt(child, under: id, generation: generation) { changed = true }
        }
        if let mask = placement.maskID, adopt(mask, under: id, generation: generation) { changed = true }
        return changed
    }

    /// `settle`'s second step for one layer: stamps the subtree versions above it (unless its
    /// superlayer is `lastStamped`), and the summaries that depend on its sublayers or on it.
    /// Its superlayer is read from `superlayers` when `readingSuperlayers` (an adoption may
    /// have moved it since it was written), else from `placement`.
    private mutating func stampAbove(_ placement: RenderTreeStore.Placement, readingSuperlayers: Bool,
                                     lastStamped: inout UInt64?, generation: UInt64) {
        let id = placement.id
        let parent = readingSuperlayers ? superlayers[id] : placement.superlayerID
        if parent == nil || parent != lastStamped {
            markSubtreeChanged(above: id, generation: generation)
            lastStamped = parent
        }
        if let sublayerIDs = sublayerIDs(of: placement) {
            // Read before writing: a copy of the dictionary held across the write would copy it whole.
            let mayHaveZPosition = sublayersMayHaveZPosition(sublayerIDs)
            let mayLeavePlane = sublayersMayLeavePlane(sublayerIDs)
            summaries.update(id) {
                $0.sublayersMayHaveZPosition = mayHaveZPosition
                $0.sublayersMayLeavePlane = mayLeavePlane
            }
        }
        let zPosition = placement.zPosition, mayLeavePlane = placement.mayLeavePlane
        guard zPosition != 0 || mayLeavePlane, let parent else { return }
        if zPosition != 0 { summaries.update(parent) { $0.sublayersMayHaveZPosition = true } }
        if mayLeavePlane { summaries.update(parent) { $0.sublayersMayLeavePlane = true } }
    }

    /// The sublayers of the layer `placement` places, as its committed copy lists them; nil
    /// when it has none.
    private func sublayerIDs(of placement: RenderTreeStore.Placement) -> [UInt64]? {
        guard placement.hasSublayers else { return nil }
        return layers.withValue(placement.id) { $0.pointee.sublayerIDs }
    }

    /// Records that the committed layer `id` is under `parent` (nil: a root), taking it out of
    /// the sublayers or mask of the layer it was committed under before, when that is another.
    ///
    /// Layers changed from several threads reach the store in different commits: the layer a
    /// sublayer left may not be committed yet when its new superlayer is. Without this, the old
    /// superlayer's stale copy would still list it, and the layer would be drawn twice, or the
    /// committed tree could even hold a cycle. The model never lists a layer twice (see
    /// `LayerTreeLock`), so the newest commit that places a layer is the one to believe.
    ///
    /// Returns whether it changed `superlayers` (the layer was elsewhere).
    @discardableResult
    fileprivate mutating func adopt(_ id: UInt64, under parent: UInt64?, generation: UInt64) -> Bool {
        let previous = superlayers[id]
        guard previous != parent else { return false }
        // A layer of this commit lists what it lists now: only a stale copy is corrected.
        if let previous, let copy = layers[previous], copy.version != generation { forget(id, under: previous, generation: generation) }
        superlayers[id] = parent
        return true
    }

    /// Takes `id` out of the sublayers or mask of `parent`'s committed copy when it lists it,
    /// stamping the copy and its ancestors with `generation`.
    fileprivate mutating func forget(_ id: UInt64, under parent: UInt64, generation: UInt64) {
        guard let copy = layers[parent], copy.sublayerIDs.contains(id) || copy.maskID == id else { return }
        layers.update(parent) { layer in
            layer.sublayerIDs.removeAll { $0 == id }
            if layer.maskID == id { layer.maskID = nil }
            layer.lastChangeBesidesPlacement = generation
            layer.version = generation
            layer.subtreeVersion = generation
        }
        summaries.update(parent) { $0.subtreeVersion = generation }
        noteChanged(parent)
        markSubtreeChanged(above: parent, generation: generation)
    }

    /// Whether any sublayer of `layer` has (or may have) a `zPosition` other than 0.
    fileprivate func sublayersMayHaveZPosition(_ sublayerIDs: [UInt64]) -> Bool {
        sublayerIDs.contains { summaries[$0].map { $0.zPosition != 0 } ?? true }
    }

    /// Whether any sublayer of `layer` may (or may be known to) leave its plane.
    fileprivate func sublayersMayLeavePlane(_ sublayerIDs: [UInt64]) -> Bool {
        sublayerIDs.contains { summaries[$0]?.mayLeavePlane ?? true }
    }

    /// Stamps the subtree version of every layer above `id` with `generation`, stopping at the
    /// first that already has it (its own superlayers were stamped when it was). A superlayer
    /// link can be stale (the layer was removed and not committed elsewhere): that only
    /// stamps a layer that did not need it, which costs a reuse, never a wrong frame. Stale
    /// links can form a cycle, which ends at the first layer stamped twice; no depth limit
    /// applies (a limit would leave the top of a deeper tree with a stale version).
    fileprivate mutating func markSubtreeChanged(above id: UInt64, generation: UInt64) {
        var current = id
        var steps = 0
        while let parent = superlayers[current], steps <= layers.count {
            // Read from the summary, which holds the same version, without copying the layer.
            guard let version = summaries[parent]?.subtreeVersion, version != generation else { return }
            layers.update(parent) { $0.subtreeVersion = generation }
            summaries.update(parent) { $0.subtreeVersion = generation }
            noteChanged(parent)
            current = parent
            steps += 1
        }
    }
}
