import Foundation

extension FrameRenderer {
    /// Redraws the damaged rectangles of `list` (from `DamageTracker`) and waits until done: the
    /// default for renderers that redraw one rectangle at a time.
    ///
    /// No damage costs nothing. Rectangles that together cover most of their union are drawn as
    /// that union in one pass; scattered ones one pass each, since each pass costs about its
    /// pixels plus a walk of the list. The statistics add up over the passes.
    public func render(_ list: DrawList, damageRegion rects: [PixelRect]) throws -> RenderStatistics {
        let rects = rects.filter { !$0.isEmpty }
        guard let first = rects.first else { return RenderStatistics() }
        let union = rects.dropFirst().reduce(first) { $0.union($1) }
        let damagedArea = rects.reduce(0) { $0 + $1.width * $1.height }
        if rects.count == 1 || 2 * damagedArea >= union.width * union.height {
            return try render(list, damage: union)
        }
        var total = RenderStatistics()
        for rect in rects {
            let statistics = try render(list, damage: rect)
            total.drawCalls += statistics.drawCalls
            total.quads += statistics.quads
            total.offscreenPasses += statistics.offscreenPasses
            total.textureUploads += statistics.textureUploads
        }
        return total
    }
}
