import CompositorCore
import CoreGraphics
import Foundation

/// The CPU execution of a group's blend formula (`CGBlendMode.blended(source:backdrop:)`): each pixel of the group's content mixed with
/// the backdrop pixel under its centre, ready to composite source-over (as the GLES renderer's
/// blend pass does with its copy of the backdrop).
enum BlendPainter {
    /// The content of `group` (`content`, its intermediate image) blended by `formula` with
    /// `backdrop` (the image the group composites into, holding what was painted before it),
    /// into an image of `offscreen`'s. The group's transform keeps axes aligned (a turned or
    /// projected one is mixed in the host's pixels: `mix(_:by:over:at:)`).
    static func blended(_ content: PixelBuffer, of group: CompositingGroup, by formula: CGBlendMode, over backdrop: PixelBuffer,
                        offscreen: PixelBufferPool) -> PixelBuffer {
        let t = group.transform
        let out = offscreen.pixelBuffer(width: content.width, height: content.height)
        let unitX = Double(group.rect.width) / Double(content.width), unitY = Double(group.rect.height) / Double(content.height)
        for y in 0..<content.height {
            let py = t.m22 * (Double(group.rect.minY) + (Double(y) + 0.5) * unitY) + t.m42
            let by = pixelIndex(py, count: backdrop.height)
            let source = content.row(y), target = out.row(y), under = backdrop.row(by)
            for x in 0..<content.width {
                let px = t.m11 * (Double(group.rect.minX) + (Double(x) + 0.5) * unitX) + t.m41
                let bx = pixelIndex(px, count: backdrop.width)
                let s = GroupFilterPainter.unpack(source[x])
                target[x] = s.w > 0 ? packPixel(formula.blended(source: s, backdrop: GroupFilterPainter.unpack(under[bx]))) : 0
            }
        }
        return out
    }

    /// The pixel of `0..<count` holding coordinate `p`, the nearest edge pixel outside it: clamped
    /// as a double first, since a huge scale (or a NaN, pixel 0) has no integer.
    @inline(__always)
    static func pixelIndex(_ p: Double, count: Int) -> Int {
        let whole = p.rounded(.down)
        guard whole >= 0 else { return 0 }
        return whole < Double(count - 1) ? Int(whole) : count - 1
    }

    /// Mixes `drawn` (a turned or projected group drawn through its transform into the host's
    /// pixels `read`, `TransformedBlend`) in place with `backdrop`'s pixels under it by `formula`,
    /// ready to composite source-over.
    static func mix(_ drawn: PixelBuffer, by formula: CGBlendMode, over backdrop: PixelBuffer, at read: PixelRect) {
        for y in 0..<min(drawn.height, backdrop.height - read.y) where read.y + y >= 0 {
            let row = drawn.row(y), under = backdrop.row(read.y + y)
            for x in 0..<min(drawn.width, backdrop.width - read.x) where read.x + x >= 0 && row[x] != 0 {
                let s = GroupFilterPainter.unpack(row[x])
                row[x] = packPixel(formula.blended(source: s, backdrop: GroupFilterPainter.unpack(under[read.x + x])))
            }
        }
    }
}
