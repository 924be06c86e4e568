import CompositorCore

/// The damage of the last few presented frames, so that a back buffer holding an older frame
/// can be brought up to date by redrawing only what changed since it was drawn (the
/// EGL_EXT_buffer_age scheme, applied to GBM and dumb buffers alike).
struct BufferDamageHistory: Equatable {
    /// The most frames remembered; an older buffer is redrawn whole.
    let depth: Int
    /// The damage of each presented frame relative to the one before it, newest first.
    private(set) var frames: [[PixelRect]] = []

    init(depth: Int = 4) {
        self.depth = max(1, depth)
    }

    /// Records the damage of a frame that was presented.
    mutating func record(_ damage: [PixelRect]) {
        frames.insert(damage, at: 0)
        if frames.count > depth { frames.removeLast(frames.count - depth) }
    }

    /// Forgets every frame (after the buffers' contents were lost).
    mutating func reset() { frames = [] }

    /// The region to redraw in a back buffer of `age` so that it shows the new frame, whose
    /// own damage is `current`: that damage and the damage of the `age - 1` frames the buffer
    /// has not seen, merged as the tracker merges one frame's damage; the whole canvas when the
    /// age is 0 (unknown contents) or older than the history.
    func redrawRegion(current: [PixelRect], bufferAge age: Int, canvas: PixelRect) -> [PixelRect] {
        guard age > 0, age - 1 <= frames.count else { return canvas.isEmpty ? [] : [canvas] }
        let missed = frames.prefix(age - 1).joined()
        let rects = (current + missed).map { $0.intersection(canvas) }.filter { !$0.isEmpty }
        return DamageRegion.coalesce(rects, maximumCount: DamageTracker.defaultMaximumRectangles)
    }
}
