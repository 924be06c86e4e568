// The AVX2 form of QuadShader.shade and blendChunk for untextured affine quads, over a row span
// as QuadPainter.shadeSpan walks it. Every value is the Swift lanes': each step is the Swift
// step with the same operands in the same order, rounded the same way (no fused multiply-adds;
// the software square root of `lanesSquareRoot` step for step; `lanesMax(a, b)` as MAXPS with b
// first, which keeps the Swift select's answer for NaNs and signed zeros). The Swift code's two
// SSE registers per eight lanes are one register here, and a whole span is one call.
// CPURendererTests/CPUQuadKernelTests compares the paths byte for byte.
#include "QuadSpanKernels.h"
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#pragma clang fp contract(off)

#define QUAD_AVX2 __attribute__((target("avx2")))

// BoundaryRule.hardEdgeNudge (CompositorCore).
#define QC_QUAD_HARD_EDGE_NUDGE 0.002f

// `lanesMax(a, b)`: `a.replacing(with: b, where: b .> a)`; `lanesMin` likewise.
static inline QUAD_AVX2 __m256 qmax(__m256 a, __m256 b) { return _mm256_max_ps(b, a); }
static inline QUAD_AVX2 __m256 qmin(__m256 a, __m256 b) { return _mm256_min_ps(b, a); }
// `lanesClamp01`.
static inline QUAD_AVX2 __m256 clamp01(__m256 a) { return qmin(qmax(a, _mm256_setzero_ps()), _mm256_set1_ps(1.0f)); }
// `lanesAbs(a)`: `lanesMax(a, -a)` (a negative zero stays negative).
static inline QUAD_AVX2 __m256 qabs(__m256 a) { return qmax(a, _mm256_xor_ps(a, _mm256_set1_ps(-0.0f))); }
// `a.replacing(with: b, where: mask)`.
static inline QUAD_AVX2 __m256 replacing(__m256 a, __m256 b, __m256 mask) { return _mm256_blendv_ps(a, b, mask); }
static inline QUAD_AVX2 __m256 lt(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
static inline QUAD_AVX2 __m256 le(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
static inline QUAD_AVX2 __m256 gt(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
static inline QUAD_AVX2 __m256 ge(__m256 a, __m256 b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
static inline QUAD_AVX2 __m256 not_(__m256 m) { return _mm256_xor_ps(m, _mm256_castsi256_ps(_mm256_set1_epi32(-1))); }
static inline QUAD_AVX2 int all_set(__m256 m) { return _mm256_movemask_ps(m) == 0xFF; }

// `lanesSquareRoot`: clamped into 1e-30...1e30, an estimate of 1/√v from the float's bits, three
// Newton steps `y (1.5 - (v/2 y) y)`, times v; 0 where x <= 0.
static inline QUAD_AVX2 __m256 square_root(__m256 x) {
    __m256 v = qmin(qmax(x, _mm256_set1_ps(1e-30f)), _mm256_set1_ps(1e30f));
    __m256 y = _mm256_castsi256_ps(_mm256_sub_epi32(_mm256_set1_epi32(0x5F3759DF), _mm256_srli_epi32(_mm256_castps_si256(v), 1)));
    __m256 half = _mm256_mul_ps(_mm256_set1_ps(0.5f), v);
    const __m256 threeHalves = _mm256_set1_ps(1.5f);
    for (int i = 0; i < 3; i++) y = _mm256_mul_ps(y, _mm256_sub_ps(threeHalves, _mm256_mul_ps(_mm256_mul_ps(half, y), y)));
    return replacing(_mm256_mul_ps(v, y), _mm256_setzero_ps(), le(x, _mm256_setzero_ps()));
}

// `Homography.lanes(column:row:)` with w = 1: the first pixel centre mapped in double precision,
// the others stepped in single.
static inline QUAD_AVX2 void map_lanes(const QCAffineMap *m, int32_t column, int32_t row, __m256 *x, __m256 *y) {
    const __m256 offsets = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    double cx = (double)column + 0.5, cy = (double)row + 0.5;
    double bx = cx * m->h11 + cy * m->h21 + m->h31, by = cx * m->h12 + cy * m->h22 + m->h32;
    *x = _mm256_add_ps(_mm256_set1_ps((float)bx), _mm256_mul_ps(_mm256_set1_ps((float)m->h11), offsets));
    *y = _mm256_add_ps(_mm256_set1_ps((float)by), _mm256_mul_ps(_mm256_set1_ps((float)m->h12), offsets));
}

// `FieldSample`: the terms of a rounded rect's distance, and the distance once measured.
typedef struct Sample { __m256 distance, dx, dy, r, qx, qy; } Sample;

// `RoundedRectField.terms(x:y:)`.
static inline QUAD_AVX2 Sample terms(const QCRoundedRect *f, __m256 x, __m256 y) {
    Sample s;
    const __m256 zero = _mm256_setzero_ps();
    s.distance = zero;
    s.dx = _mm256_sub_ps(x, _mm256_set1_ps(f->centerX));
    s.dy = _mm256_sub_ps(y, _mm256_set1_ps(f->centerY));
    __m256 left = lt(s.dx, zero);
    __m256 top = replacing(_mm256_set1_ps(f->radii[1]), _mm256_set1_ps(f->radii[0]), left);
    __m256 bottom = replacing(_mm256_set1_ps(f->radii[2]), _mm256_set1_ps(f->radii[3]), left);
    s.r = replacing(bottom, top, lt(s.dy, zero));
    s.qx = _mm256_add_ps(_mm256_sub_ps(qabs(s.dx), _mm256_set1_ps(f->halfWidth)), s.r);
    s.qy = _mm256_add_ps(_mm256_sub_ps(qabs(s.dy), _mm256_set1_ps(f->halfHeight)), s.r);
    return s;
}

// `FieldSample.measured`.
static inline QUAD_AVX2 Sample measured(Sample s) {
    const __m256 zero = _mm256_setzero_ps();
    __m256 outsideX = qmax(s.qx, zero), outsideY = qmax(s.qy, zero);
    __m256 length = square_root(_mm256_add_ps(_mm256_mul_ps(outsideX, outsideX), _mm256_mul_ps(outsideY, outsideY)));
    s.distance = _mm256_sub_ps(_mm256_add_ps(qmin(qmax(s.qx, s.qy), zero), length), s.r);
    return s;
}

static inline QUAD_AVX2 __m256 distance(const QCRoundedRect *f, __m256 x, __m256 y) { return measured(terms(f, x, y)).distance; }

// `FieldSample.isStraightEverywhere`.
static inline QUAD_AVX2 int straight_everywhere(Sample s) {
    const __m256 zero = _mm256_setzero_ps();
    return all_set(_mm256_or_ps(_mm256_or_ps(le(s.qx, zero), le(s.qy, zero)), le(s.r, zero)));
}

// `QuadShader.cutHardEdges`.
static inline QUAD_AVX2 __m256 cut_hard_edges(const QCShadedQuad *q, __m256 coverage, Sample s, __m256 lx, __m256 ly) {
    const __m256 zero = _mm256_setzero_ps(), nudge = _mm256_set1_ps(QC_QUAD_HARD_EDGE_NUDGE);
    __m256 straight = _mm256_or_ps(_mm256_or_ps(le(s.qx, nudge), le(s.qy, nudge)), le(s.r, zero));
    __m256 xFirst = gt(s.qx, _mm256_add_ps(s.qy, nudge));
    __m256 alongX = _mm256_and_ps(straight, xFirst), alongY = _mm256_and_ps(straight, not_(xFirst));
    __m256 nx = _mm256_add_ps(lx, nudge), ny = _mm256_add_ps(ly, nudge);
    __m256 insideX = _mm256_and_ps(ge(nx, _mm256_set1_ps(q->minX)), lt(nx, _mm256_set1_ps(q->maxX)));
    __m256 insideY = _mm256_and_ps(ge(ny, _mm256_set1_ps(q->minY)), lt(ny, _mm256_set1_ps(q->maxY)));
    __m256 hardX = zero, hardY = zero;
    uint8_t hard = q->hardEdges;
    if (hard & 1) hardX = _mm256_or_ps(hardX, lt(s.dx, zero));
    if (hard & 2) hardX = _mm256_or_ps(hardX, not_(lt(s.dx, zero)));
    if (hard & 4) hardY = _mm256_or_ps(hardY, lt(s.dy, zero));
    if (hard & 8) hardY = _mm256_or_ps(hardY, not_(lt(s.dy, zero)));
    __m256 corner = _mm256_and_ps(_mm256_and_ps(le(s.r, zero), hardX), hardY);
    __m256 selectedX = _mm256_andnot_ps(corner, _mm256_and_ps(alongX, hardX));
    __m256 selectedY = _mm256_andnot_ps(corner, _mm256_and_ps(alongY, hardY));
    __m256 inside = _mm256_or_ps(_mm256_or_ps(_mm256_and_ps(selectedX, insideX), _mm256_and_ps(selectedY, insideY)),
                                 _mm256_and_ps(_mm256_and_ps(corner, insideX), insideY));
    __m256 cut = replacing(coverage, _mm256_set1_ps(1.0f), inside);
    cut = replacing(cut, zero, _mm256_andnot_ps(inside, _mm256_or_ps(_mm256_or_ps(selectedX, selectedY), corner)));
    return hard == 0xF ? replacing(cut, zero, not_(_mm256_and_ps(insideX, insideY))) : cut;
}

// `QuadShader.clipCoverage`: `coverage` times each clip's (`PreparedClip.coverage` with w = 1).
static inline QUAD_AVX2 __m256 clip_coverage(const QCShadedQuad *q, __m256 coverage, int32_t column, int32_t row) {
    for (int32_t i = 0; i < q->clipCount; i++) {
        const QCShadedClip *clip = q->clips + i;
        __m256 x, y;
        map_lanes(&clip->map, column, row, &x, &y);
        __m256 d = distance(&clip->field, x, y);
        __m256 c = clamp01(_mm256_sub_ps(_mm256_set1_ps(0.5f), _mm256_div_ps(d, _mm256_set1_ps(clip->unitsPerPixel))));
        coverage = _mm256_mul_ps(coverage, c);
    }
    return coverage;
}

typedef struct Color { __m256 r, g, b, a; } Color;

static inline QUAD_AVX2 Color scaled(Color c, __m256 s) {
    Color out = { _mm256_mul_ps(c.r, s), _mm256_mul_ps(c.g, s), _mm256_mul_ps(c.b, s), _mm256_mul_ps(c.a, s) };
    return out;
}

// `QuadShader.shade` for a quad the kernel takes: no texture, gradient or blur; w = 1.
static inline QUAD_AVX2 Color shade(const QCShadedQuad *q, int32_t column, int32_t row, int interior, int clipsCover) {
    __m256 lx, ly;
    map_lanes(&q->map, column, row, &lx, &ly);
    Color color = { _mm256_set1_ps(q->fill[0]), _mm256_set1_ps(q->fill[1]), _mm256_set1_ps(q->fill[2]), _mm256_set1_ps(q->fill[3]) };
    const __m256 opacity = _mm256_set1_ps(q->opacity), one = _mm256_set1_ps(1.0f);
    if (interior) {
        if (clipsCover || q->clipCount == 0) return scaled(color, opacity);
        return scaled(color, _mm256_mul_ps(clip_coverage(q, one, column, row), opacity));
    }
    __m256 perPixel = _mm256_div_ps(one, _mm256_set1_ps(q->unitsPerPixel));
    Sample sample = terms(&q->shape, lx, ly);
    __m256 coverage;
    if (q->hardEdges == 0xF && !q->borderFollowsShape && straight_everywhere(sample)) {
        coverage = cut_hard_edges(q, _mm256_setzero_ps(), sample, lx, ly);
    } else {
        sample = measured(sample);
        coverage = clamp01(_mm256_sub_ps(_mm256_set1_ps(0.5f), _mm256_mul_ps(sample.distance, perPixel)));
        if (q->hardEdges != 0) coverage = cut_hard_edges(q, coverage, sample, lx, ly);
    }
    if (q->borderWidth > 0) {
        __m256 borderDistance = q->borderFollowsShape ? _mm256_add_ps(sample.distance, _mm256_set1_ps(q->borderWidth))
                                                      : distance(&q->borderField, lx, ly);
        __m256 amount = q->borderFillsShape ? one
            : _mm256_sub_ps(one, clamp01(_mm256_sub_ps(_mm256_set1_ps(0.5f), _mm256_mul_ps(borderDistance, perPixel))));
        Color border = { _mm256_set1_ps(q->border[0]), _mm256_set1_ps(q->border[1]), _mm256_set1_ps(q->border[2]),
                         _mm256_set1_ps(q->border[3]) };
        border = scaled(border, amount);
        // `LaneColor.over`.
        __m256 k = _mm256_sub_ps(one, border.a);
        color.r = _mm256_add_ps(border.r, _mm256_mul_ps(color.r, k));
        color.g = _mm256_add_ps(border.g, _mm256_mul_ps(color.g, k));
        color.b = _mm256_add_ps(border.b, _mm256_mul_ps(color.b, k));
        color.a = _mm256_add_ps(border.a, _mm256_mul_ps(color.a, k));
    }
    // w is 1 in every lane: no lane lies behind the viewer.
    if (!clipsCover) coverage = clip_coverage(q, coverage, column, row);
    return scaled(color, _mm256_mul_ps(coverage, opacity));
}

// `lanesToBytes`: floats in 0...255 rounded to the nearest integer (ties to even), low 8 bits.
static inline QUAD_AVX2 __m256i to_bytes(__m256 f) {
    return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(f, _mm256_set1_ps(8388608.0f))), _mm256_set1_epi32(0xFF));
}

// `clampedBytes`.
static inline QUAD_AVX2 __m256i clamped_bytes(__m256 f) {
    return to_bytes(qmin(qmax(f, _mm256_setzero_ps()), _mm256_set1_ps(255.0f)));
}

// `blendPixels` (clamping or not) or `addPixels`: `source` over, or onto, eight RGBA8 pixels.
// Bytes to floats by conversion: exact, as `lanesFromBytes` is.
static inline QUAD_AVX2 __m256i blend(Color s, __m256i destination, int additive, int clamps) {
    const __m256i byte = _mm256_set1_epi32(0xFF);
    __m256 dr = _mm256_cvtepi32_ps(_mm256_and_si256(destination, byte));
    __m256 dg = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(destination, 8), byte));
    __m256 db = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(destination, 16), byte));
    __m256 da = _mm256_cvtepi32_ps(_mm256_srli_epi32(destination, 24));
    const __m256 scale = _mm256_set1_ps(255.0f);
    __m256 r, g, b, a;
    if (additive) {
        r = _mm256_add_ps(_mm256_mul_ps(s.r, scale), dr); g = _mm256_add_ps(_mm256_mul_ps(s.g, scale), dg);
        b = _mm256_add_ps(_mm256_mul_ps(s.b, scale), db); a = _mm256_add_ps(_mm256_mul_ps(s.a, scale), da);
        clamps = 1;
    } else {
        __m256 k = _mm256_sub_ps(_mm256_set1_ps(1.0f), s.a);
        r = _mm256_add_ps(_mm256_mul_ps(s.r, scale), _mm256_mul_ps(dr, k));
        g = _mm256_add_ps(_mm256_mul_ps(s.g, scale), _mm256_mul_ps(dg, k));
        b = _mm256_add_ps(_mm256_mul_ps(s.b, scale), _mm256_mul_ps(db, k));
        a = _mm256_add_ps(_mm256_mul_ps(s.a, scale), _mm256_mul_ps(da, k));
    }
    __m256i br, bg, bb, ba;
    if (clamps) {
        br = clamped_bytes(r); bg = clamped_bytes(g); bb = clamped_bytes(b); ba = clamped_bytes(a);
    } else {
        br = to_bytes(r); bg = to_bytes(g); bb = to_bytes(b); ba = to_bytes(a);
    }
    return _mm256_or_si256(_mm256_or_si256(br, _mm256_slli_epi32(bg, 8)), _mm256_or_si256(_mm256_slli_epi32(bb, 16), _mm256_slli_epi32(ba, 24)));
}

QUAD_AVX2 void qc_quad_shade_span_avx2(const QCShadedQuad *quad, int32_t row, int32_t x0, int32_t x1, int32_t interiorLower,
                                       int32_t interiorUpper, int32_t coverLower, int32_t coverUpper, bool clamps, uint32_t *pixels,
                                       int32_t columnLimit) {
    const __m256i laneIndex = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (int32_t x = x0; x < x1; x += 8) {
        int32_t count = x1 - x < 8 ? x1 - x : 8;
        int covered = x >= coverLower && x + count <= coverUpper;
        int inside = x >= interiorLower && x + count <= interiorUpper;
        Color color = shade(quad, x, row, inside, covered);
        uint32_t *pointer = pixels + x;
        // `blendChunk`: eight pixels where the row has room for them, otherwise `count`, always
        // clamped (its short path blends with the clamp whatever it is asked).
        int room = columnLimit - x >= 8;
        if (count == 8 && room) {
            __m256i destination = _mm256_loadu_si256((const __m256i *)pointer);
            _mm256_storeu_si256((__m256i *)pointer, blend(color, destination, quad->additive, clamps));
        } else {
            __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count), laneIndex);
            __m256i destination = _mm256_maskload_epi32((const int *)pointer, mask);
            _mm256_maskstore_epi32((int *)pointer, mask, blend(color, destination, quad->additive, clamps || !room));
        }
    }
}

#else

// Never called: `qc_sprite_kernels_available()` is false on these processors.
void qc_quad_shade_span_avx2(const QCShadedQuad *quad, int32_t row, int32_t x0, int32_t x1, int32_t interiorLower,
                             int32_t interiorUpper, int32_t coverLower, int32_t coverUpper, bool clamps, uint32_t *pixels,
                             int32_t columnLimit) {
    (void)quad; (void)row; (void)x0; (void)x1; (void)interiorLower; (void)interiorUpper; (void)coverLower;
    (void)coverUpper; (void)clamps; (void)pixels; (void)columnLimit;
}

#endif
