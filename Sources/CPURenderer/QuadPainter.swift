import CompositorCore
import Foundation

/// Paints prepared quads into rows of a pixel buffer: per row it solves the span the quad may
/// touch and the span it surely covers, evaluates the shader only between the two, and fills
/// the covered span directly (a plain store when it is opaque).
struct QuadPainter {
    let clips: UnsafeBufferPointer<PreparedClip>
    var shader: QuadShader { QuadShader(clips: clips) }

    /// Paints `quad` over columns `x0..<x1` of row `y`, whose first pixel is `row`.
    @inline(__always)
    func paint(_ q: PreparedQuad, row y: Int, from x0: Int, to x1: Int, into row: UnsafeMutablePointer<UInt32>) {
        var (lower, upper) = q.outer.span(row: y, from: max(x0, q.bounds.0), to: min(x1, q.bounds.2))
        var index = q.clip, depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth && lower < upper {
            (lower, upper) = clips[Int(index)].outer.span(row: y, from: lower, to: upper)
            index = clips[Int(index)].parent; depth += 1
        }
        guard lower < upper else { return }
        var (innerLower, innerUpper) = q.inner.span(row: y, from: lower, to: upper)
        index = q.clip; depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth && innerLower < innerUpper {
            (innerLower, innerUpper) = clips[Int(index)].inner.span(row: y, from: innerLower, to: innerUpper)
            index = clips[Int(index)].parent; depth += 1
        }
        guard innerLower < innerUpper else {
            shadeSpan(q, y: y, from: lower, to: upper, row: row, interior: false)
            return
        }
        shadeSpan(q, y: y, from: lower, to: innerLower, row: row, interior: false)
        if q.texture == nil {
            fillSpan(q, from: innerLower, to: innerUpper, row: row)
        } else {
            shadeSpan(q, y: y, from: innerLower, to: innerUpper, row: row, interior: true)
        }
        shadeSpan(q, y: y, from: innerUpper, to: upper, row: row, interior: false)
    }

    /// Evaluates the shader over `x0..<x1` and blends the result.
    @inline(__always)
    private func shadeSpan(_ q: PreparedQuad, y: Int, from x0: Int, to x1: Int,
                           row: UnsafeMutablePointer<UInt32>, interior: Bool) {
        var x = x0
        while x < x1 {
            let count = min(8, x1 - x)
            let color = shader.shade(q, column: x, row: y, interior: interior)
            blendChunk(color, into: row + x, count: count)
            x += 8
        }
    }

    /// The interior of an untextured quad: one colour, stored or blended.
    @inline(__always)
    private func fillSpan(_ q: PreparedQuad, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>) {
        guard x1 > x0 else { return }
        if q.interiorIsOpaque {
            (row + x0).update(repeating: q.interiorPixel, count: x1 - x0)
            return
        }
        guard q.interiorColor.w > 0 || q.interiorColor.x > 0 || q.interiorColor.y > 0 || q.interiorColor.z > 0 else { return }
        let color = LaneColor(q.interiorColor)
        var x = x0
        while x < x1 {
            blendChunk(color, into: row + x, count: min(8, x1 - x))
            x += 8
        }
    }
}

/// Blends eight source pixels over the first `count` (1...8) pixels at `pointer`.
@inline(__always)
func blendChunk(_ color: LaneColor, into pointer: UnsafeMutablePointer<UInt32>, count: Int) {
    if count == 8 {
        let destination = UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<UInt32>.self)
        UnsafeMutableRawPointer(pointer).storeBytes(of: blendPixels(color, over: destination), as: SIMD8<UInt32>.self)
        return
    }
    var destination = SIMD8<UInt32>()
    for i in 0..<count { destination[i] = pointer[i] }
    let out = blendPixels(color, over: destination)
    for i in 0..<count { pointer[i] = out[i] }
}
