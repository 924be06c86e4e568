import CompositorCore
import CoreGraphics
import Foundation
import Logging

/// The CPU execution of a group's blend formula (`CGBlendMode.blended(source:backdrop:)`): each pixel of the group's content mixed with
/// the backdrop pixel under its centre, ready to composite source-over (as the GLES renderer's
/// blend pass does with its copy of the backdrop).
enum BlendPainter {
    private static let warning = BlendWarning()

    /// The content of `group` (`content`, its intermediate image) blended by `formula` with
    /// `backdrop` (the image the group composites into, holding what was painted before it),
    /// into an image of `offscreen`'s; nil, logged once, when the group's transform does not
    /// keep axes aligned (then it composites source-over).
    static func blended(_ content: PixelBuffer, of group: CompositingGroup, by formula: CGBlendMode, over backdrop: PixelBuffer,
                        offscreen: PixelBufferPool) -> PixelBuffer? {
        let t = group.transform
        guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 == 1, t.m11 != 0, t.m22 != 0 else {
            warning.warnOnce()
            return nil
        }
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

/// Warns once per process that a turned or projected layer's blend mode is drawn source-over.
private final class BlendWarning: Sendable {
    private let hasWarned = ThreadLock(false)

    func warnOnce() {
        let first = hasWarned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        guard first else { return }
        Logger(label: "CPURenderer").warning("compositingFilter blend modes are drawn for layers whose transform keeps axes aligned; a turned or projected layer is composited source-over")
    }
}
