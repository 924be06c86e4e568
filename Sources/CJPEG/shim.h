#pragma once
// JPEG decoding through libjpeg(-turbo) with its error handling kept inside C.
//
// libjpeg reports fatal errors by calling error_exit, which must not return; the usual answer is
// setjmp/longjmp. A longjmp across Swift frames is undefined behaviour, so every libjpeg call lives
// in the functions below: they setjmp, call libjpeg, and turn a longjmp back into a return code and
// a message. Warnings (corrupt or truncated data that libjpeg would patch over with grey) are
// treated as errors too, so a broken file is reported rather than half shown.
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <jpeglib.h>

/// The longest message the functions below write, terminator included.
#define QC_JPEG_MESSAGE_LENGTH JMSG_LENGTH_MAX

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} qc_jpeg_error_manager;

static void qc_jpeg_fail(j_common_ptr cinfo) {
    qc_jpeg_error_manager *manager = (qc_jpeg_error_manager *)cinfo->err;
    manager->base.format_message(cinfo, manager->message);
    longjmp(manager->jump, 1);
}

static void qc_jpeg_emit_message(j_common_ptr cinfo, int level) {
    // Level -1 is a warning about corrupt data; trace messages (level >= 0) are ignored.
    if (level < 0) qc_jpeg_fail(cinfo);
}

static void qc_jpeg_copy_message(const qc_jpeg_error_manager *manager, char *message) {
    strncpy(message, manager->message, QC_JPEG_MESSAGE_LENGTH - 1);
    message[QC_JPEG_MESSAGE_LENGTH - 1] = 0;
}

static void qc_jpeg_prepare(struct jpeg_decompress_struct *cinfo, qc_jpeg_error_manager *manager) {
    memset(manager, 0, sizeof *manager);
    cinfo->err = jpeg_std_error(&manager->base);
    manager->base.error_exit = qc_jpeg_fail;
    manager->base.emit_message = qc_jpeg_emit_message;
}

/// Reads the header of the JPEG in `data`: its pixel size. Returns 1 on success; 0 with a
/// message (`message` holds QC_JPEG_MESSAGE_LENGTH bytes) when the data is not a readable JPEG.
static inline int qc_jpeg_read_size(const uint8_t *data, size_t size, int *width, int *height, char *message) {
    struct jpeg_decompress_struct cinfo;
    qc_jpeg_error_manager manager;
    qc_jpeg_prepare(&cinfo, &manager);
    if (setjmp(manager.jump)) {
        qc_jpeg_copy_message(&manager, message);
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    *width = (int)cinfo.image_width;
    *height = (int)cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return 1;
}

/// Decodes the JPEG in `data` into `pixels` as RGBA8 (alpha 255), `stride` bytes a row, which must
/// hold `height` rows of the `width` that `qc_jpeg_read_size` reported. libjpeg's own working
/// memory is limited to `max_memory` bytes. Returns 1 on success; 0 with a message on any error or
/// warning (truncated or corrupt data).
static inline int qc_jpeg_decode_rgba(const uint8_t *data, size_t size, uint8_t *pixels, size_t stride,
                                      int width, int height, long max_memory, char *message) {
    struct jpeg_decompress_struct cinfo;
    qc_jpeg_error_manager manager;
    qc_jpeg_prepare(&cinfo, &manager);
    if (setjmp(manager.jump)) {
        qc_jpeg_copy_message(&manager, message);
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.mem->max_memory_to_use = max_memory;
    jpeg_mem_src(&cinfo, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if ((int)cinfo.output_width != width || (int)cinfo.output_height != height || cinfo.output_components != 4) {
        snprintf(message, QC_JPEG_MESSAGE_LENGTH, "decoded size %ux%u does not match the header",
                 cinfo.output_width, cinfo.output_height);
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 1;
}

/// Encodes `height` rows of `width` RGBX8 pixels (`stride` bytes a row; the fourth byte of each
/// pixel is ignored) as a baseline JPEG of `quality` (0...100). On success returns 1 and sets
/// `*output` to a buffer of `*output_size` bytes that the caller releases with `free`; on an error
/// returns 0 with a message.
static inline int qc_jpeg_encode_rgbx(const uint8_t *pixels, size_t stride, int width, int height, int quality,
                                      unsigned char **output, unsigned long *output_size, char *message) {
    struct jpeg_compress_struct cinfo;
    qc_jpeg_error_manager manager;
    memset(&manager, 0, sizeof manager);
    cinfo.err = jpeg_std_error(&manager.base);
    manager.base.error_exit = qc_jpeg_fail;
    *output = NULL;
    *output_size = 0;
    if (setjmp(manager.jump)) {
        qc_jpeg_copy_message(&manager, message);
        jpeg_destroy_compress(&cinfo);
        free(*output);
        *output = NULL;
        return 0;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, output, output_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 1;
}
