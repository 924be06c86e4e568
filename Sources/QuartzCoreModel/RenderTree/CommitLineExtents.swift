import Foundation

// How many bytes from where an object begins the commit of a moved layer reads, for the
// prefetches of the commit's walks (`qc_prefetchRangeForReading`): the lines they cover depend
// on where the object begins (any multiple of 16 bytes), not only on these extents.

extension LayerState {
    /// The bytes at the start of a state that the commit of a moved layer reads or writes:
    /// `transform` through `objects` (see the order of `LayerState`'s fields). A literal, so
    /// that the walks' loops read no global; a test checks it against the layout.
    static var movedLayerCommitBytes: Int { 168 }

    /// `movedLayerCommitBytes` as the layout of `LayerState` gives it (for the test).
    static var movedLayerCommitBytesByLayout: Int {
        MemoryLayout<LayerState>.offset(of: \.objects)! + MemoryLayout<LayerStateObjects>.size
    }
}

extension LayerLockedFields {
    /// The object header and the fields a commit reads of every changed layer, which
    /// `LayerLockedFields` declares first (`stateStamp` through `isLive`: 41 bytes).
    static var commitLineBytes: Int { 16 + 41 }

    /// What the commit of a moved layer reads of the fields: the commit line, then the
    /// state's `transform` and `position` (the state begins at the next multiple of 8 bytes,
    /// 64). Its `zPosition`, `anchorPointZ` and `objects` are read from the committed box.
    static var placementEnd: Int { 64 + MemoryLayout<CATransform3D>.size + MemoryLayout<CGPoint>.size }
}

extension LayerStateBox {
    /// What the commit of a moved layer reads and writes of its committed box: the header
    /// (16 bytes), `modelStamp` and the beginning of `value`.
    static var movedLayerCommitBytes: Int { 16 + 8 + LayerState.movedLayerCommitBytes }
}
