/// Eight pixels of one row processed together. The helpers below avoid the standard library's
/// generic SIMD conversions and `pointwiseMin`, which are not vectorised.
typealias Lanes = SIMD8<Float>
typealias LaneMask = SIMDMask<SIMD8<Int32>>

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

@inline(__always) func lanesMin(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }
@inline(__always) func lanesMax(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }
@inline(__always) func lanesAbs(_ a: Lanes) -> Lanes { lanesMax(a, -a) }
@inline(__always) func lanesClamp01(_ a: Lanes) -> Lanes { lanesMin(lanesMax(a, Lanes(repeating: 0)), Lanes(repeating: 1)) }

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

/// Blends `source` (0...1, premultiplied) over eight destination pixels and returns the packed result.
@inline(__always) func blendPixels(_ source: LaneColor, over destination: SIMD8<UInt32>) -> SIMD8<UInt32> {
    let d = loadPixels(destination)
    let k = 1 - source.a
    let r = source.r * 255 + d.r * k, g = source.g * 255 + d.g * k
    let b = source.b * 255 + d.b * k, a = source.a * 255 + d.a * k
    return packBytes(r: r, g: g, b: b, a: a)
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

/// The square root of each lane (0 for lanes at or below 0; inputs clamped to 1e30), to a
/// few units in the last place: the standard library's `squareRoot()` on `SIMD8<Float>` takes
/// each lane through scalar code with a branch, which this vectorises. An estimate of 1/√x
/// from the float's bits, three Newton steps, times x.
@_transparent func lanesSquareRoot(_ x: Lanes) -> Lanes {
    let v = lanesMin(lanesMax(x, Lanes(repeating: 1e-30)), Lanes(repeating: 1e30))
    var y = unsafeBitCast(0x5F37_59DF &- (unsafeBitCast(v, to: SIMD8<UInt32>.self) &>> 1), to: Lanes.self)
    let half = 0.5 * v
    y = y * (1.5 - half * y * y)
    y = y * (1.5 - half * y * y)
    y = y * (1.5 - half * y * y)
    return (v * y).replacing(with: 0, where: x .<= 0)
}

/// Whether every lane of `mask` is set, by halving vector ANDs (the standard library's `all`
/// reduces lane by lane).
@_transparent func allLanes(_ mask: LaneMask) -> Bool {
    let v = unsafeBitCast(mask, to: SIMD8<Int32>.self)
    let four = v.lowHalf & v.highHalf, two = four.lowHalf & four.highHalf
    return two.x & two.y != 0
}

/// Whether any lane of `mask` is set, by halving vector ORs.
@_transparent func anyLane(_ mask: LaneMask) -> Bool {
    let v = unsafeBitCast(mask, to: SIMD8<Int32>.self)
    let four = v.lowHalf | v.highHalf, two = four.lowHalf | four.highHalf
    return two.x | two.y != 0
}
