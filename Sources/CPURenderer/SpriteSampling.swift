@_spi(Lanes) import CompositorCore
import CPURendererKernels
import Foundation

/// The painting of a plain sprite (an affine textured quad with a clear fill, square corners, no
/// border, blur, gradient or clip, any tint, source-over, and edges all antialiased or all hard)
/// with integer maths: the filter and mipmap level are chosen once per quad, and eight pixels are
/// filtered, scaled by opacity and blended with 16-bit lanes holding two channels per pixel (red and
/// blue, green and alpha) in 8.8 fixed point, where the general path converts every texel to floats.
///
/// The results agree with the general path (`QuadShader`) within one unit of the last place: the
/// bilinear weights are quantised to 1/256, as GPUs' texture units quantise them.
struct SpriteSampling {
    // Every stored property is plain data (no references: the prepared record holds its texture
    // elsewhere), so a sampling can be written field by field where it is kept (`write(into:…)`).

    /// The level sampled (and, for trilinear filtering between two levels, the next one).
    var level: TextureLevel
    var nextLevel: TextureLevel
    /// The next level's weight in 1/65536 (0: one level only).
    var nextLevelWeight: UInt32
    var linear: Bool
    /// How far on a nearest sample is read, in texels (`BoundaryRule.nearestPixelNudge` times
    /// the footprint).
    var nearestNudge: Float
    /// Opacity in 1/65536 (0 for an opacity of 1, which needs no scaling).
    var opacity: UInt32
    /// The texture tint (red, green, blue, alpha) times opacity, in 1/65536, when the tint is not
    /// white (a shadow mask's colour, a replicator instance's): it replaces `opacity`.
    var tint: SIMD4<UInt32>?
    /// Whether every edge is cut hard: then a pixel is covered exactly when its centre lies in the
    /// rect (minimum sides inclusive), the rule the general path's hard edges apply to square corners.
    var hardEdges: Bool
    var minX: Float, minY: Float, maxX: Float, maxY: Float
    var mapping: TextureMapping
    /// The pixels painted, solved for rows: the quad's `outer` region cut to the texture's
    /// `AlphaHull`, outside which every pixel would blend a transparent black texel (and so stay
    /// as it is). See `region(inverse:rect:reach:mapping:hull:)`.
    var rows: RowBounds
    /// Whether unrotated bilinear rows are painted by the AVX2 kernel (`qc_sprite_paint_rows_avx2`,
    /// the same bytes as the Swift lanes below), where the processor has AVX2.
    var usesWideKernel: Bool

    /// The sampling of a quad with these properties, or nil when the quad is not a plain sprite
    /// or its level is one the integer filter does not handle (a bilinear level under 2x2, or too
    /// large for float indices).
    init?(texture: Texture?, sampler: TextureSampler?, mapping: TextureMapping,
          inverse: (Float, Float, Float, Float, Float, Float, Float, Float, Float), preciseInverse: Homography,
          isAffine: Bool, hasUnitW: Bool, edges: UInt8, reach: Double, opacity: Float,
          tint: SIMD4<Float> = SIMD4(1, 1, 1, 1), rect: CGRect) {
        guard let texture, let sampler else { return nil }
        let written = withUnsafeTemporaryAllocation(of: SpriteSampling.self, capacity: 1) { buffer -> SpriteSampling? in
            let sampling = buffer.baseAddress!
            guard Self.write(into: sampling, texture: texture, sampler: sampler, mapping: mapping, inverse: inverse,
                             preciseInverse: preciseInverse, isAffine: isAffine, hasUnitW: hasUnitW, edges: edges, reach: reach,
                             opacity: opacity, tint: tint, rect: rect) != nil else { return nil }
            return sampling.move()
        }
        guard let written else { return nil }
        self = written
    }

    /// Writes the sampling `init?(texture:sampler:mapping:…)` makes into `sampling` (uninitialized
    /// or not: every property is plain data) and answers the local planes its rows were solved
    /// from (`localPlanes`), or answers nil where that init gives nil (leaving `sampling` partly
    /// written). Written in place, a sprite's record is not built on the stack and copied into its
    /// list (the moves cost about as much as the maths). With `rowPlan`, what the rows' solving did
    /// with each plane is written there (`RowBounds.solveMoved`).
    @inline(__always)
    static func write(into sampling: UnsafeMutablePointer<SpriteSampling>, texture: Texture, sampler: TextureSampler,
                      mapping: TextureMapping, inverse: (Float, Float, Float, Float, Float, Float, Float, Float, Float),
                      preciseInverse: Homography, isAffine: Bool, hasUnitW: Bool, edges: UInt8, reach: Double, opacity: Float,
                      tint: SIMD4<Float> = SIMD4(1, 1, 1, 1), rect: CGRect,
                      rowPlan: UnsafeMutablePointer<RowBounds.Plan>? = nil) -> SpriteLocalPlanes? {
        guard mapping.isBound, isAffine, hasUnitW, edges == 0 || edges == 0xF, opacity > 0, opacity <= 1 else { return nil }
        // The footprint of the general path's affine quads, the same for every pixel.
        let w = inverse.8
        let scale = mapping.texelsPerPixel(xx: inverse.0 / w, xy: inverse.1 / w, yx: inverse.3 / w, yy: inverse.4 / w)
        guard scale.isFinite else { return nil }
        let choice = sampler.filterChoice(texelsPerPixel: scale, minification: mapping.minification, magnification: mapping.magnification)
        let level = sampler.level(choice.level), nextLevel = sampler.level(choice.level + 1), linear = choice.linear
        let weight = (choice.nextLevelWeight * 65536).rounded()
        let nextLevelWeight: UInt32 = choice.nextLevelWeight > 0 ? UInt32(min(max(weight, 1), 65535)) : 0
        func fits(_ image: TextureLevel, linear: Bool) -> Bool {
            image.width * image.height < 1 << 23 && (!linear || (image.width >= 2 && image.height >= 2))
        }
        guard fits(level, linear: linear), nextLevelWeight == 0 || fits(nextLevel, linear: true) else { return nil }
        let s = sampling
        if tint == SIMD4(1, 1, 1, 1) {
            s.pointee.tint = nil
        } else {
            guard tint.min() >= 0, tint.max() <= 1 else { return nil }
            let factors = (tint * opacity * 65536).rounded(.toNearestOrEven)
            s.pointee.tint = SIMD4(UInt32(min(factors.x, 65535)), UInt32(min(factors.y, 65535)), UInt32(min(factors.z, 65535)),
                                   UInt32(min(factors.w, 65535)))
        }
        s.pointee.level = level
        s.pointee.nextLevel = nextLevel
        s.pointee.linear = linear
        s.pointee.nearestNudge = BoundaryRule.nearestPixelNudge * scale
        s.pointee.nextLevelWeight = nextLevelWeight
        s.pointee.opacity = opacity >= 1 ? 0 : UInt32(min(max((opacity * 65536).rounded(), 1), 65535))
        s.pointee.hardEdges = edges == 0
        s.pointee.minX = Float(rect.minX); s.pointee.minY = Float(rect.minY)
        s.pointee.maxX = Float(rect.maxX); s.pointee.maxY = Float(rect.maxY)
        s.pointee.mapping = mapping
        var hull = texture.alphaHull(level: choice.level)
        if nextLevelWeight != 0 { hull = hull.union(texture.alphaHull(level: choice.level + 1)) }
        let planes = localPlanes(rect: rect, reach: reach, mapping: mapping, hull: hull)
        RowBounds.solve(planes.region(inverse: preciseInverse), into: &s.pointee.rows, plan: rowPlan)
        s.pointee.usesWideKernel = linear && processorRunsWideSpriteKernel
        return planes
    }

    /// The canvas pixels that may change: those whose centre lies in the rect grown by `reach`
    /// (the quad's `outer` region) and maps to a point of `hull` (grown by how far the clamp to
    /// the image may move a coordinate), beyond which every texel sampled is zero. Eight half
    /// planes of local coordinates (`localPlanes`), which the affine `inverse` turns into half
    /// planes of the canvas.
    static func region(inverse: Homography, rect: CGRect, reach: Double, mapping t: TextureMapping, hull: AlphaHull) -> SpanRegion {
        localPlanes(rect: rect, reach: reach, mapping: t, hull: hull).region(inverse: inverse)
    }

    /// The half planes of local coordinates that `region(inverse:rect:reach:mapping:hull:)` bounds
    /// the painted pixels by: they do not depend on where the quad lies on the canvas.
    static func localPlanes(rect: CGRect, reach: Double, mapping t: TextureMapping, hull: AlphaHull) -> SpriteLocalPlanes {
        var low = (x: Double(rect.minX) - reach, y: Double(rect.minY) - reach)
        var high = (x: Double(rect.maxX) + reach, y: Double(rect.maxY) + reach)
        let uo = Double(t.uOrigin), up = Double(t.uPerUnit), vo = Double(t.vOrigin), vp = Double(t.vPerUnit)
        // Half planes alpha x + beta y + gamma >= 0 of local coordinates, four bounding x and y, four
        // the diagonals (open when the hull does not bound them or the mapping is degenerate):
        // lanes 0-3 bound x and y, lanes 4-7 the diagonals (`SpriteLocalPlanes`).
        var diagonal = (0.0, 0.0, 0.0, 0.0), diagonals = false
        if up != 0, vp != 0, up.isFinite, vp.isFinite {
            if hull.isEmpty { return SpriteLocalPlanes(gamma: .zero, up: up, vp: vp, diagonals: false, isEmpty: true) }
            // How far the clamp into the image moves a coordinate of the drawn area, plus a margin
            // for the single-precision evaluation of the sample positions.
            func displacement(_ a: Double, _ b: Double, _ clamp: ClosedRange<Float>) -> Double {
                max(0, Double(clamp.lowerBound) - min(a, b), max(a, b) - Double(clamp.upperBound)) + 1e-5
            }
            let du = displacement(uo + low.x * up, uo + high.x * up, t.uClamp)
            let dv = displacement(vo + low.y * vp, vo + high.y * vp, t.vClamp)
            let h = hull.grown(du: du, dv: dv)
            // u = uo + x up within [minU, maxU] bounds x; v likewise bounds y.
            let u0 = (h.minU - uo) / up, u1 = (h.maxU - uo) / up
            if u0.isFinite, u1.isFinite { low.x = max(low.x, min(u0, u1)); high.x = min(high.x, max(u0, u1)) }
            let v0 = (h.minV - vo) / vp, v1 = (h.maxV - vo) / vp
            if v0.isFinite, v1.isFinite { low.y = max(low.y, min(v0, v1)); high.y = min(high.y, max(v0, v1)) }
            if h.minSum.isFinite, h.maxSum.isFinite, h.minDifference.isFinite, h.maxDifference.isFinite {
                diagonals = true
                diagonal = (uo + vo - h.minSum, h.maxSum - uo - vo, uo - vo - h.minDifference, h.maxDifference - uo + vo)
            }
        }
        let gamma = SIMD8(-low.x, high.x, -low.y, high.y, diagonal.0, diagonal.1, diagonal.2, diagonal.3)
        return SpriteLocalPlanes(gamma: gamma, up: up, vp: vp, diagonals: diagonals, isEmpty: false)
    }

    /// The sprite as the AVX2 kernel paints it, when it does: unrotated, bilinear, on a processor
    /// with AVX2 (`usesWideKernel`). Made once for the rows a band paints.
    @inline(__always)
    func wideKernel(_ inverse: Homography) -> QCSprite? {
        guard usesWideKernel, linear, inverse.m.1 == 0 else { return nil }
        func kernelLevel(_ image: TextureLevel) -> QCSpriteLevel {
            QCSpriteLevel(pixels: image.pixels, width: Int32(image.width), height: Int32(image.height))
        }
        var scales = SIMD2<UInt32>(repeating: opacity | opacity << 16)
        if let tint { scales = SIMD2(tint.x | tint.z << 16, tint.y | tint.w << 16) }
        let t = mapping, m = inverse.m
        return QCSprite(h11: m.0, h12: m.1, h21: m.3, h22: m.4, h31: m.6, h32: m.7,
                        uOrigin: t.uOrigin, uPerUnit: t.uPerUnit, uLower: t.uClamp.lowerBound, uUpper: t.uClamp.upperBound,
                        vOrigin: t.vOrigin, vPerUnit: t.vPerUnit, vLower: t.vClamp.lowerBound, vUpper: t.vClamp.upperBound,
                        first: kernelLevel(level), next: kernelLevel(nextLevelWeight != 0 ? nextLevel : level),
                        nextLevelWeight: nextLevelWeight, redBlueScale: scales.x, greenAlphaScale: scales.y,
                        scales: tint != nil || opacity != 0, hardEdges: hardEdges, minX: minX, maxX: maxX, minY: minY, maxY: maxY)
    }

    /// Paints columns `x0..<x1` of row `y` (`row` is its first pixel; the pixels before column
    /// `columnLimit` may be touched), whose pixels are all covered unless the edges are hard,
    /// when the rect decides.
    /// `wide` is `wideKernel(inverse)` when there is one.
    @inline(__always)
    func paint(_ inverse: Homography, wide: UnsafePointer<QCSprite>?, row y: Int, from x0: Int, to x1: Int,
               into row: UnsafeMutablePointer<UInt32>, columnLimit: Int) {
        guard x0 < x1 else { return }
        if let wide {
            var span = SIMD2<Int32>(Int32(x0), Int32(x1))
            withUnsafePointer(to: &span) {
                $0.withMemoryRebound(to: Int32.self, capacity: 2) { qc_sprite_paint_rows_avx2(wide, Int32(y), 1, $0, row, 0) }
            }
            return
        }
        // Where local y does not change along a row (no rotation or shear: the inverse's x adds
        // exactly 0 to it), neither do v and the bilinear filter's rows and vertical weights:
        // they are found once for the row, from the same lanes every chunk would compute.
        let vertical: (first: BilinearRows, next: BilinearRows)?
        if inverse.m.1 == 0 && linear {
            let v = vLanes(inverse.lanes(column: x0, row: y).y)
            vertical = (Self.rows(level, v: v), nextLevelWeight != 0 ? Self.rows(nextLevel, v: v) : Self.rows(level, v: v))
        } else {
            vertical = nil
        }
        var x = x0
        while x < x1 {
            let (lx, ly, _) = inverse.lanes(column: x, row: y)
            var source: FixedColor
            if let vertical { source = sample(lx: lx, rows: vertical) } else { source = sample(lx: lx, ly: ly) }
            // Clear texels (a shadow mask's empty corners) leave the pixels as they are.
            if source.isClear { x += 8; continue }
            if let tint { source = source.tinted(tint) } else if opacity != 0 { source = source.scaled(opacity) }
            if hardEdges {
                let nx = lx + BoundaryRule.hardEdgeNudge, ny = ly + BoundaryRule.hardEdgeNudge
                let inside = (nx .>= minX) .& (nx .< maxX) .& (ny .>= minY) .& (ny .< maxY)
                source = source.masked(inside)
            }
            let count = min(8, x1 - x), pointer = row + x
            if columnLimit - x >= 8 {
                let destination = loadEight(pointer)
                var out = source.over(destination)
                if count < 8 { out = destination.replacing(with: out, where: firstLanes(count)) }
                storeEight(out, to: pointer)
            } else {
                var destination = SIMD8<UInt32>()
                for i in 0..<count { destination[i] = pointer[i] }
                let out = source.over(destination)
                for i in 0..<count { pointer[i] = out[i] }
            }
            x += 8
        }
    }

    /// The texture coordinates u (clamped into the image) at local x. The bound comes first in
    /// the `lanesMax`, so that a NaN coordinate (from an overflowing transform) becomes the bound
    /// instead of an index outside the image.
    @inline(__always)
    private func uLanes(_ lx: Lanes) -> Lanes {
        let t = mapping
        return lanesMin(lanesMax(Lanes(repeating: t.uClamp.lowerBound), t.uOrigin + lx * t.uPerUnit), Lanes(repeating: t.uClamp.upperBound))
    }

    /// The texture coordinates v (clamped into the image) at local y, NaN taken to the bound as in `uLanes`.
    @inline(__always)
    private func vLanes(_ ly: Lanes) -> Lanes {
        let t = mapping
        return lanesMin(lanesMax(Lanes(repeating: t.vClamp.lowerBound), t.vOrigin + ly * t.vPerUnit), Lanes(repeating: t.vClamp.upperBound))
    }

    /// The filtered texels at eight local points, in 8.8 fixed point.
    @inline(__always)
    private func sample(lx: Lanes, ly: Lanes) -> FixedColor {
        let u = uLanes(lx), v = vLanes(ly)
        let first = linear ? Self.bilinear(level, u: u, rows: Self.rows(level, v: v))
            : Self.nearest(level, u: u, v: v, nudge: nearestNudge)
        guard nextLevelWeight != 0 else { return first }
        let next = Self.bilinear(nextLevel, u: u, rows: Self.rows(nextLevel, v: v))
        return first.scaled(65536 - nextLevelWeight).plus(next.scaled(nextLevelWeight))
    }

    /// `sample(lx:ly:)` of a bilinear sprite with the vertical half of each level's filter given.
    @inline(__always)
    private func sample(lx: Lanes, rows: (first: BilinearRows, next: BilinearRows)) -> FixedColor {
        let u = uLanes(lx)
        let first = Self.bilinear(level, u: u, rows: rows.first)
        guard nextLevelWeight != 0 else { return first }
        let next = Self.bilinear(nextLevel, u: u, rows: rows.next)
        return first.scaled(65536 - nextLevelWeight).plus(next.scaled(nextLevelWeight))
    }

    /// Nearest filtering (as `TextureSampler.sampleLanes(u:v:level:linear:nudge:)`).
    @inline(__always)
    private static func nearest(_ image: TextureLevel, u: Lanes, v: Lanes, nudge: Float) -> FixedColor {
        let width = Float(image.width), height = Float(image.height)
        let x = lanesMin(lanesMax(lanesFloor(u * width + nudge), Lanes(repeating: 0)), Lanes(repeating: width - 1))
        let y = lanesMin(lanesMax(lanesFloor(v * height + nudge), Lanes(repeating: 0)), Lanes(repeating: height - 1))
        let index = lanesWhole(y * width + x)
        var texels = SIMD8<UInt32>()
        for lane in 0..<8 { texels[lane] = image.pixels[Int(index[lane])] }
        return FixedColor(texels: texels)
    }

    /// Bilinear filtering of a level at least 2x2, with the texel block and weights of
    /// `TextureSampler.bilinear`: the four weights are the products of the axis weights, rounded
    /// to 1/256 so that they sum to exactly 256.
    @inline(__always)
    private static func bilinear(_ image: TextureLevel, u: Lanes, rows: BilinearRows) -> FixedColor {
        let width = image.width
        let fx = u * Float(width) - 0.5
        let x0 = lanesMin(lanesMax(lanesFloor(fx), Lanes(repeating: 0)), Lanes(repeating: Float(width - 2)))
        let y0 = rows.y0, ty = rows.ty
        let tx = lanesRound(lanesClamp01(fx - x0) * 256)
        let wx = lanesWhole(tx), wy = lanesWhole(ty), w11 = lanesWhole(lanesRound(tx * ty * (1 / 256)))
        let w10 = wx &- w11, w01 = wy &- w11, w00 = 256 &- wx &- wy &+ w11
        let index = lanesWhole(y0 * Float(width) + x0)
        var topLeft = SIMD8<UInt32>(), topRight = SIMD8<UInt32>(), bottomLeft = SIMD8<UInt32>(), bottomRight = SIMD8<UInt32>()
        let pixels = image.pixels
        for lane in 0..<8 {
            let top = pixels + Int(index[lane]), bottom = top + width
            topLeft[lane] = top[0]; topRight[lane] = top[1]
            bottomLeft[lane] = bottom[0]; bottomRight[lane] = bottom[1]
        }
        return FixedColor(weighted: topLeft, by: w00).plus(FixedColor(weighted: topRight, by: w10))
            .plus(FixedColor(weighted: bottomLeft, by: w01)).plus(FixedColor(weighted: bottomRight, by: w11))
    }
}

/// The half planes `alpha x + beta y + gamma >= 0` of a sprite's local coordinates that bound the
/// pixels it may change (`SpriteSampling.region`): four bounding x and y (`alpha`, `beta` of
/// lanes 0-3: (1, -1, 0, 0) and (0, 0, 1, -1)), four the diagonals of the texture's alpha hull
/// (lanes 4-7: `up` and `vp` times (1, -1, 1, -1) and (1, -1, -1, 1)), open where `diagonals` is
/// false. Where the quad lies on the canvas changes none of it, so a sprite moved by a
/// translation keeps its planes (`SpriteMemo`).
struct SpriteLocalPlanes {
    var gamma: SIMD8<Double>
    /// The mapping's `uPerUnit` and `vPerUnit`.
    var up: Double, vp: Double
    var diagonals: Bool
    /// Whether no pixel changes (the hull is empty).
    var isEmpty: Bool

    /// The planes as half planes of the canvas, through the affine `inverse` (canvas pixel centre
    /// to local coordinates): every plane at once, each lane the same sums in the same order as
    /// one at a time; open planes 0 x + 0 y + 1.
    @inline(__always)
    func region(inverse: Homography) -> SpanRegion {
        if isEmpty { return SpanRegion(a: .zero, b: .zero, c: SIMD8(repeating: -1)) }
        let (alpha, beta) = slopes
        let m = inverse.m
        var a = alpha * m.0 + beta * m.1 + gamma * m.2
        var b = alpha * m.3 + beta * m.4 + gamma * m.5
        var c = offsets(inverse: inverse)
        if !diagonals {
            a.replace(with: 0, where: Self.open); b.replace(with: 0, where: Self.open); c.replace(with: 1, where: Self.open)
        }
        return SpanRegion(a: a, b: b, c: c)
    }

    /// The constants `c` of `region(inverse:)`, alone: all that changes when the inverse's
    /// translation alone does (its linear part, and so `a` and `b`, kept bit for bit). Open
    /// lanes (no diagonals) are not made 1 here: their `alpha`, `beta` and `gamma` are zero, so
    /// their `c` is a zero or NaN, which bounds nothing either (`RowBounds.solveMoved` tests
    /// only whether such a plane's `c` is below zero).
    @inline(__always)
    func offsets(inverse: Homography) -> SIMD8<Double> {
        if isEmpty { return SIMD8(repeating: -1) }
        let (alpha, beta) = slopes
        let m = inverse.m
        return alpha * m.6 + beta * m.7 + gamma * m.8
    }

    /// The planes' `alpha` and `beta`.
    @inline(__always)
    private var slopes: (alpha: SIMD8<Double>, beta: SIMD8<Double>) {
        (diagonals ? SIMD8(1, -1, 0, 0, up, -up, up, -up) : SIMD8<Double>(1, -1, 0, 0, 0, 0, 0, 0),
         diagonals ? SIMD8(0, 0, 1, -1, vp, -vp, -vp, vp) : SIMD8<Double>(0, 0, 1, -1, 0, 0, 0, 0))
    }

    /// The lanes left open without diagonals.
    private static let open: SIMDMask<SIMD8<Int64>> = [false, false, false, false, true, true, true, true]
}

/// Whether this processor runs the AVX2 sprite kernel (asked once).
let processorRunsWideSpriteKernel = qc_sprite_kernels_available()

/// The vertical half of a bilinear filter at eight points: the upper texel row and the lower
/// row's weight in 1/256.
struct BilinearRows {
    var y0: Lanes, ty: Lanes
}

extension SpriteSampling {
    /// The rows `bilinear` reads at texture coordinates `v` of a level at least 2 texels high.
    @inline(__always)
    static func rows(_ image: TextureLevel, v: Lanes) -> BilinearRows {
        let fy = v * Float(image.height) - 0.5
        let y0 = lanesMin(lanesMax(lanesFloor(fy), Lanes(repeating: 0)), Lanes(repeating: Float(image.height - 2)))
        return BilinearRows(y0: y0, ty: lanesRound(lanesClamp01(fy - y0) * 256))
    }
}

/// Rounds to the nearest whole number (ties to even), for values in 0..<2^22.
@inline(__always) func lanesRound(_ x: Lanes) -> Lanes { (x + 8_388_608) - 8_388_608 }

/// Two channels of each of eight pixels in 16-bit lanes: 8.8 fixed point values, the low half of
/// each pixel's 32 bits holding one channel and the high half the other.
typealias ChannelPairs = SIMD16<UInt16>

/// Eight premultiplied colours in 8.8 fixed point (a byte value times 256), red and blue in
/// `rb`, green and alpha in `ga`.
struct FixedColor {
    var rb: SIMD8<UInt32>, ga: SIMD8<UInt32>

    @inline(__always) init(rb: SIMD8<UInt32>, ga: SIMD8<UInt32>) { self.rb = rb; self.ga = ga }

    /// Eight RGBA8 pixels, each byte moved up to 8.8.
    @inline(__always) init(texels: SIMD8<UInt32>) {
        rb = (texels & 0x00FF_00FF) &<< 8
        ga = texels & 0xFF00_FF00
    }

    /// Eight RGBA8 pixels times weights in 0...256 (the products fit 16 bits).
    @inline(__always) init(weighted texels: SIMD8<UInt32>, by weight: SIMD8<UInt32>) {
        let pair = unsafeBitCast(weight | (weight &<< 16), to: ChannelPairs.self)
        rb = unsafeBitCast(unsafeBitCast(texels & 0x00FF_00FF, to: ChannelPairs.self) &* pair, to: SIMD8<UInt32>.self)
        ga = unsafeBitCast(unsafeBitCast((texels &>> 8) & 0x00FF_00FF, to: ChannelPairs.self) &* pair, to: SIMD8<UInt32>.self)
    }

    /// The lane-wise sum (no channel may exceed 16 bits).
    @inline(__always) func plus(_ other: FixedColor) -> FixedColor {
        FixedColor(rb: unsafeBitCast(unsafeBitCast(rb, to: ChannelPairs.self) &+ unsafeBitCast(other.rb, to: ChannelPairs.self), to: SIMD8<UInt32>.self),
                   ga: unsafeBitCast(unsafeBitCast(ga, to: ChannelPairs.self) &+ unsafeBitCast(other.ga, to: ChannelPairs.self), to: SIMD8<UInt32>.self))
    }

    /// Every channel times `factor` / 65536 (factor in 1...65535), rounded down.
    @inline(__always) func scaled(_ factor: UInt32) -> FixedColor {
        FixedColor(rb: highProducts(rb, SIMD8(repeating: factor)), ga: highProducts(ga, SIMD8(repeating: factor)))
    }

    /// Each channel times the matching factor of `factors` (red, green, blue, alpha; each in
    /// 0...65535) / 65536, rounded down.
    @inline(__always) func tinted(_ factors: SIMD4<UInt32>) -> FixedColor {
        FixedColor(rb: Self.products(rb, factors.x, factors.z), ga: Self.products(ga, factors.y, factors.w))
    }

    /// The low halves times `low` and the high halves times `high`, each / 65536, rounded down.
    @inline(__always) private static func products(_ pairs: SIMD8<UInt32>, _ low: UInt32, _ high: UInt32) -> SIMD8<UInt32> {
        (((pairs & 0xFFFF) &* SIMD8(repeating: low)) &>> 16) | (((pairs &>> 16) &* SIMD8(repeating: high)) & 0xFFFF_0000)
    }

    /// Whether every channel of every lane is zero (nothing to blend).
    @inline(__always) var isClear: Bool { (rb | ga) == SIMD8(repeating: 0) }

    /// Lanes outside `mask` cleared.
    @inline(__always) func masked(_ mask: LaneMask) -> FixedColor {
        let keep = unsafeBitCast(mask, to: SIMD8<UInt32>.self)
        return FixedColor(rb: rb & keep, ga: ga & keep)
    }

    /// Premultiplied source-over onto eight RGBA8 pixels, rounded to bytes (clamped to 255 when
    /// the source is not validly premultiplied).
    @inline(__always) func over(_ destination: SIMD8<UInt32>) -> SIMD8<UInt32> {
        // The source's transparency, 65280 - alpha (1 - a in units of 1/65280), as a factor in
        // 1/65536 (times 256/255), scaling the destination's bytes moved up to 8.8.
        let transparency = 65280 &- (ga &>> 16)
        let factor = transparency &+ (transparency &>> 8)
        let rbBelow = highProducts((destination & 0x00FF_00FF) &<< 8, factor)
        let gaBelow = highProducts(destination & 0xFF00_FF00, factor)
        return Self.rounded(rb, rbBelow) | (Self.rounded(ga, gaBelow) &<< 8)
    }

    /// `a + b` (8.8 pairs, saturating at 0xFFFF) rounded to bytes in each half's low byte.
    @inline(__always) private static func rounded(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let a16 = unsafeBitCast(a, to: ChannelPairs.self), b16 = unsafeBitCast(b, to: ChannelPairs.self)
        var sum = a16 &+ b16
        sum = sum.replacing(with: 0xFFFF, where: sum .< a16)
        var bytes = (sum &>> 8) &+ ((sum &>> 7) & 1)
        bytes = bytes &- (bytes &>> 8) // 256 (a sum above 255.5) to 255
        return unsafeBitCast(bytes, to: SIMD8<UInt32>.self)
    }
}

/// For each 16-bit half of each lane, the high 16 bits of its product with the same half of
/// `factor` (`factor`'s halves are equal when it holds one value below 65536 per pixel).
@inline(__always) func highProducts(_ pairs: SIMD8<UInt32>, _ factor: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let f = factor & 0xFFFF
    let low = ((pairs & 0xFFFF) &* f) &>> 16
    let high = ((pairs &>> 16) &* f) & 0xFFFF_0000
    return low | high
}
