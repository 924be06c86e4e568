import Foundation

/// A rounded rectangle convolved with an isotropic Gaussian, evaluated as the GLES quad shader
/// does (`blurredRoundedRect` in quad.frag.glsl): the y integral is cut into four slices across
/// the ±3σ window, each weighted by its exact Gaussian mass, and each slice's x integral is exact
/// for the row through its middle, whose extent the corners shorten. A plain rect is exact (a
/// product of two error-function differences).
///
/// Both renderers draw shadows from masks this evaluates (`ShadowMask`); the CPU renderer also
/// evaluates it per pixel where no mask applies (perspective, or a blur under two pixels).
public struct BlurredRoundedRect: Sendable {
    /// The rectangle's edges, in local units.
    public var minX: Float, minY: Float, maxX: Float, maxY: Float
    /// Capped radii: minX/minY, maxX/minY, maxX/maxY, minX/maxY.
    public var radii: SIMD4<Float>
    /// The Gaussian's standard deviation, in local units.
    public var sigma: Float
    /// How far beyond the rect the blur is drawn: three standard deviations.
    public var reach: Float { 3 * sigma }
    /// The four slices' left and right ends when the window spans the whole rect (points within
    /// 3σ of both its top and its bottom): the same for every such point.
    private var wholeLeft = SIMD4<Float>(), wholeRight = SIMD4<Float>()

    /// The rect from `minX`...`maxX` by `minY`...`maxY` with radii `r` (capped at half the
    /// shorter side) blurred with `sigma`.
    public init(minX: Float, minY: Float, maxX: Float, maxY: Float, radii r: SIMD4<Float>, sigma: Float) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY; self.sigma = max(sigma, 1e-6)
        let cap = max(min(maxX - minX, maxY - minY) * 0.5, 0)
        radii = SIMD4(min(r.x, cap), min(r.y, cap), min(r.z, cap), min(r.w, cap))
        let h = 0.25 * (maxY - minY)
        let middles = minY + h * Lanes(0.5, 1.5, 2.5, 3.5, 0.5, 0.5, 0.5, 0.5)
        let left = minX + sideInset(middle: middles, top: radii.x, bottom: radii.w)
        let right = maxX - sideInset(middle: middles, top: radii.y, bottom: radii.z)
        wholeLeft = left.lowHalf; wholeRight = right.lowHalf
    }

    /// The standard deviation the shader blurs with: the blur's own widened by the pixel's
    /// footprint (a box of standard deviation about 0.3 pixel).
    public static func effectiveSigma(_ sigma: Float, unitsPerPixel: Float) -> Float {
        let footprint = 0.3 * unitsPerPixel
        return (sigma * sigma + footprint * footprint).squareRoot()
    }

    /// The blurred coverage (0...1) at eight local points; zero beyond `reach` of the rect.
    /// Not inlined: one call per eight pixels keeps the shader small. The helpers it calls are
    /// `@_transparent` because the optimiser left `@inline(__always)` ones as calls in a body
    /// this large, passing every eight-lane vector through memory.
    @inline(never)
    public func coverage(x: SIMD8<Float>, y: SIMD8<Float>) -> SIMD8<Float> {
        let k = 1 / (sigma * Float(2).squareRoot())
        let inside = (x .>= minX - reach) .& (x .<= maxX + reach) .& (y .>= minY - reach) .& (y .<= maxY + reach)
        // erf at the rect's top and bottom, relative to each point.
        let top = erfLanes((minY - y) * k), bottom = erfLanes((maxY - y) * k)
        // The plain rect's coverage: a product of two error-function differences.
        func product() -> Lanes { 0.25 * (erfLanes((maxX - x) * k) - erfLanes((minX - x) * k)) * (bottom - top) }
        var value: Lanes
        if radii == .zero {
            value = product()
        } else {
            // The window's four slices, max(minY, y − 3σ) ... min(maxY, y + 3σ).
            let y0 = lanesMax(y - reach, Lanes(repeating: minY)), y1 = lanesMin(y + reach, Lanes(repeating: maxY))
            let h = 0.25 * (y1 - y0)
            // Where every slice's middle lies beside no corner, each slice spans the whole width
            // and the sum is the product above; elsewhere the slices are summed.
            let topBand = max(radii.x, radii.y), bottomBand = max(radii.z, radii.w)
            let straight = (y0 + 0.5 * h .>= Lanes(repeating: minY + topBand)) .& (y1 - 0.5 * h .<= Lanes(repeating: maxY - bottomBand))
            value = anyLane(straight) ? product() : Lanes(repeating: 0)
            if anyLane(.!straight) {
                // Slice boundaries: the outer slices reach the rect's edges.
                let e1 = erfLanes((y0 + h - y) * k), e2 = erfLanes((y0 + 2 * h - y) * k), e3 = erfLanes((y0 + 3 * h - y) * k)
                var sum: Lanes
                if allLanes((y - reach .<= Lanes(repeating: minY)) .& (y + reach .>= Lanes(repeating: maxY))) {
                    // Every window spans the whole rect: the slices and their ends are the rect's own.
                    sum = (e1 - top) * sliceBetween(x: x, wholeLeft.x, wholeRight.x, k: k)
                    sum += (e2 - e1) * sliceBetween(x: x, wholeLeft.y, wholeRight.y, k: k)
                    sum += (e3 - e2) * sliceBetween(x: x, wholeLeft.z, wholeRight.z, k: k)
                    sum += (bottom - e3) * sliceBetween(x: x, wholeLeft.w, wholeRight.w, k: k)
                } else {
                    sum = (e1 - top) * sliceAcross(x: x, middle: y0 + 0.5 * h, k: k)
                    sum += (e2 - e1) * sliceAcross(x: x, middle: y0 + 1.5 * h, k: k)
                    sum += (e3 - e2) * sliceAcross(x: x, middle: y0 + 2.5 * h, k: k)
                    sum += (bottom - e3) * sliceAcross(x: x, middle: y0 + 3.5 * h, k: k)
                }
                value = value.replacing(with: 0.5 * sum, where: .!straight)
            }
            value = value.replacing(with: 0, where: y1 .<= y0)
        }
        return lanesClamp01(value).replacing(with: 0, where: .!inside)
    }

    /// The x integral (0...1) of the slice through `middle`, whose ends the corners pull in.
    @_transparent
    private func sliceAcross(x: Lanes, middle: Lanes, k: Float) -> Lanes {
        let leftInset = sideInset(middle: middle, top: radii.x, bottom: radii.w)
        let rightInset = radii == SIMD4(repeating: radii.x) ? leftInset : sideInset(middle: middle, top: radii.y, bottom: radii.z)
        let left = minX + leftInset, right = maxX - rightInset
        return lanesMax(0.5 * (erfLanes((right - x) * k) - erfLanes((left - x) * k)), Lanes(repeating: 0))
    }

    /// The x integral (0...1) of a slice from `left` to `right`.
    @_transparent
    private func sliceBetween(x: Lanes, _ left: Float, _ right: Float, k: Float) -> Lanes {
        lanesMax(0.5 * (erfLanes((right - x) * k) - erfLanes((left - x) * k)), Lanes(repeating: 0))
    }

    /// How far the corners of radii `top` and `bottom` on one side pull it in at `middle`: the
    /// larger of the two insets, one square root when the radii are equal (the inset grows with
    /// the depth, so the larger depth gives the larger inset).
    @_transparent
    private func sideInset(middle: Lanes, top: Float, bottom: Float) -> Lanes {
        let topDepth = minY + top - middle, bottomDepth = middle - (maxY - bottom)
        if top == bottom { return cornerInset(lanesMax(topDepth, bottomDepth), top) }
        return lanesMax(cornerInset(topDepth, top), cornerInset(bottomDepth, bottom))
    }
}

/// How far a corner of radius `r` pulls a rounded rect's side in at `depth` into the corner's
/// band (0 at the band's inner end, `r` at the rect's edge).
@_transparent private func cornerInset(_ depth: Lanes, _ r: Float) -> Lanes {
    let d = lanesMin(lanesMax(depth, Lanes(repeating: 0)), Lanes(repeating: r))
    return r - lanesSquareRoot(r * r - d * d)
}

/// The error function, Abramowitz and Stegun 7.1.28 (absolute error below 3e-7; 2.3e-5 at and
/// beyond ±3), without exp.
@_transparent private func erfLanes(_ x: Lanes) -> Lanes {
    let t = lanesAbs(x)
    // Beyond 3 the function is ±1 within 2.3e-5 (a hundredth of a byte): far from a blurred
    // edge, eight points often all are.
    if allLanes(t .>= 3) { return Lanes(repeating: 1).replacing(with: -1, where: x .< 0) }
    let a1: Float = 0.070_523_078_4, a2: Float = 0.042_282_012_3, a3: Float = 0.009_270_527_2
    let a4: Float = 0.000_152_014_3, a5: Float = 0.000_276_567_2, a6: Float = 0.000_043_063_8
    var p: Lanes = t * a6 + a5
    p = p * t + a4
    p = p * t + a3
    p = p * t + a2
    p = p * t + a1
    p = p * t + 1
    p *= p; p *= p; p *= p; p *= p
    let magnitude = 1 - 1 / p
    return magnitude.replacing(with: -magnitude, where: x .< 0)
}
