import CoreGraphics
import Foundation

/// The blend modes of a layer's `compositingFilter` (Core Image's `CI…BlendMode` filters and
/// `CIMultiplyCompositing`) as formulas: how the layer's colour mixes with the colour behind
/// it, by the W3C's Compositing and Blending Level 1 (the PDF 1.7 reference's blend modes),
/// then composited source-over. The modes from `normal` to `luminosity` are formulas
/// (`isBlendFormula`); the others are not drawn this way.
///
/// Both renderers run the same step: with the backdrop's colour `Cb` (alpha `ab`) and the
/// source's `Cs` (alpha `as`), straight, the source's colour becomes
/// `Cs' = (1 - ab) Cs + ab B(Cb, Cs)`, and the premultiplied `as Cs'` (alpha `as`) is drawn
/// over the backdrop source-over: `as (1 - ab) Cs + as ab B(Cb, Cs) + (1 - as) ab Cb`, which
/// is the W3C's general formula. The GLES renderer's shader (`filter.frag.glsl`, mode 4, with
/// the mode's raw value) and `blended(source:backdrop:)` are the two executions of it.
extension CGBlendMode {
    /// The mode of a Core Image compositing filter's name (`"CIMultiplyBlendMode"`,
    /// `"CIMultiplyCompositing"`), or nil for other names (`CISourceOverCompositing` is plain
    /// source-over; `CIAdditionCompositing` adds, `BlendMode.plusLighter`).
    public init?(compositingFilterName filterName: String) {
        let modes: [String: CGBlendMode] = [
            "CIMultiplyBlendMode": .multiply, "CIMultiplyCompositing": .multiply, "CIScreenBlendMode": .screen,
            "CIOverlayBlendMode": .overlay, "CIDarkenBlendMode": .darken, "CILightenBlendMode": .lighten,
            "CIColorDodgeBlendMode": .colorDodge, "CIColorBurnBlendMode": .colorBurn, "CIHardLightBlendMode": .hardLight,
            "CISoftLightBlendMode": .softLight, "CIDifferenceBlendMode": .difference, "CIExclusionBlendMode": .exclusion,
            "CIHueBlendMode": .hue, "CISaturationBlendMode": .saturation, "CIColorBlendMode": .color,
            "CILuminosityBlendMode": .luminosity,
        ]
        guard let mode = modes[filterName] else { return nil }
        self = mode
    }

    /// Whether the mode is one of the W3C's blend formulas (`normal` through `luminosity`).
    public var isBlendFormula: Bool { rawValue <= CGBlendMode.luminosity.rawValue }

    /// `B(Cb, Cs)` for straight colours, each component 0...1 (`Cs` for modes that are not
    /// formulas).
    public func mix(backdrop cb: SIMD3<Float>, source cs: SIMD3<Float>) -> SIMD3<Float> {
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return Self.separable(cs, cb, Self.hardLightChannel)
        case .darken: return pointwiseMin(cb, cs)
        case .lighten: return pointwiseMax(cb, cs)
        case .colorDodge: return Self.separable(cb, cs) { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return Self.separable(cb, cs) { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return Self.separable(cb, cs, Self.hardLightChannel)
        case .softLight: return Self.separable(cb, cs, Self.softLightChannel)
        case .difference: return pointwiseMax(cb - cs, cs - cb)
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
        case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
        case .color: return Self.setLum(cs, Self.lum(cb))
        case .luminosity: return Self.setLum(cb, Self.lum(cs))
        default: return cs
        }
    }

    /// The premultiplied colour drawn source-over in place of `source` (premultiplied, 0...1)
    /// over `backdrop` (premultiplied): `as ((1 - ab) Cs + ab B(Cb, Cs))`, alpha `as`.
    public func blended(source: SIMD4<Float>, backdrop: SIMD4<Float>) -> SIMD4<Float> {
        guard source.w > 0 else { return .zero }
        let cs = SIMD3(source.x, source.y, source.z) / source.w
        let cb = backdrop.w > 0 ? SIMD3(backdrop.x, backdrop.y, backdrop.z) / backdrop.w : .zero
        let mixed = mix(backdrop: cb.clamped(lowerBound: .zero, upperBound: .one),
                        source: cs.clamped(lowerBound: .zero, upperBound: .one))
        let out = ((1 - backdrop.w) * cs + backdrop.w * mixed).clamped(lowerBound: .zero, upperBound: .one) * source.w
        return SIMD4(out.x, out.y, out.z, source.w)
    }

    private static func separable(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
    }

    private static func hardLightChannel(_ b: Float, _ s: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    private static func softLightChannel(_ b: Float, _ s: Float) -> Float {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    /// The W3C's `Lum`: 0.3 R + 0.59 G + 0.11 B.
    private static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    /// The W3C's `Sat`: the largest component less the smallest.
    private static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// The W3C's `SetLum`, with its `ClipColor`.
    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        let adjusted = c + SIMD3(repeating: l - lum(c))
        // ClipColor: back into 0...1 keeping the luminosity.
        let lum = lum(adjusted), n = adjusted.min(), x = adjusted.max()
        var out = adjusted
        if n < 0 { out = SIMD3(repeating: lum) + (out - SIMD3(repeating: lum)) * lum / (lum - n) }
        if x > 1 { out = SIMD3(repeating: lum) + (out - SIMD3(repeating: lum)) * (1 - lum) / (x - lum) }
        return out
    }

    /// The W3C's `SetSat`.
    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let high = c.max(), low = c.min()
        guard high > low else { return .zero }
        // The middle component scales to s; the largest becomes s, the smallest 0.
        return (c - SIMD3(repeating: low)) * s / (high - low)
    }
}
