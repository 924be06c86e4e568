import CompositorCore
import Foundation
import QuartzCoreModel

extension CARenderer {
    /// Whether each frame recomposites only the pixels that changed since the previous frame
    /// (the union of the old and new bounds of every drawable that changed, shadows and clips
    /// included); a frame in which nothing changed draws nothing. Off by default. (Linux addition.)
    ///
    /// Turn it on only when nothing but this renderer draws into its target between frames,
    /// since the pixels outside the damage are kept from the previous frame. Turning it on
    /// makes the next frame a full one.
    public var tracksDamage: Bool {
        get { damageTracker != nil }
        set { damageTracker = newValue ? (damageTracker ?? DamageTracker()) : nil }
    }

    /// The region the last damage-tracked frame redrew, in pixels (empty when nothing changed;
    /// the whole target for a full frame).
    public var lastDamage: [PixelRect] { damageTracker?.lastDamage ?? [] }

    /// Draws `list` whole, or only its damage when tracking is on.
    func draw(_ list: DrawList) throws -> RenderStatistics {
        guard var tracker = damageTracker else { return try renderer.render(list) }
        // Marked with the backdrops that did not change, whose filtered images the renderer may reuse.
        var list = list
        let damage = tracker.damage(for: &list)
        do {
            let statistics = try renderer.render(list, damageRegion: damage)
            damageTracker = tracker
            return statistics
        } catch {
            tracker.reset() // the target's pixels are unknown now: redraw everything next time
            damageTracker = tracker
            throw error
        }
    }
}
