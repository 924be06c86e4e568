import Foundation

/// A rounded rectangle convolved with an isotropic Gaussian: the closed form of a blurred
/// rect's coverage (a product of error functions) and, with rounded corners, the same
/// convolution integrated over y by quadrature with the exact error-function integral in x
/// across each horizontal slice of the rounded rectangle.
struct BlurredRoundedRect {
    var minX: Float, minY: Float, maxX: Float, maxY: Float
    /// Capped radii: minX/minY, maxX/minY, maxX/maxY, minX/maxY.
    var radii: SIMD4<Float>
    var sigma: Float
    /// How far beyond the rect the blur is drawn: three standard deviations.
    var reach: Float { 3 * sigma }

    init(minX: Float, minY: Float, maxX: Float, maxY: Float, radii r: SIMD4<Float>, sigma: Float) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY; self.sigma = max(sigma, 1e-6)
        let cap = max(min(maxX - minX, maxY - minY) * 0.5, 0)
        radii = SIMD4(min(r.x, cap), min(r.y, cap), min(r.z, cap), min(r.w, cap))
    }

    /// Samples of the y integral for rounded corners.
    private static let quadratureSamples = 16

    /// The blurred coverage (0...1) at eight local points; zero beyond `reach` of the rect.
    @inline(__always)
    func coverage(x: Lanes, y: Lanes) -> Lanes {
        let scale = 1 / (sigma * Float(2).squareRoot())
        let inside = (x .>= minX - reach) .& (x .<= maxX + reach) .& (y .>= minY - reach) .& (y .<= maxY + reach)
        let value: Lanes
        if radii == .zero {
            let across = erfLanes((x - minX) * scale) - erfLanes((x - maxX) * scale)
            let down = erfLanes((y - minY) * scale) - erfLanes((y - maxY) * scale)
            value = 0.25 * across * down
        } else {
            value = roundedCoverage(x: x, y: y, scale: scale)
        }
        return lanesClamp01(value).replacing(with: 0, where: .!inside)
    }

    /// ∫ G(s) · (coverage in x of the slice at height y − s) ds over the part of s where the
    /// slice exists, by the midpoint rule.
    @inline(__always)
    private func roundedCoverage(x: Lanes, y: Lanes, scale: Float) -> Lanes {
        let low = lanesMax(y - maxY, Lanes(repeating: -reach)), high = lanesMin(y - minY, Lanes(repeating: reach))
        let n = Self.quadratureSamples
        let step = (high - low) / Float(n)
        let gaussian = 1 / (sigma * Float(2 * Double.pi).squareRoot())
        var sum = Lanes(repeating: 0)
        for k in 0..<n {
            let s = low + step * (Float(k) + 0.5)
            let sliceY = y - s
            let (left, right) = sliceExtent(at: sliceY)
            let inX = 0.5 * (erfLanes((x - left) * scale) - erfLanes((x - right) * scale))
            let weight = expLanes(-0.5 * (s * s) / (sigma * sigma)) * gaussian
            sum += weight * inX * step
        }
        return sum.replacing(with: 0, where: high .<= low)
    }

    /// The left and right ends of the rounded rect's horizontal slice at height `y` (inside minY...maxY).
    @inline(__always)
    private func sliceExtent(at y: Lanes) -> (Lanes, Lanes) {
        func inset(_ radius: Float, _ dy: Lanes) -> Lanes {
            // dy: distance into the corner's square from its straight edge (positive inside the corner).
            let d = lanesClamp01(dy / max(radius, 1e-6)) * radius
            return radius - (lanesMax(radius * radius - d * d, Lanes(repeating: 0))).squareRoot()
        }
        let topLeft = inset(radii.x, minY + radii.x - y), bottomLeft = inset(radii.w, y - (maxY - radii.w))
        let topRight = inset(radii.y, minY + radii.y - y), bottomRight = inset(radii.z, y - (maxY - radii.z))
        return (minX + lanesMax(topLeft, bottomLeft), maxX - lanesMax(topRight, bottomRight))
    }
}

/// The error function, Abramowitz and Stegun 7.1.28 (absolute error below 3e-7), without exp.
@inline(__always) func erfLanes(_ x: Lanes) -> Lanes {
    let t = lanesAbs(x)
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

/// e^x for moderate negative x (the Gaussian weights), lane by lane.
@inline(__always) func expLanes(_ x: Lanes) -> Lanes {
    var out = Lanes()
    for lane in 0..<8 { out[lane] = Foundation.exp(x[lane]) }
    return out
}
