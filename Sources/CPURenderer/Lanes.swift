@_spi(Lanes) import CompositorCore

// Eight pixels of one row processed together (`Lanes`, with min/max, square root and mask
// reductions from CompositorCore). The helpers below avoid the standard library's generic SIMD
// conversions, which are not vectorised.

/// Lane offsets 0...7 (computed, so that no global initialiser is called in the loops).
@inline(__always) var laneOffsets: Lanes { Lanes(0, 1, 2, 3, 4, 5, 6, 7) }

/// The mask of the first `count` lanes (a float compare: unsigned integer compares are not vectorised).
@inline(__always) func firstLanes(_ count: Int) -> LaneMask { laneOffsets .< Float(count) }

/// Eight pixels from memory of any alignment (a copy the compiler turns into two vector loads;
/// the standard library's `loadUnaligned` is not inlined).
@inline(__always) func loadEight(_ pointer: UnsafePointer<UInt32>) -> SIMD8<UInt32> {
    var v = SIMD8<UInt32>()
    withUnsafeMutableBytes(of: &v) { $0.baseAddress!.copyMemory(from: pointer, byteCount: 32) }
    return v
}

/// Stores eight pixels to memory of any alignment.
@inline(__always) func storeEight(_ v: SIMD8<UInt32>, to pointer: UnsafeMutablePointer<UInt32>) {
    withUnsafeBytes(of: v) { UnsafeMutableRawPointer(pointer).copyMemory(from: $0.baseAddress!, byteCount: 32) }
}


/// Bytes 0...255 (already masked) to floats: the float whose mantissa holds the integer, less 2^23.
@inline(__always) func lanesFromBytes(_ v: SIMD8<UInt32>) -> Lanes {
    unsafeBitCast(v | 0x4B00_0000, to: Lanes.self) - 8_388_608
}

/// Floats in 0...255 rounded to the nearest integer (ties to even), as bytes in the low 8 bits.
@inline(__always) func lanesToBytes(_ f: Lanes) -> SIMD8<UInt32> {
    unsafeBitCast(f + 8_388_608, to: SIMD8<UInt32>.self) & 0xFF
}

/// Premultiplied colours of eight pixels, one channel per vector, in 0...1.
struct LaneColor {
    var r: Lanes, g: Lanes, b: Lanes, a: Lanes

    @inline(__always) init(r: Lanes, g: Lanes, b: Lanes, a: Lanes) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// The same colour in every lane.
    @inline(__always) init(_ c: SIMD4<Float>) {
        r = Lanes(repeating: c.x); g = Lanes(repeating: c.y); b = Lanes(repeating: c.z); a = Lanes(repeating: c.w)
    }

    /// `self` over `below`, premultiplied source-over.
    @inline(__always) func over(_ below: LaneColor) -> LaneColor {
        let k = 1 - a
        return LaneColor(r: r + below.r * k, g: g + below.g * k, b: b + below.b * k, a: a + below.a * k)
    }

    /// Each channel multiplied by the matching component of `tint` (premultiplied r, g, b, a).
    @inline(__always) func tinted(_ tint: SIMD4<Float>) -> LaneColor {
        tint == SIMD4(1, 1, 1, 1) ? self : LaneColor(r: r * tint.x, g: g * tint.y, b: b * tint.z, a: a * tint.w)
    }

    /// Every channel multiplied by `s`.
    @inline(__always) func scaled(_ s: Lanes) -> LaneColor { LaneColor(r: r * s, g: g * s, b: b * s, a: a * s) }
}

/// Loads eight RGBA8 pixels (R in the low byte) as bytes-valued floats (0...255).
@inline(__always) func loadPixels(_ v: SIMD8<UInt32>) -> LaneColor {
    LaneColor(r: lanesFromBytes(v & 0xFF), g: lanesFromBytes((v &>> 8) & 0xFF),
              b: lanesFromBytes((v &>> 16) & 0xFF), a: lanesFromBytes(v &>> 24))
}

/// Blends `source` (0...1, premultiplied) over eight destination pixels and returns the packed
/// result. Without `clamping` the channels are packed as they are: the same bytes when `source`
/// is a valid premultiplied colour (0 <= r, g, b <= a <= 1, within a few units in the last place),
/// whose blended channels lie within 0...255 up to rounding far below half a level.
@inline(__always) func blendPixels(_ source: LaneColor, over destination: SIMD8<UInt32>, clamping: Bool = true) -> SIMD8<UInt32> {
    let d = loadPixels(destination)
    let k = 1 - source.a
    let r = source.r * 255 + d.r * k, g = source.g * 255 + d.g * k
    let b = source.b * 255 + d.b * k, a = source.a * 255 + d.a * k
    guard clamping else { return lanesToBytes(r) | (lanesToBytes(g) &<< 8) | (lanesToBytes(b) &<< 16) | (lanesToBytes(a) &<< 24) }
    return packBytes(r: r, g: g, b: b, a: a)
}

/// One colour blended over pixels, with its terms of `blendPixels` computed once: for a valid
/// premultiplied colour (0 <= r, g, b <= a <= 1) every blended channel lies in 0...255 (within a
/// few units in the last place of 255), so the clamp of `packBytes` changes nothing and is left out.
struct ConstantBlend {
    /// The colour's channels times 255.
    let r: Float, g: Float, b: Float, a: Float
    /// What remains of the destination: 1 - alpha.
    let keep: Float

    /// The blend of `color`, or nil when it is not a valid premultiplied colour.
    init?(_ color: SIMD4<Float>) {
        guard color.w <= 1, color.x >= 0, color.y >= 0, color.z >= 0, color.x <= color.w, color.y <= color.w, color.z <= color.w
        else { return nil }
        r = color.x * 255; g = color.y * 255; b = color.z * 255; a = color.w * 255
        keep = 1 - color.w
    }

    /// The colour over eight destination pixels: the bytes of `blendPixels` with the same colour in every lane.
    @inline(__always) func over(_ destination: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let d = loadPixels(destination)
        let red = lanesToBytes(r + d.r * keep), green = lanesToBytes(g + d.g * keep)
        let blue = lanesToBytes(b + d.b * keep), alpha = lanesToBytes(a + d.a * keep)
        return red | (green &<< 8) | (blue &<< 16) | (alpha &<< 24)
    }
}

/// Adds `source` (0...1, premultiplied) to eight destination pixels, clamped (`BlendMode.plusLighter`).
@inline(__always) func addPixels(_ source: LaneColor, to destination: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let d = loadPixels(destination)
    return packBytes(r: source.r * 255 + d.r, g: source.g * 255 + d.g, b: source.b * 255 + d.b, a: source.a * 255 + d.a)
}

/// Packs byte-valued channels (clamped to 0...255) into RGBA8 pixels.
@inline(__always) func packBytes(r: Lanes, g: Lanes, b: Lanes, a: Lanes) -> SIMD8<UInt32> {
    clampedBytes(r) | (clampedBytes(g) &<< 8) | (clampedBytes(b) &<< 16) | (clampedBytes(a) &<< 24)
}

/// Byte-valued floats clamped to 0...255 and rounded, in the low 8 bits.
@inline(__always) func clampedBytes(_ x: Lanes) -> SIMD8<UInt32> {
    lanesToBytes(lanesMin(lanesMax(x, Lanes(repeating: 0)), Lanes(repeating: 255)))
}
