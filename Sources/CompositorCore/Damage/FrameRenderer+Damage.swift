import Foundation

extension FrameRenderer {
    /// Redraws the damaged rectangles of `list` (from `DamageTracker`) and waits until done: the
    /// default for renderers that redraw one rectangle at a time.
    ///
    /// No damage costs nothing. The rectangles are reduced to at most
    /// `DamagePasses.defaultMaximumCount` passes (`DamagePasses.plan`): neighbours whose union
    /// wastes fewer pixels than a pass costs are drawn as that union, and the cheapest merges
    /// follow until the count fits, since each pass costs about its pixels plus a walk of the
    /// list. The statistics add up over the passes.
    public func render(_ list: DrawList, damageRegion rects: [PixelRect]) throws -> RenderStatistics {
        var total = RenderStatistics()
        for rect in DamagePasses.plan(rects) {
            let statistics = try render(list, damage: rect)
            total.drawCalls += statistics.drawCalls
            total.quads += statistics.quads
            total.offscreenPasses += statistics.offscreenPasses
            total.filterPasses += statistics.filterPasses
            total.textureUploads += statistics.textureUploads
        }
        return total
    }
}
