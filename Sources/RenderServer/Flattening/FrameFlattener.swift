import Foundation
import CompositorCore
import QuartzCoreModel

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
package struct FrameFlattener {
    /// The committed layers (swapped for a transition's before-state while it is drawn).
    var layers: LayerIDTable<RenderLayer>
    /// Global media time of the frame.
    let time: CFTimeInterval
    /// Maps the root layer's superlayer space (points) to canvas pixels.
    let viewTransform: CATransform3D

    var commands: [DrawCommand] = []
    var clips: [Clip] = []
    /// The pixel sizes of the canvas and of each open group's image: the last is the target
    /// that commands draw into now.
    private(set) var targetSizes: [CGSize] = []
    /// Whether any visited layer had animations (so later frames may differ).
    private(set) var sawAnimations = false
    /// The earliest global media time, at or after `time`, at which a visited animation changes
    /// what is drawn: `time` while one runs, the start of the first one still to come, or
    /// `.infinity` when none will.
    private(set) var nextChangeTime: CFTimeInterval = .infinity
    /// Subtrees kept from earlier frames, or nil to flatten everything.
    let subtreeCache: FlattenedSubtreeCache?
    /// Counts what made the subtrees drawn so far depend on time (animations, particles,
    /// tiles, GL frames): a subtree during which it did not move can be reused.
    private(set) var timeDependencies = 0
    /// Command ranges repeated from the previous frame at the same indices, with the same clips
    /// (a reused subtree drawn where it was drawn last frame): `DrawListContinuity`.
    private(set) var unchangedRanges: [Range<Int>] = []

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

    /// The summaries of the committed layers: the subtree versions and z positions read for
    /// every sublayer without copying it (empty: read them from `layers`).
    let summaries: LayerIDTable<RenderLayerSummary>
    /// Above zero while `layers` holds a transition's before-state, which `summaries` does not describe.
    private(set) var beforeStateDepth = 0
    /// How many layers `visit` has entered and not yet left.
    private var visitDepth = 0
    /// More than the longest path without a cycle: the committed layers and those of the
    /// before-states being drawn.
    private var depthLimit: Int

    package init(layers: LayerIDTable<RenderLayer>, summaries: LayerIDTable<RenderLayerSummary> = [:], time: CFTimeInterval,
         viewTransform: CATransform3D, subtreeCache: FlattenedSubtreeCache? = nil) {
        self.layers = layers
        self.depthLimit = layers.count + 1
        self.summaries = summaries
        self.time = time
        self.viewTransform = viewTransform
        self.subtreeCache = subtreeCache
    }

    /// What a flattener of one part of a sublayer run starts from: the committed tree, the
    /// frame, and this flattener's clips and targets, so that the clip indices its sublayers
    /// inherit mean the same in the part (the clips are shared until the part adds its own).
    struct PartSeed: Sendable {
        fileprivate let layers: LayerIDTable<RenderLayer>
        fileprivate let summaries: LayerIDTable<RenderLayerSummary>
        fileprivate let time: CFTimeInterval
        fileprivate let viewTransform: CATransform3D
        fileprivate let clips: [Clip]
        fileprivate let targetSizes: [CGSize]
        fileprivate let visitDepth: Int
        fileprivate let depthLimit: Int
    }

    /// What a part of a sublayer run drawn at this point starts from.
    var partSeed: PartSeed {
        PartSeed(layers: layers, summaries: summaries, time: time, viewTransform: viewTransform, clips: clips,
                 targetSizes: targetSizes, visitDepth: visitDepth, depthLimit: depthLimit)
    }

    /// A flattener of one part of a sublayer run: no commands yet, the clips and targets of the
    /// flattener that made `seed`, and no subtree cache (which is not safe to use from several
    /// threads: the part's subtrees are recorded in it afterwards, in order).
    init(part seed: PartSeed) {
        layers = seed.layers
        summaries = seed.summaries
        time = seed.time
        viewTransform = seed.viewTransform
        subtreeCache = nil
        clips = seed.clips
        targetSizes = seed.targetSizes
        visitDepth = seed.visitDepth
        depthLimit = seed.depthLimit
    }

    /// Adds what a part of a sublayer run noted while it was flattened on another thread.
    mutating func absorb(sublayers: Int, redrawnMoved moved: Int, timeDependencies more: Int, sawAnimations saw: Bool,
                         nextChangeTime next: CFTimeInterval) {
        sublayersFlattenedInParts += sublayers
        redrawnMoved += moved
        timeDependencies += more
        sawAnimations = sawAnimations || saw
        nextChangeTime = min(nextChangeTime, next)
    }

    /// Runs `body` with `layers` replaced by a transition's before-state `other`.
    mutating func drawingBeforeState<R>(_ other: LayerIDTable<RenderLayer>, _ body: (inout FrameFlattener) -> R) -> R {
        let saved = layers
        layers = other
        beforeStateDepth += 1
        depthLimit += other.count
        defer {
            layers = saved
            beforeStateDepth -= 1
            depthLimit -= other.count
        }
        return body(&self)
    }

    /// The summary of committed layer `id`, when `layers` holds the committed tree.
    func summary(of id: UInt64) -> RenderLayerSummary? {
        beforeStateDepth == 0 ? summaries[id] : nil
    }

    /// Flattens the tree under `rootID` into a draw list of the given pixel size.
    package mutating func flatten(rootID: UInt64, pixelWidth: Int, pixelHeight: Int, clearColor: PremultipliedColor) -> DrawList {
        commands.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        targetSizes = [CGSize(width: pixelWidth, height: pixelHeight)]
        if let root = layers[rootID] {
            visit(root, in: ParentContext(world: viewTransform, time: time))
        }
        return DrawList(pixelWidth: pixelWidth, pixelHeight: pixelHeight, clearColor: clearColor,
                        commands: commands, clips: clips)
    }

    /// The presentation state of `layer`: its model state with its animations applied at the
    /// layer's local time, which is returned too (the parent time of its sublayers).
    static func presentation(of layer: RenderLayer, parentTime: CFTimeInterval) -> (LayerState, CFTimeInterval) {
        let localTime = LayerTime.step(parentTime, through: layer.state)
        var state = layer.state
        for animation in layer.animations { animation.apply(to: &state, parentTime: localTime) }
        return (state, localTime)
    }

    /// `presentation(of:parentTime:)` in a box: the committed layer's own box, not a copy,
    /// when no animation changes it.
    static func presentationStorage(of layer: RenderLayer, parentTime: CFTimeInterval) -> (LayerStateBox, CFTimeInterval) {
        guard layer.animations.isEmpty else {
            let (state, localTime) = presentation(of: layer, parentTime: parentTime)
            return (LayerStateBox(state), localTime)
        }
        return (layer.stateStorage, localTime(of: layer.stateStorage, parentTime: parentTime))
    }

    /// `LayerTime.step(_:through:)` for the state in `box`. Without a finite duration (the
    /// default) a layer's time runs linearly, which is computed here from the few fields it
    /// needs, read through the box: passing the state to `step` copies it (~500 bytes).
    private static func localTime(of box: LayerStateBox, parentTime: CFTimeInterval) -> CFTimeInterval {
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
        guard let cache = subtreeCache, beforeStateDepth == 0 else {
            for (index, id) in ids.enumerated() {
                if let layer = layers[id] { visit(layer, in: parent, evaluated: evaluated?[index]) }
            }
            return
        }
        let context = contextSerial(of: parent, in: cache)
        for (index, id) in ids.enumerated() {
            visitSublayer(id, in: parent, contextSerial: context, cache: cache, evaluated: evaluated?[index])
        }
    }

    /// One sublayer of `visitSublayers(_:in:evaluated:)`, with the cache in use and the serial
    /// of `parent`.
    /// `lastDrawing`: what the sublayer drew in the last frame, which it draws again moved when
    /// it only moved since (`redrawMoved`).
    mutating func visitSublayer(_ id: UInt64, in parent: ParentContext, contextSerial context: UInt64,
                                cache: FlattenedSubtreeCache, evaluated: EvaluatedSublayer? = nil,
                                lastDrawing: LastDrawing? = nil) {
        let summary = summaries[id]
        if let summary,
           let entry = cache.reusable(id, key: SubtreeKey(subtreeVersion: summary.subtreeVersion, context: context)) {
            append(entry)
        } else if let layer = layers[id] {
            // The summary's version is the layer's: a miss here is a miss in `visit` too.
            redrawMovedOrVisit(layer, last: summary == nil ? nil : lastDrawing, in: parent, contextSerial: context,
                               cache: cache, evaluated: evaluated, cacheMissed: summary != nil)
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
        guard DeepRecursion.hasRoom else {
            let copy = layer
            DeepRecursion.onFreshStack {
                visitOnThisStack(copy, in: parent, contextSerial: contextSerial, evaluated: evaluated, cacheMissed: cacheMissed)
            }
            return
        }
        visitOnThisStack(layer, in: parent, contextSerial: contextSerial, evaluated: evaluated, cacheMissed: cacheMissed)
    }

    private mutating func visitOnThisStack(_ layer: consuming RenderLayer, in parent: ParentContext, contextSerial: UInt64?,
                                           evaluated: EvaluatedSublayer?, cacheMissed: Bool) {
        // A path longer than the tree has layers goes round a cycle, which the render tree
        // never holds (see `RenderTreeStore`); stopped rather than followed for ever.
        guard visitDepth <= depthLimit else {
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
        let commandStart = commands.count, clipStart = clips.count, dependencies = timeDependencies
        placeAndDraw(layer, in: parent, evaluated: evaluated)
        cache.record(id, key: key, isStatic: timeDependencies == dependencies,
                     commands: commands[commandStart...], clips: clips[clipStart...], clipBase: Int32(clipStart))
    }

    /// Places `layer` and draws it with its subtree (nothing when it is not drawn).
    private mutating func placeAndDraw(_ layer: consuming RenderLayer, in parent: ParentContext, evaluated: EvaluatedSublayer?) {
        if let placed = place(layer, in: parent, evaluated: evaluated) { draw(placed) }
    }

    /// The cache's number for what `parent` hands down, its clip chain included.
    func contextSerial(of parent: ParentContext, in cache: FlattenedSubtreeCache) -> UInt64 {
        cache.serial(of: SubtreeContext(parent, inheritedClips: inheritedClips(from: parent.clip)))
    }

    /// Appends a stored subtree, moving its own clips to the end of the frame's clip list.
    mutating func append(_ entry: FlattenedSubtreeCache.Entry) {
        guard let stored = entry.commands else { return }
        if subtreeCache?.drawAgain(entry, command: commands.count, clip: clips.count) == true, !stored.isEmpty {
            noteUnchanged(commands.count..<(commands.count + stored.count))
        }
        let offset = Int32(clips.count) - entry.clipBase
        // Without clips of its own, no command of the subtree refers to an index at or above
        // its clip base: nothing moves. Most reused subtrees are one quad (a leaf layer).
        if offset == 0 || entry.clips.isEmpty {
            if stored.count == 1 { commands.append(stored[0]) } else { commands.append(contentsOf: stored) }
            if !entry.clips.isEmpty { clips.append(contentsOf: entry.clips) }
            return
        }
        for command in stored { commands.append(command.movingClipIndices(from: entry.clipBase, by: offset)) }
        for var clip in entry.clips {
            if let parent = clip.parentIndex, parent >= entry.clipBase { clip.parentIndex = parent + offset }
            clips.append(clip)
        }
    }

    /// Adds `range` to the commands repeated from the previous frame, merged with the last
    /// range when they touch.
    mutating func noteUnchanged(_ range: Range<Int>) {
        if let last = unchangedRanges.last, last.upperBound == range.lowerBound {
            unchangedRanges[unchangedRanges.count - 1] = last.lowerBound..<range.upperBound
        } else {
            unchangedRanges.append(range)
        }
    }

    /// Withdraws every claim that commands from index `start` on repeat the previous frame's:
    /// they are about to be changed after they were drawn (a replicator instance's colour).
    mutating func forgetUnchanged(from start: Int) {
        while let last = unchangedRanges.last, last.upperBound > start {
            if last.lowerBound < start {
                unchangedRanges[unchangedRanges.count - 1] = last.lowerBound..<start
                return
            }
            unchangedRanges.removeLast()
        }
    }

    /// The clips of the chain that starts at `index`, innermost first.
    private func inheritedClips(from index: Int32?) -> [Clip] {
        var chain: [Clip] = []
        var next = index
        while let i = next, i >= 0, Int(i) < clips.count, chain.count <= clips.count {
            chain.append(clips[Int(i)])
            next = clips[Int(i)].parentIndex
        }
        return chain
    }

    /// Draws a placed layer: a transform layer's 3D subtree, a running transition, or the layer.
    mutating func draw(_ p: PlacedLayer) {
        if p.layer.kind == .transform {
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
            ?? Self.presentationStorage(of: layer, parentTime: parent.time)
        // Read through the box, not copied: this runs for every drawn layer of every frame.
        let s = storage
        let rate = parent.rate * Double(layer.stateStorage.value.speed)
        if !layer.animations.isEmpty {
            sawAnimations = true
            timeDependencies += 1
            noteNextChange(of: layer.animations, localTime: localTime, rate: rate)
        }
        let opacity = parent.opacity * max(0, min(1, s.value.opacity))
        guard !s.value.isHidden, opacity > 0 else { return nil }
        let toParent = evaluated?.toParent ?? Self.toSuperlayer(s, in: parent)
        let world = Self.world(toParent, in: parent)
        if layer.kind == .plain && !s.value.isDoubleSided && Self.isFacingAway(s.value.bounds, world) { return nil }
        return PlacedLayer(layer: layer, stateStorage: storage, parentTime: parent.time, localTime: localTime, rate: rate,
                           toParent: toParent, world: world, opacity: opacity, inheritedOpacity: parent.opacity,
                           clip: parent.clip)
    }

    /// The map from a layer's space to the target of `parent`, given the map `toParent` to its
    /// superlayer's space.
    static func world(_ toParent: CATransform3D, in parent: ParentContext) -> CATransform3D {
        (parent.flattensSublayers ? toParent.flattenedZ : toParent).concatenating(parent.world)
    }

    /// Lowers `nextChangeTime` for a layer's animations, whose parent time is the layer's
    /// `localTime`, which advances `rate` times as fast as global time (0 when paused).
    private mutating func noteNextChange(of animations: [CompiledAnimation], localTime: CFTimeInterval, rate: Double) {
        guard rate != 0 else { return }
        for animation in animations {
            switch animation.timing.phase(atParentTime: localTime) {
            case .active:
                nextChangeTime = time
            case .before where rate > 0:
                let start = time + (animation.timing.beginTime - localTime) / rate
                nextChangeTime = min(nextChangeTime, max(time, start))
            case .before, .after:
                break
            }
        }
    }

    /// Opens a group: the commands that follow draw into its image.
    mutating func beginGroup(_ group: CompositingGroup) {
        commands.append(.beginGroup(group))
        targetSizes.append(CGSize(width: group.pixelWidth, height: group.pixelHeight))
    }

    /// Closes the innermost group.
    mutating func endGroup() {
        commands.append(.endGroup)
        if targetSizes.count > 1 { targetSizes.removeLast() }
    }

    /// The pixel rectangle of the image being drawn into now.
    var targetPixelRect: CGRect {
        CGRect(origin: .zero, size: targetSizes.last ?? .zero)
    }

    /// Notes content that changes with every frame while its layer's time runs (particles).
    mutating func noteContinuousChange(rate: Double) {
        sawAnimations = true
        timeDependencies += 1
        if rate != 0 { nextChangeTime = time }
    }

    /// Notes content that does not come from the committed tree (a tiled layer's tile cache,
    /// a GL layer's last frame): the subtree drawing it is flattened again each frame.
    mutating func noteExternalContent() {
        timeDependencies += 1
    }

    /// Notes content that will change at global time `t` (a tile that fades in, say).
    mutating func noteChange(at t: CFTimeInterval) {
        sawAnimations = true
        timeDependencies += 1
        nextChangeTime = min(nextChangeTime, max(time, t))
    }

    /// Siblings back to front: by `zPosition`, then by index (a stable sort). The common case,
    /// every zPosition 0, returns the array as it is, without allocating.
    func paintOrder(_ ids: [UInt64], of parentID: UInt64) -> [UInt64] {
        if summary(of: parentID)?.sublayersMayHaveZPosition == false { return ids }
        func z(_ id: UInt64) -> CGFloat { summary(of: id)?.zPosition ?? layers[id]?.state.zPosition ?? 0 }
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
