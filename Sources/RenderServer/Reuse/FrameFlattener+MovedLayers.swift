import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// A sublayer that changed since the last frame only in where it is (its `position` or
/// `transform`: sprites sliding, cards turning) draws what it drew in the last frame with the
/// new map to the target, instead of being flattened again: its quads differ in nothing else.
///
/// That holds for a leaf that draws alone (`drawsAlone(_:)`), without animations or with
/// animations that only move it (`animatedToSuperlayer(_:box:in:memo:toParent:localTime:)`),
/// whose drawing of the last frame was quads only (no group, no clip of its own) in the same
/// superlayer context: each of its quads (shadow, background, contents, border) is drawn with
/// the layer's map to the target and values of its state and context that did not change. The
/// render tree says which layers changed only so (`RenderLayer.lastChangeBesidesPlacement`).
extension FrameFlattener {
    /// What a sublayer drew in the last frame, which a moved layer may draw again.
    struct LastDrawing: Sendable {
        /// Where its commands were in the last frame's draw list.
        var commands: Range<Int>
        /// The layer's `version` they were drawn from.
        var version: UInt64
        /// The memo of the layer's turn the cache keeps for it (`FlattenedSubtreeCache.Entry.
        /// placementMemo`), not retained: the cache holds it through the frame.
        var memo: Unmanaged<PlanarRotationMemo.Storage>? = nil
        /// Whether it was itself drawn moved (`FlattenedSubtreeCache.Entry.drawnMoved`): its
        /// quads hold the fields of the layer's quads of the frame before, so a spare made as
        /// one of those two frames ago holds them too.
        var wasDrawnMoved = false
        /// The layer's own spare quads (`FlattenedSubtreeCache.Entry.movedSpares`), not
        /// retained: its entry holds them through the frame. Every drawing the flattener looks
        /// up has them (nil: drawn by flattening); optional for the layout alone: not optional,
        /// a list of `LastDrawing?` made of nils was set by a memset of each element (about 50
        /// instructions a sublayer a frame).
        var spares: UnretainedMovedLayerSpares?
    }

    /// Where a run's sublayers were drawn in the last frame (`SublayerRun.lastFrameDrawing`).
    struct RunDrawing {
        var commandStarts: [Int]
        var clipStarts: [Int]
    }

    /// What sublayer `index` of a run drew in the last frame, which drew the run's sublayers
    /// from `commandStarts` and `clipStarts`, when it was flattened there in the context numbered
    /// `contextSerial` into quads without a clip of its own; nil otherwise. `entry`: the
    /// sublayer's cache entry (`FlattenedSubtreeCache.entry(of:)`), looked up once by the caller.
    func lastDrawing(ofSublayer index: Int, entry: FlattenedSubtreeCache.Entry?, commandStarts: [Int], clipStarts: [Int],
                     contextSerial: UInt64, cache: FlattenedSubtreeCache) -> LastDrawing? {
        let commands = commandStarts[index]..<commandStarts[index + 1]
        let clip = clipStarts[index]
        guard !commands.isEmpty, clipStarts[index + 1] == clip, let entry,
              let key = cache.keyDrawnLastFrame(entry, command: commands.lowerBound, clip: clip),
              key.context == contextSerial else { return nil }
        // A leaf's subtree version is its version.
        return LastDrawing(commands: commands, version: key.subtreeVersion, memo: entry.unretainedPlacementMemo,
                           wasDrawnMoved: entry.drawnMoved,
                           spares: cache.movedSpares(of: entry, quads: commands.count))
    }

    /// What a sublayer of a short list (no `SublayerRun`), or of a run whose order changed, drew
    /// in the last frame in the context numbered `contextSerial`, as the cache recorded it under
    /// `entry` (the sublayer's, `FlattenedSubtreeCache.entry(of:)`), when it drew quads without
    /// a clip of its own; nil when moved layers are not redrawn (`redrawsMovedLayers`). A layer
    /// whose superlayer masks to bounds (S5's cards in rounded clips) is drawn so.
    func lastDrawing(entry: FlattenedSubtreeCache.Entry?, contextSerial: UInt64,
                     cache: FlattenedSubtreeCache) -> LastDrawing? {
        guard redrawsMovedLayers, let entry, let drawn = cache.drawingLastFrame(entry, context: contextSerial) else {
            return nil
        }
        // A leaf's subtree version is its version.
        return LastDrawing(commands: drawn.commands, version: drawn.subtreeVersion,
                           memo: entry.unretainedPlacementMemo, wasDrawnMoved: entry.drawnMoved,
                           spares: cache.movedSpares(of: entry, quads: drawn.commands.count))
    }

    /// What the sublayers of a run drawn moved read from the flattener and the cache, read once
    /// for the run (each read is a retain and a release): a copy of the frame's layer table (the
    /// closure that draws a layer writes to the flattener) and the last frame's commands. A
    /// class passed unretained, so that a sublayer reads them where they are (a structure bound
    /// out of an optional parameter is copied, its three references retained and released).
    final class MovedRedrawSources {
        /// The frame's layers (`FrameFacts.layers`), as the run began.
        let layers: LayerIDTable<RenderLayer>
        /// The last frame's commands (`FlattenedSubtreeCache.previousCommands`).
        let lastCommands: [DrawCommand]

        init(layers: LayerIDTable<RenderLayer>, lastCommands: [DrawCommand]) {
            self.layers = layers
            self.lastCommands = lastCommands
        }
    }

    /// Draws sublayer `id`, which the cache does not hold, on the thread that owns `cache`: its
    /// last drawing `last` moved (`redrawMoved`) when it draws alone and only moved, recorded in
    /// the cache as `visit` records it; else by `visit` (nothing when the tree has no such layer).
    /// `entry`: the layer's cache entry when the caller looked it up in this frame (nil: looked up
    /// here). `sources`: the table and commands to draw it moved from, when the caller read them
    /// for a run, held by the caller (nil: read here).
    ///
    /// The layer is read where the table keeps it: one drawn moved is not copied out (its box
    /// and lists retained and released for nothing).
    mutating func redrawMovedOrVisit(_ id: UInt64, last: LastDrawing?, in parent: ParentContext,
                                     contextSerial: UInt64, cache: FlattenedSubtreeCache,
                                     entry: FlattenedSubtreeCache.Entry? = nil, evaluated: EvaluatedSublayer? = nil,
                                     sources: Unmanaged<MovedRedrawSources>? = nil, cacheMissed: Bool) {
        let commandStart = commands.count, clipStart = clips.count
        if let last {
            let moved = if let sources {
                sources._withUnsafeGuaranteedRef { sources in
                    redrawMoved(id, last: last, from: sources.layers, lastCommands: sources.lastCommands,
                                quads: &cache.movedQuads, in: parent)
                }
            } else {
                redrawMoved(id, last: last, from: facts.layers, lastCommands: cache.previousCommands,
                            quads: &cache.movedQuads, in: parent)
            }
            if let moved {
                cache.record(id, entry: entry, key: SubtreeKey(subtreeVersion: moved.version, context: contextSerial),
                             isStatic: moved.isStatic, moved: true, commands: commands, from: commandStart,
                             clips: clips, from: clipStart)
                // An animated layer drawn moved keeps the memo of its turn in its entry.
                if !moved.isStatic, last.memo == nil { cache.keepPlacementMemo(of: id) }
                return
            }
        }
        guard let layer = facts.layers[id] else { return }
        visit(layer, in: parent, contextSerial: contextSerial, evaluated: evaluated, cacheMissed: cacheMissed)
    }

    /// Draws layer `id` of `layers` moved (`redrawMoved`) when it draws alone and only moved,
    /// and returns its subtree version and whether nothing in it changes with time (an animated
    /// layer drawn moved does: not stored for reuse); nil, having drawn nothing, otherwise.
    private mutating func redrawMoved(_ id: UInt64, last: LastDrawing, from layers: LayerIDTable<RenderLayer>,
                                      lastCommands: [DrawCommand], quads: inout MovedQuadRecycler,
                                      in parent: ParentContext) -> (version: UInt64, isStatic: Bool)? {
        layers.withValue(id) { layer -> (version: UInt64, isStatic: Bool)? in
            guard Self.drawsAlone(layer),
                  redrawMoved(layer, last: last, lastCommands: lastCommands, quads: &quads, in: parent) else { return nil }
            return (layer.pointee.subtreeVersion, layer.pointee.animations.isEmpty)
        } ?? nil
    }

    /// Appends what `layer` drew in the last frame (`last`, in `lastCommands`) with its map to
    /// the target as `parent` places it now, when it changed since only in its `position` or
    /// `transform` and that drawing is all it draws; returns false, having appended nothing,
    /// when it must be flattened (the caller has checked `drawsAlone(_:)`). The quads are made by
    /// `quads`, which writes them into spare storages where it can.
    ///
    /// The layer is read where it is (`LayerIDTable.withValue`): a `borrowing` parameter given
    /// `pointer.pointee` is a copy of the layer, its box and lists retained and released.
    mutating func redrawMoved(_ layer: UnsafePointer<RenderLayer>, last: LastDrawing, lastCommands: [DrawCommand],
                              quads: inout MovedQuadRecycler, in parent: ParentContext) -> Bool {
        guard layer.pointee.lastChangeBesidesPlacement <= last.version,
              last.commands.upperBound <= lastCommands.count else { return false }
        // Read without being retained (three retains and releases a layer): the caller's table
        // or copy holds the layer, and the layer its box.
        return Unmanaged.passUnretained(layer.pointee.stateStorage)._withUnsafeGuaranteedRef { box in
            redrawMoved(layer, box: box, last: last, lastCommands: lastCommands, quads: &quads, in: parent)
        }
    }

    /// `redrawMoved(_:last:lastCommands:quads:in:)` once its last drawing is known to fit,
    /// `box` the layer's state box.
    private mutating func redrawMoved(_ layer: UnsafePointer<RenderLayer>, box: LayerStateBox, last: LastDrawing,
                                      lastCommands: [DrawCommand], quads: inout MovedQuadRecycler,
                                      in parent: ParentContext) -> Bool {
        // The spares' storages of a drawing of two quads or more (S2's card: shadow and body)
        // asked for before the map is computed, so that they are on their way together while it
        // is (`MovedLayerSpares.prefetchStorages(_:frame:)`). A one-quad drawing (S1, S4) is
        // left as it was: no gain by the clock, about 25 instructions more.
        if last.commands.count > 1, let spares = last.spares {
            spares.spares._withUnsafeGuaranteedRef { $0.prefetchStorages(last.commands.count, frame: quads.frame) }
        }
        // A layer without animations (a sprite the app moves) does not read its animations out:
        // the copy is a retain and a release for an empty list.
        if layer.pointee.animations.isEmpty {
            return drawMoved(layer, box: box, toParent: Self.toSuperlayer(box, in: parent), last: last,
                             lastCommands: lastCommands, quads: &quads, in: parent)
        }
        // An animated layer moves when its animations only move it (FrameFlattener+AnimatedPlacement).
        // Read out once (retained once) for the placement and the notes.
        let animations = layer.pointee.animations
        var toParent = Self.unwrittenTransform, localTime: CFTimeInterval = 0
        guard animatedToSuperlayer(animations, box: box, in: parent, memo: last.memo, toParent: &toParent,
                                   localTime: &localTime),
              drawMoved(layer, box: box, toParent: toParent, last: last, lastCommands: lastCommands, quads: &quads,
                        in: parent) else { return false }
        noteAnimations(animations, box: box, localTime: localTime, in: parent)
        return true
    }

    /// The value a map is given before `animatedToSuperlayer` writes it: zeros, stored without
    /// calls. (`CATransform3DIdentity`, a global of another module, was read through its
    /// accessor and copied: 22 instructions an animated layer drawn moved, against 8.)
    @_transparent
    static var unwrittenTransform: CATransform3D { unsafeBitCast(SIMD16<Double>(), to: CATransform3D.self) }

    /// `Matrix4(world(toParent, in: parent))`, the same to the bit: the product's rows stored as
    /// the matrix's, without building the transform between (a call to its initializer across
    /// modules, and a copy of it into the matrix; about 15 instructions a moved layer). The
    /// product written twice, flattening or not, so that neither selects its third column
    /// entry by entry; inlined into its one caller, `drawMoved` (a call was 10 instructions).
    @inline(__always)
    static func worldMatrix(_ toParent: CATransform3D, in parent: ParentContext) -> Matrix4 {
        let rows = parent.flattensSublayers
            ? toParent.rowsConcatenating(parent.world, flatteningZ: true)
            : toParent.rowsConcatenating(parent.world, flatteningZ: false)
        return unsafeBitCast(rows, to: Matrix4.self)
    }

    /// Appends the quads of `layer`'s last drawing `last` (in `lastCommands`) with the layer's
    /// map to its superlayer `toParent`, as `place(_:in:evaluated:)` maps it; false, having
    /// appended nothing, when the drawing is not quads alone or a single-sided layer faces away.
    /// (Out of line: inlined into `redrawMoved`, it made that too large to be inlined into a
    /// part's loop, about 10 instructions more a moved layer.)
    @inline(never)
    private mutating func drawMoved(_ layer: UnsafePointer<RenderLayer>, box: LayerStateBox, toParent: CATransform3D,
                                    last: LastDrawing, lastCommands: [DrawCommand], quads: inout MovedQuadRecycler,
                                    in parent: ParentContext) -> Bool {
        // As `place(_:in:evaluated:)` maps it; a single-sided layer facing away now is left to
        // it (it draws nothing).
        let transform = Self.worldMatrix(toParent, in: parent)
        if layer.pointee.kind.isPlain && !box.value.isDoubleSided
            && Self.isFacingAway(box.value.bounds, CATransform3D(transform)) { return false }
        guard let spares = last.spares else { return false }
        let start = commands.count, frame = quads.frame
        let drawn = spares.spares._withUnsafeGuaranteedRef { spares -> Bool in
            // Each quad written into the layer's own spare of two frames ago (`MovedLayerSpares`):
            // by its transform alone where the spares hold the drawing the last one moved.
            let same = spares.begin(frame: frame)
            let sameCount = last.wasDrawnMoved ? same : 0
            // All of them (a layer moved frame after frame): the last drawing, itself the
            // drawing of two frames ago moved, quads alone, is not read.
            if sameCount > 0, sameCount == last.commands.count,
               spares.retransform(sameCount, to: transform, frame: frame, into: &commands) {
                quads.countWrittenByTransform(sameCount)
                return true
            }
            var made = 0
            for index in last.commands {
                // A drawing that is not quads alone (a group) is taken back, the spares not
                // said to hold it.
                guard case .quad(let quad) = lastCommands[index] else { return false }
                commands.append(.quad(quads.quad(quad, movedTo: transform, index: made, in: spares,
                                                 sameFields: made < sameCount)))
                made += 1
            }
            // The sources are the last frame's drawing (`lastCommands`), quads alone.
            spares.endDrawnFromFrameBefore(frame: frame, count: made)
            return true
        }
        guard drawn else {
            commands.removeSubrange(start...)
            return false
        }
        redrawnMoved += 1
        return true
    }
}
