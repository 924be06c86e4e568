#pragma once
#include <cairo.h>
#include <stdint.h>
#include <stddef.h>

/// Copies `height` rows of `width` 32-bit pixels from `src` to `dst`, swapping bytes 0 and 2 of
/// each pixel: premultiplied RGBA bytes <-> Cairo's little-endian ARGB32 (B, G, R, A bytes).
/// Written in C so that debug builds of the Swift code still convert a frame quickly.
static inline void qc_swap_red_blue(uint8_t *dst, size_t dst_stride, const uint8_t *src, size_t src_stride,
                                    int width, int height) {
    for (int y = 0; y < height; y++) {
        const uint8_t *s = src + (size_t)y * src_stride;
        uint8_t *d = dst + (size_t)y * dst_stride;
        for (int x = 0; x < width; x++, s += 4, d += 4) {
            uint8_t r = s[0];
            d[0] = s[2];
            d[1] = s[1];
            d[2] = r;
            d[3] = s[3];
        }
    }
}
