import CPURendererKernels
import CompositorCore

// The AVX2 kernel of quads' runs of eight (`qc_quad_shade_span_avx2`): the form of a prepared quad
// it reads, made once per quad and band.

extension QCShadedQuad {
    /// `quad` as the AVX2 span kernel shades it, its clips' chain written to `chain` (room for
    /// `PreparedClip.maximumDepth` clips, innermost first, as `QuadShader` follows them); nil
    /// where the kernel does not shade it: a texture, a gradient or a blur, a plane that is not
    /// affine with w = 1, or a clip under perspective.
    init?(_ quad: UnsafePointer<PreparedQuad>, clips: UnsafeBufferPointer<PreparedClip>, chain: UnsafeMutablePointer<QCShadedClip>) {
        guard !quad.pointee.interiorIsShaded, quad.pointee.blur == nil, quad.pointee.isAffine, quad.pointee.hasUnitW else { return nil }
        var index = quad.pointee.clip, depth = 0
        while index >= 0 && depth < PreparedClip.maximumDepth {
            let clip = clips.baseAddress! + Int(index)
            guard clip.pointee.hasUnitW else { return nil }
            chain[depth] = QCShadedClip(map: QCAffineMap(clip.pointee.preciseInverse), field: QCRoundedRect(clip.pointee.field),
                                        unitsPerPixel: clip.pointee.unitsPerPixel[0])
            index = clip.pointee.parent; depth += 1
        }
        // Read through the pointer: a copy of the prepared quad would retain its references.
        let box = quad.pointee.edgeBox, fill = quad.pointee.fill, border = quad.pointee.border
        self.init(map: QCAffineMap(quad.pointee.preciseInverse), shape: QCRoundedRect(quad.pointee.shape),
                  borderField: QCRoundedRect(quad.pointee.borderField), unitsPerPixel: quad.pointee.unitsPerPixel,
                  opacity: quad.pointee.opacity, borderWidth: quad.pointee.borderWidth,
                  fill: (fill.x, fill.y, fill.z, fill.w), border: (border.x, border.y, border.z, border.w),
                  minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY, hardEdges: box.hard,
                  borderFillsShape: quad.pointee.borderFillsShape, borderFollowsShape: quad.pointee.borderFollowsShape,
                  additive: quad.pointee.isAdditive,
                  clips: UnsafePointer(chain), clipCount: Int32(depth))
    }
}

extension QCAffineMap {
    /// The terms of an affine canvas-to-local map with w = 1 that `Homography.apply` reads.
    init(_ h: Homography) {
        self.init(h11: h.m.0, h12: h.m.1, h21: h.m.3, h22: h.m.4, h31: h.m.6, h32: h.m.7)
    }
}

extension QCRoundedRect {
    /// `field`'s centre, half sizes and radii.
    init(_ field: RoundedRectField) {
        self.init(centerX: field.centerX, centerY: field.centerY, halfWidth: field.halfWidth, halfHeight: field.halfHeight,
                  radii: (field.radii.x, field.radii.y, field.radii.z, field.radii.w))
    }
}

extension QuadPainter {
    /// Calls `body` with `quad` in the AVX2 span kernel's form where this painter uses the
    /// kernels, the processor runs them, the reference is not asked for (`evaluatesEveryField`)
    /// and the kernel shades the quad; with nil otherwise.
    @inline(__always)
    func withSpanKernel(of quad: UnsafePointer<PreparedQuad>, _ body: (UnsafePointer<QCShadedQuad>?) -> Void) {
        guard usesWideKernel && processorRunsWideSpriteKernel && !evaluatesEveryField else { return body(nil) }
        Self.withShadedQuad(quad, clips: clips, body)
    }

    /// Calls `body` with `quad` in the AVX2 span kernel's form, its clips' chain on the stack, or
    /// with nil where the kernel does not shade it (`QCShadedQuad.init`), whatever the processor.
    @inline(__always)
    static func withShadedQuad(_ quad: UnsafePointer<PreparedQuad>, clips: UnsafeBufferPointer<PreparedClip>,
                               _ body: (UnsafePointer<QCShadedQuad>?) -> Void) {
        withUnsafeTemporaryAllocation(of: QCShadedClip.self, capacity: PreparedClip.maximumDepth) { chain in
            guard var wide = QCShadedQuad(quad, clips: clips, chain: chain.baseAddress!) else { return body(nil) }
            withUnsafePointer(to: &wide) { body($0) }
        }
    }
}
