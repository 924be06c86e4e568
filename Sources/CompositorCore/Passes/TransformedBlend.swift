import CoreGraphics
import Foundation

/// How a group whose transform turns or projects it (a rotation, a perspective) blends with
/// what lies behind its transformed shape: the mix happens in the host's pixels, not in the
/// group's own (`PassPlan.BlendSpace.host`).
///
/// The plan copies the host's pixels under the group's transformed bounds (a `BackdropCopy`).
/// A renderer then draws the group's finished image through its transform, antialiased as
/// every transformed quad is, into an image of the copy's size (`imageQuad`); mixes that image
/// with the copy pixel for pixel by the group's formula (`CGBlendMode.blended(source:backdrop:)`,
/// the axis-aligned blend's step); and shows the result over the copied pixels, through the
/// group's clip (`resultQuad`). Since the formula scales with the source's coverage
/// (`blended(k s, b) = k blended(s, b)`), each pixel gets the formula of the group's colour
/// sampled there and the backdrop under it, times the pixel's coverage and the group's opacity.
public enum TransformedBlend {
    /// Whether `transform` keeps a group's axes aligned (a scale and a translation, no
    /// perspective), so that its blend mixes in the group's own pixels.
    public static func keepsAxesAligned(_ transform: Matrix4) -> Bool {
        let t = transform
        return t.m12 == 0 && t.m21 == 0 && t.m14 == 0 && t.m24 == 0 && t.m44 == 1 && t.m11 != 0 && t.m22 != 0
    }

    /// The pass-space pixels (of a `canvasWidth` x `canvasHeight` pass) whose colour the group
    /// can change: its transformed bounds, grown for antialiasing, within the pass (all of it
    /// when a corner lies behind the eye).
    public static func coveredPixels(of group: CompositingGroup, canvasWidth: Int, canvasHeight: Int) -> PixelRect {
        let canvas = PixelRect(x: 0, y: 0, width: canvasWidth, height: canvasHeight)
        guard let bounds = DamageBounds.project(group.rect, group.transform) else { return canvas }
        return DamageBounds.pixels(bounds).intersection(canvas)
    }

    /// The quad drawing the group's finished image into the blend's own image: the group's
    /// transform followed by the host's `hostScale` (target pixels per pass pixel) and a move of
    /// the copy's first pixel to the origin. Its canvas is `copy.read`'s size in target pixels;
    /// its clip is left to `resultQuad`.
    public static func imageQuad(for group: CompositingGroup, copy: BackdropCopy, hostScale: (x: Double, y: Double)) -> Quad {
        let toCopy = Matrix4.scale(hostScale.x, hostScale.y).concatenating(
            .translation(-Double(copy.read.x), -Double(copy.read.y)))
        return Quad(transform: group.transform.concatenating(toCopy), rect: group.rect, opacity: group.opacity,
                    isDoubleSided: group.isDoubleSided)
    }

    /// The quad showing the mixed image over the copied pixels of the host (pass space), through
    /// the group's clip, its edges on the copy's pixel boundaries.
    public static func resultQuad(for group: CompositingGroup, copy: BackdropCopy) -> Quad {
        Quad(transform: .identity, rect: copy.covered, clipIndex: group.clipIndex, antialiasedEdges: 0)
    }
}
