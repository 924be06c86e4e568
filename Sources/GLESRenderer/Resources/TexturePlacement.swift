import CGLES3
import CompositorCore
import CoreGraphics
import Foundation

/// Where an image lives on the GPU: a texture and the texel area that holds the image.
struct TexturePlacement {
    var texture: GLuint
    var originX: Float, originY: Float
    var width: Float, height: Float
    var textureWidth: Float, textureHeight: Float

    /// The texture coordinates at the quad rect's min and max corners for a unit sub-rect of the
    /// image, and the box (half a texel inside the image) that sampling is clamped to.
    @inline(__always)
    func coordinates(for unitRect: CGRect) -> (rect: SIMD4<Float>, clamp: SIMD4<Float>) {
        let sx = width / textureWidth, sy = height / textureHeight
        let ox = originX / textureWidth, oy = originY / textureHeight
        let u0 = ox + Float(unitRect.minX) * sx, v0 = oy + Float(unitRect.minY) * sy
        let u1 = ox + Float(unitRect.maxX) * sx, v1 = oy + Float(unitRect.maxY) * sy
        let halfU = 0.5 / textureWidth, halfV = 0.5 / textureHeight
        return (SIMD4(u0, v0, u1, v1),
                SIMD4(ox + halfU, oy + halfV, ox + sx - halfU, oy + sy - halfV))
    }
}
