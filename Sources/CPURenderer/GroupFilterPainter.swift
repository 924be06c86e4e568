import CompositorCore
import Foundation

/// The CPU execution of a `GroupFilter` step (a group's or a backdrop's), in place on the image.
enum GroupFilterPainter {
    /// Applies `filter` (one step of a group's or a backdrop's filters) to `image`
    /// (premultiplied RGBA8) in place, a blur reading `edges` beyond the image's edges.
    static func apply(_ filter: GroupFilter, to image: PixelBuffer, edges: BlurPlan.Edges = .transparent) {
        switch filter {
        case .color(let matrix):
            guard !matrix.isIdentity else { return }
            mapPixels(of: image) { matrix.transformPremultiplied($0) }
        case .vibrance(let amount):
            mapPixels(of: image) { p in
                guard p.w > 0 else { return p }
                let straight = SIMD3(p.x, p.y, p.z) / p.w
                let out = GroupFilter.vibrance(straight, amount: amount) * p.w
                return SIMD4(out.x, out.y, out.z, p.w)
            }
        case .blur(let sigma):
            let planes = blurredPlanes(of: image, sigma: GroupFilter.renderedSigma(sigma), edges: edges)
            store(planes, into: image) { _, blurred in blurred }
        case .bloom(let sigma, let intensity):
            let planes = blurredPlanes(of: image, sigma: GroupFilter.renderedSigma(sigma), edges: edges)
            store(planes, into: image) { original, blurred in
                let sum = (original + intensity * blurred).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                // Premultiplied colour never exceeds its alpha.
                return SIMD4(min(sum.x, sum.w), min(sum.y, sum.w), min(sum.z, sum.w), sum.w)
            }
        }
    }

    /// Replaces each pixel (premultiplied, 0...1) by `transform` of it.
    private static func mapPixels(of image: PixelBuffer, _ transform: (SIMD4<Float>) -> SIMD4<Float>) {
        for i in 0..<(image.width * image.height) {
            image.pixels[i] = packPixel(transform(unpack(image.pixels[i])))
        }
    }

    /// The premultiplied colour of an RGBA8 pixel, 0...1.
    @inline(__always) static func unpack(_ pixel: UInt32) -> SIMD4<Float> {
        SIMD4(Float(pixel & 0xFF), Float(pixel >> 8 & 0xFF), Float(pixel >> 16 & 0xFF), Float(pixel >> 24)) / 255
    }

    /// Each channel of `image` blurred by a `BlurPlan` of `sigma`, resampled back onto the
    /// image's pixels (bilinear from the plan's possibly halved result), 0...255.
    private static func blurredPlanes(of image: PixelBuffer, sigma: Float, edges: BlurPlan.Edges) -> [[Float]] {
        let (w, h) = (image.width, image.height)
        let plan = BlurPlan(sigma: Double(sigma), contentWidth: w, contentHeight: h, edges: edges)
        return (0..<4).map { channel in
            let shift = UInt32(channel * 8)
            var plane = [Float](repeating: 0, count: w * h)
            for i in 0..<(w * h) { plane[i] = Float(image.pixels[i] >> shift & 0xFF) }
            guard !plan.isIdentity else { return plane }
            let blurred = plan.blurredAlpha(plane, width: w, height: h)
            return resample(blurred, plan: plan, width: w, height: h)
        }
    }

    /// The plan's result (covering `coveredRect`) sampled bilinearly at the centres of the
    /// content's `width` x `height` pixels.
    private static func resample(_ blurred: [Float], plan: BlurPlan, width: Int, height: Int) -> [Float] {
        let scale = Float(plan.downsample), pad = Float(plan.padding)
        let (bw, bh) = (plan.width, plan.height)
        func at(_ x: Int, _ y: Int) -> Float {
            blurred[min(max(y, 0), bh - 1) * bw + min(max(x, 0), bw - 1)]
        }
        var out = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let fy = (Float(y) + 0.5 + pad) / scale - 0.5
            let y0 = Int(fy.rounded(.down)), ty = fy - Float(y0)
            for x in 0..<width {
                let fx = (Float(x) + 0.5 + pad) / scale - 0.5
                let x0 = Int(fx.rounded(.down)), tx = fx - Float(x0)
                let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
                let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
                out[y * width + x] = top * (1 - ty) + bottom * ty
            }
        }
        return out
    }

    /// Writes `combine(original, blurred)` (premultiplied, 0...1) into every pixel.
    private static func store(_ planes: [[Float]], into image: PixelBuffer,
                              _ combine: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>) {
        for i in 0..<(image.width * image.height) {
            let blurred = SIMD4(planes[0][i], planes[1][i], planes[2][i], planes[3][i]) / 255
            image.pixels[i] = packPixel(combine(unpack(image.pixels[i]), blurred))
        }
    }
}
