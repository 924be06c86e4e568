// `CornerDiscs.span` for a run of rows, four rows a register (AVX2, chosen at run time as the
// sprite kernel is): the columns of each row inside a rounded rect's corner discs, solved for all
// of a quad's rows in a band in one call. Every value is the Swift code's: the same operations on
// the same operands in the same order (no fused multiply-adds; the square root is IEEE's in
// both), the least and greatest bounds taken disc by disc as the Swift code does, with its
// answer for NaNs. CPURendererTests/CPUCornerDiscKernelTests compares the two row by row.
#include "CPURendererKernels.h"
#include <stdint.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include "RowSpans.h"

#define DISC_AVX2 AVX2

// The spans of rows firstRow..<firstRow + 4 (x0, x0 where none).
static inline DISC_AVX2 RowEnds disc_row_spans(const QCCornerDiscs *d, int32_t firstRow, int32_t x0, int32_t x1) {
    const __m256d centre = _mm256_add_pd(_mm256_cvtepi32_pd(_mm_add_epi32(_mm_set1_epi32(firstRow), _mm_setr_epi32(0, 1, 2, 3))),
                                         _mm256_set1_pd(0.5));
    // `centre * rowStep.x` is one value for the four discs, added to each disc's offset.
    const __m256d alongRowX = _mm256_mul_pd(centre, _mm256_set1_pd(d->rowStepX));
    const __m256d alongRowY = _mm256_mul_pd(centre, _mm256_set1_pd(d->rowStepY));
    const __m256d columnStepX = _mm256_set1_pd(d->columnStepX), columnStepY = _mm256_set1_pd(d->columnStepY);
    const __m256d lengthSquared = _mm256_set1_pd(d->columnLengthSquared), radiusSquared = _mm256_set1_pd(d->radiusSquared);
    const __m256d zero = _mm256_setzero_pd(), infinity = _mm256_set1_pd(__builtin_inf());
    __m256d least = zero, greatest = zero, anyInside = zero;
    for (int i = 0; i < 4; i++) {
        const __m256d vx = _mm256_add_pd(_mm256_set1_pd(d->offsetX[i]), alongRowX);
        const __m256d vy = _mm256_add_pd(_mm256_set1_pd(d->offsetY[i]), alongRowY);
        const __m256d along = _mm256_add_pd(_mm256_mul_pd(columnStepX, vx), _mm256_mul_pd(columnStepY, vy));
        const __m256d distance = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(vx, vx), _mm256_mul_pd(vy, vy)), radiusSquared);
        const __m256d discriminant = _mm256_sub_pd(_mm256_mul_pd(along, along), _mm256_mul_pd(lengthSquared, distance));
        const __m256d inside = _mm256_cmp_pd(discriminant, zero, _CMP_GT_OQ);
        const __m256d root = _mm256_sqrt_pd(_mm256_and_pd(discriminant, inside));
        const __m256d negativeAlong = _mm256_xor_pd(along, _mm256_set1_pd(-0.0));
        const __m256d low = _mm256_blendv_pd(infinity, _mm256_div_pd(_mm256_sub_pd(negativeAlong, root), lengthSquared), inside);
        const __m256d high = _mm256_blendv_pd(_mm256_xor_pd(infinity, _mm256_set1_pd(-0.0)),
                                              _mm256_div_pd(_mm256_sub_pd(root, along), lengthSquared), inside);
        if (i == 0) {
            least = low; greatest = high;
        } else {
            // `r = v < r ? v : r` and `r = v >= r ? v : r`, as `CornerDiscs.least` and `greatest`.
            least = _mm256_blendv_pd(least, low, _mm256_cmp_pd(low, least, _CMP_LT_OQ));
            greatest = _mm256_blendv_pd(greatest, high, _mm256_cmp_pd(high, greatest, _CMP_GE_OQ));
        }
        anyInside = _mm256_or_pd(anyInside, inside);
    }
    const __m256d half = _mm256_set1_pd(0.5);
    const __m256d low = _mm256_sub_pd(least, half), high = _mm256_sub_pd(greatest, half);
    const __m256d first0 = _mm256_set1_pd((double)x0), last = _mm256_set1_pd((double)x1 - 1);
    const __m256d magnitude = _mm256_set1_pd(-0.0);
    __m256d valid = _mm256_and_pd(anyInside, _mm256_cmp_pd(lengthSquared, zero, _CMP_GT_OQ));
    valid = _mm256_and_pd(valid, _mm256_cmp_pd(_mm256_andnot_pd(magnitude, low), infinity, _CMP_LT_OQ));
    valid = _mm256_and_pd(valid, _mm256_cmp_pd(_mm256_andnot_pd(magnitude, high), infinity, _CMP_LT_OQ));
    valid = _mm256_and_pd(valid, _mm256_cmp_pd(low, last, _CMP_LE_OQ));
    valid = _mm256_and_pd(valid, _mm256_cmp_pd(high, first0, _CMP_GE_OQ));
    // Where valid, both are finite and within x0 - 1...x1: `max(low, x0)` (Swift's keeps x0 on a
    // tie, MAXPD likewise: the same value) rounded up, `min(high, x1 - 1)` rounded down plus one
    // (a tie's zero may differ in sign, which rounding and the conversion drop).
    const __m256d lower = _mm256_round_pd(_mm256_max_pd(low, first0), _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
    const __m256d upper = _mm256_add_pd(_mm256_round_pd(_mm256_min_pd(high, last), _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC),
                                        _mm256_set1_pd(1));
    return row_ends_where(_mm256_and_pd(valid, _mm256_cmp_pd(lower, upper, _CMP_LT_OQ)), lower, upper, x0);
}

DISC_AVX2 void qc_corner_disc_spans_avx2(const QCCornerDiscs *discs, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1,
                                         int32_t *spans) {
    for (int32_t r = 0; r < rowCount; r += 4) store_row_ends(disc_row_spans(discs, firstRow + r, x0, x1), r, rowCount, spans);
}

#else

void qc_corner_disc_spans_avx2(const QCCornerDiscs *discs, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1,
                               int32_t *spans) {
    (void)discs; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)spans;
}

#endif
