import Foundation
import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Turns a committed layer tree, evaluated at a media time, into the flattened draw list that
/// every renderer consumes (ARCHITECTURE.md, "The path of a frame", step 4).
///
/// Per layer, in painter's order: its shadow, its background (with the border when nothing is
/// drawn between them), its contents, its sublayers sorted by `zPosition` then index (back to
/// front by depth when they leave the layer's plane: `sublayerDrawOrder(of:)`), and its border
/// on top of both. Opacity multiplies down the tree unless the layer is composited as
/// a group (`CompositingGroup`: group opacity, masks, shadows of composited content,
/// `shouldRasterize`, the two states of a transition); see `drawLayer(_:)` for when groups are
/// made. `masksToBounds` pushes a (rounded) clip for the contents, the sublayers and the
/// layer's own shadow. Every layer flattens its sublayers into its own plane except a transform
/// layer, whose subtree is depth-sorted in 3D; a layer that is not double-sided and faces away is
/// skipped with its sublayers.
///
/// The flattener is the walk; what it walks with are collaborators of one job each: the frame's
/// facts (`FrameFacts`: layers, summaries, time, view), the draw list's clips (`ClipTable`), the
/// images drawn into (`GroupTargets`), what the drawn layers say about later frames
/// (`FrameChangeNotes`), the commands repeated from the last frame (`UnchangedRanges`), and the
/// renderer's caches, handed in: its flattened subtrees (`FlattenedSubtreeCache`) and the
/// stores of class content (`ContentStores`: pictures, emitter clock, tiles).
package struct FrameFlattener {
    /// What the frame is drawn from: the layers, the time, the view.
    private(set) var facts: FrameFacts
    /// The renderer's stores of what layers of some classes draw.
    let stores: ContentStores
    /// Subtrees kept from earlier frames, or nil to flatten everything.
    let subtreeCache: FlattenedSubtreeCache?

    var commands: [DrawCommand] = []
    /// The draw list's clips.
    var clips = ClipTable()
    /// The canvas and the images of the groups open now.
    private(set) var targets: GroupTargets
    /// Whether later frames may differ, and when.
    var changes: FrameChangeNotes
    /// The commands repeated from the previous frame at the same indices, with the same clips.
    var unchanged = UnchangedRanges()

    /// The most parts a long run of sublayers is flattened in at once, each on a thread of its
    /// own (`FrameFlattener+RunParts.swift`); 1 flattens everything on the calling thread.
    var maximumParts = 1
    /// Whether a sublayer of such a run that only moved since the last frame draws what it drew
    /// then, moved, instead of being flattened again (`redrawMoved`).
    var redrawsMovedLayers = true
    /// How many sublayers were flattened by such parts (for tests and statistics).
    private(set) var sublayersFlattenedInParts = 0
    /// How many sublayers drew their last frame's drawing moved (`redrawMoved`; for tests and statistics).
    var redrawnMoved = 0
    /// The timings of running animations evaluated on this thread in this frame
    /// (`AnimationTimingMemo`, `animatedToSuperlayer`).
    var timingMemo = AnimationTimingMemo()

    /// How many layers `visit` has entered and not yet left.
    private var visitDepth = 0
    /// The stack limit of the thread the walk runs on (`DeepRecursion.stackLimit`), read once
    /// when the flattener is made (a flattener walks on the thread that made it, or on a fresh
    /// stack whose limit `visit` puts here meanwhile): checking the stack for every layer then
    /// costs a comparison, not a thread-local lookup.
    private var stackLimit = DeepRecursion.stackLimit
    /// A placed layer that nothing else holds any more, kept to place the next layer in.
    private var sparePlaced: PlacedLayer?

    /// A flattener of the committed `layers` (with their `summaries`) at global media time
    /// `time`, seen through `viewTransform`, keeping class content in `stores` and reusing the
    /// subtrees of `subtreeCache` when given.
    package init(layers: LayerIDTable<RenderLayer>, summaries: LayerIDTable<RenderLayerSummary> = [:], time: CFTimeInterval,
                 viewTransform: CATransform3D, stores: ContentStores = .outsideRenderer,
                 subtreeCache: FlattenedSubtreeCache? = nil) {
        facts = FrameFacts(layers: layers, summaries: summaries, time: time, viewTransform: viewTransform)
        self.stores = stores
        self.subtreeCache = subtreeCache
        targets = GroupTargets(canvasWidth: 0, canvasHeight: 0)
        changes = FrameChangeNotes(time: time)
    }

    /// What a flattener of one part of a sublayer run starts from: the frame's facts and stores,
    /// and this flattener's clips and targets, so that the clip indices its sublayers inherit
    /// mean the same in the part (the clips are shared until the part adds its own).
    struct PartSeed: Sendable {
        fileprivate let facts: FrameFacts
        fileprivate let stores: ContentStores
        fileprivate let clips: ClipTable
        fileprivate let targets: GroupTargets
        fileprivate let visitDepth: Int
    }

    /// What a part of a sublayer run drawn at this point starts from.
    var partSeed: PartSeed {
        PartSeed(facts: facts, stores: stores, clips: clips, targets: targets, visitDepth: visitDepth)
    }

    /// A flattener of one part of a sublayer run: no commands yet, the clips and targets of the
    /// flattener that made `seed`, and no subtree cache (which is not safe to use from several
    /// threads: the part's subtrees are recorded in it afterwards, in order).
    init(part seed: PartSeed) {
        facts = seed.facts
        stores = seed.stores
        subtreeCache = nil
        clips = seed.clips
        targets = seed.targets
        changes = FrameChangeNotes(time: seed.facts.time)
        visitDepth = seed.visitDepth
    }

    /// Adds what a part of a sublayer run noted while it was flattened on another thread.
    mutating func absorb(sublayers: Int, redrawnMoved moved: Int, changes more: FrameChangeNotes) {
        sublayersFlattenedInParts += sublayers
        redrawnMoved += moved
        changes.merge(more)
    }

    /// Runs `body` with the layers replaced by a transition's before-state `other`.
    mutating func drawingBeforeState<R>(_ other: LayerIDTable<RenderLayer>, _ body: (inout FrameFlattener) -> R) -> R {
        let saved = facts.enterBeforeState(other)
        defer { facts.leaveBeforeState(restoring: saved) }
        return body(&self)
    }

    /// Flattens the tree under `rootID` into a draw list of the given pixel size.
    package mutating func flatten(rootID: UInt64, pixelWidth: Int, pixelHeight: Int, clearColor: PremultipliedColor) -> DrawList {
        commands.removeAll(keepingCapacity: true)
        clips.removeAll()
        targets = GroupTargets(canvasWidth: pixelWidth, canvasHeight: pixelHeight)
        if let root = facts.layers[rootID] {
            visit(root, in: ParentContext(world: facts.viewTransform, time: facts.time))
        }
        // The spare holds the last layer drawn (and its presentation box) until the next frame.
        sparePlaced = nil
        return DrawList(pixelWidth: pixelWidth, pixelHeight: pixelHeight, clearColor: clearColor,
                        commands: commands, clips: clips.all)
    }

    /// The presentation state of `layer`: its model state with its animations applied at the
    /// layer's local time, which is returned too (the parent time of its sublayers).
    static func presentation(of layer: RenderLayer, parentTime: CFTimeInterval) -> (LayerState, CFTimeInterval) {
        let localTime = LayerTime.step(parentTime, through: layer.state)
        var state = layer.state
        state.animate(by: layer.animations, localTime: localTime)
        return (state, localTime)
    }

    /// `presentation(of:parentTime:)` in a box: the committed layer's own box, not a copy,
    /// when no animation changes it, else the box of its last frame's presentation filled
    /// again when nothing holds it any more (`LayerStateBox.presentation(animatedBy:localTime:)`).
    func presentationStorage(of layer: RenderLayer, parentTime: CFTimeInterval) -> (LayerStateBox, CFTimeInterval) {
        let box = layer.stateStorage
        let time = Self.localTime(of: box, parentTime: parentTime)
        guard layer.animations.isEmpty else {
            return (box.presentation(animatedBy: layer.animations, localTime: time, owner: stores.presentationOwner), time)
        }
        box.releasePresentation()
        return (box, time)
    }

    /// `LayerTime.step(_:through:)` for the state in `box`. Without a finite duration (the
    /// default) a layer's time runs linearly, which is computed here from the few fields it
    /// needs, read through the box: passing the state to `step` copies it (~500 bytes).
    static func localTime(of box: LayerStateBox, parentTime: CFTimeInterval) -> CFTimeInterval {
        guard box.value.duration.isFinite, box.value.duration > 0 else {
            return LayerTime.linear(parentTime, beginTime: box.value.beginTime, speed: box.value.speed,
                                    timeOffset: box.value.timeOffset)
        }
        return LayerTime.step(parentTime, through: box.value)
    }

    /// `LayerGeometry.toSuperlayer(_:parentStorage:flattens: false)` for the state in `box`. A
    /// superlayer that neither flips its geometry nor has a `sublayerTransform` (most) adds
    /// nothing to its sublayers' placement without flattening, so its state is not read whole.
    static func toSuperlayer(_ box: LayerStateBox, in parent: ParentContext) -> CATransform3D {
        if parent.superlayerAddsGeometry, let superlayer = parent.stateStorage {
            return LayerGeometry.toSuperlayer(box.value, parentStorage: superlayer, flattens: false)
        }
        return LayerGeometry.toPosition(of: box)
    }

    /// Draws the sublayers `ids` (in paint order) and their subtrees: each from the subtree
    /// cache when its summary says it is unchanged (without copying the layer), else as
    /// `visit(_:in:)` does. `evaluated`, when given, holds each sublayer's evaluation at the
    /// same index (made for the depth sort), so that placing it does not evaluate it again.
    mutating func visitSublayers(_ ids: [UInt64], in parent: ParentContext, evaluated: [EvaluatedSublayer?]? = nil) {
        guard !ids.isEmpty else { return }
        guard let cache = subtreeCache, facts.beforeStateDepth == 0 else {
            for (index, id) in ids.enumerated() {
                if let layer = facts.layers[id] { visit(layer, in: parent, evaluated: evaluated?[index]) }
            }
            return
        }
        let context = contextSerial(of: parent, in: cache)
        for (index, id) in ids.enumerated() {
            // Looked up once for the last drawing, the reuse and the record; the last drawing is
            // asked only for a sublayer the cache does not hold (it makes the layer's spares).
            let entry = cache.entry(of: id)
            let last = evaluated == nil
                ? lastDrawing(ofMissed: id, index: nil, entry: entry, commandStarts: [], clipStarts: [],
                              contextSerial: context, cache: cache)
                : nil
            visitSublayer(id, in: parent, contextSerial: context, cache: cache, evaluated: evaluated?[index],
                          lastDrawing: last, entry: entry)
        }
    }

    /// One sublayer of `visitSublayers(_:in:evaluated:)`, with the cache in use and the serial
    /// of `parent`.
    /// `lastDrawing`: what the sublayer drew in the last frame, which it draws again moved when
    /// it only moved since (`redrawMoved`). `entry`: the sublayer's cache entry when the caller
    /// looked it up (`FlattenedSubtreeCache.entry(of:)`); nil: looked up here. `sources`: what
    /// a run read once to draw its sublayers moved (`redrawMovedOrVisit`).
    mutating func visitSublayer(_ id: UInt64, in parent: ParentContext, contextSerial context: UInt64,
                                cache: FlattenedSubtreeCache, evaluated: EvaluatedSublayer? = nil,
                                lastDrawing: LastDrawing? = nil, entry known: FlattenedSubtreeCache.Entry? = nil,
                                sources: Unmanaged<MovedRedrawSources>? = nil) {
        let summary = facts.summaries[id]
        // Looked up once for the reuse and the record of a layer drawn moved.
        let entry = summary == nil ? nil : known ?? cache.entry(of: id)
        if let summary,
           let reusable = cache.reusable(entry, key: SubtreeKey(subtreeVersion: summary.subtreeVersion, context: context)) {
            append(reusable)
        } else {
            // The summary's version is the layer's: a miss here is a miss in `visit` too.
            redrawMovedOrVisit(id, last: summary == nil ? nil : lastDrawing, in: parent, contextSerial: context,
                               cache: cache, entry: entry, evaluated: evaluated, sources: sources,
                               cacheMissed: summary != nil)
        }
    }

    /// Places and draws one layer and its subtree, or appends what it made of them in an
    /// earlier frame when neither changed (see `FlattenedSubtreeCache`).
    /// `cacheMissed`: the caller found no reusable entry under this key already.
    ///
    /// The layer is consumed: it moves on into the placed layer rather than being copied (three
    /// references retained and released), which happened for every drawn layer of every frame.
    mutating func visit(_ layer: consuming RenderLayer, in parent: ParentContext, contextSerial: UInt64? = nil,
                        evaluated: EvaluatedSublayer? = nil, cacheMissed: Bool = false) {
        // The walk recurses once per tree level: a deep tree goes on on a fresh stack when
        // this one runs low (see `DeepRecursion` for why this walk is not a loop). With room
        // left, the level is called directly: a closure would copy the layer it captures.
        guard DeepRecursion.hasRoom(above: stackLimit) else {
            let copy = layer
            let limit = stackLimit
            DeepRecursion.onFreshStack {
                stackLimit = DeepRecursion.stackLimit
                visitOnThisStack(copy, in: parent, contextSerial: contextSerial, evaluated: evaluated, cacheMissed: cacheMissed)
            }
            stackLimit = limit
            return
        }
        visitOnThisStack(layer, in: parent, contextSerial: contextSerial, evaluated: evaluated, cacheMissed: cacheMissed)
    }

    private mutating func visitOnThisStack(_ layer: consuming RenderLayer, in parent: ParentContext, contextSerial: UInt64?,
                                           evaluated: EvaluatedSublayer?, cacheMissed: Bool) {
        // A path longer than the tree has layers goes round a cycle, which the render tree
        // never holds (see `RenderTreeStore`); stopped rather than followed for ever.
        guard visitDepth <= facts.depthLimit else {
            Diagnostics.reject("render tree: layer \(layer.id) is its own ancestor; not drawn again")
            return
        }
        visitDepth += 1
        defer { visitDepth -= 1 }
        guard let cache = subtreeCache else {
            placeAndDraw(layer, in: parent, evaluated: evaluated)
            return
        }
        let id = layer.id
        let key = SubtreeKey(subtreeVersion: layer.subtreeVersion,
                             context: contextSerial ?? self.contextSerial(of: parent, in: cache))
        if !cacheMissed, let entry = cache.reusable(id, key: key) {
            append(entry)
            return
        }
        let commandStart = commands.count, clipStart = clips.count, dependencies = changes.timeDependencies
        placeAndDraw(layer, in: parent, evaluated: evaluated)
        cache.record(id, key: key, isStatic: changes.timeDependencies == dependencies,
                     commands: commands, from: commandStart, clips: clips, from: clipStart)
    }

    /// Places `layer` and draws it with its subtree (nothing when it is not drawn).
    private mutating func placeAndDraw(_ layer: consuming RenderLayer, in parent: ParentContext, evaluated: EvaluatedSublayer?) {
        guard var placed = place(layer, in: parent, evaluated: evaluated) else { return }
        draw(placed)
        // Drawn, and held by nothing the frame keeps: the next layer is placed in it.
        if isKnownUniquelyReferenced(&placed) { sparePlaced = placed }
    }

    /// The cache's number for what `parent` hands down, its clip chain included.
    func contextSerial(of parent: ParentContext, in cache: FlattenedSubtreeCache) -> UInt64 {
        cache.serial(of: SubtreeContext(parent, inheritedClips: clips.chain(from: parent.clip)))
    }

    /// Appends a stored subtree, moving its own clips to the end of the frame's clip list.
    mutating func append(_ entry: FlattenedSubtreeCache.Entry) {
        guard let stored = entry.commands else { return }
        if subtreeCache?.drawAgain(entry, command: commands.count, clip: clips.count) == true, !stored.isEmpty {
            unchanged.note(commands.count..<(commands.count + stored.count))
        }
        let offset = Int32(clips.count) - entry.clipBase
        // Without clips of its own, no command of the subtree refers to an index at or above
        // its clip base: nothing moves. Most reused subtrees are one quad (a leaf layer).
        if offset == 0 || entry.clips.isEmpty {
            if stored.count == 1 { commands.append(stored[0]) } else { commands.append(contentsOf: stored) }
            if !entry.clips.isEmpty { clips.append(entry.clips, movedFrom: entry.clipBase, by: 0) }
            return
        }
        for command in stored { commands.append(command.movingClipIndices(from: entry.clipBase, by: offset)) }
        clips.append(entry.clips, movedFrom: entry.clipBase, by: offset)
    }

    /// Draws a placed layer: a transform layer's 3D subtree, a running transition, or the layer.
    mutating func draw(_ p: PlacedLayer) {
        if p.layer.kind.isTransform {
            drawTransformLayer(p)
        } else if let (transition, progress) = activeTransition(of: p) {
            drawTransition(transition, progress: progress, of: p)
        } else {
            drawLayer(p)
        }
    }

    /// Evaluates a layer at the frame's time and places it in the current target; nil when it
    /// draws nothing (hidden, transparent, or a single-sided layer facing away). `evaluated` is
    /// the layer's evaluation in `parent` when it was made already (by the depth sort).
    mutating func place(_ layer: consuming RenderLayer, in parent: ParentContext, evaluated: EvaluatedSublayer? = nil) -> PlacedLayer? {
        let (storage, localTime) = evaluated.map { ($0.stateStorage, $0.localTime) }
            ?? presentationStorage(of: layer, parentTime: parent.time)
        // Read through the box, not copied: this runs for every drawn layer of every frame.
        let s = storage
        let rate = parent.rate * Double(layer.stateStorage.value.speed)
        if !layer.animations.isEmpty {
            changes.noteAnimations(layer.animations, localTime: localTime, rate: rate)
        }
        let opacity = parent.opacity * max(0, min(1, s.value.opacity))
        guard !s.value.isHidden, opacity > 0 else { return nil }
        let toParent = evaluated?.toParent ?? Self.toSuperlayer(s, in: parent)
        let world = Self.world(toParent, in: parent)
        if layer.kind.isPlain && !s.value.isDoubleSided && Self.isFacingAway(s.value.bounds, world) { return nil }
        // Unique: a copy of this flattener (a struct) may hold the same spare.
        if isKnownUniquelyReferenced(&sparePlaced), let spare = sparePlaced.take() {
            spare.place(layer, stateStorage: storage, parentTime: parent.time, localTime: localTime, rate: rate,
                        toParent: toParent, world: world, opacity: opacity, inheritedOpacity: parent.opacity,
                        clip: parent.clip)
            return spare
        }
        return PlacedLayer(layer: layer, stateStorage: storage, parentTime: parent.time, localTime: localTime, rate: rate,
                           toParent: toParent, world: world, opacity: opacity, inheritedOpacity: parent.opacity,
                           clip: parent.clip)
    }

    /// The map from a layer's space to the target of `parent`, given the map `toParent` to its
    /// superlayer's space. (The product four lanes at a time, the same to the bit.)
    static func world(_ toParent: CATransform3D, in parent: ParentContext) -> CATransform3D {
        toParent.concatenatingInLanes(parent.world, flatteningZ: parent.flattensSublayers)
    }

    /// Opens a group: the commands that follow draw into its image.
    mutating func beginGroup(_ group: CompositingGroup) {
        commands.append(.beginGroup(group))
        targets.open(group)
    }

    /// Closes the innermost group.
    mutating func endGroup() {
        commands.append(.endGroup)
        targets.close()
    }

    /// Siblings back to front: by `zPosition`, then by index (a stable sort). The common case,
    /// every zPosition 0, returns the array as it is, without allocating.
    func paintOrder(_ ids: [UInt64], of parentID: UInt64) -> [UInt64] {
        if facts.summary(of: parentID)?.sublayersMayHaveZPosition == false { return ids }
        func z(_ id: UInt64) -> CGFloat { facts.summary(of: id)?.zPosition ?? facts.layers[id]?.state.zPosition ?? 0 }
        guard ids.contains(where: { z($0) != 0 }) else { return ids }
        return ids.enumerated().map { (index: $0.offset, id: $0.element, z: z($0.element)) }
            .sorted { $0.z != $1.z ? $0.z < $1.z : $0.index < $1.index }
            .map(\.id)
    }

    /// Whether the rectangle, mapped through `m`, faces away from the viewer: its projected
    /// corners wind the other way (negative signed area in y-down canvas space).
    static func isFacingAway(_ rect: CGRect, _ m: CATransform3D) -> Bool {
        func corner(_ i: Int) -> CGPoint? {
            m.projectPoint(CGPoint(x: i == 0 || i == 3 ? rect.minX : rect.maxX, y: i < 2 ? rect.minY : rect.maxY))
        }
        guard let first = corner(0) else { return true }
        var area: CGFloat = 0
        var a = first
        for i in 1...4 {
            guard let b = i == 4 ? first : corner(i) else { return true }
            area += a.x * b.y - b.x * a.y
            a = b
        }
        return area < 0
    }
}
