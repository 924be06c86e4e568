// Eight values processed together by the CPU paths (the CPU renderer's bands and the blurred
// rounded rectangle's closed form), with helpers that stay vectorised where the standard
// library's generic SIMD min/max, square root and reductions go lane by lane.

/// Eight single-precision values, one per pixel of a row segment.
package typealias Lanes = SIMD8<Float>
/// A per-lane condition of `Lanes` comparisons.
package typealias LaneMask = SIMDMask<SIMD8<Int32>>

/// The smaller of each pair of lanes.
@_spi(Lanes) @inlinable @inline(__always) public func lanesMin(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> { a.replacing(with: b, where: b .< a) }
/// The larger of each pair of lanes.
@_spi(Lanes) @inlinable @inline(__always) public func lanesMax(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> { a.replacing(with: b, where: b .> a) }
/// The magnitude of each lane.
@_spi(Lanes) @inlinable @inline(__always) public func lanesAbs(_ a: SIMD8<Float>) -> SIMD8<Float> { lanesMax(a, -a) }
/// Each lane clamped to 0...1.
@_spi(Lanes) @inlinable @inline(__always) public func lanesClamp01(_ a: SIMD8<Float>) -> SIMD8<Float> {
    lanesMin(lanesMax(a, SIMD8<Float>(repeating: 0)), SIMD8<Float>(repeating: 1))
}

/// The square root of each lane (0 for lanes at or below 0; inputs clamped to 1e30), to a
/// few units in the last place: an estimate of 1/√x from the float's bits, three Newton steps,
/// times x (the standard library's takes each lane through scalar code with a branch). Transparent:
/// as `@inline(__always)` the optimiser left it a call in the large per-pixel bodies.
@_spi(Lanes) @_transparent public func lanesSquareRoot(_ x: SIMD8<Float>) -> SIMD8<Float> {
    let v = lanesMin(lanesMax(x, SIMD8<Float>(repeating: 1e-30)), SIMD8<Float>(repeating: 1e30))
    var y = unsafeBitCast(0x5F37_59DF &- (unsafeBitCast(v, to: SIMD8<UInt32>.self) &>> 1), to: SIMD8<Float>.self)
    let half = 0.5 * v
    y = y * (1.5 - half * y * y)
    y = y * (1.5 - half * y * y)
    y = y * (1.5 - half * y * y)
    return (v * y).replacing(with: 0, where: x .<= 0)
}

/// Whether every lane of `mask` is set, by halving vector ANDs (the standard library's `all`
/// reduces lane by lane).
@_spi(Lanes) @inlinable @inline(__always) public func allLanes(_ mask: SIMDMask<SIMD8<Int32>>) -> Bool {
    let v = unsafeBitCast(mask, to: SIMD8<Int32>.self)
    let four = v.lowHalf & v.highHalf, two = four.lowHalf & four.highHalf
    return two.x & two.y != 0
}

/// Whether any lane of `mask` is set, by halving vector ORs.
@_spi(Lanes) @inlinable @inline(__always) public func anyLane(_ mask: SIMDMask<SIMD8<Int32>>) -> Bool {
    let v = unsafeBitCast(mask, to: SIMD8<Int32>.self)
    let four = v.lowHalf | v.highHalf, two = four.lowHalf | four.highHalf
    return two.x | two.y != 0
}
