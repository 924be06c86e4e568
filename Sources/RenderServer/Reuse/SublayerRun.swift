@_spi(RenderTables) import QuartzCoreModel

/// Where a layer's sublayers were drawn in the last frame that drew them, so that a frame where
/// few of many sublayers changed costs about those few (`FrameFlattener.visitSublayers(of:_:in:)`).
///
/// For each sublayer in paint order it keeps where its commands and clips started in that
/// frame's draw list. The next frame, when its superlayer, context and sublayer list are the
/// same, repeats those commands a stretch at a time for every sublayer that did not change since
/// (the render tree lists the layers committed in between) and that the run's frame did not
/// flatten (`flattened`), and looks only at the others. A sublayer flattened in one frame is
/// looked at again in the next, so that a changed one is stored in the subtree cache before it
/// is repeated (its entry serves the frames that cannot repeat the run), and one changing with
/// time is flattened every frame.
///
/// A run belongs to one renderer's subtree cache and is used by one thread at a time, so its
/// fields are not checked for overlapping access at run time (they are written for every
/// sublayer of every frame).
final class SublayerRun {
    /// Superlayers with fewer sublayers look each one up in the subtree cache instead.
    static let minimumCount = 64

    /// The frame that recorded the run.
    @exclusivity(unchecked) var frame: UInt64 = 0
    /// True when the superlayer drew its sublayers twice in that frame (a run holds one drawing).
    @exclusivity(unchecked) var isAmbiguous = false
    /// The superlayer's `RenderLayer.version` (its sublayer list) and the serial of the context
    /// it handed its sublayers.
    @exclusivity(unchecked) var parentVersion: UInt64 = 0
    @exclusivity(unchecked) var context: UInt64 = 0
    /// The sublayers in paint order.
    @exclusivity(unchecked) var ids: [UInt64] = []
    /// Where the commands and the clips of sublayer `i` started (index `ids.count`: where the
    /// last one ended).
    @exclusivity(unchecked) var commandStarts: [Int] = []
    @exclusivity(unchecked) var clipStarts: [Int] = []
    /// The indices of the sublayers the run's frame flattened rather than took from the cache.
    @exclusivity(unchecked) var flattened: [Int] = []
    /// The index of each sublayer, for `ids` as recorded with `indexedVersion`.
    @exclusivity(unchecked) private var indices: [UInt64: Int] = [:]
    @exclusivity(unchecked) private var indexedVersion: UInt64?

    /// The starts of the drawing `begin` replaced, kept in the buffers the next `begin` records
    /// into (no allocation a frame): valid only when `previousIsLastFrame` says so.
    @exclusivity(unchecked) private(set) var previousCommandStarts: [Int] = []
    @exclusivity(unchecked) private(set) var previousClipStarts: [Int] = []
    /// Whether the previous starts are the last frame's drawing of the same sublayers in the
    /// same context as the drawing being recorded.
    @exclusivity(unchecked) private(set) var previousIsLastFrame = false

    /// Where the sublayers were drawn in the last frame, when `previousIsLastFrame`.
    var lastFrameDrawing: FrameFlattener.RunDrawing? {
        previousIsLastFrame ? FrameFlattener.RunDrawing(commandStarts: previousCommandStarts, clipStarts: previousClipStarts) : nil
    }

    /// Starts recording a drawing of `ids` in `frame`, keeping the drawing it replaces.
    func begin(frame: UInt64, parentVersion: UInt64, context: UInt64, ids: [UInt64]) {
        let sameSublayers = ids == self.ids
        previousIsLastFrame = self.frame &+ 1 == frame && !isAmbiguous && self.context == context && sameSublayers
            && commandStarts.count == ids.count + 1 && clipStarts.count == ids.count + 1
        isAmbiguous = self.frame == frame
        self.frame = frame
        self.context = context
        if parentVersion != self.parentVersion || !sameSublayers { indexedVersion = nil }
        self.parentVersion = parentVersion
        self.ids = ids
        swap(&commandStarts, &previousCommandStarts)
        swap(&clipStarts, &previousClipStarts)
        commandStarts.removeAll(keepingCapacity: true)
        clipStarts.removeAll(keepingCapacity: true)
        commandStarts.reserveCapacity(ids.count + 1)
        clipStarts.reserveCapacity(ids.count + 1)
        flattened.removeAll(keepingCapacity: true)
    }

    /// The sublayers to flatten again when the superlayer draws `ids` (version `parentVersion`)
    /// in `context` in the frame after this run's, the layers in `changes` having changed since:
    /// their indices in order; nil when the run cannot be repeated (another frame, superlayer or
    /// context, unknown changes, or so many that looking each sublayer up costs less).
    func changedIndices(frame: UInt64, parentVersion: UInt64, context: UInt64, ids: [UInt64],
                        changes: [UInt64]?) -> [Int]? {
        guard let changes, !isAmbiguous, self.frame &+ 1 == frame, parentVersion == self.parentVersion,
              context == self.context, commandStarts.count == ids.count + 1, ids == self.ids,
              changes.count <= ids.count / 4 else { return nil }
        if indexedVersion != parentVersion {
            indices = Dictionary(zip(ids, ids.indices), uniquingKeysWith: { first, _ in first })
            indexedVersion = parentVersion
        }
        // A layer listed twice (never committed so, see `RenderTreeStore.adopt`) has two places.
        guard indices.count == ids.count else { return nil }
        var changed = flattened
        for id in changes {
            if let index = indices[id] { changed.append(index) }
        }
        guard changed.count <= ids.count / 4 else { return nil }
        changed.sort()
        // Each index once, in place.
        var kept = 0
        for i in changed.indices where kept == 0 || changed[kept - 1] != changed[i] {
            changed[kept] = changed[i]
            kept += 1
        }
        changed.removeLast(changed.count - kept)
        return changed
    }
}
