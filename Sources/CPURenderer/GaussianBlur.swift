import CompositorCore
import Foundation

/// The CPU execution of a `BlurPlan`: the shadow of an image, its alpha halved by 2x2 box
/// averages the plan's number of times, blurred by the plan's separable Gaussian and tinted.
enum GaussianBlur {
    /// `color` (premultiplied) times the alpha of `source` blurred by `plan`: an image of
    /// `plan.width` x `plan.height` pixels covering `plan.coveredRect` of the source's pixel space.
    static func shadow(of source: PixelBuffer, plan: BlurPlan, color: SIMD4<Float>) -> PixelBuffer {
        let plane = plan.levelSizes.dropFirst().reduce(AlphaPlane(source, padding: plan.padding)) { $0.halved(to: $1) }
        let weights = plan.weights, radius = plan.radius
        let width = plan.width, height = plan.height, pad = plane.padding
        let planeWidth = plane.width, planeHeight = plane.height
        // Horizontal pass: the plane's rows into rows of the blurred image's width.
        var across = [Float](repeating: 0, count: width * planeHeight)
        across.withUnsafeMutableBufferPointer { out in
            let rows = SharedPointer(out.baseAddress!)
            plane.values.withUnsafeBufferPointer { input in
                let values = SharedPointer(input.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: planeHeight) { y in
                    let row = values.pointer + y * planeWidth, target = rows.pointer + y * width
                    for x in 0..<width {
                        let centre = x - pad
                        let lo = max(0, centre - radius), hi = min(planeWidth - 1, centre + radius)
                        guard lo <= hi else { continue }
                        var sum: Float = 0
                        for sx in lo...hi { sum += weights[abs(sx - centre)] * row[sx] }
                        target[x] = sum
                    }
                }
            }
        }
        // Vertical pass into the tinted result.
        let out = PixelBuffer(width: width, height: height)
        let tint = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)) / 255
        across.withUnsafeBufferPointer { input in
            let columns = SharedPointer(input.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: height) { y in
                let row = out.row(y), centre = y - pad
                let lo = max(0, centre - radius), hi = min(planeHeight - 1, centre + radius)
                guard lo <= hi else { return }
                for x in 0..<width {
                    var sum: Float = 0
                    for sy in lo...hi { sum += weights[abs(sy - centre)] * columns.pointer[sy * width + x] }
                    row[x] = packPixel(tint * sum)
                }
            }
        }
        return out
    }
}

/// An image's alpha (0...255) as floats, `padding` transparent pixels in from the top-left of
/// the padded space the plan's levels divide.
private struct AlphaPlane {
    var width: Int, height: Int
    var padding: Int
    var values: [Float]

    init(_ source: PixelBuffer, padding: Int) {
        width = source.width; height = source.height
        self.padding = padding
        values = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = source.row(y)
            for x in 0..<width { values[y * width + x] = Float(row[x] >> 24) }
        }
    }

    private init(width: Int, height: Int, values: [Float]) {
        self.width = width; self.height = height
        padding = 0
        self.values = values
    }

    /// The plane at half resolution, `size` pixels of the padded space: each pixel the average of
    /// the 2x2 pixels below it (those outside the image transparent).
    func halved(to size: BlurPlan.PixelSize) -> AlphaPlane {
        var out = [Float](repeating: 0, count: size.width * size.height)
        let (w, h, pad) = (width, height, padding)
        values.withUnsafeBufferPointer { input in
            let source = SharedPointer(input.baseAddress!)
            out.withUnsafeMutableBufferPointer { output in
                let target = SharedPointer(output.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: size.height) { y in
                    for x in 0..<size.width {
                        var sum: Float = 0
                        for sy in (2 * y - pad)...(2 * y + 1 - pad) where sy >= 0 && sy < h {
                            for sx in (2 * x - pad)...(2 * x + 1 - pad) where sx >= 0 && sx < w {
                                sum += source.pointer[sy * w + sx]
                            }
                        }
                        target.pointer[y * size.width + x] = sum * 0.25
                    }
                }
            }
        }
        return AlphaPlane(width: size.width, height: size.height, values: out)
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
