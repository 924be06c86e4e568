import CompositorCore
import CoreGraphics
@testable import CPURenderer
import Foundation
import RendererTestSupport

/// Textures and sprites the CPU renderer's sprite tests share.
enum SpriteFixtures {
    /// Premultiplied noise (every texel's weights and channels matter) with clear texels where
    /// `isClear(x, y)` (runs of clear texels leave pixels alone), and mipmaps.
    static func noise(seed: UInt64, width: Int, height: Int, isClear: (Int, Int) -> Bool) -> Texture {
        var generator = SeededGenerator(seed: seed)
        let buffer = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt32(generator.next(256))
                let clear = isClear(x, y)
                func channel() -> UInt32 { UInt32(generator.next(Int(alpha) + 1)) }
                buffer.row(y)[x] = clear ? 0 : channel() | channel() << 8 | channel() << 16 | alpha << 24
            }
        }
        let texture = Texture(buffer)
        texture.makeMipmaps()
        return texture
    }

    /// The texture `sprite(_:)`'s quads are bound to by `binding(_:unitRect:)`.
    static let texture = noise(seed: 5, width: 47, height: 41) { x, y in (x / 8 + y / 6) % 5 == 0 }

    private static let image = CGImage(width: 1, height: 1, bytesPerRow: 4, data: Data(count: 4))!

    /// A hard-edged textured quad placed by `transform`.
    static func sprite(_ transform: Matrix4, width: Double = 23.3, height: Double = 17.9, opacity: Float = 0.85,
                       filter: TextureFilter = .linear) -> Quad {
        Quad(transform: transform, rect: CGRect(x: -2.5, y: 1.25, width: width, height: height),
             texture: TextureSource(image: image, minificationFilter: filter, magnificationFilter: filter),
             opacity: opacity, antialiasedEdges: 0)
    }

    /// Scale, then rotation by `angle`, then translation to (x, y).
    static func placed(x: Double, y: Double, scaleX: Double = 1, scaleY: Double = 1, angle: Double = 0) -> Matrix4 {
        var m = Matrix4.identity
        m.m11 = scaleX * cos(angle); m.m12 = scaleX * sin(angle)
        m.m21 = -scaleY * sin(angle); m.m22 = scaleY * cos(angle)
        m.m41 = x; m.m42 = y
        return m
    }

    /// `quad`'s texture bound to `texture` with its own filters.
    static func binding(_ quad: Quad, unitRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)) -> TextureBinding? {
        quad.texture.map { TextureBinding(texture: texture, unitRect: unitRect, minification: $0.minificationFilter,
                                          magnification: $0.magnificationFilter) }
    }
}
