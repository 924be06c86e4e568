// RowBounds' solving of a sprite's region for rows (portable C, for every processor: it replaced
// the Swift loop step for step) and its spans four rows at a time (AVX2, chosen at run time as the
// sprite kernel is, the values of the Swift `RowBounds.span` the other processors run). No fused
// multiply-adds. CPURendererTests: CPUSpriteHullTests checks that the spans hold SpanRegion's,
// CPUSpriteKernelTests that the two span solvers agree row by row, CPURowPlanTests that planes
// solved again moved (`qc_row_bounds_moved`) give a fresh solution's bits.
#include "CPURendererKernels.h"
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdint.h>

#pragma clang fp contract(off)

// Each plane with a != 0 bounds the columns at x = -(b y + c) / a - 0.5 (its value at column x is
// a (x + 0.5) + b y + c), widened by a millionth; one with a == 0 bounds the row centres at
// y = -c / b; a plane that cannot be solved for x is left open (which only widens the spans), as
// are planes beyond four on a side. The steps and their order are RowBounds' (Swift's `max` and
// `min` keep the later argument on ties).
void qc_row_bounds(const double *a, const double *b, const double *c, QCRowBounds *bounds) {
    qc_row_bounds_planned(a, b, c, bounds, NULL);
}

// The plan (`plan` may be NULL for none) records each lane's part in the loop below, which
// `qc_row_bounds_moved` repeats with a new c: its steps on c must stay those of this loop.
void qc_row_bounds_planned(const double *a, const double *b, const double *c, QCRowBounds *bounds, QCRowPlan *plan) {
    // Each kind's planes in lane order: column bounds, lower and upper row bounds, empty tests.
    int8_t lanes[4][8], targets[8];
    double divisors[4][8];
    int counts[4] = {0, 0, 0, 0};
    bool valid = true;
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
            if (!isfinite(s)) continue;
            // A finite slope with an offset that is not: whether the plane takes a slot depends on c.
            if (!isfinite(t)) { valid = false; continue; }
            if (al > 0 && lowCount < 4) {
                targets[counts[0]] = (int8_t)lowCount;
                r->lowSlope[lowCount] = s; r->lowOffset[lowCount] = t - 1e-6; lowCount++;
            } else if (al < 0 && highCount < 4) {
                targets[counts[0]] = (int8_t)(4 + highCount);
                r->highSlope[highCount] = s; r->highOffset[highCount] = t + 1e-6; highCount++;
            } else {
                continue;
            }
            lanes[0][counts[0]] = (int8_t)lane; divisors[0][counts[0]++] = al;
        } else if (bl != 0) {
            const int kind = bl > 0 ? 1 : 2;
            lanes[kind][counts[kind]] = (int8_t)lane; divisors[kind][counts[kind]++] = bl;
            const double centre = -cl / bl;
            if (!isfinite(centre)) continue;
            if (bl > 0) {
                const double v = centre - 1e-6;
                lowest = v >= lowest ? v : lowest;
            } else {
                const double v = centre + 1e-6;
                highest = v <= highest ? v : highest;
            }
        } else {
            lanes[3][counts[3]] = (int8_t)lane; divisors[3][counts[3]++] = 0;
            if (cl < 0) r->isEmpty = true;
        }
    }
    if (lowest <= highest) {
        r->firstCentre = lowest; r->lastCentre = highest;
    } else {
        r->firstCentre = -greatest; r->lastCentre = greatest;
        r->isEmpty = true;
    }
    if (!plan) return;
    int entry = 0;
    for (int kind = 0; kind < 4; kind++) {
        for (int i = 0; i < counts[kind]; i++, entry++) {
            plan->lane[entry] = lanes[kind][i]; plan->divisor[entry] = divisors[kind][i];
            plan->target[entry] = kind == 0 ? targets[i] : 0;
        }
    }
    for (; entry < 8; entry++) { plan->lane[entry] = 0; plan->divisor[entry] = 0; plan->target[entry] = 0; }
    plan->columns = (int8_t)counts[0]; plan->rowLows = (int8_t)counts[1];
    plan->rowHighs = (int8_t)counts[2]; plan->empties = (int8_t)counts[3];
    plan->isValid = valid;
}

bool qc_row_bounds_moved(const double *c, const QCRowPlan *plan, QCRowBounds *bounds) {
    const double greatest = DBL_MAX;
    QCRowBounds *const r = bounds;
    int entry = 0;
    for (const int end = plan->columns; entry < end; entry++) {
        const double t = -c[plan->lane[entry]] / plan->divisor[entry] - 0.5;
        if (!isfinite(t)) return false;
        const int target = plan->target[entry];
        if (target < 4) r->lowOffset[target] = t - 1e-6;
        else r->highOffset[target - 4] = t + 1e-6;
    }
    double lowest = -greatest, highest = greatest;
    for (const int end = entry + plan->rowLows; entry < end; entry++) {
        const double centre = -c[plan->lane[entry]] / plan->divisor[entry];
        if (!isfinite(centre)) continue;
        const double v = centre - 1e-6;
        lowest = v >= lowest ? v : lowest;
    }
    for (const int end = entry + plan->rowHighs; entry < end; entry++) {
        const double centre = -c[plan->lane[entry]] / plan->divisor[entry];
        if (!isfinite(centre)) continue;
        const double v = centre + 1e-6;
        highest = v <= highest ? v : highest;
    }
    r->isEmpty = false;
    for (const int end = entry + plan->empties; entry < end; entry++) {
        if (c[plan->lane[entry]] < 0) r->isEmpty = true;
    }
    if (lowest <= highest) {
        r->firstCentre = lowest; r->lastCentre = highest;
    } else {
        r->firstCentre = -greatest; r->lastCentre = greatest;
        r->isEmpty = true;
    }
    return true;
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
