// The AVX2 form of SpriteSampling.paint for unrotated bilinear sprites: eight pixels per 256-bit
// register, texels fetched in adjacent pairs by 64-bit loads, and the 8.8 fixed-point filter,
// scaling and blend of the Swift code with the 16-bit high multiplies that SSE2's 32-bit lanes
// must emulate. Every value is the Swift code's: each step is the Swift step with the same
// operands in the same order (no fused multiply-adds), or, where a comment shows why, a shorter
// form with the same results (the filter's weights, the blend's rounding). The rows' vertical
// filters are found eight rows at a time and each run's columns once per starting column, lane
// for lane as the Swift code finds them per run. CPURendererTests/CPUSpriteKernelTests compares
// the paths byte for byte.
#include "CPURendererKernels.h"
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#pragma clang fp contract(off)

#define AVX2 __attribute__((target("avx2")))

#include "RowSpans.h"

bool qc_sprite_kernels_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

// `lanesMax(a, b)` is `a.replacing(with: b, where: b .> a)`, which is MAXPS with b first (NaN and
// signed zeros included); `lanesMin` likewise.
static inline AVX2 __m256 lanes_max(__m256 a, __m256 b) { return _mm256_max_ps(b, a); }
static inline AVX2 __m256 lanes_min(__m256 a, __m256 b) { return _mm256_min_ps(b, a); }

// BoundaryRule.hardEdgeNudge (CompositorCore): hard edges are tested this far on, as the Swift
// lanes and the GLES shader test them.
#define QC_HARD_EDGE_NUDGE 0.002f

// `lanesFloor`: the nearest whole number by the 1.5 × 2^23 trick, less one where that went up.
static inline AVX2 __m256 lanes_floor(__m256 x) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    __m256 nearest = _mm256_sub_ps(_mm256_add_ps(x, magic), magic);
    __m256 up = _mm256_cmp_ps(nearest, x, _CMP_GT_OQ);
    return _mm256_blendv_ps(nearest, _mm256_sub_ps(nearest, _mm256_set1_ps(1.0f)), up);
}

// `lanesRound`: ties to even, for values in 0..<2^22.
static inline AVX2 __m256 lanes_round(__m256 x) {
    const __m256 shift = _mm256_set1_ps(8388608.0f);
    return _mm256_sub_ps(_mm256_add_ps(x, shift), shift);
}

// `lanesWhole`: whole floats in 0..<2^23 as integers.
static inline AVX2 __m256i lanes_whole(__m256 x) {
    return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(x, _mm256_set1_ps(8388608.0f))),
                            _mm256_set1_epi32(0x7FFFFF));
}

// 8.8 fixed-point colours: red and blue in `rb`, green and alpha in `ga`, a 16-bit half each.
typedef struct FixedColor { __m256i rb, ga; } FixedColor;

// `FixedColor(weighted:by:)`: texels' bytes times weights in 0...256, each weight given in both
// 16-bit halves of its lane (`weight | weight << 16`). A 16-bit shift right by 8 is the Swift
// code's 32-bit shift and mask of the upper bytes.
static inline AVX2 FixedColor weighted(__m256i texels, __m256i pair) {
    FixedColor c = {
        _mm256_mullo_epi16(_mm256_and_si256(texels, _mm256_set1_epi32(0x00FF00FF)), pair),
        _mm256_mullo_epi16(_mm256_srli_epi16(texels, 8), pair),
    };
    return c;
}

static inline AVX2 FixedColor plus(FixedColor a, FixedColor b) {
    FixedColor c = { _mm256_add_epi16(a.rb, b.rb), _mm256_add_epi16(a.ga, b.ga) };
    return c;
}

// `highProducts` with a factor per 16-bit half: the high 16 bits of each product.
static inline AVX2 FixedColor scaled(FixedColor a, __m256i redBlue, __m256i greenAlpha) {
    FixedColor c = { _mm256_mulhi_epu16(a.rb, redBlue), _mm256_mulhi_epu16(a.ga, greenAlpha) };
    return c;
}

// Each lane's low (`lowHalves`) or high (`highHalves`) 16 bits copied into both halves (PSHUFB).
static inline AVX2 __m256i lowHalves(__m256i x) {
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(0, 1, 0, 1, 4, 5, 4, 5, 8, 9, 8, 9, 12, 13, 12, 13,
                                                   0, 1, 0, 1, 4, 5, 4, 5, 8, 9, 8, 9, 12, 13, 12, 13));
}
static inline AVX2 __m256i highHalves(__m256i x) {
    return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 2, 3, 6, 7, 6, 7, 10, 11, 10, 11, 14, 15, 14, 15,
                                                   2, 3, 2, 3, 6, 7, 6, 7, 10, 11, 10, 11, 14, 15, 14, 15));
}

// One level over one canvas row: `SpriteSampling.rows` (the upper texel row and the lower row's
// weight, the same for the whole row). The weight is kept as a pair (see `weighted`) and as a
// float divided by 256 (exactly: it is a whole number up to 256).
typedef struct LevelRow {
    const int *top, *bottom;
    __m256 lowerWeight;
    __m256i wy;
} LevelRow;

// The vertical half of each level's filter and what else a row needs, found for eight rows at
// once with the lane helpers (each lane the scalar steps of `SpriteSampling.paint`'s first run
// of the row): per row, the offset of the upper texel row, the lower row's weight / 256 and as a
// pair, the row's term of local x and its span; and as bits (row i in bit i) the rows with columns
// to paint (with hard edges, only those whose local y lies in the rect) and those whose row term
// equals `keptTerm` bit for bit.
typedef struct RowBlock {
    int32_t first[8], end[8];
    int32_t firstOffset[8], nextOffset[8];
    float firstWeight[8], nextWeight[8];
    int32_t firstPair[8], nextPair[8];
    double rowTerm[8];
    int painted, sameTerm;
} RowBlock;

// `SpriteSampling.rows` of `level` at eight values of v.
static inline AVX2 void level_rows(const QCSpriteLevel *level, __m256 v, int32_t *offset, float *weight, int32_t *pair) {
    const __m256 height = _mm256_set1_ps((float)level->height);
    __m256 fy = _mm256_sub_ps(_mm256_mul_ps(v, height), _mm256_set1_ps(0.5f));
    __m256 y0 = lanes_min(lanes_max(lanes_floor(fy), _mm256_setzero_ps()), _mm256_set1_ps((float)(level->height - 2)));
    __m256 fraction = lanes_min(lanes_max(_mm256_sub_ps(fy, y0), _mm256_setzero_ps()), _mm256_set1_ps(1.0f));
    __m256 ty = lanes_round(_mm256_mul_ps(fraction, _mm256_set1_ps(256.0f)));
    __m256i wy = _mm256_cvttps_epi32(ty);
    _mm256_storeu_si256((__m256i *)offset, _mm256_mullo_epi32(_mm256_cvttps_epi32(y0), _mm256_set1_epi32(level->width)));
    _mm256_storeu_ps(weight, _mm256_mul_ps(ty, _mm256_set1_ps(1.0f / 256.0f)));
    _mm256_storeu_si256((__m256i *)pair, _mm256_or_si256(wy, _mm256_slli_epi32(wy, 16)));
}

// Fills `block` for rows firstRow..<firstRow + count (count 1...8), whose spans are `spans`, or
// where `spans` is NULL, those that `bounds` (and its `lines`) gives within x0..<x1: local y =
// x h12 + y h22 + h32 at the row's first pixel centre (in double precision, then single), v
// clamped into the image, each level's rows, and the row term y h21.
// Always inlined: a call passed its arguments on the stack and spilled the loop's registers.
static inline __attribute__((always_inline)) AVX2 void row_block(const QCSprite *s, int32_t firstRow, const int32_t *spans,
                                                                 const QCRowBounds *bounds, const RowLines *lines, int32_t x0, int32_t x1, int32_t count, double keptTerm, bool trilinear,
                                  bool hardEdges, RowBlock *block) {
    __m256i columns, ends;
    if (spans) {
        int32_t first[8] = { 0 }, end[8] = { 0 };
        for (int32_t i = 0; i < count; i++) { first[i] = spans[2 * i]; end[i] = spans[2 * i + 1]; }
        columns = _mm256_loadu_si256((const __m256i *)first);
        ends = _mm256_loadu_si256((const __m256i *)end);
    } else {
        // A block of four rows or fewer (a small sprite's last) solves no lower half: its lanes
        // are empty spans, outside `count` and so never painted.
        const RowEnds upper = row_ends(bounds, lines, firstRow, x0, x1);
        const RowEnds lower = count > 4 ? row_ends(bounds, lines, firstRow + 4, x0, x1)
                                        : (RowEnds){ _mm_setzero_si128(), _mm_setzero_si128() };
        columns = _mm256_set_m128i(lower.first, upper.first);
        ends = _mm256_set_m128i(lower.end, upper.end);
    }
    _mm256_storeu_si256((__m256i *)block->first, columns);
    _mm256_storeu_si256((__m256i *)block->end, ends);
    int painted = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(ends, columns))) & ((1 << count) - 1);
    const __m256i rows = _mm256_add_epi32(_mm256_set1_epi32(firstRow), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256d half = _mm256_set1_pd(0.5), h12 = _mm256_set1_pd(s->h12), h22 = _mm256_set1_pd(s->h22);
    const __m256d h32 = _mm256_set1_pd(s->h32), h21 = _mm256_set1_pd(s->h21);
    __m128 localY[2];
    int sameTerm = 0;
    const __m256i kept = _mm256_castpd_si256(_mm256_set1_pd(keptTerm));
    for (int k = 0; k < 2; k++) {
        const __m256d x = _mm256_add_pd(_mm256_cvtepi32_pd(k == 0 ? _mm256_castsi256_si128(columns) : _mm256_extracti128_si256(columns, 1)), half);
        const __m256d y = _mm256_add_pd(_mm256_cvtepi32_pd(k == 0 ? _mm256_castsi256_si128(rows) : _mm256_extracti128_si256(rows, 1)), half);
        localY[k] = _mm256_cvtpd_ps(_mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(x, h12), _mm256_mul_pd(y, h22)), h32));
        const __m256d term = _mm256_mul_pd(y, h21);
        _mm256_storeu_pd(block->rowTerm + 4 * k, term);
        sameTerm |= _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(_mm256_castpd_si256(term), kept))) << (4 * k);
    }
    __m256 ly = _mm256_add_ps(_mm256_set_m128(localY[1], localY[0]), _mm256_set1_ps((float)s->h12 * 0.0f));
    // Hard edges: a row outside the rect keeps every pixel (the Swift lanes blend a cleared colour
    // there, which leaves a pixel's bytes as they are).
    if (hardEdges) {
        const __m256 ny = _mm256_add_ps(ly, _mm256_set1_ps(QC_HARD_EDGE_NUDGE));
        painted &= _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(ny, _mm256_set1_ps(s->minY), _CMP_GE_OQ),
                                                    _mm256_cmp_ps(ny, _mm256_set1_ps(s->maxY), _CMP_LT_OQ)));
    }
    block->painted = painted;
    block->sameTerm = sameTerm;
    const __m256 v = lanes_min(lanes_max(_mm256_set1_ps(s->vLower), _mm256_add_ps(_mm256_set1_ps(s->vOrigin), _mm256_mul_ps(ly, _mm256_set1_ps(s->vPerUnit)))),
                               _mm256_set1_ps(s->vUpper));
    level_rows(&s->first, v, block->firstOffset, block->firstWeight, block->firstPair);
    if (trilinear) level_rows(&s->next, v, block->nextOffset, block->nextWeight, block->nextPair);
}

// Row `i` of `block` over `level`.
static inline AVX2 LevelRow level_row(const QCSpriteLevel *level, const int32_t *offset, const float *weight, const int32_t *pair, int i) {
    LevelRow row;
    row.top = (const int *)level->pixels + offset[i];
    row.bottom = row.top + level->width;
    row.lowerWeight = _mm256_set1_ps(weight[i]);
    row.wy = _mm256_set1_epi32(pair[i]);
    return row;
}

// The horizontal half of `SpriteSampling.bilinear` at eight pixels: the left texel column of
// each 2x2 block, the right column's weight (a float 0...256) and, as pairs (see `weighted`),
// that weight and 256 less it.
typedef struct Columns {
    // The left columns as a register and as eight integers (read by the texel loads).
    union { __m256i index; int32_t at[8]; };
    __m256i wx, rest;
    __m256 tx;
} Columns;

static inline AVX2 Columns columns(__m256 u, __m256 width, __m256 lastBlock) {
    __m256 fx = _mm256_sub_ps(_mm256_mul_ps(u, width), _mm256_set1_ps(0.5f));
    __m256 x0 = lanes_min(lanes_max(lanes_floor(fx), _mm256_setzero_ps()), lastBlock);
    __m256 fraction = lanes_min(lanes_max(_mm256_sub_ps(fx, x0), _mm256_setzero_ps()), _mm256_set1_ps(1.0f));
    Columns c;
    c.tx = lanes_round(_mm256_mul_ps(fraction, _mm256_set1_ps(256.0f)));
    __m256i wx = lanes_whole(c.tx);
    c.wx = _mm256_or_si256(wx, _mm256_slli_epi32(wx, 16));
    c.rest = _mm256_sub_epi16(_mm256_set1_epi16(256), c.wx);
    c.index = lanes_whole(x0);
    return c;
}

// The texels at row[at[i]] (`left`) and row[at[i] + 1] (`right`) for eight lanes, by eight 64-bit
// loads of adjacent pairs and two shuffles in place of two 32-bit gathers. A gather is one
// instruction but slow on AMD's processors (Zen 4 here): loads made the kernel about twice as
// fast on S4's 45-pixel sprites, for about 30 instructions more a run of eight.
typedef struct TexelPairs { __m256i left, right; } TexelPairs;

static inline AVX2 __m128i pair_of_pairs(const int *row, int32_t a, int32_t b) {
    const __m128d low = _mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(row + a)));
    return _mm_castpd_si128(_mm_loadh_pd(low, (const double *)(row + b)));
}

static inline AVX2 TexelPairs texel_pairs(const int *row, const int32_t *at) {
    // Lanes (0, 1 | 4, 5) and (2, 3 | 6, 7): even and odd 32-bit words in each 128-bit half.
    const __m256 a = _mm256_castsi256_ps(_mm256_set_m128i(pair_of_pairs(row, at[4], at[5]), pair_of_pairs(row, at[0], at[1])));
    const __m256 b = _mm256_castsi256_ps(_mm256_set_m128i(pair_of_pairs(row, at[6], at[7]), pair_of_pairs(row, at[2], at[3])));
    TexelPairs pairs = { _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0x88)), _mm256_castps_si256(_mm256_shuffle_ps(a, b, 0xDD)) };
    return pairs;
}

// The rest of `SpriteSampling.bilinear` over one level row: the four weights and texels. The
// Swift code's w11 = round(tx ty / 256) is here tx (ty / 256) + 2^23, whose low bits are that
// rounded product (every operand and product is exact, so the order does not matter); the other
// weights are found in 16-bit pairs, whose wrapping sums end in the same values (all 0...256).
// The columns are `held` in memory (kept for later rows, or the run's own).
static inline AVX2 FixedColor bilinear(const LevelRow *level, const Columns *held) {
    const Columns columns = *held;
    __m256i w11 = lowHalves(_mm256_castps_si256(_mm256_add_ps(_mm256_mul_ps(columns.tx, level->lowerWeight), _mm256_set1_ps(8388608.0f))));
    __m256i w10 = _mm256_sub_epi16(columns.wx, w11), w01 = _mm256_sub_epi16(level->wy, w11);
    __m256i w00 = _mm256_add_epi16(_mm256_sub_epi16(columns.rest, level->wy), w11);
    // The columns read from memory as integers: taken out of the register (VPEXTRD, two
    // operations each on AMD's processors) they made the kernel 6-8% slower.
    TexelPairs top = texel_pairs(level->top, held->at), bottom = texel_pairs(level->bottom, held->at);
    FixedColor c = weighted(top.left, w00);
    c = plus(c, weighted(top.right, w10));
    c = plus(c, weighted(bottom.left, w01));
    return plus(c, weighted(bottom.right, w11));
}

// `FixedColor.over`: premultiplied source-over onto eight RGBA8 pixels, in fewer steps with the
// same results. The source's alpha is at most 65280 (255 × 256: the filter's weights sum to 256
// and scaling only lowers it), so the transparency and its factor fit 16 bits. `FixedColor.rounded`
// (a + b saturating at 0xFFFF, then (sum >> 8) + bit 7, 256 taken to 255) is (sum + 128) >> 8
// with the addition saturating too: equal below 0xFF80, and 255 from there up.
static inline AVX2 __m256i over(FixedColor source, __m256i destination) {
    __m256i transparency = _mm256_sub_epi16(_mm256_set1_epi16((short)65280), highHalves(source.ga));
    __m256i factor = _mm256_add_epi16(transparency, _mm256_srli_epi16(transparency, 8));
    __m256i rbBelow = _mm256_mulhi_epu16(_mm256_slli_epi16(destination, 8), factor);
    __m256i gaBelow = _mm256_mulhi_epu16(_mm256_and_si256(destination, _mm256_set1_epi32((int)0xFF00FF00)), factor);
    const __m256i half = _mm256_set1_epi16(128);
    __m256i rb = _mm256_srli_epi16(_mm256_adds_epu16(_mm256_adds_epu16(source.rb, rbBelow), half), 8);
    __m256i ga = _mm256_and_si256(_mm256_adds_epu16(_mm256_adds_epu16(source.ga, gaBelow), half), _mm256_set1_epi32((int)0xFF00FF00));
    return _mm256_or_si256(rb, ga);
}

// Runs starting in at most this many columns are kept for all the rows of a call.
enum { keptRuns = 128 };

// The rows loop with the sprite's options as constants, so that each combination compiles to a
// loop without the others' branches and with its constants kept in registers.
// The rows' spans are `spans`, or where it is NULL, those `bounds` (with its `lines`) gives within x0..<x1.
// A run of fewer than eight pixels starting at or before column `lastFullRun` loads and stores
// all eight (the caller lets the pixels up to lastFullRun + 8 be touched).
static inline __attribute__((always_inline)) AVX2 void paint_rows(const QCSprite *sprite, int32_t firstRow, int32_t rowCount,
                                                                 const int32_t *spans, const QCRowBounds *bounds,
                                                                 const RowLines *lines, int32_t x0, int32_t x1,
                                                                 uint32_t *pixels, ptrdiff_t rowLength, int32_t lastFullRun,
                                                                 const bool trilinear, const bool scales, const bool hardEdges) {
    const QCSprite s = *sprite;
    const __m256 offsets = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 steps = _mm256_mul_ps(_mm256_set1_ps((float)s.h11), offsets);
    const __m256 uOrigin = _mm256_set1_ps(s.uOrigin), uPerUnit = _mm256_set1_ps(s.uPerUnit);
    const __m256 uLower = _mm256_set1_ps(s.uLower), uUpper = _mm256_set1_ps(s.uUpper);
    const __m256 minX = _mm256_set1_ps(s.minX), maxX = _mm256_set1_ps(s.maxX);
    const __m256 firstWidth = _mm256_set1_ps((float)s.first.width), firstLastBlock = _mm256_set1_ps((float)(s.first.width - 2));
    const __m256 nextWidth = _mm256_set1_ps((float)s.next.width), nextLastBlock = _mm256_set1_ps((float)(s.next.width - 2));
    const __m256i firstFactor = _mm256_set1_epi16((short)(65536 - s.nextLevelWeight));
    const __m256i nextFactor = _mm256_set1_epi16((short)s.nextLevelWeight);
    const __m256i redBlue = _mm256_set1_epi32((int)s.redBlueScale), greenAlpha = _mm256_set1_epi32((int)s.greenAlphaScale);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // Where local x does not depend on the row (h21 zero: each row's term is the same zero), a
    // run's local x, and so its columns and mask, depends only on its first column: each is found
    // once for all the rows, where the runs start within `keptRuns` columns (of x0..<x1, or of
    // the given spans).
    int32_t firstStart = x0, end = x1;
    if (spans) {
        firstStart = INT32_MAX; end = INT32_MIN;
        for (int32_t r = 0; r < rowCount; r++) {
            if (spans[2 * r] >= spans[2 * r + 1]) continue;
            if (spans[2 * r] < firstStart) firstStart = spans[2 * r];
            if (spans[2 * r + 1] > end) end = spans[2 * r + 1];
        }
    }
    const bool keepsRuns = s.h21 == 0 && firstStart < end && (int64_t)end - firstStart <= keptRuns;
    // What a run of eight pixels starting at one column needs of its local x, the same in every
    // row where rows add nothing to local x: each level's columns and the hard edges' mask.
    // (A specialisation drops the arrays it does not read.)
    Columns keptFirst[keptRuns], keptNext[keptRuns];
    __m256i keptInside[keptRuns];
    bool found[keptRuns];
    // All of it: a constant size is cleared by four stores in place, where the columns' count
    // (at most keptRuns) made a call to the library's memset, a dozen instructions more.
    if (keepsRuns) memset(found, 0, sizeof found);
    const double keptRowTerm = ((double)firstRow + 0.5) * s.h21;
    RowBlock block;
    for (int32_t firstOfBlock = 0; firstOfBlock < rowCount; firstOfBlock += 8) {
        row_block(&s, firstRow + firstOfBlock, spans ? spans + 2 * firstOfBlock : NULL, bounds, lines, x0, x1,
                  rowCount - firstOfBlock < 8 ? rowCount - firstOfBlock : 8, keptRowTerm, trilinear, hardEdges, &block);
        for (int rows = block.painted; rows != 0; rows &= rows - 1) {
            const int i = __builtin_ctz((unsigned)rows);
            const int32_t r = firstOfBlock + i;
            const int32_t rowStart = block.first[i], rowEnd = block.end[i];
            uint32_t *row = pixels + r * rowLength;
            const LevelRow first = level_row(&s.first, block.firstOffset, block.firstWeight, block.firstPair, i);
            const LevelRow next = trilinear ? level_row(&s.next, block.nextOffset, block.nextWeight, block.nextPair, i) : first;
            const double rowTerm = block.rowTerm[i];
            // The same row term, bit for bit (a zero of the same sign), lets the kept runs serve.
            const bool useKept = keepsRuns && (block.sameTerm >> i & 1);
            for (int32_t x = rowStart; x < rowEnd; x += 8) {
                Columns firstFresh, nextFresh;
                const Columns *firstColumns = &firstFresh, *nextColumns = &nextFresh;
                __m256i inside = _mm256_setzero_si256();
                const int32_t k = x - firstStart;
                if (useKept && found[k]) {
                    firstColumns = &keptFirst[k];
                    if (trilinear) nextColumns = &keptNext[k];
                    if (hardEdges) inside = keptInside[k];
                } else {
                    double base = ((double)x + 0.5) * s.h11 + rowTerm + s.h31;
                    __m256 lx = _mm256_add_ps(_mm256_set1_ps((float)base), steps);
                    __m256 u = lanes_min(lanes_max(uLower, _mm256_add_ps(uOrigin, _mm256_mul_ps(lx, uPerUnit))), uUpper);
                    firstFresh = columns(u, firstWidth, firstLastBlock);
                    if (trilinear) nextFresh = columns(u, nextWidth, nextLastBlock);
                    if (hardEdges) {
                        const __m256 nx = _mm256_add_ps(lx, _mm256_set1_ps(QC_HARD_EDGE_NUDGE));
                        inside = _mm256_castps_si256(_mm256_and_ps(_mm256_cmp_ps(nx, minX, _CMP_GE_OQ), _mm256_cmp_ps(nx, maxX, _CMP_LT_OQ)));
                    }
                    if (useKept) {
                        keptFirst[k] = firstFresh;
                        if (trilinear) keptNext[k] = nextFresh;
                        if (hardEdges) keptInside[k] = inside;
                        found[k] = true;
                    }
                }
                FixedColor source = bilinear(&first, firstColumns);
                if (trilinear) {
                    FixedColor second = bilinear(&next, nextColumns);
                    source = plus(scaled(source, firstFactor, firstFactor), scaled(second, nextFactor, nextFactor));
                }
                // Clear texels leave the pixels as they are.
                __m256i any = _mm256_or_si256(source.rb, source.ga);
                if (_mm256_testz_si256(any, any)) continue;
                if (scales) source = scaled(source, redBlue, greenAlpha);
                if (hardEdges) {
                    source.rb = _mm256_and_si256(source.rb, inside);
                    source.ga = _mm256_and_si256(source.ga, inside);
                }
                uint32_t *pointer = row + x;
                int32_t count = rowEnd - x;
                if (count >= 8) {
                    __m256i destination = _mm256_loadu_si256((const __m256i *)pointer);
                    _mm256_storeu_si256((__m256i *)pointer, over(source, destination));
                } else if (x <= lastFullRun) {
                    // The eight columns lie before the caller's column limit: all are loaded and
                    // stored, those past the span blended back as they were (masked loads and
                    // stores are slow on AMD's processors).
                    __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lanes);
                    __m256i destination = _mm256_loadu_si256((const __m256i *)pointer);
                    _mm256_storeu_si256((__m256i *)pointer, _mm256_blendv_epi8(destination, over(source, destination), mask));
                } else {
                    __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lanes);
                    __m256i destination = _mm256_maskload_epi32((const int *)pointer, mask);
                    _mm256_maskstore_epi32((int *)pointer, mask, over(source, destination));
                }
            }
        }
    }
}

// `paint_rows` for the sprite's combination of options.
static AVX2 void paint_rows_chosen(const QCSprite *sprite, int32_t firstRow, int32_t rowCount, const int32_t *spans,
                                   const QCRowBounds *bounds, const RowLines *lines, int32_t x0, int32_t x1,
                                   uint32_t *pixels, ptrdiff_t length, int32_t lastFullRun) {
    const bool trilinear = sprite->nextLevelWeight != 0, scales = sprite->scales, hard = sprite->hardEdges;
#define PAINT_ROWS(t, s, h) paint_rows(sprite, firstRow, rowCount, spans, bounds, lines, x0, x1, pixels, length, lastFullRun, t, s, h)
    switch ((trilinear ? 1 : 0) | (scales ? 2 : 0) | (hard ? 4 : 0)) {
    case 0: PAINT_ROWS(false, false, false); break;
    case 1: PAINT_ROWS(true, false, false); break;
    case 2: PAINT_ROWS(false, true, false); break;
    case 3: PAINT_ROWS(true, true, false); break;
    case 4: PAINT_ROWS(false, false, true); break;
    case 5: PAINT_ROWS(true, false, true); break;
    case 6: PAINT_ROWS(false, true, true); break;
    default: PAINT_ROWS(true, true, true); break;
    }
#undef PAINT_ROWS
}

AVX2 void qc_sprite_paint_rows_avx2(const QCSprite *sprite, int32_t firstRow, int32_t rowCount, const int32_t *spans,
                                    uint32_t *pixels, int32_t rowLength) {
    paint_rows_chosen(sprite, firstRow, rowCount, spans, NULL, NULL, 0, 0, pixels, rowLength, INT32_MIN);
}

AVX2 void qc_sprite_paint_region_avx2(const QCSprite *sprite, const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount,
                                      int32_t x0, int32_t x1, int32_t columnLimit, uint32_t *pixels, int32_t rowLength) {
    if (bounds->isEmpty || x0 >= x1 || rowCount <= 0) return;
    const RowLines lines = row_lines(bounds);
    const int32_t limit = columnLimit > x1 ? columnLimit : x1;
    paint_rows_chosen(sprite, firstRow, rowCount, NULL, bounds, &lines, x0, x1, pixels, rowLength, limit - 8);
}

#else

bool qc_sprite_kernels_available(void) { return false; }


void qc_sprite_paint_rows_avx2(const QCSprite *sprite, int32_t firstRow, int32_t rowCount, const int32_t *spans,
                               uint32_t *pixels, int32_t rowLength) {
    (void)sprite; (void)firstRow; (void)rowCount; (void)spans; (void)pixels; (void)rowLength;
}

void qc_sprite_paint_region_avx2(const QCSprite *sprite, const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount,
                                 int32_t x0, int32_t x1, int32_t columnLimit, uint32_t *pixels, int32_t rowLength) {
    (void)sprite; (void)bounds; (void)firstRow; (void)rowCount; (void)x0; (void)x1; (void)columnLimit; (void)pixels; (void)rowLength;
}

#endif
