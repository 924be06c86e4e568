import CompositorCore
import CPURendererKernels
import Foundation

/// Paints prepared quads into rows of a pixel buffer: per row it solves the span the quad may
/// touch and the span it surely covers, evaluates the shader only between the two, and fills
/// the covered span directly (a plain store when it is opaque).
struct QuadPainter {
    let clips: UnsafeBufferPointer<PreparedClip>
    /// The pixels in a row: a short run of eight near a row's end may read and rewrite pixels
    /// beyond the span (unchanged), never beyond the row.
    let rowWidth: Int
    var shader: QuadShader { QuadShader(clips: clips) }

    /// Paints `quad` over columns `x0..<x1` of rows `rows` of `buffer`.
    @inline(__always)
    func paint(_ quad: UnsafePointer<PreparedQuad>, rows: Range<Int>, from x0: Int, to x1: Int, into buffer: PixelBuffer) {
        if let sprite = quad.pointee.sprite {
            // The sprite's sampling is copied out of the quad once, not for every row, and so are
            // its form for the AVX2 kernel and the columns it may touch.
            let b = quad.pointee.bounds
            let lower = x0 > b.0 ? x0 : b.0, upper = x1 < b.2 ? x1 : b.2
            if sprite.hardEdges {
                paintHardEdged(sprite, inverse: quad.pointee.preciseInverse, rows: rows, from: lower, to: upper, into: buffer)
            } else if var wide = sprite.wideKernel(quad.pointee.preciseInverse) {
                withUnsafePointer(to: &wide) { wide in
                    for y in rows { paintSprite(quad, sprite, wide: wide, row: y, from: lower, to: upper, into: buffer.row(y)) }
                }
            } else {
                for y in rows { paintSprite(quad, sprite, wide: nil, row: y, from: lower, to: upper, into: buffer.row(y)) }
            }
        } else {
            for y in rows { paint(quad, row: y, from: x0, to: x1, into: buffer.row(y)) }
        }
    }

    /// Paints the lean `sprite` over columns `x0..<x1` of rows `rows` of `buffer`: the pixels a
    /// `PreparedQuad` of the same quad paints. Not inlined into the band loop, whose general
    /// quads' code it would otherwise crowd (a call per sprite and band costs less). Where the
    /// AVX2 kernel paints it, its rows are solved and painted in one call that reads the sprite's
    /// row bounds where they lie (copying its sampling cost about as much as solving its rows).
    @inline(never)
    func paint(_ sprite: UnsafePointer<PreparedSprite>, rows: Range<Int>, from x0: Int, to x1: Int, into buffer: PixelBuffer) {
        let b = sprite.pointee.bounds
        let lower = x0 > b.0 ? x0 : b.0, upper = x1 < b.2 ? x1 : b.2
        if var wide = sprite.pointee.sampling.wideKernel(sprite.pointee.inverse) {
            let bounds = UnsafeRawPointer(sprite) + spriteRowBoundsOffset
            paintWideRegion(&wide, bounds: bounds.assumingMemoryBound(to: RowBounds.self), rows: rows, from: lower, to: upper, into: buffer)
            return
        }
        paintHardEdged(sprite.pointee.sampling, inverse: sprite.pointee.inverse, rows: rows, from: lower, to: upper, into: buffer)
    }

    /// A hard-edged sprite over columns `x0..<x1` (within its bounds) of rows `rows`: every pixel
    /// of its region the rect covers, with integer maths (`SpriteSampling.paint`), all the rows
    /// in one call of the AVX2 kernel where it applies.
    @inline(__always)
    private func paintHardEdged(_ sprite: borrowing SpriteSampling, inverse: Homography, rows: Range<Int>, from x0: Int, to x1: Int,
                                into buffer: PixelBuffer) {
        if var wide = sprite.wideKernel(inverse) {
            withUnsafePointer(to: sprite.rows) { paintWideRegion(&wide, bounds: $0, rows: rows, from: x0, to: x1, into: buffer) }
            return
        }
        for y in rows {
            let (lower, upper) = sprite.rows.span(row: y, from: x0, to: x1)
            guard lower < upper else { continue }
            sprite.paint(inverse, wide: nil, row: y, from: lower, to: upper, into: buffer.row(y), rowWidth: rowWidth)
        }
    }

    /// Paints `quad`, which is not a sprite, over columns `x0..<x1` of row `y`, whose first pixel is `row`.
    @inline(__always)
    func paint(_ quad: UnsafePointer<PreparedQuad>, row y: Int, from x0: Int, to x1: Int, into row: UnsafeMutablePointer<UInt32>) {
        var (lower, upper) = quad.pointee.outer.span(row: y, from: max(x0, quad.pointee.bounds.0), to: min(x1, quad.pointee.bounds.2))
        var index = quad.pointee.clip, depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth && lower < upper {
            (lower, upper) = (clips.baseAddress! + Int(index)).pointee.outer.span(row: y, from: lower, to: upper)
            index = (clips.baseAddress! + Int(index)).pointee.parent; depth += 1
        }
        guard lower < upper else { return }
        // The columns where every clip surely covers everything: there the clips' fields are not evaluated.
        var (clipLower, clipUpper) = (lower, upper)
        index = quad.pointee.clip; depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth && clipLower < clipUpper {
            let clip = clips.baseAddress! + Int(index)
            (clipLower, clipUpper) = Self.union(clip.pointee.inner.span(row: y, from: clipLower, to: clipUpper),
                                                clip.pointee.innerCross.span(row: y, from: clipLower, to: clipUpper))
            index = clip.pointee.parent; depth += 1
        }
        let clipCover = (clipLower, clipUpper)
        // The quad's interior within it (a plus shape's two arms may meet a row in two runs: the longer is taken).
        let quadInner = Self.union(quad.pointee.inner.span(row: y, from: lower, to: upper),
                                   quad.pointee.innerCross.span(row: y, from: lower, to: upper))
        let innerLower = max(quadInner.0, clipLower), innerUpper = min(quadInner.1, clipUpper)
        guard innerLower < innerUpper else {
            shadeSpan(quad, y: y, from: lower, to: upper, row: row, interior: false, clipCover: clipCover)
            return
        }
        shadeSpan(quad, y: y, from: lower, to: innerLower, row: row, interior: false, clipCover: clipCover)
        if !quad.pointee.interiorIsShaded {
            fillSpan(quad, from: innerLower, to: innerUpper, row: row)
        } else {
            shadeSpan(quad, y: y, from: innerLower, to: innerUpper, row: row, interior: true)
        }
        shadeSpan(quad, y: y, from: innerUpper, to: upper, row: row, interior: false, clipCover: clipCover)
    }

    /// A plain sprite (`SpriteSampling`) with antialiased edges over columns `x0..<x1` (within its
    /// bounds), within its region (which leaves out the pixels where every texel sampled is
    /// transparent): the surely covered span with integer maths and the pixels along the edges
    /// with the shader. (Hard-edged sprites: `paintHardEdged`.)
    @inline(__always)
    private func paintSprite(_ quad: UnsafePointer<PreparedQuad>, _ sprite: SpriteSampling, wide: UnsafePointer<QCSprite>?,
                             row y: Int, from x0: Int, to x1: Int, into row: UnsafeMutablePointer<UInt32>) {
        let (lower, upper) = sprite.rows.span(row: y, from: x0, to: x1)
        guard lower < upper else { return }
        let inverse = quad.pointee.preciseInverse
        let (innerLower, innerUpper) = Self.union(quad.pointee.inner.span(row: y, from: lower, to: upper),
                                                  quad.pointee.innerCross.span(row: y, from: lower, to: upper))
        guard innerLower < innerUpper else {
            shadeSpan(quad, y: y, from: lower, to: upper, row: row, interior: false)
            return
        }
        shadeSpan(quad, y: y, from: lower, to: innerLower, row: row, interior: false)
        sprite.paint(inverse, wide: wide, row: y, from: innerLower, to: innerUpper, into: row, rowWidth: rowWidth)
        shadeSpan(quad, y: y, from: innerUpper, to: upper, row: row, interior: false)
    }

    /// A hard-edged sprite that the AVX2 kernel paints (`wide`), over columns `x0..<x1` (within its
    /// bounds): each row's span in its region (`bounds`) solved and painted in one call, which
    /// spares the kernel's setup for each row. The same pixels as `paintSprite` row by row.
    private func paintWideRegion(_ wide: UnsafePointer<QCSprite>, bounds: UnsafePointer<RowBounds>, rows: Range<Int>, from x0: Int, to x1: Int,
                                 into buffer: PixelBuffer) {
        guard !rows.isEmpty else { return }
        qc_sprite_paint_region_avx2(wide, RowBounds.kernelForm(bounds), Int32(rows.lowerBound), Int32(rows.count), Int32(x0), Int32(x1),
                                    buffer.row(rows.lowerBound), Int32(buffer.width))
    }

    /// The union of two spans when they touch, otherwise the longer (a part of the union, which is all the caller needs).
    @inline(__always)
    static func union(_ a: (lower: Int, upper: Int), _ b: (lower: Int, upper: Int)) -> (Int, Int) {
        if a.lower >= a.upper { return b }
        if b.lower >= b.upper { return a }
        if a.lower <= b.upper && b.lower <= a.upper { return (min(a.lower, b.lower), max(a.upper, b.upper)) }
        return a.upper - a.lower >= b.upper - b.lower ? a : b
    }

    /// Evaluates the shader over `x0..<x1` and blends the result; runs of eight inside
    /// `clipCover` (columns every clip surely covers) skip the clips' fields. The runs start at
    /// `x0` whatever the cover, as the pixels' local positions are stepped from each run's first.
    @inline(__always)
    private func shadeSpan(_ q: UnsafePointer<PreparedQuad>, y: Int, from x0: Int, to x1: Int,
                           row: UnsafeMutablePointer<UInt32>, interior: Bool, clipCover: (lower: Int, upper: Int) = (0, 0)) {
        var x = x0
        while x < x1 {
            let count = min(8, x1 - x)
            let covered = x >= clipCover.lower && x + count <= clipCover.upper
            let color = shader.shade(q, column: x, row: y, interior: interior, clipsCover: covered)
            blendChunk(color, into: row + x, count: count, room: rowWidth - x, additive: q.pointee.isAdditive)
            x += 8
        }
    }

    /// The interior of an untextured quad: one colour, stored or blended.
    @inline(__always)
    private func fillSpan(_ quad: UnsafePointer<PreparedQuad>, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>) {
        guard x1 > x0 else { return }
        if quad.pointee.interiorIsOpaque {
            (row + x0).update(repeating: quad.pointee.interiorPixel, count: x1 - x0)
            return
        }
        guard quad.pointee.interiorColor.w > 0 || quad.pointee.interiorColor.x > 0 || quad.pointee.interiorColor.y > 0 || quad.pointee.interiorColor.z > 0 else { return }
        let color = LaneColor(quad.pointee.interiorColor)
        var x = x0
        while x < x1 {
            blendChunk(color, into: row + x, count: min(8, x1 - x), room: rowWidth - x, additive: quad.pointee.isAdditive)
            x += 8
        }
    }
}

/// Where a `PreparedSprite` keeps its row bounds (`sampling.rows`), from its start.
private let spriteRowBoundsOffset = MemoryLayout<PreparedSprite>.offset(of: \PreparedSprite.sampling.rows)!

/// Blends eight source pixels over (or, when `additive`, onto) the first `count` (1...8) pixels
/// at `pointer`, where `room` pixels of the row remain. Not inlined: inlined into the band loop,
/// the optimiser regrouped the channels per pixel with a shuffle per lane, which made blending
/// slower than shading a texture; on its own it stays eight lanes per channel.
@inline(never)
func blendChunk(_ color: LaneColor, into pointer: UnsafeMutablePointer<UInt32>, count: Int, room: Int, additive: Bool) {
    if room >= 8 {
        let destination = loadEight(pointer)
        var out = additive ? addPixels(color, to: destination) : blendPixels(color, over: destination)
        if count < 8 { out = destination.replacing(with: out, where: firstLanes(count)) }
        storeEight(out, to: pointer)
        return
    }
    var destination = SIMD8<UInt32>()
    for i in 0..<count { destination[i] = pointer[i] }
    let out = additive ? addPixels(color, to: destination) : blendPixels(color, over: destination)
    for i in 0..<count { pointer[i] = out[i] }
}
