// RowBounds' solving of a sprite's region for rows (portable C, for every processor: it replaced
// the Swift loop step for step) and its spans row by row (AVX2, chosen at run time as the sprite
// kernel is, the values of the Swift `RowBounds.span` the other processors run). No fused
// multiply-adds. CPURendererTests: CPUSpriteHullTests checks that the spans hold SpanRegion's,
// CPUSpriteKernelTests that the two span solvers agree row by row.
#include "CPURendererKernels.h"
#include <float.h>
#include <math.h>
#include <stdint.h>

#pragma clang fp contract(off)

// Each plane with a != 0 bounds the columns at x = -(b y + c) / a - 0.5 (its value at column x is
// a (x + 0.5) + b y + c), widened by a millionth; one with a == 0 bounds the row centres at
// y = -c / b; a plane that cannot be solved for x is left open (which only widens the spans), as
// are planes beyond four on a side. The steps and their order are RowBounds' (Swift's `max` and
// `min` keep the later argument on ties).
void qc_row_bounds(const double *a, const double *b, const double *c, QCRowBounds *bounds) {
    const double greatest = DBL_MAX;
    QCRowBounds r;
    for (int i = 0; i < 4; i++) {
        r.lowSlope[i] = 0; r.lowOffset[i] = -greatest;
        r.highSlope[i] = 0; r.highOffset[i] = greatest;
    }
    r.isEmpty = false;
    double lowest = -greatest, highest = greatest;
    int lowCount = 0, highCount = 0;
    for (int lane = 0; lane < 8; lane++) {
        const double al = a[lane], bl = b[lane], cl = c[lane];
        if (al != 0) {
            const double s = -bl / al, t = -cl / al - 0.5;
            if (!isfinite(s) || !isfinite(t)) continue;
            if (al > 0 && lowCount < 4) {
                r.lowSlope[lowCount] = s; r.lowOffset[lowCount] = t - 1e-6; lowCount++;
            } else if (al < 0 && highCount < 4) {
                r.highSlope[highCount] = s; r.highOffset[highCount] = t + 1e-6; highCount++;
            }
        } else if (bl != 0) {
            const double centre = -cl / bl;
            if (!isfinite(centre)) continue;
            if (bl > 0) {
                const double v = centre - 1e-6;
                lowest = v >= lowest ? v : lowest;
            } else {
                const double v = centre + 1e-6;
                highest = v <= highest ? v : highest;
            }
        } else if (cl < 0) {
            r.isEmpty = true;
        }
    }
    if (lowest <= highest) {
        r.firstCentre = lowest; r.lastCentre = highest;
    } else {
        r.firstCentre = -greatest; r.lastCentre = greatest;
        r.isEmpty = true;
    }
    *bounds = r;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

// `RowBounds.span` for four rows at once: each row's lower bounds (each multiplied, then added,
// as the Swift lanes are) and the first column, their largest (taking the largest of exact values
// in any order gives the same value: the bounds are never NaN, and a zero's sign does not survive
// the rounding and conversion), likewise the upper bounds, rounded up and down. Rounding is exact
// where the Swift code rounds; beyond ±4e15, where it leaves a value as it is, the span is empty
// either way (columns lie within ±2^15).
static inline AVX2 void row_spans(const QCRowBounds *bounds, int32_t firstRow, int32_t x0, int32_t x1, int32_t *spans) {
    const __m256d centre = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(firstRow), _mm_setr_epi32(0, 1, 2, 3))),
                                         _mm256_set1_pd(0.5));
    __m256d low = _mm256_set1_pd((double)x0), high = _mm256_set1_pd((double)x1 - 1);
    for (int i = 0; i < 4; i++) {
        low = _mm256_max_pd(low, _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(bounds->lowSlope[i]), centre), _mm256_set1_pd(bounds->lowOffset[i])));
        high = _mm256_min_pd(high, _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(bounds->highSlope[i]), centre), _mm256_set1_pd(bounds->highOffset[i])));
    }
    const __m256d lower = _mm256_round_pd(low, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256d upper = _mm256_add_pd(_mm256_round_pd(high, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC), _mm256_set1_pd(1));
    __m256d valid = _mm256_and_pd(_mm256_cmp_pd(_mm256_set1_pd(bounds->firstCentre), centre, _CMP_LE_OQ),
                                  _mm256_cmp_pd(centre, _mm256_set1_pd(bounds->lastCentre), _CMP_LE_OQ));
    valid = _mm256_and_pd(valid, _mm256_cmp_pd(lower, upper, _CMP_LT_OQ));
    // Where a row has none, both ends are x0 (and the conversions' values for far bounds are dropped).
    const __m128i none = _mm_set1_epi32(x0);
    const __m128i rowMask = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(valid), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
    const __m128i first = _mm_blendv_epi8(none, _mm256_cvttpd_epi32(lower), rowMask);
    const __m128i end = _mm_blendv_epi8(none, _mm256_cvttpd_epi32(upper), rowMask);
    _mm_storeu_si128((__m128i *)spans, _mm_unpacklo_epi32(first, end));
    _mm_storeu_si128((__m128i *)(spans + 4), _mm_unpackhi_epi32(first, end));
}

AVX2 void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    if (bounds->isEmpty) {
        for (int32_t r = 0; r < rowCount; r++) { spans[2 * r] = x0; spans[2 * r + 1] = x0; }
        return;
    }
    int32_t r = 0;
    for (; r + 4 <= rowCount; r += 4) row_spans(bounds, firstRow + r, x0, x1, spans + 2 * r);
    if (r < rowCount) {
        int32_t last[8];
        row_spans(bounds, firstRow + r, x0, x1, last);
        for (int32_t i = 0; r + i < rowCount; i++) { spans[2 * (r + i)] = last[2 * i]; spans[2 * (r + i) + 1] = last[2 * i + 1]; }
    }
}

#else

void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    (void)bounds; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)spans;
}

#endif
