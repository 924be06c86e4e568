import CompositorCore
import Foundation
@_spi(RenderTables) import QuartzCoreModel
import Synchronization

/// A long run of sublayers to flatten (a scene whose sprites all moved) is flattened in parts,
/// one a processor, each on a thread of its own into lists of its own, then joined in paint
/// order: the frame equals one whose sublayers were flattened one after another.
///
/// The subtree cache is not safe to use from several threads, so it is used on the calling
/// thread only: before the parts start (which sublayers it holds, numbered contexts) and at the
/// join (drawing the held subtrees again, recording what the parts flattened, in order), but for
/// the records that write a sublayer's entry alone, which the parts write at once after the join
/// when a whole part's are so (`FrameFlattener+PartJoin`). A part
/// flattens only the sublayers that draw alone (`drawsAlone(_:)`: leaves that need nothing but
/// their own state); the others are left to the join, which flattens them there, at their place.
extension FrameFlattener {
    /// The fewest sublayers flattened in parts: below it, starting the threads and joining the
    /// parts costs about what they save.
    static let partsMinimum = 512
    /// The fewest sublayers to flatten in each part: a processor more does not make a part
    /// smaller than this (with many processors, each would wait on its thread more than it works).
    static let partSizeMinimum = 256

    /// The most parts the frames of a renderer flatten a run in: one a processor, or 1 when
    /// `QC_DEBUG` asks for serial flattening (`serial-flattening`).
    static let defaultMaximumParts = DebugOptions.isEnabled(.serialFlattening)
        ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Whether `layer` draws alone: a leaf of the plain kind without a mask, a transition,
    /// content of its class or a shadow path. Flattening it reads only the committed tree and
    /// its own state, and it adds commands and clips, not entries of a cache, so it may be
    /// flattened on any thread.
    /// (Read through its address, as `redrawMoved` reads it.) `videoLayersExist`: whether any
    /// layer has a video source (`VideoLayerRegistry.hasSources`), asked once by a caller that
    /// asks this of many layers; without it, asked here.
    static func drawsAlone(_ layer: UnsafePointer<RenderLayer>, videoLayersExist: Bool? = nil) -> Bool {
        guard layer.pointee.kind.isPlain, layer.pointee.sublayerIDs.isEmpty, layer.pointee.maskID == nil else { return false }
        // A shadow path's coverage comes from a process-wide cache, which parts would fill in
        // an order of their own; a class's content (text, shapes, tiles, particles, GL frames,
        // replicas) from caches of the renderer's.
        // (Read where they are stored: a computed property of `box.value` copies the whole state
        // to read one. Not retained: the table holds the layer, and the layer its box, while
        // this runs.)
        let plain = Unmanaged.passUnretained(layer.pointee.stateStorage)._withUnsafeGuaranteedRef { box in
            !box.isSpecialized && (box.value.shadowOpacity <= 0 || !box.hasShadowPath)
        }
        guard plain else { return false }
        if RenderLayer.animationsContainTransition(layer) { return false }
        // A video layer's frame changes without a commit: never its last frame's quads again.
        // (The registry, which lives as long as the process, asked without being retained.)
        if videoLayersExist == false { return true }
        return Unmanaged.passUnretained(VideoLayerRegistry.shared)._withUnsafeGuaranteedRef {
            $0.source(ofLayerID: layer.pointee.id) == nil
        }
    }

    /// Records `run` while drawing the sublayers `ids` in `context` (serial `contextSerial`),
    /// flattening those that draw alone and are not held by `cache` in parts when there are at
    /// least `partsMinimum` of them: the same commands, clips, run starts and cache records as
    /// the serial loop of `visitSublayers(of:_:in:evaluated:)`. `lastDrawing`: where the run's
    /// sublayers were drawn in the last frame, when it drew them in this context and order (a
    /// sublayer that only moved since draws that again, moved: `redrawMoved`); without it, where
    /// the cache says each was drawn.
    mutating func recordInParts(_ run: SublayerRun, ids: [UInt64], in context: ParentContext, contextSerial: UInt64,
                                cache: FlattenedSubtreeCache, lastDrawing: RunDrawing? = nil) {
        // The subtrees the cache holds, as the serial loop looks them up (in parts for a long
        // run). Each sublayer's entry and key, looked up once here for the join to draw (a
        // sublayer not missed with a key is held by the cache) or to record under
        // (`FlattenedSubtreeCache.record(_:entry:key:isStatic:moved:commands:from:clips:from:)`).
        let lookUps = lookUp(ids, contextSerial: contextSerial, cache: cache, lastDrawing: lastDrawing)
        let looked = lookUps.looked, missed = lookUps.missed, missedCount = lookUps.missedCount
        let recordsAlone = lookUps.recordsAlone, moved = lookUps.moved
        let partCount = partCount(for: missedCount)
        var parts = partCount > 1
            ? flattenParts(partCount, of: ids, missed: missed, recordsAlone: recordsAlone, moved: moved,
                           lastCommands: cache.previousCommands, movedQuadCounts: cache.movedQuadCounts,
                           frame: cache.frame, in: context)
            : []
        // The parts whose sublayers' records the parts write at once, after the join.
        var joinedAlone: [JoinedAlonePart] = []
        for part in 0..<partCount {
            let range = Self.range(ofPart: part, of: partCount, count: ids.count)
            if part < parts.count, parts[part] != nil {
                if parts[part]!.joinsAlone {
                    joinedAlone.append(appendJoinedAlone(&parts[part]!, to: run))
                } else {
                    join(&parts[part]!, of: run, ids: ids, looked: looked, missed: missed, moved: moved, in: context,
                         contextSerial: contextSerial, cache: cache)
                }
                let flattened = parts[part]!
                absorb(sublayers: flattened.flattenedCount, redrawnMoved: flattened.redrawnMoved, changes: flattened.changes)
            } else {
                for index in range {
                    drawAtJoin(index, of: run, ids: ids, looked: looked, missed: missed, moved: moved, in: context,
                               contextSerial: contextSerial, cache: cache)
                }
            }
        }
        recordJoinedAlone(joinedAlone, looked: looked, moved: moved, cache: cache, run: run)
        run.commandStarts.append(commands.count)
        run.clipStarts.append(clips.count)
    }

    /// Draws sublayer `index` of the run on this thread, as the serial loop does: from the
    /// subtree the cache holds, else moved from its last drawing (`moved`) when it only moved,
    /// else by flattening it (the cache having `missed` it, or not knowing its summary).
    private mutating func drawAtJoin(_ index: Int, of run: SublayerRun, ids: [UInt64],
                                     looked: [LookedUpSublayer], missed: [Bool], moved: [LastDrawing?],
                                     in context: ParentContext, contextSerial: UInt64, cache: FlattenedSubtreeCache) {
        run.commandStarts.append(commands.count)
        run.clipStarts.append(clips.count)
        let flattenedBefore = cache.flattenedSubtrees
        looked[index].entry.withEntry { entry in
            if !missed[index], looked[index].key != nil, let entry {
                append(entry)
            } else {
                redrawMovedOrVisit(ids[index], last: index < moved.count ? moved[index] : nil, in: context,
                                   contextSerial: contextSerial, cache: cache, entry: entry, cacheMissed: missed[index])
            }
        }
        if cache.flattenedSubtrees != flattenedBefore { run.flattened.append(index) }
    }

    /// Part `part` of `partCount` equal shares of `count` sublayers.
    static func range(ofPart part: Int, of partCount: Int, count: Int) -> Range<Int> {
        (count * part / partCount)..<(count * (part + 1) / partCount)
    }

    /// How many parts `count` sublayers are worked on in: one below `partsMinimum`, else one a
    /// processor (`maximumParts`), none smaller than `partSizeMinimum`.
    func partCount(for count: Int) -> Int {
        count >= Self.partsMinimum ? max(1, min(maximumParts, count / Self.partSizeMinimum)) : 1
    }

    /// Flattens the sublayers of `ids` that the cache `missed` and that draw alone, in
    /// `partCount` parts at once, those that only moved (`moved`, in `lastCommands`) by
    /// `redrawMoved`; each part's result at its index (nil only if a part never ran).
    /// `recordsAlone`: whether each sublayer's cache record writes its entry alone
    /// (`FlattenedRunPart.joinsAlone`).
    private func flattenParts(_ partCount: Int, of ids: [UInt64], missed: [Bool], recordsAlone: [RecordAlone],
                              moved: [LastDrawing?], lastCommands: [DrawCommand], movedQuadCounts: MovedQuadCounts,
                              frame: UInt64,
                              in context: ParentContext) -> [FlattenedRunPart?] {
        let seed = partSeed
        let results = ThreadLock<[FlattenedRunPart?]>(Array(repeating: nil, count: partCount))
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
            let range = Self.range(ofPart: part, of: partCount, count: ids.count)
            let flattened = Self.flattenPart(range, of: ids, missed: missed, recordsAlone: recordsAlone, moved: moved,
                                             lastCommands: lastCommands,
                                             movedQuadCounts: movedQuadCounts, frame: frame, in: context, seed: seed)
            results.withLock { $0[part] = flattened }
        }
        return results.withLock { $0 }
    }

    /// Flattens the sublayers `ids[range]` that the cache missed and that draw alone, on the
    /// calling thread, by a flattener of its own that starts from `seed` (see `flattenParts`).
    private static func flattenPart(_ range: Range<Int>, of ids: [UInt64], missed: [Bool], recordsAlone: [RecordAlone],
                                    moved: [LastDrawing?], lastCommands: [DrawCommand], movedQuadCounts: MovedQuadCounts,
                                    frame: UInt64,
                                    in context: ParentContext, seed: PartSeed) -> FlattenedRunPart {
        var flattener = FrameFlattener(part: seed)
        var quads = MovedQuadRecycler(counts: movedQuadCounts, frame: frame)
        defer { quads.finish() }
        flattener.commands.reserveCapacity(range.count)
        var ends: [FlattenedRunPart.End] = []
        ends.reserveCapacity(range.count)
        let clipBase = flattener.clips.count
        var flattenedCount = 0
        var joinsAlone = true
        let layers = flattener.facts.layers
        // Asked once for the part: a look-up a layer cost about 12 instructions.
        let videoLayersExist = VideoLayerRegistry.shared.hasSources
        for index in range {
            // The lines of the layers a few places ahead, asked for (a miss to memory each at
            // N = 100,000: `LayerIDTable.fetchMovedLayersAhead`).
            layers.fetchMovedLayersAhead(of: ids, from: index, in: range)
            var outcome = FlattenedRunPart.Outcome.leftToJoin
            // Read where the table keeps it: a moved layer's copy would retain and release its
            // box and lists for nothing.
            if missed[index], let drawn = layers.withValue(ids[index], { layer -> FlattenedRunPart.Outcome? in
                guard drawsAlone(layer, videoLayersExist: videoLayersExist) else { return nil }
                if index < moved.count, let last = moved[index],
                   flattener.redrawMoved(layer, last: last, lastCommands: lastCommands, quads: &quads, in: context) {
                    return layer.pointee.animations.isEmpty ? .movedStatic : .movedWithTime
                }
                let dependencies = flattener.changes.timeDependencies
                flattener.visit(layer.pointee, in: context)
                return flattener.changes.timeDependencies == dependencies ? .flattenedStatic : .flattenedWithTime
            }), let drawn {
                outcome = drawn
                flattenedCount += 1
            }
            if !recordsAlone[index].allows(outcome) { joinsAlone = false }
            ends.append(FlattenedRunPart.End(command: flattener.commands.count, clip: flattener.clips.count,
                                             outcome: outcome))
        }
        return FlattenedRunPart(range: range, clipBase: clipBase, commands: flattener.commands, clips: flattener.clips.all,
                                ends: ends, flattenedCount: flattenedCount, redrawnMoved: flattener.redrawnMoved,
                                changes: flattener.changes, joinsAlone: joinsAlone && flattener.clips.count == clipBase)
    }

    /// Appends what `part` flattened of each of its sublayers, their own clips moved to the end
    /// of the frame's clip list as `append(_:)` moves a stored subtree's, and records them in
    /// `cache` as `visit` would have; draws those the part left with `drawAtJoin`. The part's
    /// commands are moved out, not copied (`takeCommand`): it is not read again.
    private mutating func join(_ part: inout FlattenedRunPart, of run: SublayerRun, ids: [UInt64],
                               looked: [LookedUpSublayer], missed: [Bool], moved: [LastDrawing?],
                               in context: ParentContext, contextSerial: UInt64, cache: FlattenedSubtreeCache) {
        var start = (command: 0, clip: part.clipBase)
        for (k, end) in part.ends.enumerated() {
            defer { start = (end.command, end.clip) }
            let index = part.range.lowerBound + k
            // A part flattens only sublayers the cache missed, whose summaries it looked up.
            guard end.outcome != .leftToJoin, let key = looked[index].key else {
                drawAtJoin(index, of: run, ids: ids, looked: looked, missed: missed, moved: moved, in: context,
                           contextSerial: contextSerial, cache: cache)
                continue
            }
            let commandStart = commands.count, clipStart = clips.count
            run.commandStarts.append(commandStart)
            run.clipStarts.append(clipStart)
            // Indices below the sublayer's own clips are the superlayer's chain, the same here.
            let base = Int32(start.clip), offset = Int32(clipStart - start.clip)
            if offset == 0 || start.clip == end.clip {
                for i in start.command..<end.command { commands.append(part.takeCommand(at: i)) }
            } else {
                for i in start.command..<end.command {
                    commands.append(part.takeCommand(at: i).movingClipIndices(from: base, by: offset))
                }
            }
            if start.clip != end.clip { clips.append(part.clips[start.clip..<end.clip], movedFrom: base, by: offset) }
            // The summary's version is the layer's (see `visitSublayer`); the entry is still the
            // layer's (the join adds entries of other layers only, and drops none).
            looked[index].entry.withEntry { entry in
                cache.record(ids[index], entry: entry, key: key, isStatic: end.outcome.isStatic,
                             moved: end.outcome.isMoved, commands: commands, from: commandStart, clips: clips,
                             from: clipStart)
            }
            // A layer drawn moved with animations keeps the memo of its turn in its entry.
            if end.outcome == .movedWithTime, moved[index]?.memo == nil { cache.keepPlacementMemo(of: ids[index]) }
            run.flattened.append(index)
        }
    }
}

/// A sublayer of a run as `FrameFlattener.recordInParts` looked it up before the parts: its
/// cache entry (nil: none yet) and the key it is flattened under (nil: no summary).
struct LookedUpSublayer {
    /// Not retained: the cache holds its entries through the frame (it drops them only as a
    /// frame begins), and a retain and release of each would cost about the look-up saved.
    /// (Read with `withEntry`: loading an `unowned(unsafe)` reference into a call retained it.)
    var entry: Unmanaged<FlattenedSubtreeCache.Entry>?
    var key: SubtreeKey?
}

/// What one part of a sublayer run flattened on its thread (`FrameFlattener.recordInParts`).
struct FlattenedRunPart: Sendable {
    /// What became of one sublayer.
    enum Outcome: Sendable {
        /// Not flattened: held by the cache, or not drawing alone.
        case leftToJoin
        /// Flattened, nothing in it changing with time.
        case flattenedStatic
        /// Flattened, with an animation (it is not stored for the next frame).
        case flattenedWithTime
        /// Drawn moved (`redrawMoved`), without animations.
        case movedStatic
        /// Drawn moved (`redrawMoved`), with animations that only move it (not stored either).
        case movedWithTime

        /// Whether nothing in the sublayer drawn changes with time (it may be stored).
        var isStatic: Bool { self == .flattenedStatic || self == .movedStatic }
        /// Whether the sublayer was drawn moved.
        var isMoved: Bool { self == .movedStatic || self == .movedWithTime }
    }

    /// Where a sublayer's commands and clips ended in the part's lists.
    struct End: Sendable {
        var command: Int
        var clip: Int
        var outcome: Outcome
    }

    /// The sublayers of the run the part drew.
    var range: Range<Int>
    /// The clips inherited from the superlayer's flattener, before the part's own.
    var clipBase: Int
    var commands: [DrawCommand]
    /// The inherited clips, then the part's own.
    var clips: [Clip]
    /// One for each sublayer of `range`.
    var ends: [End]
    /// How many sublayers of `range` the part flattened.
    var flattenedCount: Int
    /// How many of them it drew from the last frame's drawing, moved (`redrawMoved`).
    var redrawnMoved: Int
    /// What the part's layers say about later frames.
    var changes: FrameChangeNotes
    /// Whether the part drew every sublayer of `range`, none with clips of its own, and each
    /// one's cache record writes its entry alone (`RecordAlone`): it is
    /// joined by `appendJoinedAlone` and `recordJoinedAlone`.
    var joinsAlone = false

    /// Moves the command at `index` out of `commands`, leaving a command without a payload in
    /// its place: the join hands the frame's list the part's reference to a quad's storage
    /// instead of a new one (a retain there and a release when the part is freed, on the
    /// calling thread, about 40 instructions a moved sublayer).
    @inline(__always)
    mutating func takeCommand(at index: Int) -> DrawCommand {
        var command = DrawCommand.endGroup
        swap(&command, &commands[index])
        return command
    }
}
