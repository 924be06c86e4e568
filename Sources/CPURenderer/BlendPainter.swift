import CompositorCore
import CoreGraphics
import Foundation

/// The CPU execution of a group's blend formula (`CGBlendMode.blended(source:backdrop:)`): each pixel of the group's content mixed with
/// the backdrop pixel under its centre, ready to composite source-over (as the GLES renderer's
/// blend pass does with its copy of the backdrop).
enum BlendPainter {
    /// The content of `group` (`content`, its intermediate image) blended by `formula` with
    /// `backdrop` (the image the group composites into, holding what was painted before it),
    /// into an image of `offscreen`'s. The group's transform keeps axes aligned (`PassPlanner`
    /// plans no blend for one that does not).
    static func blended(_ content: PixelBuffer, of group: CompositingGroup, by formula: CGBlendMode, over backdrop: PixelBuffer,
                        offscreen: PixelBufferPool) -> PixelBuffer {
        let t = group.transform
        let out = offscreen.pixelBuffer(width: content.width, height: content.height)
        let unitX = Double(group.rect.width) / Double(content.width), unitY = Double(group.rect.height) / Double(content.height)
        for y in 0..<content.height {
            let py = t.m22 * (Double(group.rect.minY) + (Double(y) + 0.5) * unitY) + t.m42
            let by = min(max(Int(py.rounded(.down)), 0), backdrop.height - 1)
            let source = content.row(y), target = out.row(y), under = backdrop.row(by)
            for x in 0..<content.width {
                let px = t.m11 * (Double(group.rect.minX) + (Double(x) + 0.5) * unitX) + t.m41
                let bx = min(max(Int(px.rounded(.down)), 0), backdrop.width - 1)
                let s = GroupFilterPainter.unpack(source[x])
                target[x] = s.w > 0 ? packPixel(formula.blended(source: s, backdrop: GroupFilterPainter.unpack(under[bx]))) : 0
            }
        }
        return out
    }
}
