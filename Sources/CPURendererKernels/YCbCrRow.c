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

void qc_ycbcr420_row_to_rgba(const uint8_t *luma, const uint8_t *cb, const uint8_t *cr, int32_t chromaStep, int32_t width,
                             const float *k, uint32_t *out) {
    for (int32_t x = 0; x < width; ++x) {
        float y = luma[x], b = cb[(x / 2) * chromaStep], r = cr[(x / 2) * chromaStep];
        uint32_t red = channel_byte(y * k[0] + b * k[1] + r * k[2] + k[3]);
        uint32_t green = channel_byte(y * k[4] + b * k[5] + r * k[6] + k[7]);
        uint32_t blue = channel_byte(y * k[8] + b * k[9] + r * k[10] + k[11]);
        out[x] = 0xFF000000u | (blue << 16) | (green << 8) | red;
    }
}
