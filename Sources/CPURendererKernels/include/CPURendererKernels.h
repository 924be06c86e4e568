// Vector kernels of the CPU renderer for instruction sets beyond the build's baseline (x86-64,
// SSE2), chosen at run time: each kernel produces exactly the bytes (or values) of the Swift code
// it stands for (CPURenderer/SpriteSampling.swift, RowBounds.swift), which stays the path of
// other processors. Also the portable solving of a sprite's region for rows (`qc_row_bounds`),
// kept here with the layout the kernels read.
#ifndef QC_CPU_RENDERER_KERNELS_H
#define QC_CPU_RENDERER_KERNELS_H
#include <stdbool.h>
#include <stdint.h>
#include "QuadSpanKernels.h"

/// One texture level: `height` rows of `width` texels (each dimension at least 2).
typedef struct QCSpriteLevel {
    const uint32_t *pixels;
    int32_t width, height;
} QCSpriteLevel;

/// An unrotated bilinear sprite (`SpriteSampling` where the quad's local y does not change along
/// a canvas row), as the kernel paints it row by row.
typedef struct QCSprite {
    /// Canvas pixel centre (cx, cy) to local coordinates, evaluated in double precision in the
    /// order of `Homography.apply`: x = cx h11 + cy h21 + h31, y = cx h12 + cy h22 + h32.
    double h11, h12, h21, h22, h31, h32;
    /// u = clamp(uOrigin + x uPerUnit, uLower, uUpper), a NaN taken to uLower; v likewise.
    float uOrigin, uPerUnit, uLower, uUpper;
    float vOrigin, vPerUnit, vLower, vUpper;
    /// The level sampled, and the next one when `nextLevelWeight` is not zero.
    QCSpriteLevel first, next;
    /// The next level's weight in 1/65536 (0: one level only).
    uint32_t nextLevelWeight;
    /// Factors in 1/65536 applied to the filtered colour when `scales`: red in the low half and
    /// blue in the high half of `redBlueScale`, green and alpha likewise in `greenAlphaScale`.
    uint32_t redBlueScale, greenAlphaScale;
    bool scales;
    /// Whether the rect [minX, maxX) x [minY, maxY) of local coordinates cuts the pixels hard.
    bool hardEdges;
    float minX, maxX, minY, maxY;
} QCSprite;

/// Whether this processor runs the AVX2 kernels (and its system saves their registers).
bool qc_sprite_kernels_available(void);

/// Paints canvas rows firstRow..<firstRow + rowCount with `sprite` (premultiplied source-over):
/// in row firstRow + r, whose first pixel is `pixels + r * rowLength`, the columns
/// spans[2 r]..<spans[2 r + 1] (none when the first is not below the second). Only those columns
/// are read or written. Call only where `qc_sprite_kernels_available()`.
void qc_sprite_paint_rows_avx2(const QCSprite *sprite, int32_t firstRow, int32_t rowCount, const int32_t *spans,
                               uint32_t *pixels, int32_t rowLength);

/// A sprite's region solved for rows (`RowBounds`): at a row's centre y, inside
/// `firstCentre...lastCentre`, its columns run from the largest of `lowSlope[i] y + lowOffset[i]`
/// rounded up to the smallest of `highSlope[i] y + highOffset[i]` rounded down (both finite or
/// infinite, never NaN); no row has any when `isEmpty`.
typedef struct QCRowBounds {
    double lowSlope[4], lowOffset[4], highSlope[4], highOffset[4];
    double firstCentre, lastCentre;
    bool isEmpty;
} QCRowBounds;

/// Solves the half planes a[i] x + b[i] y + c[i] >= 0 (i < 8, at pixel centres) for rows into
/// `bounds` (written in place, every field: it must not overlap the inputs), as `RowBounds`
/// describes: portable C, for every processor.
void qc_row_bounds(const double *a, const double *b, const double *c, QCRowBounds *bounds);

/// What `qc_row_bounds_planned` did with each plane, so that the same planes moved by a
/// translation (a and b the same bits, only c changed) are solved again by
/// `qc_row_bounds_moved` without the slopes, the tests on a and b or the choice of slots.
/// Entries, each a plane (`lane`, in the order of the planes within each kind) and its
/// `divisor`: first `columns` column bounds (a, written to `lowOffset[target]` for
/// target < 4, else `highOffset[target - 4]`), then `rowLows` and `rowHighs` bounds on the row
/// centres (b), then `empties` planes with a = b = 0 (the region is empty where c < 0). Planes
/// left out change nothing whatever c is. `isValid`: false where a column plane was left out for
/// its offset alone (c decides then which planes get slots).
typedef struct QCRowPlan {
    double divisor[8];
    int8_t lane[8];
    int8_t target[8];
    int8_t columns, rowLows, rowHighs, empties;
    bool isValid;
} QCRowPlan;

/// `qc_row_bounds`, and what it did with each plane into `plan` (written in place, every field).
void qc_row_bounds_planned(const double *a, const double *b, const double *c, QCRowBounds *bounds, QCRowPlan *plan);

/// Solves again the planes that `plan` was made from (`plan->isValid`), moved so that only c
/// changed, into `bounds`, which holds their last solution (its slopes and unused slots are
/// kept): the fields `qc_row_bounds` writes from the new c, the same bits. Returns false, having
/// written part of `bounds`, where a column plane's offset is no longer finite: then
/// `qc_row_bounds_planned` must solve them.
bool qc_row_bounds_moved(const double *c, const QCRowPlan *plan, QCRowBounds *bounds);

/// Writes the columns of rows firstRow..<firstRow + rowCount inside `bounds` and within
/// `x0..<x1` to spans[2 r], spans[2 r + 1] (x0, x0 where a row has none): the values of
/// `RowBounds.span(row:from:to:)`. Call only where `qc_sprite_kernels_available()`.
void qc_row_spans_avx2(const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans);

/// Writes the columns of rows firstRow..<firstRow + rowCount inside `region` and within
/// `x0..<x1` to spans[2 r], spans[2 r + 1] (x0, x0 where a row has none): the values of
/// `SpanRegion.span(row:from:to:)` (CPURenderer) row by row. `region` is a `SpanRegion`: the half
/// planes a[i] x + b[i] y + c[i] >= 0 at pixel centres, a, b and c eight doubles each, in that
/// order (24 doubles, all that is read). Writes spans' 2 rowCount values, no more. Call only
/// where `qc_sprite_kernels_available()`.
void qc_region_spans_avx2(const double *region, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, int32_t *spans);

/// A clip's spans on one row (`ClipRowSpans`): ends[k] the first column and end of its outer,
/// inner, innerCross and octagon regions (k = 0 to 3), the last only when `hasOctagon`.
typedef struct QCClipRowSpans {
    int32_t ends[4][2];
    bool hasOctagon;
} QCClipRowSpans;

/// Writes a clip's spans on rows firstRow..<firstRow + rowCount within `x0..<x1` to
/// spans[0 ..< rowCount], as `qc_region_spans_avx2` solves each region (`SpanRegion`s, 24 doubles
/// each); `octagon` NULL: the clip has none (its ends are x0, x0). Call only where
/// `qc_sprite_kernels_available()`.
void qc_clip_row_spans_avx2(const double *outer, const double *inner, const double *innerCross, const double *octagon,
                            int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1, QCClipRowSpans *spans);

/// A rounded rect's four corner discs seen from the canvas (`CornerDiscs`, CPURenderer): each
/// disc's local offset from the point of canvas column 0 on a row whose centre is y is
/// (offsetX[i] + y rowStepX, offsetY[i] + y rowStepY); a column steps by (columnStepX,
/// columnStepY), of squared length `columnLengthSquared`.
typedef struct QCCornerDiscs {
    double offsetX[4], offsetY[4];
    double columnStepX, columnStepY, rowStepX, rowStepY;
    double columnLengthSquared, radiusSquared;
} QCCornerDiscs;

/// Writes the columns of rows firstRow..<firstRow + rowCount within `x0..<x1` whose centres lie
/// in a disc, lowest to highest, to spans[2 r], spans[2 r + 1] (x0, x0 where none): the values of
/// `CornerDiscs.span(row:from:to:)` row by row. Writes spans' 2 rowCount values, no more. Call
/// only where `qc_sprite_kernels_available()`.
void qc_corner_disc_spans_avx2(const QCCornerDiscs *discs, int32_t firstRow, int32_t rowCount, int32_t x0, int32_t x1,
                               int32_t *spans);

/// Paints `sprite` over canvas rows firstRow..<firstRow + rowCount, in each row the columns
/// within `x0..<x1` that `bounds` gives (`qc_row_spans_avx2`): in one call, the pixels of
/// `qc_row_spans_avx2` then `qc_sprite_paint_rows_avx2`. `pixels` is row firstRow's first pixel.
/// Other pixels of these rows before column `columnLimit` (or x1 where that is larger) may be
/// read and written back unchanged (a span's last pixels are then blended eight at a time
/// without masked loads and stores): no other thread may write them meanwhile. Call only where
/// `qc_sprite_kernels_available()`.
void qc_sprite_paint_region_avx2(const QCSprite *sprite, const QCRowBounds *bounds, int32_t firstRow, int32_t rowCount,
                                 int32_t x0, int32_t x1, int32_t columnLimit, uint32_t *pixels, int32_t rowLength);

/// Asks the processor to start bringing the `bytes` bytes from `address` into its caches: a hint
/// that reads and changes nothing (for a record about to be painted, written by another thread).
static inline void qc_prefetch(const void *address, int32_t bytes) {
    for (int32_t offset = 0; offset < bytes; offset += 64) __builtin_prefetch((const char *)address + offset);
}

/// One row of a 4:2:0 frame's chroma plane taken between two of its rows: out[i] =
/// upper[i * step] (1 - weight) + lower[i * step] weight for `count` samples (step 1 for I420's
/// planes, 2 for NV12's interleaved plane): the vertical step of chroma upsampling.
void qc_chroma_row_blend(const uint8_t *upper, const uint8_t *lower, int32_t step, int32_t count, float weight, float *out);

/// Converts one row of 8-bit 4:2:0 video (`width` luma samples) to opaque RGBA8 in `out` (red in
/// the low byte), its chroma upsampled horizontally from `cb` and `cr` (`chromaWidth` samples
/// each, already taken between two chroma rows by `qc_chroma_row_blend`): pixel x takes the two
/// samples around it, co-sited with even pixels (`horizontallyCosited`) or halfway between
/// pixels, weighted by distance and clamped to the row. Each channel is
/// Y' k[0] + Cb k[1] + Cr k[2] + k[3] with k the channel's four coefficients in `coefficients`
/// (red, green, blue: twelve floats, scaled to bytes), rounded half away from zero and clamped
/// to 0...255, in float arithmetic without contraction: the bytes of `PixelBuffer(videoFrame:)`.
/// Portable C, for every processor.
void qc_ycbcr420_row_to_rgba(const uint8_t *luma, const float *cb, const float *cr, int32_t chromaWidth,
                             int32_t horizontallyCosited, int32_t width, const float *coefficients, uint32_t *out);

#endif
