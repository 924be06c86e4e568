import CompositorCore
import Foundation

/// Eight-lane sampling of a texture: coordinates, weights and unpacking in vectors, only the
/// texel fetches one by one. The same maths as `Texture.sample(u:v:level:linear:)`.
extension Texture {
    /// The colours (0...1) at normalised coordinates `u`, `v` of `level`, clamped to the edge.
    @inline(__always)
    func sampleLanes(u: Lanes, v: Lanes, level: Int, linear: Bool) -> LaneColor {
        let image = levels[min(level, levels.count - 1)]
        let width = Float(image.width), height = Float(image.height)
        let lastX = Lanes(repeating: width - 1), lastY = Lanes(repeating: height - 1)
        let zero = Lanes(repeating: 0)
        if !linear {
            let x = lanesMin(lanesMax(lanesFloor(u * width), zero), lastX)
            let y = lanesMin(lanesMax(lanesFloor(v * height), zero), lastY)
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { texels in
                fetch(image, x: x, y: y, into: texels.baseAddress!)
                return unpackUnit(loadEight(texels.baseAddress!))
            }
        }
        let fx = u * width - 0.5, fy = v * height - 0.5
        let bx = lanesFloor(fx), by = lanesFloor(fy)
        let tx = fx - bx, ty = fy - by
        let x0 = lanesMin(lanesMax(bx, zero), lastX), x1 = lanesMin(lanesMax(bx + 1, zero), lastX)
        let y0 = lanesMin(lanesMax(by, zero), lastY), y1 = lanesMin(lanesMax(by + 1, zero), lastY)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { texels in
            let base = texels.baseAddress!
            fetch(image, x: x0, y: y0, into: base)
            fetch(image, x: x1, y: y0, into: base + 8)
            fetch(image, x: x0, y: y1, into: base + 16)
            fetch(image, x: x1, y: y1, into: base + 24)
            let topLeft = unpackUnit(loadEight(base)), topRight = unpackUnit(loadEight(base + 8))
            let bottomLeft = unpackUnit(loadEight(base + 16)), bottomRight = unpackUnit(loadEight(base + 24))
            let upper = topLeft.scaled(1 - tx).plus(topRight.scaled(tx))
            let lower = bottomLeft.scaled(1 - tx).plus(bottomRight.scaled(tx))
            return upper.scaled(1 - ty).plus(lower.scaled(ty))
        }
    }

    /// Samples eight points that share one footprint of `scale` texels per pixel, with OpenGL's
    /// filter choice (as `sample(u:v:texelsPerPixel:minification:magnification:)`).
    @inline(__always)
    func sampleLanes(u: Lanes, v: Lanes, texelsPerPixel scale: Float,
                     minification: TextureFilter, magnification: TextureFilter) -> LaneColor {
        if scale <= 1 { return sampleLanes(u: u, v: v, level: 0, linear: magnification != .nearest) }
        switch minification {
        case .nearest: return sampleLanes(u: u, v: v, level: 0, linear: false)
        case .linear: return sampleLanes(u: u, v: v, level: 0, linear: true)
        case .trilinear:
            let lod = min(log2(scale), Float(levels.count - 1))
            let base = Int(lod), blend = lod - Float(base)
            let first = sampleLanes(u: u, v: v, level: base, linear: true)
            guard blend > 0, base + 1 < levels.count else { return first }
            return first.scaled(Lanes(repeating: 1 - blend))
                .plus(sampleLanes(u: u, v: v, level: base + 1, linear: true).scaled(Lanes(repeating: blend)))
        }
    }

    /// Copies the texels at whole, in-range coordinates `x`, `y` to `out`.
    @inline(__always)
    private func fetch(_ image: PixelBuffer, x: Lanes, y: Lanes, into out: UnsafeMutablePointer<UInt32>) {
        let pixels = image.pixels, width = image.width
        for lane in 0..<8 { out[lane] = pixels[Int(y[lane]) * width + Int(x[lane])] }
    }

    /// Eight RGBA8 texels as colours in 0...1.
    @inline(__always)
    private func unpackUnit(_ texels: SIMD8<UInt32>) -> LaneColor {
        loadPixels(texels).scaled(Lanes(repeating: 1 / 255))
    }
}

/// Rounds down, for values well inside ±2^22 (texture coordinates): round to nearest with the
/// 1.5 × 2^23 trick, then step down where that went up.
@inline(__always) func lanesFloor(_ x: Lanes) -> Lanes {
    let magic = Lanes(repeating: 12_582_912)
    let nearest = (x + magic) - magic
    return nearest.replacing(with: nearest - 1, where: nearest .> x)
}

extension LaneColor {
    /// The channel-wise sum.
    @inline(__always) func plus(_ other: LaneColor) -> LaneColor {
        LaneColor(r: r + other.r, g: g + other.g, b: b + other.b, a: a + other.a)
    }
}
