// The AVX2 form of the CPU renderer's runs of eight for untextured quads (CPURenderer's
// `QuadShader.shade` then `blendChunk`, over a row span as `QuadPainter.shadeSpan` walks it):
// rounded-rect fields, hard-edge cuts, border, rounded clips and the blend, eight pixels in one
// 256-bit register. Chosen at run time (`qc_sprite_kernels_available`); the Swift lanes stay
// the path of other processors and the reference the kernel's bytes are tested against.
#ifndef QC_QUAD_SPAN_KERNELS_H
#define QC_QUAD_SPAN_KERNELS_H
#include <stdbool.h>
#include <stdint.h>

/// A rounded rect's field (`RoundedRectField`): its centre, half sizes and capped radii by
/// quadrant (minX/minY, maxX/minY, maxX/maxY, minX/maxY).
typedef struct QCRoundedRect {
    float centerX, centerY, halfWidth, halfHeight;
    float radii[4];
} QCRoundedRect;

/// An affine canvas-to-local map with w = 1 (`Homography` with m13 = m23 = 0, m33 = 1): a run's
/// first pixel centre (cx, cy) maps, in double precision and in the order of `Homography.apply`,
/// to x = cx h11 + cy h21 + h31, y = cx h12 + cy h22 + h32; the run's other pixels step from it
/// in single precision by (h11, h12) rounded to float.
typedef struct QCAffineMap {
    double h11, h12, h21, h22, h31, h32;
} QCAffineMap;

/// An affine clip (`PreparedClip` with `hasUnitW`): its map, field and local units per pixel.
typedef struct QCShadedClip {
    QCAffineMap map;
    QCRoundedRect field;
    float unitsPerPixel;
} QCShadedClip;

/// An affine, untextured quad without gradient or blur (`PreparedQuad` with `isAffine` and
/// `hasUnitW`), and the chain of clips it is drawn in, innermost first.
typedef struct QCShadedQuad {
    QCAffineMap map;
    QCRoundedRect shape, borderField;
    float unitsPerPixel, opacity, borderWidth;
    /// Premultiplied fill and border colours (r, g, b, a), as given.
    float fill[4], border[4];
    /// The rect the hard edges are cut at (`EdgeBox`), and which edges are hard (bit 0 minX,
    /// 1 maxX, 2 minY, 3 maxY).
    float minX, minY, maxX, maxY;
    uint8_t hardEdges;
    bool borderFillsShape, borderFollowsShape;
    /// Whether the quad adds to the pixels (`plusLighter`) rather than covering them.
    bool additive;
    const QCShadedClip *clips;
    int32_t clipCount;
} QCShadedQuad;

/// Shades and blends `quad` over columns x0..<x1 of canvas row `row` (whose column 0 is
/// `pixels`) in runs of eight from x0: a run inside interiorLower..<interiorUpper skips the quad's
/// field and border, one inside coverLower..<coverUpper its clips' fields; blends clamp when
/// `clamps`. A run may read and rewrite (unchanged) pixels up to, not beyond, `columnLimit`. The
/// bytes of `QuadPainter.shadeSpan` with the same arguments. Call only where
/// `qc_sprite_kernels_available()`.
void qc_quad_shade_span_avx2(const QCShadedQuad *quad, int32_t row, int32_t x0, int32_t x1, int32_t interiorLower,
                             int32_t interiorUpper, int32_t coverLower, int32_t coverUpper, bool clamps, uint32_t *pixels,
                             int32_t columnLimit);

#endif
