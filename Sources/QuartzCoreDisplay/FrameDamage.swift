import CompositorCore
import Foundation

/// Finds the pixels that differ between two flattened frames, by comparing their draw commands:
/// what the display's damage clips (FB_DAMAGE_CLIPS) and partial redraws need.
///
/// Frames whose command lists line up (same count, same groups and clips) are compared command
/// by command and the bounds of changed quads, before and after, are damaged; anything else
/// (a layer added, a group or clip changed, a perspective quad crossing w = 0) damages the whole frame.
public enum FrameDamage {
    /// Pixels added around a quad's bounds for edge antialiasing.
    static let antialiasingMargin = 2.0

    /// The damage of `next` relative to `previous` (nil previous: the whole frame).
    public static func between(_ previous: DrawList?, _ next: DrawList) -> PixelRect {
        let whole = PixelRect(x: 0, y: 0, width: next.pixelWidth, height: next.pixelHeight)
        guard let previous, previous.pixelWidth == next.pixelWidth, previous.pixelHeight == next.pixelHeight,
              previous.clearColor == next.clearColor, previous.clips == next.clips,
              previous.commands.count == next.commands.count else { return whole }
        var damage = PixelRect.empty
        for (old, new) in zip(previous.commands, next.commands) where old != new {
            guard case .quad(let a) = old, case .quad(let b) = new,
                  let boundsA = pixelBounds(of: a), let boundsB = pixelBounds(of: b) else { return whole }
            damage = damage.union(boundsA).union(boundsB)
        }
        return damage.intersection(whole)
    }

    /// The pixels a quad can touch: its transformed rectangle, widened by its blur and the
    /// antialiasing margin; nil when a corner lies behind the viewer.
    static func pixelBounds(of quad: Quad) -> PixelRect? {
        let r = quad.rect
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
            let p = quad.transform.transformHomogeneous(x: Double(x), y: Double(y))
            guard p.w > 1e-9 else { return nil }
            minX = min(minX, p.x / p.w); maxX = max(maxX, p.x / p.w)
            minY = min(minY, p.y / p.w); maxY = max(maxY, p.y / p.w)
        }
        let margin = antialiasingMargin + 3 * Double(quad.blurSigma)
        return PixelRect(enclosing: CGRect(x: minX - margin, y: minY - margin,
                                           width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin))
    }
}
