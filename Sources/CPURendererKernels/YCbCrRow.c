// The CPU renderer's conversion of 4:2:0 video rows to RGBA8 (CPURenderer/Video/VideoFramePixels.swift).
#include <math.h>
#include "CPURendererKernels.h"

// Separate multiplies and adds, as the Swift code that documents the bytes computes them.
#pragma STDC FP_CONTRACT OFF

static inline uint32_t channel_byte(float value) {
    value = roundf(value);
    if (!(value >= 0)) return 0;  // NaN cannot occur from bytes, but stays defined
    return value > 255 ? 255 : (uint32_t)value;
}

void qc_chroma_row_blend(const uint8_t *upper, const uint8_t *lower, int32_t step, int32_t count, float weight, float *out) {
    float keep = 1.0f - weight;
    for (int32_t i = 0; i < count; ++i) {
        float a = upper[i * step] * keep;
        float b = lower[i * step] * weight;
        out[i] = a + b;
    }
}

static inline int32_t clamp_index(int32_t i, int32_t count) { return i < 0 ? 0 : (i >= count ? count - 1 : i); }

void qc_ycbcr420_row_to_rgba(const uint8_t *luma, const float *cb, const float *cr, int32_t chromaWidth,
                             int32_t horizontallyCosited, int32_t width, const float *k, uint32_t *out) {
    for (int32_t x = 0; x < width; ++x) {
        // The two chroma samples around pixel x and the weight of the second (0, 1/4, 1/2, 3/4):
        // ChromaSiting.neighbours(of:cosited:).
        int32_t first;
        float weight;
        if (horizontallyCosited) {
            first = x >> 1;
            weight = (x & 1) ? 0.5f : 0.0f;
        } else if (x & 1) {
            first = x >> 1;
            weight = 0.25f;
        } else {
            first = (x >> 1) - 1;
            weight = 0.75f;
        }
        int32_t a = clamp_index(first, chromaWidth), c = clamp_index(first + 1, chromaWidth);
        float keep = 1.0f - weight;
        float b0 = cb[a] * keep, b1 = cb[c] * weight, r0 = cr[a] * keep, r1 = cr[c] * weight;
        float y = luma[x], b = b0 + b1, r = r0 + r1;
        uint32_t red = channel_byte(y * k[0] + b * k[1] + r * k[2] + k[3]);
        uint32_t green = channel_byte(y * k[4] + b * k[5] + r * k[6] + k[7]);
        uint32_t blue = channel_byte(y * k[8] + b * k[9] + r * k[10] + k[11]);
        out[x] = 0xFF000000u | (blue << 16) | (green << 8) | red;
    }
}
