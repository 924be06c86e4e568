import CompositorCore
@_spi(RenderTables) import QuartzCoreModel

/// Many sublayers, few of them changed: the sublayers that did not change are repeated from the
/// last frame's draw list a stretch at a time, and only the changed ones are looked at, so that
/// such a frame costs about the changes, not the number of sublayers (see `SublayerRun`).
extension FrameFlattener {
    /// Draws the sublayers `ids` of `p` (in paint order, `evaluated` as in
    /// `visitSublayers(_:in:evaluated:)`) in `context`. With at least `SublayerRun.minimumCount`
    /// of them and no evaluations (those depth-sorted with plane tests have them), it repeats
    /// the last frame's drawing of those that did not change when it can, and records where
    /// each is drawn for the next frame.
    mutating func visitSublayers(of p: PlacedLayer, _ ids: [UInt64], in context: ParentContext,
                                 evaluated: [EvaluatedSublayer?]?) {
        guard let cache = subtreeCache, facts.beforeStateDepth == 0, evaluated == nil,
              ids.count >= SublayerRun.minimumCount else {
            visitSublayers(ids, in: context, evaluated: evaluated)
            return
        }
        let serial = contextSerial(of: context, in: cache)
        let parentVersion = p.layer.version
        if let run = cache.run(of: p.layer.id),
           let changed = run.changedIndices(frame: cache.frame, parentVersion: parentVersion, context: serial, ids: ids,
                                            changes: cache.changesSinceLastFrame) {
            repeatRun(run, changed: changed, ids: ids, in: context, contextSerial: serial, cache: cache)
            return
        }
        let run = cache.recordingRun(of: p.layer.id)
        run.begin(frame: cache.frame, parentVersion: parentVersion, context: serial, ids: ids)
        let lastDrawing = redrawsMovedLayers ? run.lastFrameDrawing : nil
        if maximumParts > 1 && ids.count >= Self.partsMinimum {
            recordInParts(run, ids: ids, in: context, contextSerial: serial, cache: cache, lastDrawing: lastDrawing)
            return
        }
        // Passed unretained (a retain and release a sublayer otherwise), alive until the run is drawn.
        let sources = MovedRedrawSources(layers: facts.layers, lastCommands: cache.previousCommands)
        defer { withExtendedLifetime(sources) {} }
        // Read out of the optional once: unwrapped in the loop, its two lists were retained and
        // released for each sublayer.
        let hasLastDrawing = lastDrawing != nil
        let lastStarts = lastDrawing ?? RunDrawing(commandStarts: [], clipStarts: [])
        for (index, id) in ids.enumerated() {
            run.commandStarts.append(commands.count)
            run.clipStarts.append(clips.count)
            let flattened = cache.flattenedSubtrees
            // Looked up once for the last drawing, the reuse and the record, and not retained (the
            // cache drops entries only as a frame begins). Without the run's last drawing (its
            // order changed: sublayers sorted by depth), the cache's of the layer.
            cache.unretainedEntry(of: id).withEntry { entry in
                // Asked only for a sublayer the cache does not hold (it makes the layer's spares).
                let last = self.lastDrawing(ofMissed: id, index: hasLastDrawing ? index : nil, entry: entry,
                                            commandStarts: lastStarts.commandStarts, clipStarts: lastStarts.clipStarts,
                                            contextSerial: serial, cache: cache)
                visitSublayer(id, in: context, contextSerial: serial, cache: cache, lastDrawing: last, entry: entry,
                              sources: Unmanaged.passUnretained(sources))
            }
            if cache.flattenedSubtrees != flattened { run.flattened.append(index) }
        }
        run.commandStarts.append(commands.count)
        run.clipStarts.append(clips.count)
    }

    /// Draws the sublayers `ids` as the last frame did, flattening again only those at the
    /// indices `changed` (ascending), and updates `run` to this frame's drawing.
    private mutating func repeatRun(_ run: SublayerRun, changed: [Int], ids: [UInt64], in context: ParentContext,
                                    contextSerial: UInt64, cache: FlattenedSubtreeCache) {
        let previousCommands = cache.previousCommands, previousClips = cache.previousClips
        // Passed unretained, alive until the run is drawn.
        let sources = MovedRedrawSources(layers: facts.layers, lastCommands: previousCommands)
        defer { withExtendedLifetime(sources) {} }
        var flattened: [Int] = []
        var start = 0
        for index in changed {
            repeatStretch(run, start..<index, previousCommands: previousCommands, previousClips: previousClips)
            // The run still holds where the sublayer was drawn in the last frame. The entry is
            // looked up once for the last drawing, the reuse and the record; the last drawing is
            // asked only for a sublayer the cache does not hold (it makes the layer's spares).
            let entry = cache.entry(of: ids[index])
            let last = redrawsMovedLayers
                ? lastDrawing(ofMissed: ids[index], index: index, entry: entry, commandStarts: run.commandStarts,
                              clipStarts: run.clipStarts, contextSerial: contextSerial, cache: cache)
                : nil
            run.commandStarts[index] = commands.count
            run.clipStarts[index] = clips.count
            let flattenedBefore = cache.flattenedSubtrees
            visitSublayer(ids[index], in: context, contextSerial: contextSerial, cache: cache, lastDrawing: last,
                          entry: entry, sources: Unmanaged.passUnretained(sources))
            if cache.flattenedSubtrees != flattenedBefore { flattened.append(index) }
            start = index + 1
        }
        repeatStretch(run, start..<ids.count, previousCommands: previousCommands, previousClips: previousClips)
        run.commandStarts[ids.count] = commands.count
        run.clipStarts[ids.count] = clips.count
        run.flattened = flattened
        run.frame = cache.frame
        cache.noteRepeated(ids.count - changed.count)
    }

    /// Appends the last frame's commands and clips of the run's sublayers `stretch`, their clip
    /// indices moved with their clips, and moves the run's starts of them to this frame's.
    private mutating func repeatStretch(_ run: SublayerRun, _ stretch: Range<Int>, previousCommands: [DrawCommand],
                                        previousClips: [Clip]) {
        guard !stretch.isEmpty else { return }
        let oldCommands = run.commandStarts[stretch.lowerBound]..<run.commandStarts[stretch.upperBound]
        let oldClips = run.clipStarts[stretch.lowerBound]..<run.clipStarts[stretch.upperBound]
        let commandShift = commands.count - oldCommands.lowerBound
        let clipShift = clips.count - oldClips.lowerBound
        // Drawn at the same indices under the same clips: the previous frame's commands, repeated.
        if commandShift == 0 && clipShift == 0 && !oldCommands.isEmpty { unchanged.note(oldCommands) }
        // Clip indices below the stretch's own clips are the superlayer's chain, the same in
        // the same context; those of its own clips move with them.
        let base = Int32(oldClips.lowerBound), offset = Int32(clipShift)
        if offset == 0 || oldClips.isEmpty {
            // One at a time: `append(contentsOf:)` copies each command through the runtime's
            // generic array copy, at about three times the cost of this loop.
            for index in oldCommands { commands.append(previousCommands[index]) }
        } else {
            for command in previousCommands[oldCommands] { commands.append(command.movingClipIndices(from: base, by: offset)) }
        }
        clips.append(previousClips[oldClips], movedFrom: base, by: offset)
        if commandShift != 0 {
            for index in stretch { run.commandStarts[index] += commandShift }
        }
        if clipShift != 0 {
            for index in stretch { run.clipStarts[index] += clipShift }
        }
    }
}
