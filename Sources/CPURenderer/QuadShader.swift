@_spi(Lanes) import CompositorCore
import Foundation

/// The per-pixel evaluation of a quad, eight pixels of a row at a time: the same steps as the
/// GLES quad shader (quad.frag.glsl), bottom to top fill, texture, border, times opacity, edge
/// coverage and clip coverage.
struct QuadShader {
    let clips: UnsafeBufferPointer<PreparedClip>
    /// Whether the quad's distance is computed even where the cutting of hard edges replaces
    /// the coverage it gives (the reference that shortcut is tested against).
    var evaluatesEveryField = false

    /// The premultiplied colour (0...1) that `quad` puts over eight pixels of row `row` from
    /// column `column` on. `interior` pixels (inside the quad's inner region, where its coverage
    /// is exactly 1 and its border's exactly 0) skip the quad's field and border; with
    /// `clipsCover` (pixels every clip surely covers) the clips' fields are not evaluated. Either
    /// gives the same value as evaluating everything (a coverage of 1 multiplies exactly).
    @inline(__always)
    func shade(_ quad: UnsafePointer<PreparedQuad>, column: Int, row: Int, interior: Bool, clipsCover: Bool = false) -> LaneColor {
        // Read through the pointer: copying the prepared quad for every eight pixels costs more than shading them.
        let q = UnsafeQuad(quad)
        let m = q.inverse
        let (hx, hy, hw) = quad.pointee.preciseInverse.lanes(column: column, row: row)
        // Affine quads in front of the viewer have w = 1 exactly (see `Homography.normalized`).
        let lx = q.hasUnitW ? hx : hx / hw, ly = q.hasUnitW ? hy : hy / hw
        // Local steps of one pixel in x and in y, and their root mean square.
        var xx, xy, yx, yy: Lanes
        let upp: Lanes
        if q.isAffine {
            let w = m.8
            xx = Lanes(repeating: m.0 / w); xy = Lanes(repeating: m.1 / w)
            yx = Lanes(repeating: m.3 / w); yy = Lanes(repeating: m.4 / w)
            upp = Lanes(repeating: q.unitsPerPixel)
        } else {
            xx = (m.0 - lx * m.2) / hw; xy = (m.1 - ly * m.2) / hw
            yx = (m.3 - lx * m.5) / hw; yy = (m.4 - ly * m.5) / hw
            upp = lanesMax(lanesSquareRoot(0.5 * (xx * xx + xy * xy + yx * yx + yy * yy)), Lanes(repeating: 1e-6))
        }

        var color = quad.pointee.gradient?.color(x: lx, y: ly) ?? LaneColor(q.fill)
        if q.isTextured {
            color = sampleTexture(quad.pointee.sampler!, quad.pointee.textureMapping, lx: lx, ly: ly, xx: xx, xy: xy, yx: yx, yy: yy,
                                  affine: q.isAffine).tinted(quad.pointee.textureTint).over(color)
        }
        if interior {
            guard !clipsCover && q.clip >= 0 else { return color.scaled(Lanes(repeating: q.opacity)) }
            return color.scaled(clipCoverage(q.clip, times: Lanes(repeating: 1), column: column, row: row) * q.opacity)
        }

        var coverage: Lanes
        if q.isBlurred {
            coverage = quad.pointee.blur!.coverage(x: lx, y: ly)
        } else {
            let perPixel = 1 / upp
            var sample = quad.pointee.shape.terms(x: lx, y: ly)
            // With every side hard and a straight side nearest every pixel, the cut sets every
            // lane's coverage and the border has its own field: the distance is not needed.
            if q.hardEdges == 0xF && !quad.pointee.borderFollowsShape && !evaluatesEveryField && sample.isStraightEverywhere {
                coverage = cutHardEdges(quad, Lanes(), sample, lx: lx, ly: ly)
            } else {
                sample = sample.measured
                coverage = fieldCoverage(sample.distance, pixelsPerUnit: perPixel)
                if q.hardEdges != 0 { coverage = cutHardEdges(quad, coverage, sample, lx: lx, ly: ly) }
            }
            let distance = sample.distance
            if q.borderWidth > 0 {
                let borderDistance = quad.pointee.borderFollowsShape ? distance + q.borderWidth
                    : quad.pointee.borderField.distance(x: lx, y: ly)
                let amount = q.borderFillsShape ? Lanes(repeating: 1) : 1 - fieldCoverage(borderDistance, pixelsPerUnit: perPixel)
                color = LaneColor(q.border).scaled(amount).over(color)
            }
        }
        coverage = coverage.replacing(with: 0, where: hw .<= 0)
        if !clipsCover { coverage = clipCoverage(q.clip, times: coverage, column: column, row: row) }
        return color.scaled(coverage * q.opacity)
    }

    /// `coverage` times the coverage of the clip at `index` and of each clip enclosing it.
    /// This and the field helpers are `@_transparent`: as calls (the optimiser leaves
    /// `@inline(__always)` ones out of line in a body this large) every eight-lane vector went
    /// through memory.
    @_transparent
    private func clipCoverage(_ index: Int32, times coverage: Lanes, column: Int, row: Int) -> Lanes {
        var coverage = coverage, index = index, depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth {
            let clip = clips.baseAddress! + Int(index)
            coverage *= PreparedClip.coverage(of: clip, column: column, row: row)
            index = clip.pointee.parent; depth += 1
        }
        return coverage
    }

    /// Cuts the straight sides drawn without antialiasing at the pixel centre (a centre on a min
    /// side is inside): lanes whose nearest feature is such a side get coverage 0 or 1, and so do
    /// lanes at a square corner between two such sides, inside when inside both; rounded corners
    /// keep their antialiasing (the GLES shader's `shapeCoverage`). The tests are made a nudge
    /// further on, a tie between the two sides goes to y, and one between a side and a rounded
    /// corner to the side (`BoundaryRule.hardEdgeNudge`).
    @_transparent
    private func cutHardEdges(_ quad: UnsafePointer<PreparedQuad>, _ coverage: Lanes, _ sample: FieldSample, lx: Lanes, ly: Lanes) -> Lanes {
        let box = quad.pointee.edgeBox
        let dx = sample.dx, dy = sample.dy, r = sample.r, qx = sample.qx, qy = sample.qy
        let zero = Lanes(repeating: 0), nudge = BoundaryRule.hardEdgeNudge
        // A square corner is two straight sides; a tie between a side and a rounded corner goes
        // to the side.
        let straight = (qx .<= nudge) .| (qy .<= nudge) .| (r .<= zero)
        let xFirst = qx .> qy + nudge
        let alongX = straight .& xFirst, alongY = straight .& .!xFirst
        let nx = lx + nudge, ny = ly + nudge
        let insideX = (nx .>= box.minX) .& (nx .< box.maxX), insideY = (ny .>= box.minY) .& (ny .< box.maxY)
        // The lanes whose side along x (and along y) is hard.
        var hardX = LaneMask(repeating: false), hardY = hardX
        if box.hard & 1 != 0 { hardX .|= dx .< zero }
        if box.hard & 2 != 0 { hardX .|= .!(dx .< zero) }
        if box.hard & 4 != 0 { hardY .|= dy .< zero }
        if box.hard & 8 != 0 { hardY .|= .!(dy .< zero) }
        let corner = (r .<= zero) .& hardX .& hardY
        let selectedX = alongX .& hardX .& .!corner, selectedY = alongY .& hardY .& .!corner
        let inside = (selectedX .& insideX) .| (selectedY .& insideY) .| (corner .& insideX .& insideY)
        let cut = coverage.replacing(with: 1, where: inside)
            .replacing(with: 0, where: (selectedX .| selectedY .| corner) .& .!inside)
        // With every side hard nothing is drawn beyond the rect, rounded corners included.
        return box.hard == 0xF ? cut.replacing(with: 0, where: .!(insideX .& insideY)) : cut
    }

    /// The texture's colour at eight local points: vector sampling for affine quads, lane by lane under perspective.
    @inline(__always)
    private func sampleTexture(_ texture: TextureSampler, _ t: TextureMapping, lx: Lanes, ly: Lanes,
                               xx: Lanes, xy: Lanes, yx: Lanes, yy: Lanes, affine: Bool) -> LaneColor {
        let u = lanesMin(lanesMax(t.uOrigin + lx * t.uPerUnit, Lanes(repeating: t.uClamp.lowerBound)),
                         Lanes(repeating: t.uClamp.upperBound))
        let v = lanesMin(lanesMax(t.vOrigin + ly * t.vPerUnit, Lanes(repeating: t.vClamp.lowerBound)),
                         Lanes(repeating: t.vClamp.upperBound))
        if affine {
            // One footprint for all eight pixels: one filter choice, vector sampling.
            let scale = t.texelsPerPixel(xx: xx[0], xy: xy[0], yx: yx[0], yy: yy[0])
            return texture.sampleLanes(u: u, v: v, texelsPerPixel: scale, minification: t.minification,
                                       magnification: t.magnification)
        }
        var out = LaneColor(r: Lanes(), g: Lanes(), b: Lanes(), a: Lanes())
        for lane in 0..<8 {
            let scale = t.texelsPerPixel(xx: xx[lane], xy: xy[lane], yx: yx[lane], yy: yy[lane])
            let s = texture.sample(u: u[lane], v: v[lane], texelsPerPixel: scale,
                                   minification: t.minification, magnification: t.magnification)
            out.r[lane] = s.x; out.g[lane] = s.y; out.b[lane] = s.z; out.a[lane] = s.w
        }
        return out
    }
}

/// The scalar fields of a prepared quad that the shader reads for every eight pixels, loaded
/// once per call.
private struct UnsafeQuad {
    let inverse: (Float, Float, Float, Float, Float, Float, Float, Float, Float)
    let isAffine: Bool, hasUnitW: Bool, isTextured: Bool, isBlurred: Bool
    let unitsPerPixel: Float, opacity: Float, borderWidth: Float, borderFillsShape: Bool
    let hardEdges: UInt8, clip: Int32
    let fill: SIMD4<Float>, border: SIMD4<Float>

    @inline(__always) init(_ p: UnsafePointer<PreparedQuad>) {
        inverse = p.pointee.inverse; isAffine = p.pointee.isAffine; hasUnitW = p.pointee.hasUnitW
        isTextured = p.pointee.textureMapping.isBound; isBlurred = p.pointee.isBlurred
        unitsPerPixel = p.pointee.unitsPerPixel; opacity = p.pointee.opacity
        borderWidth = p.pointee.borderWidth; borderFillsShape = p.pointee.borderFillsShape
        hardEdges = p.pointee.edgeBox.hard; clip = p.pointee.clip
        fill = p.pointee.fill; border = p.pointee.border
    }
}
