/// The floats in which encoded instances (`QuadInstance.stride` floats each) differ from a
/// reference instance, bit for bit (so +0 and -0 differ, and NaNs are compared by their bits):
/// gathered as vectors, instance after instance, and turned into a mask (bit `i`: float `i`)
/// once.
struct InstanceDifferences {
    // 57 floats: three vectors of 16, one of 8 and one float.
    private let r0: SIMD16<UInt32>, r1: SIMD16<UInt32>, r2: SIMD16<UInt32>, r3: SIMD8<UInt32>, r4: UInt32
    private var d0 = SIMD16<UInt32>(), d1 = SIMD16<UInt32>(), d2 = SIMD16<UInt32>(), d3 = SIMD8<UInt32>(), d4: UInt32 = 0

    /// Differences from the instance at `reference`, none found yet.
    @inline(__always)
    init(reference: UnsafePointer<Float>) {
        assert(QuadInstance.stride == 57, "the vectors cover 57 floats")
        let raw = UnsafeRawPointer(reference)
        r0 = raw.loadUnaligned(as: SIMD16<UInt32>.self)
        r1 = raw.loadUnaligned(fromByteOffset: 64, as: SIMD16<UInt32>.self)
        r2 = raw.loadUnaligned(fromByteOffset: 128, as: SIMD16<UInt32>.self)
        r3 = raw.loadUnaligned(fromByteOffset: 192, as: SIMD8<UInt32>.self)
        r4 = raw.loadUnaligned(fromByteOffset: 224, as: UInt32.self)
    }

    /// Adds the differences of the `count` instances from `instances` on.
    @inline(__always)
    mutating func add(_ instances: UnsafePointer<Float>, count: Int) {
        var p = UnsafeRawPointer(instances)
        for _ in 0..<count {
            d0 |= p.loadUnaligned(as: SIMD16<UInt32>.self) ^ r0
            d1 |= p.loadUnaligned(fromByteOffset: 64, as: SIMD16<UInt32>.self) ^ r1
            d2 |= p.loadUnaligned(fromByteOffset: 128, as: SIMD16<UInt32>.self) ^ r2
            d3 |= p.loadUnaligned(fromByteOffset: 192, as: SIMD8<UInt32>.self) ^ r3
            d4 |= p.loadUnaligned(fromByteOffset: 224, as: UInt32.self) ^ r4
            p += QuadInstance.stride * MemoryLayout<Float>.size
        }
    }

    /// The floats in which an instance added differs from the reference (bit `i`: float `i`).
    var mask: UInt64 {
        // Each vector's lanes that differ, weighted by their bit and summed: a few vector
        // instructions rather than a test a lane.
        let weights = SIMD16<UInt32>(1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7,
                                     1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15)
        let zero = SIMD16<UInt32>()
        let m0 = UInt64(zero.replacing(with: weights, where: d0 .!= 0).wrappedSum())
        let m1 = UInt64(zero.replacing(with: weights, where: d1 .!= 0).wrappedSum())
        let m2 = UInt64(zero.replacing(with: weights, where: d2 .!= 0).wrappedSum())
        let m3 = UInt64(SIMD8<UInt32>().replacing(with: weights.lowHalf, where: d3 .!= 0).wrappedSum())
        return m0 | m1 << 16 | m2 << 32 | m3 << 48 | (d4 != 0 ? 1 << 56 : 0)
    }
}
