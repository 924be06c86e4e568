import CompositorCore
import CoreGraphics
import Foundation

/// What preparing a lean sprite into a slot keeps there for the next frame: the inputs its
/// sampling depends on, bit for bit, the half planes of local coordinates its region was
/// solved from (`SpriteLocalPlanes`), what solving them for rows did with each (`RowBounds.Plan`)
/// and the sums its pixel bounds add the translation to.
///
/// A slot holds the same quad from frame to frame while the list keeps its shape, and a sprite
/// moved by a translation only (S4's) changes none of those inputs: its sampling, but for the
/// rows, is already in the record, and its rows are solved from the kept planes through the new
/// inverse, the arithmetic a fresh preparation does (only the constants of the planes, and the
/// steps that read them, are done again). Where a bit of the key differs, or the slot
/// held something else, the sprite is prepared afresh.
struct SpriteMemo {
    /// The inputs (`key(texture:sampling:rect:opacity:tint:inverse:)`); zero for none (no texture's
    /// serial is 0).
    var key: SIMD16<UInt64>
    var planes: SpriteLocalPlanes
    /// What solving the record's rows from `planes` did with each plane, so that the next frame's
    /// rows, moved by a translation, are solved from the new constants alone (`RowBounds.solveMoved`).
    var rowPlan: RowBounds.Plan
    /// The bits of the linear part (`m11`, `m12`, `m21`, `m22`) of the plane whose corner sums
    /// `cornerSums` holds (`PlaneProjection.affineCornerSums`), when `hasCornerSums`: the key
    /// holds the inverse's, which a different plane may share.
    var cornerPlane: SIMD4<UInt64>
    var cornerSums: SIMD4<Double>
    var hasCornerSums: Bool

    /// The kept corner sums of the sprite's rect, where they are those of `plane` (the key
    /// holding: the same rect and outset).
    @inline(__always)
    func cornerSums(of plane: Homography) -> SIMD4<Double>? {
        guard hasCornerSums else { return nil }
        let bits = Self.linearBits(plane)
        let difference = (bits.x ^ cornerPlane.x) | (bits.y ^ cornerPlane.y) | (bits.z ^ cornerPlane.z) | (bits.w ^ cornerPlane.w)
        return difference == 0 ? cornerSums : nil
    }

    /// Keeps `sums`, `plane`'s corner sums (nil: none).
    @inline(__always)
    mutating func keepCornerSums(_ sums: SIMD4<Double>?, of plane: Homography) {
        hasCornerSums = sums != nil
        cornerSums = sums ?? .zero
        cornerPlane = Self.linearBits(plane)
    }

    @inline(__always)
    private static func linearBits(_ plane: Homography) -> SIMD4<UInt64> {
        let m = plane.m
        return SIMD4(m.0.bitPattern, m.1.bitPattern, m.3.bitPattern, m.4.bitPattern)
    }

    /// Whether `key` is this memo's, bit for bit. Not `==`, which the generic `SIMD` conformance
    /// answers lane by lane through calls (about 480 instructions a key).
    @inline(__always)
    func holds(_ key: SIMD16<UInt64>) -> Bool {
        var difference: UInt64 = 0
        for lane in 0..<16 { difference |= self.key[lane] ^ key[lane] }
        return difference == 0
    }

    /// The inputs of a hard-edged sprite's sampling and local planes besides constants: the
    /// texture (its serial and number of levels), the sampling's unit rect and filters, the
    /// quad's rect, opacity and tint, and the inverse's linear part (an affine inverse with w
    /// exactly 1, whose translation the sampling does not read).
    @inline(__always)
    static func key(texture: Texture, sampling: TextureSampling, rect: CGRect, opacity: Float, tint: SIMD4<Float>,
                    inverse: Homography) -> SIMD16<UInt64> {
        func bits(_ value: CGFloat) -> UInt64 { Double(value).bitPattern }
        func pair(_ low: Float, _ high: Float) -> UInt64 { UInt64(low.bitPattern) | UInt64(high.bitPattern) << 32 }
        func code(_ filter: TextureFilter) -> UInt64 {
            switch filter {
            case .nearest: 1
            case .linear: 2
            case .trilinear: 3
            }
        }
        let unit = sampling.unitRect, m = inverse.m
        return SIMD16(texture.serial << 8 | UInt64(texture.levels.count),
                      UInt64(tint.w.bitPattern) | code(sampling.minification) << 32 | code(sampling.magnification) << 40,
                      bits(unit.origin.x), bits(unit.origin.y), bits(unit.size.width), bits(unit.size.height),
                      bits(rect.origin.x), bits(rect.origin.y), bits(rect.size.width), bits(rect.size.height),
                      pair(opacity, tint.x), pair(tint.y, tint.z),
                      m.0.bitPattern, m.1.bitPattern, m.3.bitPattern, m.4.bitPattern)
    }
}
