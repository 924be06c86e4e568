/// How a renderer that redraws one rectangle per pass groups a damage region into passes.
///
/// A pass costs its pixels plus a fixed amount (a walk of the draw list, a scissor, a clear):
/// rectangles are merged where their union wastes fewer pixels than that fixed amount, then
/// the merges that waste the fewest pixels follow until no more than `maximumCount` passes are
/// left, as wlroots and WebRender cap their damage regions. The passes are disjoint, so no
/// pixel is redrawn twice.
public enum DamagePasses {
    /// The most passes `plan` returns by default.
    public static let defaultMaximumCount = 8

    /// The pixels a pass costs beyond its own, by default: a few thousand pixels' worth of work
    /// for a list walk and a scissored clear.
    public static let defaultPassCost = 4096

    /// The disjoint rectangles, at most `maximumCount`, drawn one pass each to redraw every
    /// pixel of `rects` (empty rectangles are dropped; no rectangle gives no pass).
    public static func plan(_ rects: [PixelRect], maximumCount: Int = defaultMaximumCount,
                            passCost: Int = defaultPassCost) -> [PixelRect] {
        let rects = rects.filter { !$0.isEmpty }
        guard rects.count > 1 else { return rects }
        return DamageRegion.coalesce(rects, maximumCount: maximumCount, mergingWaste: passCost)
    }
}
