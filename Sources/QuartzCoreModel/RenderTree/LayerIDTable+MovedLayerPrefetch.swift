import QuartzCoreModelSupport

/// Prefetches for a renderer's walk over a run of sublayers drawn moved (a long run of running
/// animations: `qc-bench --animations 100000`), whose order is known before the walk.
///
/// At N = 100,000 a layer drawn moved with its animations reads its slot in the layer table,
/// five lines of its state box (the placement, the geometry and flags, the layer's own timing)
/// and its animations' storage, one after another, each a miss to memory; the walk asks for them
/// some layers ahead instead, so that they are on their way while it draws the layers before.
/// (As the commit's walks do: `RenderTreeStore+ParallelApply.swift`.)
extension LayerIDTable where Value == RenderLayer {
    /// Asks for what drawing the layers of `ids` a few places after `index` reads, when they lie
    /// in `range`: the table's slot of the layer `slotLookahead` places ahead, and for the layer
    /// `linesLookahead` ahead (whose slot was asked for earlier) the lines of its state box and
    /// of its animations that a moved layer's frame reads. No effect on what is drawn.
    ///
    /// The slot's references are read from its bytes without looking at whether it holds a
    /// layer: for an empty slot they may be anything, which a prefetch ignores.
    package func fetchMovedLayersAhead(of ids: [UInt64], from index: Int, in range: Range<Int>) {
        guard isDense else { return }
        slots.withUnsafeBufferPointer { slots in
            guard let base = slots.baseAddress else { return }
            let count = UInt64(slots.count)
            if index &+ MovedLayerPrefetch.slotLookahead < range.upperBound, ids[index &+ MovedLayerPrefetch.slotLookahead] < count {
                qc_prefetchRangeForReading(base + Int(ids[index &+ MovedLayerPrefetch.slotLookahead]), MemoryLayout<RenderLayer?>.size)
            }
            guard index &+ MovedLayerPrefetch.linesLookahead < range.upperBound, ids[index &+ MovedLayerPrefetch.linesLookahead] < count else { return }
            let slot = UnsafeRawPointer(base + Int(ids[index &+ MovedLayerPrefetch.linesLookahead]))
            if let box = slot.load(fromByteOffset: MovedLayerPrefetch.boxOffset, as: UnsafeRawPointer?.self) {
                qc_prefetchRangeForReading(box, MovedLayerPrefetch.boxBytesRead)
                qc_prefetchRangeForReading(box + MovedLayerPrefetch.boxTimingOffset, MovedLayerPrefetch.boxTimingBytes)
            }
            if let animations = slot.load(fromByteOffset: MovedLayerPrefetch.animationsOffset, as: UnsafeRawPointer?.self) {
                qc_prefetchRangeForReading(animations, MovedLayerPrefetch.animationBytesRead)
                qc_prefetchRangeForReading(animations + MovedLayerPrefetch.formOffset, MovedLayerPrefetch.formBytesRead)
                qc_prefetchRangeForReading(animations + MovedLayerPrefetch.pointFormOffset, MovedLayerPrefetch.formBytesRead)
            }
        }
    }
}

/// The distances and extents of `LayerIDTable.fetchMovedLayersAhead(of:from:in:)`: literals,
/// so that the prefetches are a fixed run of instructions (a byte count read from a global is a
/// `swift_once` check and a loop: about 180 instructions a layer); `MovedLayerPrefetchTests`
/// checks each against the layouts of `RenderLayer`, `LayerStateBox`, `LayerState` and
/// `CompiledAnimation`.
enum MovedLayerPrefetch {
    /// How many layers ahead a layer's slot is asked for.
    static var slotLookahead: Int { 8 }
    /// How many layers ahead the lines of a layer's box and animations are asked for.
    static var linesLookahead: Int { 4 }

    /// Where a layer's state box reference lies in its slot (`RenderLayer.stateStorage`).
    static var boxOffset: Int { 16 }
    /// Where a layer's animations' storage reference lies in its slot (`RenderLayer.animations`).
    static var animationsOffset: Int { 48 }
    /// The bytes of a state box a moved layer reads from its start: the header, `modelStamp`,
    /// the placement, then the geometry and flags (`LayerState`'s order, through
    /// `allowsGroupOpacity`).
    static var boxBytesRead: Int { 256 }
    /// Where the layer's own timing (`beginTime` through `timeOffset`: its local time) lies in
    /// its state box.
    static var boxTimingOffset: Int { 528 }
    /// The bytes of the layer's own timing.
    static var boxTimingBytes: Int { 32 }
    /// The bytes of an animations storage read from its start: the header (32 bytes) and the
    /// first animation's flags, timing and kind (through `CompiledAnimation.kind`).
    static var animationBytesRead: Int { 192 }
    /// Where the first animation's plain-value forms lie in the storage: its number's form
    /// (`FieldForms.scalar`), then its point's (`pointFormOffset`).
    static var formOffset: Int { 280 }
    /// Where the first animation's point form (`FieldForms.point`) lies in the storage.
    static var pointFormOffset: Int { 432 }
    /// The bytes of a form a frame reads: a number's or a point's identity, interpolation and
    /// field (`StateFieldAnimation`'s first fields).
    static var formBytesRead: Int { 128 }
}
