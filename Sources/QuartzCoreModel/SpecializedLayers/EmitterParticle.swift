import Foundation

/// One live particle of an emitter layer at one moment, as the renderer draws it: a quad of
/// the cell's contents centred on `position`, scaled by `scale`, rotated by `rotation` and
/// multiplied by the colour.
package struct EmitterParticle: Sendable {
    /// The index path of the particle's cell: top-level cell index, then sub-cell indices.
    package var cellPath: [Int]
    /// The particle's identity: stable from frame to frame for the same seed.
    var identifier: UInt64
    /// When the particle was born, in the layer's emission time.
    var birthTime: Double
    /// Seconds since birth.
    var age: Double
    /// How long the particle lives, in seconds.
    var lifetime: Double
    /// Where the particle was born, in the layer's coordinates (z for depth).
    var initialPosition: EmitterVector
    /// The velocity at birth, in points per second.
    var initialVelocity: EmitterVector
    /// The constant acceleration, in points per second squared.
    var acceleration: EmitterVector
    /// The position now: initialPosition + initialVelocity·age + acceleration·age²/2.
    package var position: EmitterVector
    /// The velocity now: initialVelocity + acceleration·age.
    var velocity: EmitterVector
    /// The scale of the contents now (never negative).
    package var scale: Double
    /// The rotation now, in radians: spin·age.
    package var rotation: Double
    /// The rotational velocity, in radians per second.
    var spin: Double
    /// The colour now, each component clamped to 0...1.
    package var red: Double, green: Double, blue: Double, alpha: Double
    /// The image drawn for the particle, and the part of it shown.
    package var contents: CGImage?
    package var contentsRect: CGRect
}

extension EmitterParticle: Equatable {
    package static func == (a: EmitterParticle, b: EmitterParticle) -> Bool {
        a.cellPath == b.cellPath && a.identifier == b.identifier && a.birthTime == b.birthTime && a.age == b.age
            && a.lifetime == b.lifetime && a.initialPosition == b.initialPosition
            && a.initialVelocity == b.initialVelocity && a.acceleration == b.acceleration
            && a.position == b.position && a.velocity == b.velocity && a.scale == b.scale
            && a.rotation == b.rotation && a.spin == b.spin && a.red == b.red && a.green == b.green
            && a.blue == b.blue && a.alpha == b.alpha && a.contents === b.contents && a.contentsRect == b.contentsRect
    }
}
