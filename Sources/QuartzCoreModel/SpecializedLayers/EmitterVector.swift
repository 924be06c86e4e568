import Foundation

/// A point or vector in an emitter layer's 3D space (points, or points per second).
package struct EmitterVector: Sendable, Equatable {
    package var x: Double
    package var y: Double
    var z: Double

    static let zero = EmitterVector(x: 0, y: 0, z: 0)

    static func + (a: EmitterVector, b: EmitterVector) -> EmitterVector { EmitterVector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func * (a: EmitterVector, s: Double) -> EmitterVector { EmitterVector(x: a.x * s, y: a.y * s, z: a.z * s) }

    /// The length of the vector.
    var length: Double { (x * x + y * y + z * z).squareRoot() }
}

/// A counter-based random stream: the same key always gives the same numbers, so a particle's
/// random attributes depend only on the emitter's seed and the particle's identity, never on
/// the frame rate or on which particles were simulated before it (SplitMix64).
struct ParticleRandom {
    private var state: UInt64

    /// A stream for `key`.
    init(key: UInt64) { state = key }

    /// Combines identities into one key (order matters).
    static func key(_ parts: UInt64...) -> UInt64 {
        parts.reduce(0x243F_6A88_85A3_08D3) { hash, part in
            var mixer = ParticleRandom(key: hash ^ (part &* 0x9E37_79B9_7F4A_7C15))
            return mixer.next()
        }
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number uniformly distributed in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A number uniformly distributed in -1..<1: the factor of a "value ± range" attribute.
    mutating func signed() -> Double { unit() * 2 - 1 }
}
