import CompositorCore
import CoreGraphics
import CoreImage
import Foundation

extension LayerFilterState {
    /// The step the renderers apply for this filter in a layer's `filters`, for a group of
    /// `pixelsPerUnit` image pixels per layer unit; nil when the filter is disabled, changes
    /// nothing at its values, or is not one that filters a layer's own rendering (a blend mode).
    /// Radii below 0 count as 0 (`kCIAttributeMin`).
    func groupFilter(pixelsPerUnit: CGFloat) -> GroupFilter? {
        guard isEnabled else { return nil }
        func f(_ key: String, _ fallback: Double) -> Float { Float(scalar(key, or: fallback)) }
        func v(_ key: String, _ fallback: [Double]) -> SIMD4<Float> {
            let values = vector(key, or: fallback) + [0, 0, 0, 0]
            return SIMD4(Float(values[0]), Float(values[1]), Float(values[2]), Float(values[3]))
        }
        let matrix: ColorMatrix
        switch kind {
        case "CIGaussianBlur":
            let sigma = max(0, f(kCIInputRadiusKey, 10)) * Float(pixelsPerUnit)
            return Double(sigma) >= BlurPlan.minimumSigma ? .blur(sigma: sigma) : nil
        case "CIBloom":
            let sigma = max(0, f(kCIInputRadiusKey, 10)) * Float(pixelsPerUnit)
            let intensity = f(kCIInputIntensityKey, 0.5)
            return Double(sigma) >= BlurPlan.minimumSigma && intensity != 0 ? .bloom(sigma: sigma, intensity: intensity) : nil
        case "CIVibrance":
            let amount = f(kCIInputAmountKey, 0)
            return amount != 0 ? .vibrance(amount: amount) : nil
        case "CIColorMatrix":
            matrix = .colorMatrix(red: v("inputRVector", [1, 0, 0, 0]), green: v("inputGVector", [0, 1, 0, 0]),
                                  blue: v("inputBVector", [0, 0, 1, 0]), alpha: v("inputAVector", [0, 0, 0, 1]),
                                  bias: v(kCIInputBiasVectorKey, [0, 0, 0, 0]))
        case "CIColorControls":
            matrix = .colorControls(saturation: f(kCIInputSaturationKey, 1), brightness: f(kCIInputBrightnessKey, 0),
                                    contrast: f(kCIInputContrastKey, 1))
        case "CIColorInvert":
            matrix = .colorInvert
        case "CISepiaTone":
            matrix = .sepiaTone(intensity: f(kCIInputIntensityKey, 1))
        case "CIColorMonochrome":
            let c = color(kCIInputColorKey, or: [0.6, 0.45, 0.3, 1])
            matrix = .colorMonochrome(color: SIMD4(Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3])),
                                      intensity: f(kCIInputIntensityKey, 1))
        case "CIExposureAdjust":
            matrix = .exposureAdjust(ev: f(kCIInputEVKey, 0.5))
        default:
            return nil
        }
        return matrix.isIdentity ? nil : .color(matrix)
    }

    /// How far the filter spreads a layer's rendering, in layer units: 3 times a blur's or a
    /// bloom's radius (clamped as the renderers clamp it at `pixelsPerUnit`).
    func reach(pixelsPerUnit: CGFloat) -> CGFloat {
        guard let step = groupFilter(pixelsPerUnit: pixelsPerUnit), pixelsPerUnit > 0 else { return 0 }
        return CGFloat(step.reach) / pixelsPerUnit
    }
}

extension LayerFilters {
    /// The steps of `filters` as the renderers apply them, consecutive colour steps composed
    /// into one matrix.
    package func groupFilters(pixelsPerUnit: CGFloat) -> [GroupFilter] {
        Self.steps(of: filters, pixelsPerUnit: pixelsPerUnit)
    }

    /// The steps of `backgroundFilters` as the renderers run them over the layer's backdrop
    /// (`BackdropFilter`), consecutive colour steps composed into one matrix.
    package func backdropFilters(pixelsPerUnit: CGFloat) -> [GroupFilter] {
        Self.steps(of: backgroundFilters, pixelsPerUnit: pixelsPerUnit)
    }

    /// The effective steps of `list`, consecutive colour steps composed into one matrix.
    private static func steps(of list: [LayerFilterState], pixelsPerUnit: CGFloat) -> [GroupFilter] {
        var steps: [GroupFilter] = []
        for step in list.compactMap({ $0.groupFilter(pixelsPerUnit: pixelsPerUnit) }) {
            if case .color(let next) = step, case .color(let previous)? = steps.last {
                steps[steps.count - 1] = .color(previous.then(next))
            } else {
                steps.append(step)
            }
        }
        return steps.filter { if case .color(let m) = $0 { !m.isIdentity } else { true } }
    }

    /// Whether `filters` change the layer's rendering at all (and so need a group).
    package var hasEffectiveFilters: Bool {
        filters.contains { $0.groupFilter(pixelsPerUnit: 1) != nil }
    }

    /// How far `filters` spread the layer's rendering, in layer units.
    package func reach(pixelsPerUnit: CGFloat) -> CGFloat {
        filters.reduce(0) { $0 + $1.reach(pixelsPerUnit: pixelsPerUnit) }
    }

    /// The blend mode the renderers composite the layer with for its `compositingFilter`, when
    /// it is one of the fixed-function ones: `CIAdditionCompositing` adds (`plusLighter`). Nil
    /// for none, for `CISourceOverCompositing` (the default) and for the blend modes drawn by
    /// formula (`compositingBlendFormula`).
    package var compositingBlendMode: BlendMode? {
        guard let filter = compositingFilter, filter.isEnabled else { return nil }
        return filter.kind == "CIAdditionCompositing" ? .plusLighter : nil
    }

    /// The formula the renderers blend the layer with what lies behind it for its
    /// `compositingFilter` (a `CI…BlendMode`, `CIMultiplyCompositing`); nil for none and for
    /// `CISourceOverCompositing` and `CIAdditionCompositing`.
    package var compositingBlendFormula: CGBlendMode? {
        guard let filter = compositingFilter, filter.isEnabled else { return nil }
        return CGBlendMode(compositingFilterName: filter.kind)
    }

    /// Whether drawing the layer reads what was drawn behind it: it has `backgroundFilters`, or
    /// its `compositingFilter` blends by formula.
    package var readsBackdrop: Bool { !backgroundFilters.isEmpty || compositingBlendFormula != nil }

    /// Whether the layer is composited other than source-over (and so needs a group).
    package var hasCompositingBlend: Bool { compositingBlendMode != nil || compositingBlendFormula != nil }
}
