import Foundation
import CompositorCore
import CoreGraphics
import Synchronization

/// An image ready for sampling: its pixels and, once a trilinear quad needs them, its mipmaps
/// (each level half the size of the one above, rounded down, by 2x2 box filtering as
/// `glGenerateMipmap` does).
final class Texture: @unchecked Sendable {
    /// Level 0 first. Levels are added only before a frame's bands start, never while they sample.
    /// Unchecked for exclusivity: read for every sprite prepared, written only by `makeMipmaps`,
    /// never during an access.
    @exclusivity(unchecked) private(set) var levels: [PixelBuffer]
    /// The levels' pixels for samplers, which read them without reference counting. It has room
    /// for every level an image can have and is never reallocated, so a sampler taken before
    /// mipmaps were added stays valid (it sees the levels there were when it was taken).
    private let levelTable: UnsafeMutablePointer<TextureLevel>
    private static let levelCapacity = Int.bitWidth
    /// Each level's `AlphaHull`, found the first time a sprite samples the level (levels' pixels
    /// never change once added). Read and written only while quads are prepared, before bands start.
    @exclusivity(unchecked) private var hulls: [AlphaHull?] = []
    /// A number no other texture of the process has had (never 0): what a prepared sprite's
    /// memo names its texture by (`SpriteMemo`), where an address may be reused.
    let serial: UInt64
    private static let serials = Atomic<UInt64>(1)

    init(_ buffer: PixelBuffer) {
        serial = Self.serials.wrappingAdd(1, ordering: .relaxed).oldValue
        levels = [buffer]
        levelTable = .allocate(capacity: Self.levelCapacity)
        levelTable.initialize(to: TextureLevel(buffer))
    }

    deinit {
        levelTable.deinitialize(count: levels.count)
        levelTable.deallocate()
    }

    var width: Int { levels[0].width }
    var height: Int { levels[0].height }
    var byteCount: Int { levels.reduce(0) { $0 + $1.byteCount } }

    /// The levels as a sampler reads them; valid while this texture lives.
    var sampler: TextureSampler { TextureSampler(levels: levelTable, count: levels.count) }

    /// The hull of level `index`'s non-zero texels (the smallest level when `index` is beyond it).
    func alphaHull(level index: Int) -> AlphaHull {
        let index = min(max(index, 0), levels.count - 1)
        if hulls.count < levels.count { hulls += Array(repeating: nil, count: levels.count - hulls.count) }
        if let hull = hulls[index] { return hull }
        let level = levels[index]
        let hull = AlphaHull(pixels: level.pixels, width: level.width, height: level.height, rowLength: level.width)
        hulls[index] = hull
        return hull
    }

    /// Finds every level's hull now (where not yet found), so that quads prepared on several
    /// threads at once only read them (`alphaHull(level:)` writes the first time).
    func findAlphaHulls() {
        for level in levels.indices { _ = alphaHull(level: level) }
    }

    /// Whether every level's hull has been found (for tests and diagnostics).
    var hasAllAlphaHulls: Bool { hulls.count >= levels.count && hulls.prefix(levels.count).allSatisfy { $0 != nil } }

    /// Whether every mipmap level down to 1x1 is built.
    var hasMipmaps: Bool { levels[levels.count - 1].width == 1 && levels[levels.count - 1].height == 1 }

    /// Builds every mipmap level down to 1x1 (once).
    func makeMipmaps() {
        while let last = levels.last, last.width > 1 || last.height > 1, levels.count < Self.levelCapacity {
            let next = Self.halved(last)
            (levelTable + levels.count).initialize(to: TextureLevel(next))
            levels.append(next)
        }
    }

    private static func halved(_ source: PixelBuffer) -> PixelBuffer {
        let width = max(1, source.width / 2), height = max(1, source.height / 2)
        let out = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            let y0 = min(2 * y, source.height - 1), y1 = min(2 * y + 1, source.height - 1)
            for x in 0..<width {
                let x0 = min(2 * x, source.width - 1), x1 = min(2 * x + 1, source.width - 1)
                let sum = unpack(source.row(y0)[x0]) + unpack(source.row(y0)[x1])
                    + unpack(source.row(y1)[x0]) + unpack(source.row(y1)[x1])
                out.row(y)[x] = packPixel(sum * 0.25)
            }
        }
        return out
    }

    /// One texel as a colour in 0...1.
    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF), Float(p >> 24)) * (1 / 255)
    }
}

/// One level's pixels, borrowed from the texture that owns them. Sendable because the pixels
/// are only read while bands sample (levels are added and written before a frame's bands start).
struct TextureLevel: @unchecked Sendable {
    let pixels: UnsafePointer<UInt32>
    let width: Int, height: Int

    init(_ buffer: PixelBuffer) { pixels = UnsafePointer(buffer.pixels); width = buffer.width; height = buffer.height }
}

/// Reads a texture's levels without reference counting, so that the per-pixel loops neither
/// retain nor release: valid while the texture it came from lives (a prepared quad, or the list
/// of a prepared sprite, holds it).
/// Sendable for the same reason as `TextureLevel`: bands only read what it points to.
struct TextureSampler: @unchecked Sendable {
    let levels: UnsafePointer<TextureLevel>
    /// The number of levels, at least one.
    let count: Int

    /// The level `index`, or the smallest there is.
    @inline(__always) func level(_ index: Int) -> TextureLevel { levels[min(max(index, 0), count - 1)] }

    /// The colour at normalised coordinates (u, v) of `level`, clamped to the edge; a nearest
    /// sample reads the texel holding the coordinate moved on by `nudge` texels
    /// (`BoundaryRule.nearestPixelNudge` times the footprint).
    @inline(__always)
    func sample(u: Float, v: Float, level index: Int, linear: Bool, nudge: Float) -> SIMD4<Float> {
        let image = level(index)
        let w = image.width, h = image.height
        // Texel coordinates clamped as floats first: NaN or a huge value must not reach Int().
        func texel(_ f: Float, _ count: Int) -> Int { f.isNaN ? 0 : Int(min(max(f, 0), Float(count - 1))) }
        if !linear {
            return Texture.unpack(image.pixels[texel((v * Float(h) + nudge).rounded(.down), h) * w
                + texel((u * Float(w) + nudge).rounded(.down), w)])
        }
        let fx = u * Float(w) - 0.5, fy = v * Float(h) - 0.5
        let bx = fx.rounded(.down), by = fy.rounded(.down)
        let tx = fx - bx, ty = fy - by
        let x0 = texel(bx, w), x1 = texel(bx + 1, w)
        let y0 = texel(by, h), y1 = texel(by + 1, h)
        let top = image.pixels + y0 * w, bottom = image.pixels + y1 * w
        let upper = Texture.unpack(top[x0]) * (1 - tx) + Texture.unpack(top[x1]) * tx
        let lower = Texture.unpack(bottom[x0]) * (1 - tx) + Texture.unpack(bottom[x1]) * tx
        return upper * (1 - ty) + lower * ty
    }

    /// Samples with OpenGL's filter choice: `scale` texels per pixel (the footprint) decides
    /// between magnification (at most 1) and minification; trilinear blends two mipmap levels.
    @inline(__always)
    func sample(u: Float, v: Float, texelsPerPixel footprint: Float,
                minification: TextureFilter, magnification: TextureFilter) -> SIMD4<Float> {
        let scale = Self.definedFootprint(footprint)
        let choice = filterChoice(texelsPerPixel: scale, minification: minification, magnification: magnification)
        let first = sample(u: u, v: v, level: choice.level, linear: choice.linear,
                           nudge: BoundaryRule.nearestPixelNudge * scale)
        guard choice.nextLevelWeight > 0 else { return first }
        let next = sample(u: u, v: v, level: choice.level + 1, linear: true, nudge: 0)
        return first * (1 - choice.nextLevelWeight) + next * choice.nextLevelWeight
    }

    /// `footprint`, or one texel per pixel where it is not a number (a plane folded to a line or
    /// through infinity): OpenGL leaves that level of detail undefined, and a NaN nudge would
    /// carry into the texel indices.
    @inline(__always)
    static func definedFootprint(_ footprint: Float) -> Float { footprint.isNaN ? 1 : footprint }

    /// OpenGL's filter choice for a footprint of `scale` texels per pixel: magnification (at
    /// most 1) or minification, the level to sample, whether bilinearly, and for trilinear the
    /// weight of the next level (0: none). A footprint that is not a number is a magnification
    /// (`definedFootprint`): no level can be chosen from it.
    @inline(__always)
    func filterChoice(texelsPerPixel scale: Float, minification: TextureFilter,
                      magnification: TextureFilter) -> (level: Int, linear: Bool, nextLevelWeight: Float) {
        guard scale > 1 else { return (0, magnification != .nearest, 0) }
        switch minification {
        case .nearest: return (0, false, 0)
        case .linear: return (0, true, 0)
        case .trilinear:
            let lod = min(log2(scale), Float(count - 1))
            let base = Int(lod)
            return (base, true, base + 1 < count ? lod - Float(base) : 0)
        }
    }
}
