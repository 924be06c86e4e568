import Foundation
import CoreGraphics

/// Finds the pixels that differ between two consecutive flattened frames, so a renderer can
/// recomposite only those.
///
/// Frames are compared as sequences of top-level drawables: a quad, or a whole group from its
/// `.beginGroup` to its `.endGroup` (commands compared with their resolved clip chains, since
/// clip indices alone say nothing). Frames with as many drawables are compared pair by pair;
/// otherwise, after the common prefix and suffix of equal drawables, every drawable left over in
/// either frame damages its canvas bounds: the old bounds where something went away or moved
/// from, the new where it arrived. A changed canvas size, clear colour or a drawable that
/// reaches behind the eye damages the whole canvas. The damage is returned as disjoint
/// rectangles (`DamageRegion.coalesce`), merged only where merging wastes few pixels.
public struct DamageTracker: Sendable {
    /// The most rectangles a damage region is reduced to.
    public var maximumRectangles: Int
    /// The default of `maximumRectangles`: enough that a hundred scattered changes stay apart.
    public static let defaultMaximumRectangles = 128

    private var previous: DrawList?
    /// Whether the comparison's last new frame is `previous` (its drawables already split).
    private var splitPrevious = false
    private var comparison = FrameComparison()
    /// The damage returned by the last call of `damage(for:)`.
    public private(set) var lastDamage: [PixelRect] = []

    /// Creates a tracker that has seen no frame; its first damage is the whole canvas.
    public init(maximumRectangles: Int = DamageTracker.defaultMaximumRectangles) {
        self.maximumRectangles = max(1, maximumRectangles)
    }

    /// Forgets the previous frame (after the target's pixels were lost), so the next frame is
    /// damaged everywhere.
    public mutating func reset() {
        previous = nil
        splitPrevious = false
    }

    /// The region of `list` that differs from the frame seen last, and remembers `list`; marks
    /// in `list.unchangedBackdrops` its canvas-level backdrop quads whose backdrop did not
    /// change since that frame (none for a frame not compared with one), so that the renderer
    /// may reuse their filtered images. A change drawn after such a quad (the layer's own
    /// content) still damages its pixels, and the renderer redraws them.
    public mutating func damage(for list: inout DrawList) -> [PixelRect] {
        let damage = damage(for: list)
        list.unchangedBackdrops = splitPrevious ? comparison.unchangedBackdrops : []
        return damage
    }

    /// The region of `list` that differs from the frame seen last, and remembers `list`.
    public mutating func damage(for list: DrawList) -> [PixelRect] {
        let canvas = PixelRect(x: 0, y: 0, width: list.pixelWidth, height: list.pixelHeight)
        if let previous, previous.pixelWidth == list.pixelWidth, previous.pixelHeight == list.pixelHeight,
           previous.clearColor == list.clearColor {
            // A backdrop that did not change shows what it showed: its damage is not grown.
            let damage = comparison.damage(from: previous, to: list, maximumRectangles: maximumRectangles, oldWasLastNew: splitPrevious)
            let unchanged = comparison.unchangedBackdrops
            lastDamage = BackdropFilter.grow(damage, for: list) { command in unchanged.contains { $0.command == command } }
            splitPrevious = true
        } else {
            // The comparison did not see this frame: the next one splits its old frame afresh.
            splitPrevious = false
            lastDamage = canvas.isEmpty ? [] : [canvas]
        }
        previous = list
        return lastDamage
    }

    /// The region that differs between two frames of the same canvas size.
    public static func damage(from old: DrawList, to new: DrawList,
                              maximumRectangles: Int = DamageTracker.defaultMaximumRectangles) -> [PixelRect] {
        var comparison = FrameComparison()
        return BackdropFilter.grow(comparison.damage(from: old, to: new, maximumRectangles: maximumRectangles), for: new)
    }
}
