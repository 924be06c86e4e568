// The AVX2 solving of `RowBounds.span` four rows at a time, shared by the row spans kernel
// (RowBounds.c) and the sprite kernel (SpriteRowAVX2.c), which solves a sprite's rows as it
// paints them; and the rounding and storing of four rows' spans that the region and corner
// disc kernels (RegionSpansAVX2.c, CornerDiscSpansAVX2.c) share. Private to CPURendererKernels;
// x86-64 only.
#ifndef QC_ROW_SPANS_H
#define QC_ROW_SPANS_H
#include "CPURendererKernels.h"
#include <float.h>
#include <immintrin.h>
#include <stdbool.h>

#ifndef AVX2
#define AVX2 __attribute__((target("avx2")))
#endif

#pragma clang fp contract(off)

/// A `QCRowBounds`' slopes and offsets, each in every lane (made once for all the rows of a call);
/// `usesFourth`: whether the fourth slot of either side may bound a row.
typedef struct RowLines {
    __m256d lowSlope[4], lowOffset[4], highSlope[4], highOffset[4];
    bool usesFourth;
} RowLines;

static inline AVX2 RowLines row_lines(const QCRowBounds *bounds) {
    RowLines lines;
    for (int i = 0; i < 4; i++) {
        lines.lowSlope[i] = _mm256_set1_pd(bounds->lowSlope[i]); lines.lowOffset[i] = _mm256_set1_pd(bounds->lowOffset[i]);
        lines.highSlope[i] = _mm256_set1_pd(bounds->highSlope[i]); lines.highOffset[i] = _mm256_set1_pd(bounds->highOffset[i]);
    }
    // A slot left unused (slope 0, offset -DBL_MAX below, DBL_MAX above) gives the bound
    // 0 x + offset = offset at every finite row centre, which the largest (smallest) of the
    // bounds, at least x0 (at most x1 - 1), never takes: leaving it out changes no bit.
    lines.usesFourth = !(bounds->lowSlope[3] == 0 && bounds->lowOffset[3] == -DBL_MAX
                         && bounds->highSlope[3] == 0 && bounds->highOffset[3] == DBL_MAX);
    return lines;
}

/// The first columns and ends of four rows' spans (x0, x0 where a row has none).
typedef struct RowEnds {
    __m128i first, end;
} RowEnds;

/// Four rows' spans from their bounds rounded to whole columns (`lower`, `upper`, exact where
/// `valid`): the first columns and ends as 32-bit integers, x0, x0 where a row is not valid (the
/// conversions' values there, of far or infinite bounds, are dropped).
static inline AVX2 RowEnds row_ends_where(__m256d valid, __m256d lower, __m256d upper, int32_t x0) {
    const __m128i none = _mm_set1_epi32(x0);
    const __m128i rowMask = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(valid), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
    RowEnds ends = {
        _mm_blendv_epi8(none, _mm256_cvttpd_epi32(lower), rowMask),
        _mm_blendv_epi8(none, _mm256_cvttpd_epi32(upper), rowMask),
    };
    return ends;
}

// `RowBounds.span` for rows firstRow..<firstRow + 4 within x0..<x1: each row's lower bounds (each
// multiplied, then added, as the Swift lanes are) and the first column, their largest (taking the
// largest of exact values in any order gives the same value: the bounds are never NaN, and a
// zero's sign does not survive the rounding and conversion), likewise the upper bounds, rounded
// up and down. Rounding is exact where the Swift code rounds; beyond ±4e15, where it leaves a
// value as it is, the span is empty either way (columns lie within ±2^15). `bounds` is not empty.
static inline AVX2 RowEnds row_ends(const QCRowBounds *bounds, const RowLines *lines, int32_t firstRow, int32_t x0, int32_t x1) {
    const __m256d centre = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(firstRow), _mm_setr_epi32(0, 1, 2, 3))),
                                         _mm256_set1_pd(0.5));
    __m256d low = _mm256_set1_pd((double)x0), high = _mm256_set1_pd((double)x1 - 1);
    // Three slots a side, the fourth only where it may bound a row (`RowLines.usesFourth`).
    for (int i = 0; i < 4; i++) {
        if (i == 3 && !lines->usesFourth) break;
        low = _mm256_max_pd(low, _mm256_add_pd(_mm256_mul_pd(lines->lowSlope[i], centre), lines->lowOffset[i]));
        high = _mm256_min_pd(high, _mm256_add_pd(_mm256_mul_pd(lines->highSlope[i], centre), lines->highOffset[i]));
    }
    const __m256d lower = _mm256_round_pd(low, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256d upper = _mm256_add_pd(_mm256_round_pd(high, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC), _mm256_set1_pd(1));
    __m256d valid = _mm256_and_pd(_mm256_cmp_pd(_mm256_set1_pd(bounds->firstCentre), centre, _CMP_LE_OQ),
                                  _mm256_cmp_pd(centre, _mm256_set1_pd(bounds->lastCentre), _CMP_LE_OQ));
    // Where a row has none, both ends are x0.
    return row_ends_where(_mm256_and_pd(valid, _mm256_cmp_pd(lower, upper, _CMP_LT_OQ)), lower, upper, x0);
}

/// Writes four rows' spans (`ends`, of rows r..<r + 4) to spans[2 (r + i)], spans[2 (r + i) + 1]
/// for the rows below rowCount only: a last partial group goes through a local array, so nothing
/// is written at or beyond spans[2 rowCount].
static inline AVX2 void store_row_ends(RowEnds ends, int32_t r, int32_t rowCount, int32_t *spans) {
    if (r + 4 <= rowCount) {
        _mm_storeu_si128((__m128i *)(spans + 2 * r), _mm_unpacklo_epi32(ends.first, ends.end));
        _mm_storeu_si128((__m128i *)(spans + 2 * r + 4), _mm_unpackhi_epi32(ends.first, ends.end));
        return;
    }
    int32_t last[8];
    _mm_storeu_si128((__m128i *)last, _mm_unpacklo_epi32(ends.first, ends.end));
    _mm_storeu_si128((__m128i *)(last + 4), _mm_unpackhi_epi32(ends.first, ends.end));
    for (int32_t i = 0; r + i < rowCount; i++) { spans[2 * (r + i)] = last[2 * i]; spans[2 * (r + i) + 1] = last[2 * i + 1]; }
}

#endif
