import Foundation

/// The shadow of an image: its alpha blurred by a separable Gaussian, tinted, in a larger image
/// with `padding` pixels on every side so that nothing of the blur is cut.
enum GaussianBlur {
    /// The padding a blur of `sigma` needs: three standard deviations, whole pixels.
    static func padding(sigma: Float) -> Int { sigma > 0 ? Int((3 * sigma).rounded(.up)) : 0 }

    /// Normalised weights of the kernel from -radius to radius.
    static func kernel(sigma: Float) -> [Float] {
        let radius = padding(sigma: sigma)
        guard radius > 0 else { return [1] }
        var weights = (-radius...radius).map { expf(-0.5 * Float($0 * $0) / (sigma * sigma)) }
        let total = weights.reduce(0, +)
        for i in weights.indices { weights[i] /= total }
        return weights
    }

    /// `color` (premultiplied) times the blurred alpha of `source`, `padding(sigma:)` pixels larger on each side.
    static func shadow(of source: PixelBuffer, sigma: Float, color: SIMD4<Float>) -> PixelBuffer {
        let pad = padding(sigma: sigma), weights = kernel(sigma: sigma), radius = weights.count / 2
        let width = source.width + 2 * pad, height = source.height + 2 * pad
        // Horizontal pass: source rows into padded-width rows of floats.
        var across = [Float](repeating: 0, count: width * source.height)
        across.withUnsafeMutableBufferPointer { out in
            let rows = SharedPointer(out.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: source.height) { y in
                let row = source.row(y), target = rows.pointer + y * width
                for x in 0..<width {
                    var sum: Float = 0
                    let lo = max(0, x - pad - radius), hi = min(source.width - 1, x - pad + radius)
                    if lo <= hi {
                        for sx in lo...hi { sum += weights[sx - (x - pad) + radius] * Float(row[sx] >> 24) }
                    }
                    target[x] = sum
                }
            }
        }
        // Vertical pass into the tinted result.
        let out = PixelBuffer(width: width, height: height)
        let tint = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) / 255
        across.withUnsafeBufferPointer { input in
            let columns = SharedPointer(input.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: height) { y in
                let row = out.row(y)
                let lo = max(0, y - pad - radius), hi = min(source.height - 1, y - pad + radius)
                guard lo <= hi else { return }
                for x in 0..<width {
                    var sum: Float = 0
                    for sy in lo...hi { sum += weights[sy - (y - pad) + radius] * columns.pointer[sy * width + x] }
                    row[x] = packPixel(tint * sum)
                }
            }
        }
        return out
    }
}

/// Memory shared by the threads of one parallel loop. Each iteration writes only its own part
/// (rows of a band) and reads only what no iteration writes, so there is no race, although
/// the compiler cannot prove it: hence `@unchecked Sendable`.
struct SharedPointer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
    init(_ pointer: UnsafeMutablePointer<Element>) { self.pointer = pointer }
    init(_ pointer: UnsafePointer<Element>) { self.pointer = UnsafeMutablePointer(mutating: pointer) }
}
