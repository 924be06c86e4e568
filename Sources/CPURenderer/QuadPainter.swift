import CompositorCore
import CPURendererKernels
import Foundation

/// Paints prepared quads into rows of a pixel buffer: per row it solves the span the quad may
/// touch and the span it surely covers, evaluates the shader only between the two, and fills
/// the covered span directly (a plain store when it is opaque).
struct QuadPainter {
    let clips: UnsafeBufferPointer<PreparedClip>
    /// The column before which a short run of eight may read and rewrite pixels beyond its span
    /// (unchanged): the right edge of the band being painted, never beyond it, since the pixels
    /// there may belong to a band that another thread paints at the same time (a damaged frame's
    /// rectangles lie side by side).
    let columnLimit: Int
    /// Whether every run of eight evaluates the quad's and the clips' fields and every blend
    /// clamps, as the reference the shortcuts are tested against (the runs and the filled
    /// interior stay the same).
    var evaluatesEveryField = false
    /// The band's clip spans, solved once per clip and row (nil: solved for every quad's row).
    var clipSpans: ClipSpanCache?
    /// Where the band still holds the colour it was cleared to (nil: not known, or not cleared).
    var clearedRows: ClearedRows?
    var shader: QuadShader { QuadShader(clips: clips, evaluatesEveryField: evaluatesEveryField) }
    /// Whether the AVX2 kernels paint what they can (`CPURenderer.Options`): sprites, and the
    /// runs of eight of untextured affine quads (`QCShadedQuad`), where the processor runs them.
    var usesWideKernel = true
    /// `spriteRowBoundsOffset`, read once per painter: the global is initialised lazily, and
    /// reading it for every sprite cost a `swift_once` check each time.
    let rowBoundsOffset = spriteRowBoundsOffset

    /// `sprite` as the AVX2 kernel paints it, when this painter uses the kernel and it applies.
    @inline(__always)
    private func wideKernel(of sprite: borrowing SpriteSampling, _ inverse: Homography) -> QCSprite? {
        usesWideKernel ? sprite.wideKernel(inverse) : nil
    }

    /// Paints `quad` over columns `x0..<x1` of rows `rows` of `buffer`.
    @inline(__always)
    func paint(_ quad: UnsafePointer<PreparedQuad>, rows: Range<Int>, from x0: Int, to x1: Int, into buffer: PixelBuffer) {
        if let sprite = quad.pointee.sprite {
            // The sprite's sampling is copied out of the quad once, not for every row, and so are
            // its form for the AVX2 kernel and the columns it may touch.
            let b = quad.pointee.bounds
            let lower = x0 > b.0 ? x0 : b.0, upper = x1 < b.2 ? x1 : b.2
            clearedRows?.notePainted(rows: rows, from: lower, to: upper)
            if sprite.hardEdges {
                paintHardEdged(sprite, inverse: quad.pointee.preciseInverse, rows: rows, from: lower, to: upper, into: buffer)
            } else if var wide = wideKernel(of: sprite, quad.pointee.preciseInverse) {
                withUnsafePointer(to: &wide) { wide in
                    for y in rows { paintSprite(quad, sprite, wide: wide, row: y, from: lower, to: upper, into: buffer.row(y)) }
                }
            } else {
                for y in rows { paintSprite(quad, sprite, wide: nil, row: y, from: lower, to: upper, into: buffer.row(y)) }
            }
        } else {
            // The quad's columns in the band: within the canvas, as its bounds are.
            let lower = max(x0, quad.pointee.bounds.0), upper = min(x1, quad.pointee.bounds.2)
            guard lower < upper, !rows.isEmpty else { return }
            let clamps = evaluatesEveryField || !Self.shadesValidColors(quad)
            let overClear = clearedRows.flatMap { interior(of: quad, over: $0.clear) }
            withSpanKernel(of: quad) { wide in
                withQuadSpans(quad, rows: rows, from: lower, to: upper) { spans, hasDiscs in
                    // Row r's spans: outer at 2 r, inner at 2 (r + n), innerCross at 2 (r + 2 n),
                    // the corner discs' at 2 (r + 3 n); r < n.
                    let n = rows.count
                    var at = 0
                    for y in rows {
                        paint(quad, row: y, outer: (Int(spans[at]), Int(spans[at + 1])),
                              inner: (Int(spans[at + 2 * n]), Int(spans[at + 2 * n + 1])),
                              cross: (Int(spans[at + 4 * n]), Int(spans[at + 4 * n + 1])),
                              discs: hasDiscs ? (Int(spans[at + 6 * n]), Int(spans[at + 6 * n + 1])) : nil,
                              from: x0, to: x1, into: buffer.row(y), clamps: clamps, overClear: overClear, wide: wide)
                        at += 2
                    }
                }
            }
        }
    }

    /// Calls `body` with the spans of `quad`'s `outer`, `inner` and `innerCross` on rows `rows`
    /// within columns `x0..<x1` (within the canvas), solved for all the rows at once
    /// (`RegionRowSpans`): a row's three at `2 r`, `2 (r + n)` and `2 (r + 2n)` for the row `r`
    /// after the first, `n` rows in all, each a first column and an end; and its corner discs'
    /// (`CornerDiscs.writeSpans`) at `2 (r + 3n)` where it has them and the shortcuts are taken
    /// (`hasDiscs`).
    @inline(__always)
    private func withQuadSpans(_ quad: UnsafePointer<PreparedQuad>, rows: Range<Int>, from x0: Int, to x1: Int,
                               _ body: (UnsafePointer<Int32>, _ hasDiscs: Bool) -> Void) {
        let count = rows.count
        let wide = usesWideKernel && processorRunsWideSpriteKernel
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 8 * count) { storage in
            let spans = storage.baseAddress!
            let base = UnsafeRawPointer(quad)
            RegionRowSpans.write((base + quadOuterOffset).assumingMemoryBound(to: SpanRegion.self), rows: rows, from: x0, to: x1,
                                 wide: wide, into: spans)
            RegionRowSpans.write((base + quadInnerOffset).assumingMemoryBound(to: SpanRegion.self), rows: rows, from: x0, to: x1,
                                 wide: wide, into: spans + 2 * count)
            RegionRowSpans.write((base + quadCrossOffset).assumingMemoryBound(to: SpanRegion.self), rows: rows, from: x0, to: x1,
                                 wide: wide, into: spans + 4 * count)
            var hasDiscs = false
            if !evaluatesEveryField, let discs = quad.pointee.cornerDiscs {
                discs.writeSpans(rows: rows, from: x0, to: x1, wide: wide, into: spans + 6 * count)
                hasDiscs = true
            }
            body(UnsafePointer(spans), hasDiscs)
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
        clearedRows?.notePainted(rows: rows, from: lower, to: upper)
        if var wide = wideKernel(of: sprite.pointee.sampling, sprite.pointee.inverse) {
            let bounds = UnsafeRawPointer(sprite) + rowBoundsOffset
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
        if var wide = wideKernel(of: sprite, inverse) {
            withUnsafePointer(to: sprite.rows) { paintWideRegion(&wide, bounds: $0, rows: rows, from: x0, to: x1, into: buffer) }
            return
        }
        for y in rows {
            let (lower, upper) = sprite.rows.span(row: y, from: x0, to: x1)
            guard lower < upper else { continue }
            sprite.paint(inverse, wide: nil, row: y, from: lower, to: upper, into: buffer.row(y), columnLimit: columnLimit)
        }
    }

    /// Paints `quad`, which is not a sprite, over columns `x0..<x1` of row `y`, whose first pixel is `row`.
    ///
    /// The row is cut into the shaded runs along the edges and the interior between them (filled
    /// with one colour where the quad's and every clip's coverage is surely 1); within the shaded
    /// runs each eight pixels that lie in the quad's interior skip its field and border, and each
    /// eight that every clip surely covers skip the clips' fields: the values those steps would
    /// give there (1 and no border) are exact, so the pixels are the same (`evaluatesEveryField`).
    /// For those runs of eight, the interior reaches into large rounded corners (`CornerDiscs`);
    /// the runs and the filled interior stay those of the plus shape, so each pixel is shaded in
    /// the same lane as ever (a run's first pixel takes its local position in double precision,
    /// the others stepped in single: a pixel's value may depend on its lane where it is not
    /// exactly covered).
    ///
    /// `overClear`: the pixel the quad's one-colour translucent interior makes over the band's
    /// clear colour (`interior(of:over:)`), stored as it is where the row still holds that colour.
    /// `wide`: the quad in the AVX2 kernel's form (`withSpanKernel(of:_:)`), which then shades its runs.
    ///
    /// `outer`, `inner`, `cross`, `discs`: the row's spans of the quad's `outer`, `inner` and
    /// `innerCross` regions and of its corner discs (nil: none, or not used) over its columns in
    /// the band (`withQuadSpans`); all but the outer are cut to the columns the quad and its clips
    /// may touch, which gives what solving them over those columns gives (`ClipRowSpans.cut`; a
    /// disc span is also its bounds rounded inwards and clamped to the columns).
    @inline(__always)
    private func paint(_ quad: UnsafePointer<PreparedQuad>, row y: Int, outer: (Int, Int), inner: (Int, Int), cross: (Int, Int),
                       discs: (Int, Int)?, from x0: Int, to x1: Int, into row: UnsafeMutablePointer<UInt32>, clamps: Bool, overClear: UInt32?,
                       wide: UnsafePointer<QCShadedQuad>?) {
        var (lower, upper) = outer
        var index = quad.pointee.clip, depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth && lower < upper {
            let clip = clips.baseAddress! + Int(index)
            (lower, upper) = clipSpans(clip, index: index, row: y, from: x0, to: x1).outer(from: lower, to: upper)
            index = clip.pointee.parent; depth += 1
        }
        guard lower < upper else { return }
        // The quad's interior within it (a plus shape's two arms may meet a row in two runs: the longer is taken).
        let quadInner = Self.union(ClipRowSpans.cut(inner, from: lower, to: upper), ClipRowSpans.cut(cross, from: lower, to: upper))
        // The columns where every clip surely covers everything: there the clips' fields are not
        // evaluated. `clipCover` (plus-shaped inner regions) bounds the filled interior, so it is
        // needed only where the quad has one; `chunkCover` (the octagons, which also hold most of
        // the rounded corners) serves runs of eight where `clipCover` does not hold the whole row.
        var (clipLower, clipUpper) = (lower, lower)
        if quadInner.0 < quadInner.1 || evaluatesEveryField {
            (clipLower, clipUpper) = (lower, upper)
            index = quad.pointee.clip; depth = 0
            while index >= 0 && depth < PreparedClip.maximumDepth && clipLower < clipUpper {
                let clip = clips.baseAddress! + Int(index)
                (clipLower, clipUpper) = clipSpans(clip, index: index, row: y, from: x0, to: x1).inner(from: clipLower, to: clipUpper)
                index = clip.pointee.parent; depth += 1
            }
        }
        let clipCover = (clipLower, clipUpper)
        var chunkCover = clipCover
        if !evaluatesEveryField && (clipLower > lower || clipUpper < upper) {
            var (coverLower, coverUpper) = (lower, upper)
            index = quad.pointee.clip; depth = 0
            while index >= 0 && depth < PreparedClip.maximumDepth && coverLower < coverUpper {
                let clip = clips.baseAddress! + Int(index)
                (coverLower, coverUpper) = clipSpans(clip, index: index, row: y, from: x0, to: x1).cover(from: coverLower, to: coverUpper)
                index = clip.pointee.parent; depth += 1
            }
            // Either run of columns is surely covered; the longer serves.
            if coverUpper - coverLower > clipUpper - clipLower { chunkCover = (coverLower, coverUpper) }
        }
        // A blurred quad's interior is its fill within 1e-4, not exactly: its runs of eight evaluate the blur.
        var chunkInterior = evaluatesEveryField || quad.pointee.blur != nil ? (0, 0) : quadInner
        if let discs {
            // The plus shape and the corner discs lie in one convex interior: its row runs from
            // the lowest to the highest column of the three. Only runs of eight use it, so the
            // filled interior, and with it where runs start, stays that of the plus shape.
            chunkInterior = CornerDiscs.hull(quadInner, ClipRowSpans.cut(discs, from: lower, to: upper))
        }
        let innerLower = max(quadInner.0, clipLower), innerUpper = min(quadInner.1, clipUpper)
        guard innerLower < innerUpper else {
            clearedRows?.notePainted(row: y, from: lower, to: upper)
            shadeSpan(quad, y: y, from: lower, to: upper, row: row, interior: chunkInterior, clipCover: chunkCover, clamps: clamps,
                      wide: wide)
            return
        }
        // Whether the interior still holds the clear colour, asked before the row's pixels this
        // quad may change are noted (shading reads and writes only pixels, so asking before the
        // left run is the same as after it; a `defer` for the note was an outlined call per row).
        let storesOverClear = overClear != nil && clearedRows?.isClear(row: y, from: innerLower, to: innerUpper) == true
        clearedRows?.notePainted(row: y, from: lower, to: upper)
        shadeSpan(quad, y: y, from: lower, to: innerLower, row: row, interior: chunkInterior, clipCover: chunkCover, clamps: clamps,
                  wide: wide)
        if storesOverClear, let overClear {
            (row + innerLower).update(repeating: overClear, count: innerUpper - innerLower)
        } else if !quad.pointee.interiorIsShaded {
            fillSpan(quad, from: innerLower, to: innerUpper, row: row)
        } else {
            shadeSpan(quad, y: y, from: innerLower, to: innerUpper, row: row, interior: (innerLower, innerUpper),
                      clipCover: (innerLower, innerUpper), wide: wide)
        }
        shadeSpan(quad, y: y, from: innerUpper, to: upper, row: row, interior: chunkInterior, clipCover: chunkCover, clamps: clamps,
                  wide: wide)
    }

    /// The spans of `clip` (at `index`) on row `y`, solved over the row's columns `x0..<x1`:
    /// from the band's cache where it holds them.
    @inline(__always)
    private func clipSpans(_ clip: UnsafePointer<PreparedClip>, index: Int32, row y: Int, from x0: Int, to x1: Int) -> ClipRowSpans {
        if let cache = clipSpans, cache.holds(row: y, from: x0, to: x1) { return cache.spans(of: clip, index: index, row: y) }
        return ClipRowSpans(clip, row: y, from: x0, to: x1)
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
        sprite.paint(inverse, wide: wide, row: y, from: innerLower, to: innerUpper, into: row, columnLimit: columnLimit)
        shadeSpan(quad, y: y, from: innerUpper, to: upper, row: row, interior: false)
    }

    /// A hard-edged sprite that the AVX2 kernel paints (`wide`), over columns `x0..<x1` (within its
    /// bounds): each row's span in its region (`bounds`) solved and painted in one call, which
    /// spares the kernel's setup for each row. The same pixels as `paintSprite` row by row (a
    /// span's last run may rewrite pixels before `columnLimit` as they were).
    private func paintWideRegion(_ wide: UnsafePointer<QCSprite>, bounds: UnsafePointer<RowBounds>, rows: Range<Int>, from x0: Int, to x1: Int,
                                 into buffer: PixelBuffer) {
        guard !rows.isEmpty else { return }
        qc_sprite_paint_region_avx2(wide, RowBounds.kernelForm(bounds), Int32(rows.lowerBound), Int32(rows.count), Int32(x0), Int32(x1),
                                    Int32(clamping: columnLimit), buffer.row(rows.lowerBound), Int32(buffer.width))
    }

    /// Whether every colour the shader gives `quad` is a valid premultiplied colour (0 <= r, g, b
    /// <= a <= 1, up to rounding), so its blends need no clamp: one colour and a border, both
    /// valid, an opacity and coverages within 0...1, no texture, gradient or blur, source-over.
    @inline(__always)
    static func shadesValidColors(_ quad: UnsafePointer<PreparedQuad>) -> Bool {
        !quad.pointee.isAdditive && !quad.pointee.interiorIsShaded && quad.pointee.blur == nil
            && quad.pointee.opacity >= 0 && quad.pointee.opacity <= 1
            && ConstantBlend(quad.pointee.fill) != nil && ConstantBlend(quad.pointee.border) != nil
    }

    /// The union of two spans when they touch, otherwise the longer (a part of the union, which is all the caller needs).
    @inline(__always)
    static func union(_ a: (lower: Int, upper: Int), _ b: (lower: Int, upper: Int)) -> (Int, Int) {
        if a.lower >= a.upper { return b }
        if b.lower >= b.upper { return a }
        if a.lower <= b.upper && b.lower <= a.upper { return (min(a.lower, b.lower), max(a.upper, b.upper)) }
        return a.upper - a.lower >= b.upper - b.lower ? a : b
    }

    /// Evaluates the shader over `x0..<x1` and blends the result (without the clamp unless
    /// `clamps`); runs of eight inside `interior` (columns in the quad's interior) skip its field
    /// and border, and those inside `clipCover` (columns every clip surely covers) skip the clips' fields. The runs start at `x0` whatever
    /// the spans, as the pixels' local positions are stepped from each run's first. With `wide`
    /// (the quad in its form) the AVX2 kernel shades and blends the span in one call: the same bytes.
    @inline(__always)
    private func shadeSpan(_ q: UnsafePointer<PreparedQuad>, y: Int, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>,
                           interior: (lower: Int, upper: Int), clipCover: (lower: Int, upper: Int), clamps: Bool = true,
                           wide: UnsafePointer<QCShadedQuad>? = nil) {
        guard let wide else {
            shadeLanes(q, y: y, from: x0, to: x1, row: row, interior: interior, clipCover: clipCover, clamps: clamps)
            return
        }
        guard x0 < x1 else { return }
        qc_quad_shade_span_avx2(wide, Int32(y), Int32(x0), Int32(x1), Int32(clamping: interior.lower), Int32(clamping: interior.upper),
                                Int32(clamping: clipCover.lower), Int32(clamping: clipCover.upper), clamps, row,
                                Int32(clamping: columnLimit))
    }

    /// `shadeSpan` in the Swift lanes. Its own function (the optimiser kept it one anyway), so
    /// that the kernel's call is made from the row loop without entering its large frame.
    @inline(never)
    private func shadeLanes(_ q: UnsafePointer<PreparedQuad>, y: Int, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>,
                            interior: (lower: Int, upper: Int), clipCover: (lower: Int, upper: Int), clamps: Bool) {
        var x = x0
        while x < x1 {
            let count = min(8, x1 - x)
            let covered = x >= clipCover.lower && x + count <= clipCover.upper
            let inside = x >= interior.lower && x + count <= interior.upper
            let color = shader.shade(q, column: x, row: y, interior: inside, clipsCover: covered)
            blendChunk(color, into: row + x, count: count, room: columnLimit - x, additive: q.pointee.isAdditive, clamps: clamps)
            x += 8
        }
    }

    /// Evaluates the shader over `x0..<x1` of a quad without clips, every run of eight with its
    /// field (`interior: false`) or none of them.
    @inline(__always)
    private func shadeSpan(_ q: UnsafePointer<PreparedQuad>, y: Int, from x0: Int, to x1: Int, row: UnsafeMutablePointer<UInt32>,
                           interior: Bool) {
        shadeSpan(q, y: y, from: x0, to: x1, row: row, interior: interior ? (x0, x1) : (0, 0), clipCover: (0, 0))
    }

    /// The pixel that `fillSpan` makes of `clear` under `quad`'s interior where it blends one
    /// translucent colour (`ConstantBlend`, lane by lane, so the same in every lane); nil where
    /// it stores or skips its colour, or blends it otherwise.
    private func interior(of quad: UnsafePointer<PreparedQuad>, over clear: UInt32) -> UInt32? {
        guard !quad.pointee.interiorIsShaded, !quad.pointee.interiorIsOpaque, !quad.pointee.isAdditive, !evaluatesEveryField,
              quad.pointee.interiorColor != .zero, let blend = ConstantBlend(quad.pointee.interiorColor) else { return nil }
        return blend.over(SIMD8(repeating: clear))[0]
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
        if !quad.pointee.isAdditive && !evaluatesEveryField, let blend = ConstantBlend(quad.pointee.interiorColor) {
            blendSpan(blend, into: row + x0, count: x1 - x0, room: columnLimit - x0)
            return
        }
        let color = LaneColor(quad.pointee.interiorColor)
        var x = x0
        while x < x1 {
            blendChunk(color, into: row + x, count: min(8, x1 - x), room: columnLimit - x, additive: quad.pointee.isAdditive)
            x += 8
        }
    }
}

/// Where a `PreparedQuad` keeps its regions, from its start.
private let quadOuterOffset = MemoryLayout<PreparedQuad>.offset(of: \PreparedQuad.outer)!
private let quadInnerOffset = MemoryLayout<PreparedQuad>.offset(of: \PreparedQuad.inner)!
private let quadCrossOffset = MemoryLayout<PreparedQuad>.offset(of: \PreparedQuad.innerCross)!

/// Where a `PreparedSprite` keeps its row bounds (`sampling.rows`), from its start.
private let spriteRowBoundsOffset = MemoryLayout<PreparedSprite>.offset(of: \PreparedSprite.sampling.rows)!

/// Blends one colour over `count` pixels at `pointer`, where `room` pixels of the row remain: the
/// bytes of `blendChunk` with that colour in every lane, eight pixels at a time.
@inline(never)
func blendSpan(_ blend: ConstantBlend, into pointer: UnsafeMutablePointer<UInt32>, count: Int, room: Int) {
    var x = 0
    while x + 8 <= count {
        storeEight(blend.over(loadEight(pointer + x)), to: pointer + x)
        x += 8
    }
    guard x < count else { return }
    let rest = count - x
    if room - x >= 8 {
        let destination = loadEight(pointer + x)
        storeEight(destination.replacing(with: blend.over(destination), where: firstLanes(rest)), to: pointer + x)
        return
    }
    var destination = SIMD8<UInt32>()
    for i in 0..<rest { destination[i] = pointer[x + i] }
    let out = blend.over(destination)
    for i in 0..<rest { pointer[x + i] = out[i] }
}

/// Blends eight source pixels over (or, when `additive`, onto) the first `count` (1...8) pixels
/// at `pointer`, where `room` pixels of the row remain. Not inlined: inlined into the band loop,
/// the optimiser regrouped the channels per pixel with a shuffle per lane, which made blending
/// slower than shading a texture; on its own it stays eight lanes per channel. Without `clamps`
/// (only for valid premultiplied colours, see `blendPixels`) the blend skips the clamp.
@inline(never)
func blendChunk(_ color: LaneColor, into pointer: UnsafeMutablePointer<UInt32>, count: Int, room: Int, additive: Bool, clamps: Bool = true) {
    if room >= 8 {
        let destination = loadEight(pointer)
        var out = additive ? addPixels(color, to: destination)
            : clamps ? blendPixels(color, over: destination) : blendPixels(color, over: destination, clamping: false)
        if count < 8 { out = destination.replacing(with: out, where: firstLanes(count)) }
        storeEight(out, to: pointer)
        return
    }
    var destination = SIMD8<UInt32>()
    for i in 0..<count { destination[i] = pointer[i] }
    let out = additive ? addPixels(color, to: destination) : blendPixels(color, over: destination)
    for i in 0..<count { pointer[i] = out[i] }
}
