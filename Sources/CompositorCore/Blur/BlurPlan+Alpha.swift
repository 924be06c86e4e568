import Dispatch
import Foundation

extension BlurPlan {
    /// Runs the plan on the CPU over an alpha plane: `alpha` (`width` x `height` values,
    /// 0...255, row by row) halved by 2x2 box averages the plan's number of times, then blurred by
    /// its separable Gaussian. Returns `self.width` x `self.height` values covering `coveredRect`.
    /// The CPU renderer's group shadows and the shadow masks of paths both blur this way.
    public func blurredAlpha(_ alpha: [Float], width: Int, height: Int) -> [Float] {
        var plane = AlphaPlane(values: alpha, width: width, height: height, padding: padding,
                               duplicatesEdges: edges == .duplicated)
        for size in levelSizes.dropFirst() { plane = plane.halved(to: size) }
        return plane.blurred(weights: weights, into: PixelSize(width: self.width, height: self.height))
    }
}

/// An alpha plane, `padding` transparent pixels in from the top-left of the padded space the
/// plan's levels divide (0 once halved: a level covers the padded space exactly). Beyond its
/// edges lie transparent pixels, or copies of the edge pixels when `duplicatesEdges`.
private struct AlphaPlane {
    var values: [Float]
    var width: Int, height: Int
    var padding: Int
    var duplicatesEdges = false

    /// The plane at half resolution, `size` pixels of the padded space: each pixel the average of
    /// the 2x2 pixels below it (those outside the plane transparent).
    func halved(to size: BlurPlan.PixelSize) -> AlphaPlane {
        var out = [Float](repeating: 0, count: size.width * size.height)
        let (w, h, pad, duplicates) = (width, height, padding, duplicatesEdges)
        values.withUnsafeBufferPointer { input in
            let source = SharedBuffer(input.baseAddress!)
            out.withUnsafeMutableBufferPointer { output in
                let target = SharedBuffer(output.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: size.height) { y in
                    for x in 0..<size.width {
                        var sum: Float = 0
                        for row in (2 * y - pad)...(2 * y + 1 - pad) {
                            let sy = duplicates ? min(max(row, 0), h - 1) : row
                            guard sy >= 0 && sy < h else { continue }
                            for column in (2 * x - pad)...(2 * x + 1 - pad) {
                                let sx = duplicates ? min(max(column, 0), w - 1) : column
                                guard sx >= 0 && sx < w else { continue }
                                sum += source.pointer[sy * w + sx]
                            }
                        }
                        target.pointer[y * size.width + x] = sum * 0.25
                    }
                }
            }
        }
        return AlphaPlane(values: out, width: size.width, height: size.height, padding: 0, duplicatesEdges: duplicates)
    }

    /// The separable Gaussian of `weights` (by tap distance) over the plane, into `size` values.
    func blurred(weights: [Float], into size: BlurPlan.PixelSize) -> [Float] {
        let radius = weights.count - 1, pad = padding, duplicates = duplicatesEdges
        let (planeWidth, planeHeight, width, height) = (width, height, size.width, size.height)
        // Horizontal pass: the plane's rows into rows of the blurred image's width.
        var across = [Float](repeating: 0, count: width * planeHeight)
        across.withUnsafeMutableBufferPointer { out in
            let rows = SharedBuffer(out.baseAddress!)
            values.withUnsafeBufferPointer { input in
                let source = SharedBuffer(input.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: planeHeight) { y in
                    let row = source.pointer + y * planeWidth, target = rows.pointer + y * width
                    for x in 0..<width {
                        let centre = x - pad
                        var sum: Float = 0
                        if duplicates {
                            for sx in (centre - radius)...(centre + radius) {
                                sum += weights[abs(sx - centre)] * row[min(max(sx, 0), planeWidth - 1)]
                            }
                        } else {
                            let lo = max(0, centre - radius), hi = min(planeWidth - 1, centre + radius)
                            guard lo <= hi else { continue }
                            for sx in lo...hi { sum += weights[abs(sx - centre)] * row[sx] }
                        }
                        target[x] = sum
                    }
                }
            }
        }
        // Vertical pass.
        var result = [Float](repeating: 0, count: width * height)
        result.withUnsafeMutableBufferPointer { out in
            let target = SharedBuffer(out.baseAddress!)
            across.withUnsafeBufferPointer { input in
                let columns = SharedBuffer(input.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: height) { y in
                    let centre = y - pad
                    let lo = duplicates ? centre - radius : max(0, centre - radius)
                    let hi = duplicates ? centre + radius : min(planeHeight - 1, centre + radius)
                    guard lo <= hi else { return }
                    for x in 0..<width {
                        var sum: Float = 0
                        for sy in lo...hi {
                            sum += weights[abs(sy - centre)] * columns.pointer[min(max(sy, 0), planeHeight - 1) * width + x]
                        }
                        target.pointer[y * width + x] = sum
                    }
                }
            }
        }
        return result
    }
}

/// Memory shared by the iterations of one parallel loop, each writing only its own rows and
/// reading only what no iteration writes (no race, though the compiler cannot prove it).
private struct SharedBuffer<Element>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Element>
    init(_ pointer: UnsafeMutablePointer<Element>) { self.pointer = pointer }
    init(_ pointer: UnsafePointer<Element>) { self.pointer = UnsafeMutablePointer(mutating: pointer) }
}
