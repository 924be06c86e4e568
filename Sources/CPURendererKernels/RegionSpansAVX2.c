// `SpanRegion.span` for a run of rows, four rows a register (AVX2, chosen at run time as the
// sprite kernel is): the spans of a quad's regions for all its rows in a band, and of a clip's
// regions for a few rows at a time, solved in one call each instead of one Swift call a row.
// Every value is the Swift code's: each plane's value and bound are the same operations on the
// same operands in the same order (no fused multiply-adds), and the steps the Swift code takes
// differently give the same whole columns (said where they are taken).
// CPURendererTests/CPURegionSpanKernelTests compares the two row by row.
#include "CPURendererKernels.h"
#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include "RowSpans.h"

#define REGION_AVX2 AVX2

// The planes of a region that can bound a row's columns: a > 0 gives lower bounds, a < 0 upper
// bounds, a == 0 rows outside (value < 0); a NaN slope gives nothing, and neither does a plane
// with a == b == 0 and c >= 0 (the Swift code skips the last four lanes when they are all such:
// its value is c or c plus a zero, never below zero, and its bounds are ignored as an a == 0's
// are), so both are left out. Each in every lane, the lower-bound planes first, then the upper,
// then the flat ones (the order of the largest or smallest bound does not change it). At most
// eight planes: `planes` is a `SpanRegion`, its a, b and c eight doubles each.
typedef struct RegionPlanes {
    __m256d half[8], b[8], c[8], a[8];
    int lowCount, highCount, flatCount;
} RegionPlanes;

static inline REGION_AVX2 void region_planes(const double *planes, RegionPlanes *out) {
    const double *a = planes, *b = planes + 8, *c = planes + 16;
    int n = 0;
    for (int kind = 0; kind < 3; kind++) {
        const int before = n;
        for (int i = 0; i < 8; i++) {
            const int taken = kind == 0 ? a[i] > 0 : kind == 1 ? a[i] < 0 : (a[i] == 0 && !(b[i] == 0 && c[i] >= 0));
            if (!taken) continue;
            out->half[n] = _mm256_set1_pd(a[i] * 0.5);
            out->b[n] = _mm256_set1_pd(b[i]);
            out->c[n] = _mm256_set1_pd(c[i]);
            out->a[n] = _mm256_set1_pd(a[i]);
            n++;
        }
        if (kind == 0) out->lowCount = n - before;
        else if (kind == 1) out->highCount = n - before;
        else out->flatCount = n - before;
    }
}

// The spans of rows firstRow..<firstRow + 4 within x0..<x1 (first columns in `first`, ends in
// `end`; x0, x0 where a row has none).
//
// Per plane and row: value = a 0.5 + b centre + c, bound = -value / a, as the Swift lanes. The
// lower bounds' largest with the first column is MAXPD with the bound first, which keeps the
// other operand where the bound is NaN (the Swift code ignores NaN bounds; no other bound is
// NaN: -infinity or a bound taken); which of two equal zeros it keeps does not matter, as both
// round to column 0. Rounding: the Swift `ceiling` and `floor` are exact below 4e15 in
// magnitude and leave larger values as they are; a row's span is empty either way beyond it
// (its columns lie within x0...x1, 32-bit integers), so ROUNDPD gives the same spans.
static inline REGION_AVX2 RowEnds region_row_spans(const RegionPlanes *planes, int32_t firstRow, int32_t x0, int32_t x1) {
    const __m256d centre = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(firstRow), _mm_setr_epi32(0, 1, 2, 3))),
                                         _mm256_set1_pd(0.5));
    const __m256d sign = _mm256_set1_pd(-0.0);
    __m256d low = _mm256_set1_pd((double)x0), high = _mm256_set1_pd((double)x1 - 1);
    __m256d outside = _mm256_setzero_pd();
    int n = 0;
    for (int k = 0; k < planes->lowCount; k++, n++) {
        const int i = n;
        const __m256d value = _mm256_add_pd(_mm256_add_pd(planes->half[i], _mm256_mul_pd(planes->b[i], centre)), planes->c[i]);
        const __m256d bound = _mm256_div_pd(_mm256_xor_pd(value, sign), planes->a[i]);
        low = _mm256_max_pd(bound, low);
    }
    for (int k = 0; k < planes->highCount; k++, n++) {
        const int i = n;
        const __m256d value = _mm256_add_pd(_mm256_add_pd(planes->half[i], _mm256_mul_pd(planes->b[i], centre)), planes->c[i]);
        const __m256d bound = _mm256_div_pd(_mm256_xor_pd(value, sign), planes->a[i]);
        high = _mm256_min_pd(bound, high);
    }
    for (int k = 0; k < planes->flatCount; k++, n++) {
        const int i = n;
        const __m256d value = _mm256_add_pd(_mm256_add_pd(planes->half[i], _mm256_mul_pd(planes->b[i], centre)), planes->c[i]);
        outside = _mm256_or_pd(outside, _mm256_cmp_pd(value, _mm256_setzero_pd(), _CMP_LT_OQ));
    }
    const __m256d lower = _mm256_round_pd(low, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256d upper = _mm256_add_pd(_mm256_round_pd(high, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC), _mm256_set1_pd(1));
    return row_ends_where(_mm256_andnot_pd(outside, _mm256_cmp_pd(lower, upper, _CMP_LT_OQ)), lower, upper, x0);
}

REGION_AVX2 void qc_region_spans_avx2(const double *region, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1,
                                      int32_t *spans) {
    RegionPlanes planes;
    region_planes(region, &planes);
    for (int32_t r = 0; r < rowCount; r += 4) store_row_ends(region_row_spans(&planes, firstRow + r, x0, x1), r, rowCount, spans);
}

REGION_AVX2 void qc_clip_row_spans_avx2(const double *outer, const double *inner, const double *innerCross, const double *octagon,
                                        int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, QCClipRowSpans *spans) {
    const double *regions[4] = {outer, inner, innerCross, octagon};
    const int count = octagon ? 4 : 3;
    RegionPlanes planes[4];
    for (int k = 0; k < count; k++) region_planes(regions[k], &planes[k]);
    for (int32_t r = 0; r < rowCount; r += 4) {
        // Rows r..<r + 4 solved, and only those below rowCount written: spans[r + i], i < rowCount - r.
        const int32_t rows = rowCount - r < 4 ? rowCount - r : 4;
        for (int k = 0; k < count; k++) {
            const RowEnds ends = region_row_spans(&planes[k], firstRow + r, x0, x1);
            int32_t firsts[4], lasts[4];
            _mm_storeu_si128((__m128i *)firsts, ends.first);
            _mm_storeu_si128((__m128i *)lasts, ends.end);
            for (int32_t i = 0; i < rows; i++) { spans[r + i].ends[k][0] = firsts[i]; spans[r + i].ends[k][1] = lasts[i]; }
        }
        for (int32_t i = 0; i < rows; i++) {
            if (!octagon) { spans[r + i].ends[3][0] = x0; spans[r + i].ends[3][1] = x0; }
            spans[r + i].hasOctagon = octagon != 0;
        }
    }
}

#else

void qc_region_spans_avx2(const double *region, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans) {
    (void)region; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)spans;
}

void qc_clip_row_spans_avx2(const double *outer, const double *inner, const double *innerCross, const double *octagon,
                            int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, QCClipRowSpans *spans) {
    (void)outer; (void)inner; (void)innerCross; (void)octagon; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)spans;
}

#endif
