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

// `RowBounds.span` for each row: the four lower and four upper bounds at once (multiplied, then
// added, as the Swift lanes are), their largest and smallest, rounded up and down. Rounding is
// exact where the Swift code rounds; beyond ±4e15, where it leaves a value as it is, the span is
// empty either way (columns lie within ±2^15).
AVX2 void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    const __m256d lowSlope = _mm256_loadu_pd(bounds->lowSlope), lowOffset = _mm256_loadu_pd(bounds->lowOffset);
    const __m256d highSlope = _mm256_loadu_pd(bounds->highSlope), highOffset = _mm256_loadu_pd(bounds->highOffset);
    const double first = (double)x0, last = (double)x1 - 1;
    for (int32_t r = 0; r < rowCount; r++) {
        const double centre = (double)(firstRow + r) + 0.5;
        spans[2 * r] = x0; spans[2 * r + 1] = x0;
        if (bounds->isEmpty || !(bounds->firstCentre <= centre && centre <= bounds->lastCentre)) continue;
        const __m256d y = _mm256_set1_pd(centre);
        const __m256d lows = _mm256_add_pd(_mm256_mul_pd(lowSlope, y), lowOffset);
        const __m256d highs = _mm256_add_pd(_mm256_mul_pd(highSlope, y), highOffset);
        __m128d low = _mm_max_pd(_mm256_castpd256_pd128(lows), _mm256_extractf128_pd(lows, 1));
        low = _mm_max_sd(_mm_max_sd(low, _mm_unpackhi_pd(low, low)), _mm_set_sd(first));
        __m128d high = _mm_min_pd(_mm256_castpd256_pd128(highs), _mm256_extractf128_pd(highs, 1));
        high = _mm_min_sd(_mm_min_sd(high, _mm_unpackhi_pd(high, high)), _mm_set_sd(last));
        const double lower = _mm_cvtsd_f64(_mm_round_sd(low, low, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC));
        const double upper = _mm_cvtsd_f64(_mm_round_sd(high, high, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)) + 1;
        if (!(lower < upper)) continue;
        spans[2 * r] = (int32_t)lower; spans[2 * r + 1] = (int32_t)upper;
    }
}

#else

void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    (void)bounds; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)spans;
}

#endif
