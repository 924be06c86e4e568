import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel
import Synchronization

/// What the flattener made of each layer's subtree in earlier frames, kept by a renderer so
/// that a frame where few layers changed costs about those layers, not the whole tree.
///
/// A subtree's commands depend only on the committed layers in it (their `subtreeVersion`)
/// and on what its superlayer hands down (`SubtreeContext`), unless something in it changes
/// with time: animations, particles, tiles loading, a GL layer's frames. Such subtrees are
/// never stored. A subtree is stored the second frame running it is drawn with the same key,
/// so subtrees that change every frame (the superlayers of animated layers) are not copied
/// each frame for nothing. Entries not drawn for `retainedFrames` frames are dropped.
package final class FlattenedSubtreeCache {
    /// One layer's subtree as last flattened.
    final class Entry {
        var key: SubtreeKey
        /// The commands and the clips the subtree pushed, once stable; nil until then. Written
        /// by the cache alone, which keeps their totals (`usage`).
        fileprivate(set) var commands: [DrawCommand]?
        fileprivate(set) var clips: [Clip] = []
        /// The number of clips before the subtree's own when it was stored: its clip indices
        /// at or above this move with the subtree's first clip when it is reused.
        var clipBase: Int32 = 0
        /// The last frame that drew the subtree, and where its commands and clips started in
        /// it: drawn again at the same place in the next frame, they are the same commands at
        /// the same indices (`DrawListContinuity`).
        var drawnAt: (frame: UInt64, command: Int, clip: Int)
        /// How many commands and clips of its own it drew there.
        var drawnCount = (commands: 0, clips: 0)
        /// Whether the drawing last recorded was drawn moved (`FrameFlattener.redrawMoved`): the
        /// quads of the layer's drawing of the frame before, moved (`MovedLayerSpares`).
        var drawnMoved = false
        /// The quads of the layer's last two moved drawings, while it is drawn moved frame after
        /// frame (`movedSpares(of:quads:)`); nil until then, and once it is drawn otherwise or stored.
        fileprivate(set) var movedSpares: MovedLayerSpares?

        /// Lets go of `movedSpares`; not inlined, so that the record of a layer drawn moved does
        /// not load them (retained and released).
        @inline(never) fileprivate func letGoOfMovedSpares() { movedSpares = nil }
        /// The memo of the layer's turn while it is drawn moved with animations
        /// (`FrameFlattener.redrawMoved`), kept here from frame to frame rather than taken out
        /// of the layer's presentation box and put back; nil until it is so drawn.
        private(set) var placementMemo: PlanarRotationMemo.Storage?

        /// The memo, not retained (the entry holds it; the cache drops entries only as a frame begins).
        var unretainedPlacementMemo: Unmanaged<PlanarRotationMemo.Storage>? {
            placementMemo.map { Unmanaged.passUnretained($0) }
        }

        /// Gives the layer a memo of its turn for the next frames.
        fileprivate func makePlacementMemo() {
            placementMemo = PlanarRotationMemo.Storage()
        }

        init(key: SubtreeKey, frame: UInt64, command: Int, clip: Int, drawnCount: (commands: Int, clips: Int)) {
            self.key = key
            drawnAt = (frame, command, clip)
            self.drawnCount = drawnCount
        }

        /// Whether the entry holds the subtree drawn under `key` (`reusable(_:key:)`, uncounted).
        func holdsSubtree(under key: SubtreeKey) -> Bool { commands != nil && self.key == key }

        /// Notes that the subtree was drawn in `frame`, `moved` or not, as `drawnCount` commands
        /// and clips from index `command` and `clip`; one drawn otherwise than moved lets go of
        /// its moved quads (it may not move again).
        fileprivate func noteDrawn(frame: UInt64, command: Int, clip: Int, drawnCount: (commands: Int, clips: Int),
                                   moved: Bool) {
            drawnAt = (frame, command, clip)
            drawnMoved = moved
            self.drawnCount = drawnCount
            if !moved { letGoOfMovedSpares() }
        }
    }

    /// How many frames an entry survives without being drawn.
    static let retainedFrames: UInt64 = 64

    /// The entries by layer ID. The cache belongs to one renderer's frame builder and is used
    /// by one thread at a time, so its fields are not checked for overlapping access at run time.
    @exclusivity(unchecked) private var entries = LayerIDTable<Entry>(dense: true)
    /// The number of this cache's sequence of frames (`DrawListContinuity.sequence`).
    let sequence: UInt64 = FlattenedSubtreeCache.nextSequence()
    private static let sequences = ThreadLock<UInt64>(0)

    private static func nextSequence() -> UInt64 {
        sequences.withLock { value in
            value &+= 1
            return value
        }
    }

    /// Every superlayer context seen lately, numbered, so that a key compares two integers.
    private var contexts: [SubtreeContext: (serial: UInt64, lastFrame: UInt64)] = [:]
    private var nextContextSerial: UInt64 = 0
    private(set) var frame: UInt64 = 0
    /// The commands and clips the entries hold, kept as entries store and drop them, so that
    /// `usage` (read for every frame's statistics) does not visit every entry.
    @exclusivity(unchecked) private var storedCommands = 0
    @exclusivity(unchecked) private var storedClips = 0
    /// Subtrees reused and flattened in the last frame (for tests and statistics).
    @exclusivity(unchecked) private(set) var reusedSubtrees = 0
    @exclusivity(unchecked) private(set) var flattenedSubtrees = 0
    /// Of `reusedSubtrees`, those repeated by a `SublayerRun` without being looked up.
    @exclusivity(unchecked) private(set) var repeatedSubtrees = 0
    /// Of `flattenedSubtrees`, those recorded by the parts of a run at once (`recordAlone`).
    @exclusivity(unchecked) private(set) var recordedAloneSubtrees = 0

    /// The runs of sublayers of the layers with many, by the superlayer's ID (`SublayerRun`).
    private var runs: [UInt64: SublayerRun] = [:]
    /// The commands and clips of the last frame, which the runs recorded in it index.
    private(set) var previousCommands: [DrawCommand] = []
    private(set) var previousClips: [Clip] = []
    /// How many moved quads were written by their transforms alone, in all frames.
    let movedQuadCounts = MovedQuadCounts()
    /// The writer of this thread's moved quads in this frame (the parts of a sublayer run have
    /// their own).
    var movedQuads = MovedQuadRecycler()
    /// Frees the last frame's commands on another thread when a frame replaces them
    /// (`endFrame`), and is waited for as the next frame begins (`beginFrame`).
    private let retirement = DrawListRetirement()
    /// The committed layers changed since the last frame (nil: not known), from the render tree.
    private(set) var changesSinceLastFrame: [UInt64]?

    /// Starts a frame: counts it, notes the layers committed since the last one (`changes`, nil
    /// when not known), and now and then drops entries not drawn for a while.
    func beginFrame(changes: [UInt64]? = nil) {
        // The commands replaced at the end of the last frame are freed: their moved quads are the
        // spares this frame writes into (`MovedLayerSpares`), in place only where nothing else
        // holds them. With a second core free, they were freed while the app changed its layers.
        retirement.waitUntilFreed()
        frame &+= 1
        // Writing its quads in the frame (the one made as the last frame ended writes none).
        movedQuads = MovedQuadRecycler(counts: movedQuadCounts, frame: frame)
        reusedSubtrees = 0
        flattenedSubtrees = 0
        repeatedSubtrees = 0
        recordedAloneSubtrees = 0
        changesSinceLastFrame = changes
        if frame % Self.retainedFrames == 0 {
            let oldest = frame &- Self.retainedFrames
            entries.removeAll { entry in
                guard entry.drawnAt.frame < oldest else { return false }
                dropStored(of: entry)
                return true
            }
            contexts = contexts.filter { $0.value.lastFrame >= oldest }
            runs = runs.filter { $0.value.frame >= oldest }
        }
    }

    /// Ends a frame whose draw list holds `commands` and `clips`: the next frame repeats runs of
    /// sublayers from them.
    func endFrame(commands: [DrawCommand], clips: [Clip]) {
        if previousCommands.count >= DrawListRetirement.minimumCommands {
            // Freeing them released every command's quad, about 40 instructions a moved
            // sublayer on the thread that flattens. The box takes the cache's reference before
            // the cache lets it go, so no release on this thread can be the last.
            let replaced = ThreadLock<[DrawCommand]?>(previousCommands)
            previousCommands = commands
            retirement.retire(replaced)
        } else {
            previousCommands = commands
        }
        previousClips = clips
        movedQuads.finish()
    }

    /// The run of `parentID`'s sublayers recorded in an earlier frame, if any.
    func run(of parentID: UInt64) -> SublayerRun? { runs[parentID] }

    /// The run of `parentID`'s sublayers to record in this frame (reused when it was recorded before).
    func recordingRun(of parentID: UInt64) -> SublayerRun {
        if let run = runs[parentID] { return run }
        let run = SublayerRun()
        runs[parentID] = run
        return run
    }

    /// Counts `count` subtrees repeated from the last frame without being looked up one by one.
    func noteRepeated(_ count: Int) {
        reusedSubtrees += count
        repeatedSubtrees += count
    }

    /// The number of `context`: the same for equal contexts while either is in use.
    func serial(of context: SubtreeContext) -> UInt64 {
        if let known = contexts[context] {
            if known.lastFrame != frame { contexts[context] = (known.serial, frame) }
            return known.serial
        }
        nextContextSerial &+= 1
        contexts[context] = (nextContextSerial, frame)
        return nextContextSerial
    }

    /// The bytes a stored command is counted for: a quad's fields or a group live in a storage
    /// of their own (about a quad's fields' size) besides its slot.
    static let storedCommandBytes = MemoryLayout<DrawCommand>.stride + Quad.storedFieldBytes

    /// The subtrees known and the bytes of the commands and clips kept for them.
    var usage: CacheUsage {
        CacheUsage(entries: entries.count,
                   bytes: storedCommands * Self.storedCommandBytes + storedClips * MemoryLayout<Clip>.stride)
    }

    /// Forgets everything (a renderer's target or view changed in a way keys do not see).
    func removeAll() {
        entries = LayerIDTable(dense: true)
        storedCommands = 0
        storedClips = 0
        runs = [:]
        previousCommands = []
        previousClips = []
        movedQuads = MovedQuadRecycler(counts: movedQuadCounts, frame: frame)
    }

    /// Empties what `entry` stores, taking it out of the totals.
    private func dropStored(of entry: Entry) {
        guard let commands = entry.commands else { return }
        storedCommands -= commands.count
        storedClips -= entry.clips.count
        entry.commands = nil
        entry.clips = []
    }

    /// Notes that `entry` is drawn again in this frame with its commands from index `command`
    /// and its clips from index `clip`; true when that is where the previous frame drew them.
    func drawAgain(_ entry: Entry, command: Int, clip: Int) -> Bool {
        let inPlace = entry.drawnAt == (frame &- 1, command, clip)
        entry.drawnAt = (frame, command, clip)
        entry.drawnCount = (entry.commands?.count ?? 0, entry.clips.count)
        return inPlace
    }

    /// The entry of layer `id`, stored or not: for a caller that asks it several questions
    /// (`reusable(_:key:)`, `keyDrawnLastFrame(_:command:clip:)`, `record`), a lookup instead of several.
    func entry(of id: UInt64) -> Entry? { entries[id] }

    /// `entry(of:)` without a retain, for a caller that holds the entry only within the frame
    /// (the cache drops entries only as a frame begins): a sublayer run's look-ups, where the
    /// entry's retain and release cost about 20 instructions each, twice a sublayer.
    func unretainedEntry(of id: UInt64) -> Unmanaged<Entry>? {
        entries.withValue(id) { Unmanaged.passUnretained($0.pointee) }
    }

    /// Where the subtree whose entry (from `entry(of:)`) is `entry` was drawn in the last frame's
    /// commands, and the subtree version it was drawn from, when it was drawn there under the
    /// context numbered `context`, as commands without clips of its own (what a sublayer that
    /// only moved may draw again, moved: `FrameFlattener.redrawMoved`). Sublayers of short lists
    /// have no `SublayerRun` to say so, nor those of a run whose order changed.
    func drawingLastFrame(_ entry: Entry?, context: UInt64) -> (commands: Range<Int>, subtreeVersion: UInt64)? {
        guard let entry, entry.drawnAt.frame == frame &- 1, entry.key.context == context,
              entry.drawnCount.clips == 0, entry.drawnCount.commands > 0 else { return nil }
        return (entry.drawnAt.command..<(entry.drawnAt.command + entry.drawnCount.commands), entry.key.subtreeVersion)
    }

    /// The key under which the subtree whose entry (from `entry(of:)`) is `entry` was drawn in
    /// the last frame, when its commands started at index `command` and its clips at `clip` there.
    func keyDrawnLastFrame(_ entry: Entry?, command: Int, clip: Int) -> SubtreeKey? {
        guard let entry, entry.drawnAt == (frame &- 1, command, clip) else { return nil }
        return entry.key
    }

    /// The spares of the layer whose entry is `entry` (`Entry.movedSpares`), for a moved drawing
    /// of `quads` quads: made when it has none or too few slots, not retained (the entry holds
    /// them through the frame: they are dropped only by `record` and here, on this thread, when
    /// no part draws the layer).
    func movedSpares(of entry: Entry, quads: Int) -> UnretainedMovedLayerSpares {
        if let spares = entry.movedSpares, spares.fits(quads: quads) {
            return UnretainedMovedLayerSpares(spares: Unmanaged.passUnretained(spares))
        }
        let spares = MovedLayerSpares.make(quads: quads)
        entry.movedSpares = spares
        return UnretainedMovedLayerSpares(spares: Unmanaged.passUnretained(spares))
    }

    /// Gives layer `id`, just drawn moved with animations (`FrameFlattener.redrawMoved`) and
    /// recorded, a memo of its turn in its entry for the next frames, when it has none
    /// (`Entry.placementMemo`). Once a layer: a lookup then.
    func keepPlacementMemo(of id: UInt64) {
        guard let entry = entries[id], entry.placementMemo == nil else { return }
        entry.makePlacementMemo()
    }

    /// The stored entry of layer `id` when it was stored under `key` (to be drawn with `drawAgain`).
    func reusable(_ id: UInt64, key: SubtreeKey) -> Entry? {
        reusable(entries[id], key: key)
    }

    /// `reusable(_:key:)` of the layer whose entry (from `entry(of:)`) is `entry`.
    func reusable(_ entry: Entry?, key: SubtreeKey) -> Entry? {
        guard let entry, entry.holdsSubtree(under: key) else { return nil }
        reusedSubtrees += 1
        return entry
    }

    /// `record(_:entry:key:isStatic:moved:commands:from:clips:from:)` of a subtree whose entry
    /// stores nothing and that is not stored now (its key changed, or it changes with time:
    /// `FrameFlattener.RecordAlone`), drawn as `count` commands from index `command` and no clips
    /// of its own at clip index `clip`: it writes `entry` alone, so the parts of a sublayer run
    /// record their own sublayers at once (`FrameFlattener+PartJoin`); the caller counts them
    /// (`noteFlattened`). `keepsMemo`: `keepPlacementMemo(of:)` of the layer too.
    func recordAlone(_ entry: Entry, key: SubtreeKey, moved: Bool, command: Int, count: Int, clip: Int,
                     keepsMemo: Bool) {
        entry.noteDrawn(frame: frame, command: command, clip: clip, drawnCount: (count, 0), moved: moved)
        entry.key = key
        if keepsMemo, entry.placementMemo == nil { entry.makePlacementMemo() }
    }

    /// Counts `count` subtrees found held (as `reusable(_:key:)` counts them) by the parts of a
    /// sublayer run's look-ups (`FrameFlattener.lookUp`).
    func noteReused(_ count: Int) { reusedSubtrees += count }

    /// Counts `count` subtrees recorded by `recordAlone`.
    func noteFlattened(_ count: Int) {
        flattenedSubtrees += count
        recordedAloneSubtrees += count
    }

    /// Notes that layer `id`'s subtree was just flattened under `key` into the frame's
    /// `commands` from index `commandStart` on and its `clips` from index `clipStart` on,
    /// storing copies of them when the key is the one of the frame before and nothing in the
    /// subtree changes with time. (The lists are passed whole, not sliced: most subtrees
    /// flattened change every frame and store nothing.)
    func record(_ id: UInt64, key: SubtreeKey, isStatic: Bool, commands: [DrawCommand], from commandStart: Int,
                clips: ClipTable, from clipStart: Int) {
        record(id, entry: nil, key: key, isStatic: isStatic, commands: commands, from: commandStart, clips: clips,
               from: clipStart)
    }

    /// `record(_:key:isStatic:commands:from:clips:from:)` of layer `id` whose entry, looked up
    /// earlier in this frame (`entry(of:)`), is `entry`: a lookup fewer for a caller that
    /// holds it (a sublayer run). With nil, the entry is looked up here.
    /// `moved`: whether the subtree was drawn moved (`Entry.drawnMoved`).
    func record(_ id: UInt64, entry known: Entry?, key: SubtreeKey, isStatic: Bool, moved: Bool = false,
                commands: [DrawCommand], from commandStart: Int, clips: ClipTable, from clipStart: Int) {
        flattenedSubtrees += 1
        guard let entry = known ?? entries[id] else {
            let entry = Entry(key: key, frame: frame, command: commandStart, clip: clipStart,
                              drawnCount: (commands.count - commandStart, clips.count - clipStart))
            entry.drawnMoved = moved
            entries[id] = entry
            return
        }
        entry.noteDrawn(frame: frame, command: commandStart, clip: clipStart,
                        drawnCount: (commands.count - commandStart, clips.count - clipStart), moved: moved)
        guard entry.key == key, isStatic else {
            // Changed since the last frame (or changing with time): remember the key only.
            entry.key = key
            dropStored(of: entry)
            return
        }
        // Stored, it is drawn from the store while it stays: its moved quads are let go too.
        entry.letGoOfMovedSpares()
        dropStored(of: entry)
        entry.commands = Array(commands[commandStart...])
        entry.clips = Array(clips[from: clipStart])
        entry.clipBase = Int32(clipStart)
        storedCommands += commands.count - commandStart
        storedClips += clips.count - clipStart
    }
}

/// What a layer's flattened subtree depends on besides the time: the subtree's committed
/// layers, and what the superlayer hands down.
struct SubtreeKey: Equatable {
    /// The layer's `subtreeVersion`.
    var subtreeVersion: UInt64
    /// The superlayer's part: the serial of its `SubtreeContext`.
    var context: UInt64
}

/// The fields of a `ParentContext` that reach a subtree's commands when nothing in it
/// animates: the map to the target's pixels, the superlayer geometry that places sublayers
/// (`LayerGeometry.toSuperlayer`), the inherited opacity, and the clip index with the clips of
/// its chain (their indices stay in the reused commands).
struct SubtreeContext: Hashable {
    var world: CATransform3D
    var flattensSublayers: Bool
    var opacity: Float
    var clip: Int32?
    var inheritedClips: [Clip]
    var hasSuperlayer: Bool
    var superlayerBounds: CGRect
    var superlayerAnchorPoint: CGPoint
    var superlayerIsGeometryFlipped: Bool
    var sublayerTransform: CATransform3D

    /// The context `parent` hands down; `inheritedClips` is the chain from `parent.clip`.
    init(_ parent: ParentContext, inheritedClips: [Clip]) {
        self.inheritedClips = inheritedClips
        world = parent.world
        flattensSublayers = parent.flattensSublayers
        opacity = parent.opacity
        clip = parent.clip
        let state = parent.stateStorage
        hasSuperlayer = state != nil
        superlayerBounds = state?.value.bounds ?? .zero
        superlayerAnchorPoint = state?.value.anchorPoint ?? .zero
        superlayerIsGeometryFlipped = state?.value.isGeometryFlipped ?? false
        sublayerTransform = state?.value.sublayerTransform ?? CATransform3DIdentity
    }

    /// Hashes the fields that tell contexts apart in practice; equality compares them all.
    func hash(into hasher: inout Hasher) {
        hasher.combine(world)
        hasher.combine(opacity)
        hasher.combine(clip)
        hasher.combine(inheritedClips.count)
        hasher.combine(sublayerTransform)
    }
}

extension DrawCommand {
    /// The command with every clip index at or above `base` moved by `offset` (a reused
    /// subtree whose own clips land at another place in the frame's clip list).
    func movingClipIndices(from base: Int32, by offset: Int32) -> DrawCommand {
        func moved(_ index: Int32?) -> Int32? {
            guard let index, index >= base else { return index }
            return index + offset
        }
        switch self {
        case .quad(var quad):
            quad.clipIndex = moved(quad.clipIndex)
            return .quad(quad)
        case .beginGroup(var group):
            group.clipIndex = moved(group.clipIndex)
            return .beginGroup(group)
        case .beginMask, .endGroup:
            return self
        }
    }
}

extension Optional where Wrapped == Unmanaged<FlattenedSubtreeCache.Entry> {
    /// Calls `body` with the entry (nil when none), not retained: the caller knows the cache
    /// holds it (`FlattenedSubtreeCache.unretainedEntry(of:)`).
    @inline(__always)
    func withEntry<Result>(_ body: (FlattenedSubtreeCache.Entry?) -> Result) -> Result {
        guard let self else { return body(nil) }
        return self._withUnsafeGuaranteedRef { body($0) }
    }
}
