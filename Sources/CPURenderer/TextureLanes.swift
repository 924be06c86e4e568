@_spi(Lanes) import CompositorCore
import Foundation

/// Eight-lane sampling of a texture: coordinates, weights, texel indices and unpacking in
/// vectors, only the texel fetches one by one. The same maths as `sample(u:v:level:linear:)`.
extension TextureSampler {
    /// The colours (0...1) at normalised coordinates `u`, `v` of `level`, clamped to the edge.
    @inline(__always)
    func sampleLanes(u rawU: Lanes, v rawV: Lanes, level index: Int, linear: Bool, nudge: Float) -> LaneColor {
        // A NaN coordinate (from a degenerate transform) would survive the clamps below and
        // index outside the texture; it samples the first texel instead.
        let u = rawU.replacing(with: 0, where: rawU .!= rawU), v = rawV.replacing(with: 0, where: rawV .!= rawV)
        let image = level(index)
        let width = Float(image.width), height = Float(image.height)
        let lastX = Lanes(repeating: width - 1), lastY = Lanes(repeating: height - 1)
        let zero = Lanes(repeating: 0)
        if !linear {
            let x = lanesMin(lanesMax(lanesFloor(u * width + nudge), zero), lastX)
            let y = lanesMin(lanesMax(lanesFloor(v * height + nudge), zero), lastY)
            return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 8) { texels in
                Self.fetch(image, x: x, y: y, into: texels.baseAddress!)
                return Self.unpackUnit(loadEight(texels.baseAddress!))
            }
        }
        let fx = u * width - 0.5, fy = v * height - 0.5
        if image.width >= 2, image.height >= 2, image.width * image.height <= Self.vectorIndexLimit {
            return Self.bilinear(image, fx: fx, fy: fy)
        }
        let bx = lanesFloor(fx), by = lanesFloor(fy)
        let tx = fx - bx, ty = fy - by
        let x0 = lanesMin(lanesMax(bx, zero), lastX), x1 = lanesMin(lanesMax(bx + 1, zero), lastX)
        let y0 = lanesMin(lanesMax(by, zero), lastY), y1 = lanesMin(lanesMax(by + 1, zero), lastY)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { texels in
            let base = texels.baseAddress!
            Self.fetch(image, x: x0, y: y0, into: base)
            Self.fetch(image, x: x1, y: y0, into: base + 8)
            Self.fetch(image, x: x0, y: y1, into: base + 16)
            Self.fetch(image, x: x1, y: y1, into: base + 24)
            let topLeft = loadPixels(loadEight(base)), topRight = loadPixels(loadEight(base + 8))
            let bottomLeft = loadPixels(loadEight(base + 16)), bottomRight = loadPixels(loadEight(base + 24))
            // Bytes interpolated first, scaled to 0...1 once.
            let upper = topLeft.plus(topRight.minus(topLeft).scaled(tx))
            let lower = bottomLeft.plus(bottomRight.minus(bottomLeft).scaled(tx))
            return upper.plus(lower.minus(upper).scaled(ty)).scaled(Lanes(repeating: 1 / 255))
        }
    }

    /// Samples eight points that share one footprint of `scale` texels per pixel, with OpenGL's
    /// filter choice (as `sample(u:v:texelsPerPixel:minification:magnification:)`).
    @inline(__always)
    func sampleLanes(u: Lanes, v: Lanes, texelsPerPixel footprint: Float,
                     minification: TextureFilter, magnification: TextureFilter) -> LaneColor {
        let scale = Self.definedFootprint(footprint)
        let choice = filterChoice(texelsPerPixel: scale, minification: minification, magnification: magnification)
        let first = sampleLanes(u: u, v: v, level: choice.level, linear: choice.linear,
                                nudge: BoundaryRule.nearestPixelNudge * scale)
        guard choice.nextLevelWeight > 0 else { return first }
        let next = sampleLanes(u: u, v: v, level: choice.level + 1, linear: true, nudge: 0)
        return first.scaled(Lanes(repeating: 1 - choice.nextLevelWeight)).plus(next.scaled(Lanes(repeating: choice.nextLevelWeight)))
    }

    /// Bilinear filtering at texel coordinates `fx`, `fy` (texel centres at whole numbers) of a
    /// level at least 2x2 whose indices floats hold: the 2x2 block's top-left corner is clamped
    /// one texel inside the far edges and the weights to 0...1, which picks the same texels with
    /// the same weights as clamping each of the four to the edge, from one index per pixel.
    @inline(__always)
    private static func bilinear(_ image: TextureLevel, fx: Lanes, fy: Lanes) -> LaneColor {
        let width = image.width
        let x0 = lanesMin(lanesMax(lanesFloor(fx), Lanes(repeating: 0)), Lanes(repeating: Float(width - 2)))
        let y0 = lanesMin(lanesMax(lanesFloor(fy), Lanes(repeating: 0)), Lanes(repeating: Float(image.height - 2)))
        let tx = lanesClamp01(fx - x0), ty = lanesClamp01(fy - y0)
        let index = lanesWhole(y0 * Float(width) + x0)
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 32) { texels in
            let base = texels.baseAddress!, pixels = image.pixels
            for lane in 0..<8 {
                let top = pixels + Int(index[lane]), bottom = top + width
                base[lane] = top[0]; base[lane + 8] = top[1]
                base[lane + 16] = bottom[0]; base[lane + 24] = bottom[1]
            }
            let topLeft = loadPixels(loadEight(base)), topRight = loadPixels(loadEight(base + 8))
            let bottomLeft = loadPixels(loadEight(base + 16)), bottomRight = loadPixels(loadEight(base + 24))
            let upper = topLeft.plus(topRight.minus(topLeft).scaled(tx))
            let lower = bottomLeft.plus(bottomRight.minus(bottomLeft).scaled(tx))
            return upper.plus(lower.minus(upper).scaled(ty)).scaled(Lanes(repeating: 1 / 255))
        }
    }

    /// The largest texel count whose indices a float holds exactly and `lanesWhole` converts.
    private static var vectorIndexLimit: Int { 1 << 23 }

    /// Copies the texels at whole, in-range coordinates `x`, `y` to `out`: indices computed in
    /// vectors where the level is small enough for floats to hold them exactly.
    @inline(__always)
    private static func fetch(_ image: TextureLevel, x: Lanes, y: Lanes, into out: UnsafeMutablePointer<UInt32>) {
        let pixels = image.pixels, width = image.width
        if width * image.height <= vectorIndexLimit {
            let index = lanesWhole(y * Float(width) + x)
            for lane in 0..<8 { out[lane] = pixels[Int(index[lane])] }
        } else {
            for lane in 0..<8 { out[lane] = pixels[Int(y[lane]) * width + Int(x[lane])] }
        }
    }

    /// Eight RGBA8 texels as colours in 0...1.
    @inline(__always)
    private static func unpackUnit(_ texels: SIMD8<UInt32>) -> LaneColor {
        loadPixels(texels).scaled(Lanes(repeating: 1 / 255))
    }
}

/// Whole floats in 0..<2^23 as integers: the float 2^23 + x holds x in its mantissa.
@inline(__always) func lanesWhole(_ x: Lanes) -> SIMD8<UInt32> {
    unsafeBitCast(x + 8_388_608, to: SIMD8<UInt32>.self) & 0x7F_FFFF
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

    /// The channel-wise difference.
    @inline(__always) func minus(_ other: LaneColor) -> LaneColor {
        LaneColor(r: r - other.r, g: g - other.g, b: b - other.b, a: a - other.a)
    }
}
