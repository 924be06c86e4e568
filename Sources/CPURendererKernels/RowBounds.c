// RowBounds' solving of a sprite's region for rows (portable C, for every processor: it replaced
// the Swift loop step for step) and its spans four rows at a time (AVX2, chosen at run time as the
// sprite kernel is, the values of the Swift `RowBounds.span` the other processors run). No fused
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
    // Written in place: building a local copy and storing it cost a call to memcpy a sprite.
    QCRowBounds *const r = bounds;
    for (int i = 0; i < 4; i++) {
        r->lowSlope[i] = 0; r->lowOffset[i] = -greatest;
        r->highSlope[i] = 0; r->highOffset[i] = greatest;
    }
    r->isEmpty = false;
    double lowest = -greatest, highest = greatest;
    int lowCount = 0, highCount = 0;
    for (int lane = 0; lane < 8; lane++) {
        const double al = a[lane], bl = b[lane], cl = c[lane];
        if (al != 0) {
            const double s = -bl / al, t = -cl / al - 0.5;
            if (!isfinite(s) || !isfinite(t)) continue;
            if (al > 0 && lowCount < 4) {
                r->lowSlope[lowCount] = s; r->lowOffset[lowCount] = t - 1e-6; lowCount++;
            } else if (al < 0 && highCount < 4) {
                r->highSlope[highCount] = s; r->highOffset[highCount] = t + 1e-6; highCount++;
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
            r->isEmpty = true;
        }
    }
    if (lowest <= highest) {
        r->firstCentre = lowest; r->lastCentre = highest;
    } else {
        r->firstCentre = -greatest; r->lastCentre = greatest;
        r->isEmpty = true;
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include "RowSpans.h"

AVX2 void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    if (bounds->isEmpty) {
        for (int32_t r = 0; r < rowCount; r++) { spans[2 * r] = x0; spans[2 * r + 1] = x0; }
        return;
    }
    const RowLines lines = row_lines(bounds);
    int32_t r = 0;
    for (; r + 4 <= rowCount; r += 4) {
        const RowEnds ends = row_ends(bounds, &lines, firstRow + r, x0, x1);
        _mm_storeu_si128((__m128i *)(spans + 2 * r), _mm_unpacklo_epi32(ends.first, ends.end));
        _mm_storeu_si128((__m128i *)(spans + 2 * r + 4), _mm_unpackhi_epi32(ends.first, ends.end));
    }
    if (r < rowCount) {
        const RowEnds ends = row_ends(bounds, &lines, firstRow + r, x0, x1);
        int32_t last[8];
        _mm_storeu_si128((__m128i *)last, _mm_unpacklo_epi32(ends.first, ends.end));
        _mm_storeu_si128((__m128i *)(last + 4), _mm_unpackhi_epi32(ends.first, ends.end));
        for (int32_t i = 0; r + i < rowCount; i++) { spans[2 * (r + i)] = last[2 * i]; spans[2 * (r + i) + 1] = last[2 * i + 1]; }
    }
}

#else

void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    (void)bounds; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)spans;
}

#endif
