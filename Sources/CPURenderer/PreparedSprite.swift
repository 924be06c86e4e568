import CompositorCore
import CoreGraphics
import CPURendererKernels
import Foundation

/// A plain sprite with hard edges, ready to be painted: the lean form of a `PreparedQuad` whose
/// painting needs only its `SpriteSampling`, its inverse and its bounds (an affine textured quad
/// with a clear fill, square corners, no border, blur, gradient or clip, source-over, and no edge
/// antialiased, as layers draw unless `allowsEdgeAntialiasing` is set).
///
/// Prepared without the shape maths of the general form (the rounded-rect fields, the outer and
/// inner regions, the units per pixel), and a fifth of its size, so a frame of many sprites is
/// prepared, copied and binned for a fraction of the cost. It paints exactly the pixels that
/// `PreparedQuad.sprite` paints for the same quad.
///
/// Plain data, without a reference to its texture (whose pixels `sampling` reads): the list
/// holding it keeps the texture (`PreparedQuadList.textures`), so a record is written in place
/// and dropped without retains or releases.
struct PreparedSprite {
    var sampling: SpriteSampling
    /// Canvas pixel centre to local coordinates, with w exactly 1.
    var inverse: Homography
    /// Canvas rows and columns the sprite may touch: minX, minY, maxX, maxY (exclusive).
    var bounds: (Int, Int, Int, Int)

    /// What preparing a quad as a lean sprite gave.
    enum Outcome {
        /// The quad is a plain hard-edged sprite: appended, with these bounds (read here, not
        /// from the array, which would copy the whole record out of it); `reused`: its sampling
        /// and local planes were those its slot kept (`SpriteMemo`).
        case appended(bounds: (Int, Int, Int, Int), reused: Bool)
        /// The quad draws nothing (transparent, facing away, edge-on or off the canvas).
        case nothing
        /// The quad needs the general form (`PreparedQuad`), which may still give it a `SpriteSampling`.
        case general
    }

    /// Starts bringing `record` into this processor's caches (a hint). A band paints its sprites
    /// one after another, each record (about 420 bytes) written by the preparing threads: fetched
    /// a couple of sprites ahead, its lines arrive while the sprites before it are painted, where
    /// the painter otherwise waits for each.
    @inline(__always)
    static func prefetch(_ record: UnsafePointer<PreparedSprite>) {
        qc_prefetch(record, Int32(MemoryLayout<PreparedSprite>.size))
    }

    /// Whether `quad` may be a plain hard-edged sprite, from its properties alone: the
    /// conditions under which `PreparedQuad` gives a quad a hard-edged `SpriteSampling`, before
    /// any of the maths that decides the rest (`clipCount`: the clips a clip index may refer to).
    @inline(__always)
    static func mayBeSprite(_ quad: Quad, clipCount: Int) -> Bool {
        quad.antialiasedEdges & 0xF == 0 && mayHaveSpriteSampling(quad, clipCount: clipCount)
    }

    /// Whether `quad` may be painted through a `SpriteSampling`, lean or in the general form
    /// (whose sprites may have antialiased edges), from its properties alone.
    @inline(__always)
    static func mayHaveSpriteSampling(_ quad: Quad, clipCount: Int) -> Bool {
        // The same tests as `PreparedQuad.init`'s, in the same forms (a NaN width or sigma
        // answers as it does there).
        let unclipped = quad.clipIndex.map { $0 < 0 || Int($0) >= clipCount } ?? true
        return !(quad.blurSigma > 0) && quad.gradient == nil
            && quad.fillColor.raw == .zero && quad.borderWidth <= 0 && quad.cornerRadii.isZero
            && unclipped && quad.blendMode != .plusLighter
    }

    /// Prepares `quad`, drawn with `binding`, where `mayBeSprite(quad, clipCount:)` holds, and
    /// appends it to `sprites` when it is a plain hard-edged sprite (the caller keeps the texture).
    static func prepare(_ quad: Quad, texture binding: TextureBinding, canvasWidth: Int, canvasHeight: Int,
                        into sprites: inout [PreparedSprite]) -> Outcome {
        withUnsafeTemporaryAllocation(of: PreparedSprite.self, capacity: 1) { buffer in
            withUnsafeTemporaryAllocation(of: SpriteMemo.self, capacity: 1) { memo in
                let record = buffer.baseAddress!
                memo.baseAddress!.pointee.key = .zero // no memo (the rest is plain data, never read then)
                let outcome = withUnsafePointer(to: quad) {
                    prepare($0, texture: binding.sampling, canvasWidth: canvasWidth, canvasHeight: canvasHeight, at: record,
                            memo: memo.baseAddress!)
                }
                if case .appended = outcome { sprites.append(record.move()) }
                return outcome
            }
        }
    }

    /// Prepares the quad at `quad` (read in place: no reference to its storage is copied), drawn
    /// with `sampling`, where `mayBeSprite(quad.pointee, clipCount:)` holds, and
    /// writes it to `record` (uninitialized or not: a record is plain data) when it is a plain
    /// hard-edged sprite (`.appended`); otherwise `record` is left partly written. `memo` is
    /// the slot's (`SpriteMemo`, its key zero for none): where its key is this sprite's, `record`
    /// holds this sprite's sampling but for the rows, which are solved from the kept planes (from
    /// their new constants alone where the kept plan allows: `RowBounds.solveMoved`), and the
    /// pixel bounds come from the kept corner sums (`PlaneProjection.affineCornerSums`);
    /// otherwise the whole sampling is written and the memo with it.
    @inline(__always)
    static func prepare(_ quad: UnsafePointer<Quad>, texture sampling: TextureSampling, canvasWidth: Int, canvasHeight: Int,
                        at record: UnsafeMutablePointer<PreparedSprite>, memo: UnsafeMutablePointer<SpriteMemo>) -> Outcome {
        // Borrowed, not retained (the sampling's maker keeps it alive): many sprites on several
        // threads share one texture, whose reference count they would fight over.
        sampling.reference._withUnsafeGuaranteedRef {
            prepare(quad, texture: $0, sampling: sampling, canvasWidth: canvasWidth, canvasHeight: canvasHeight, at: record, memo: memo)
        }
    }

    @inline(__always)
    private static func prepare(_ quadPointer: UnsafePointer<Quad>, texture: Texture, sampling: TextureSampling,
                                canvasWidth: Int, canvasHeight: Int, at record: UnsafeMutablePointer<PreparedSprite>,
                                memo: UnsafeMutablePointer<SpriteMemo>) -> Outcome {
        // Each member read through the pointer: a local copy of the quad would be retained across
        // the calls below and released after.
        var quad: Quad { quadPointer.pointee }
        // The steps of `PreparedQuad.init` that a hard-edged sprite needs, in its order.
        guard quad.opacity > 0, quad.rect.width.isFinite, quad.rect.height.isFinite else { return .nothing }
        let plane = Homography(plane: quad.transform)
        if !quad.isDoubleSided && quad.transform.facesAway { return .nothing }
        guard let inv = plane.inverse?.normalized else { return .nothing }
        let isAffine = plane.isAffine, hasUnitW = inv.hasUnitW
        guard isAffine, hasUnitW, quad.opacity <= 1 else { return .general }
        let r = quad.rect
        let tint = quad.textureTint.raw
        let key = SpriteMemo.key(texture: texture, sampling: sampling, rect: r, opacity: quad.opacity, tint: tint, inverse: inv)
        let reused = memo.pointee.holds(key)
        // No edge is antialiased and nothing is blurred: the quad reaches no further than its rect
        // and the nudge its edges are tested with (BoundaryRule.hardEdgeNudge).
        let reach = Double(BoundaryRule.hardEdgeNudge)
        // The pixel bounds from the corner sums the slot kept for this rect and plane (the same
        // bits: only the translation is added), or found afresh.
        let projection = PlaneProjection(plane: plane, inverse: inv, rect: r)
        let keptSums = reused ? memo.pointee.cornerSums(of: plane) : nil
        let sums = keptSums ?? projection.affineCornerSums(outset: reach)
        let box = (sums != nil ? PlaneProjection.pixelBounds(cornerSums: sums.unsafelyUnwrapped, plane: plane)
                   : projection.pixelBounds(outset: reach)) ?? (0, 0, canvasWidth, canvasHeight)
        let bounds = (max(box.0, 0), max(box.1, 0), min(box.2, canvasWidth), min(box.3, canvasHeight))
        guard bounds.0 < bounds.2, bounds.1 < bounds.3 else { return .nothing }
        if reused {
            if keptSums == nil { memo.pointee.keepCornerSums(sums, of: plane) }
            // The rows from the new constants alone where the kept plan allows, else solved afresh.
            let planes = memo.pointee.planes
            if !RowBounds.solveMoved(offsets: planes.offsets(inverse: inv), plan: &memo.pointee.rowPlan, into: &record.pointee.sampling.rows) {
                RowBounds.solve(planes.region(inverse: inv), into: &record.pointee.sampling.rows, plan: &memo.pointee.rowPlan)
            }
        } else {
            // The record is rewritten: until it is whole, the slot keeps no memo.
            memo.pointee.key = .zero
            guard let planes = SpriteSampling.write(into: &record.pointee.sampling, texture: texture, sampler: texture.sampler,
                                                    mapping: TextureMapping(rect: r, sampling: sampling), inverse: inv.floats,
                                                    preciseInverse: inv, isAffine: isAffine, hasUnitW: hasUnitW, edges: 0,
                                                    reach: reach, opacity: quad.opacity, tint: tint, rect: r,
                                                    rowPlan: &memo.pointee.rowPlan)
            else { return .general }
            memo.pointee.planes = planes
            memo.pointee.keepCornerSums(sums, of: plane)
            memo.pointee.key = key
        }
        record.pointee.inverse = inv
        record.pointee.bounds = bounds
        return .appended(bounds: bounds, reused: reused)
    }
}
