// Writes the JPEG fixtures of CoreGraphicsTests: 16x16, left half red, right half blue, baseline
// and progressive, then a truncated, a corrupt and a huge-declared copy of the baseline file.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

static unsigned long write_jpeg(const char *name, int progressive, unsigned char **out) {
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr e;
    unsigned long size = 0;
    c.err = jpeg_std_error(&e);
    jpeg_create_compress(&c);
    jpeg_mem_dest(&c, out, &size);
    c.image_width = 16; c.image_height = 16; c.input_components = 3; c.in_color_space = JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 95, TRUE);
    if (progressive) jpeg_simple_progression(&c);
    jpeg_start_compress(&c, TRUE);
    unsigned char row[16 * 3];
    for (int x = 0; x < 16; x++) {
        row[x * 3] = x < 8 ? 255 : 0; row[x * 3 + 1] = 0; row[x * 3 + 2] = x < 8 ? 0 : 255;
    }
    while (c.next_scanline < 16) { JSAMPROW r = row; jpeg_write_scanlines(&c, &r, 1); }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    FILE *f = fopen(name, "wb"); fwrite(*out, 1, size, f); fclose(f);
    return size;
}

static void save(const char *name, const unsigned char *data, unsigned long size) {
    FILE *f = fopen(name, "wb"); fwrite(data, 1, size, f); fclose(f);
}

int main(void) {
    unsigned char *baseline = NULL, *progressive = NULL;
    unsigned long size = write_jpeg("baseline.jpg", 0, &baseline);
    write_jpeg("progressive.jpg", 1, &progressive);
    save("truncated.jpg", baseline, size * 2 / 3);
    unsigned char *copy = malloc(size);
    memcpy(copy, baseline, size);
    for (unsigned long i = 2; i + 9 < size; i++) {
        if (copy[i] == 0xFF && copy[i + 1] == 0xC0) {  // SOF0: declare 65000 x 65000 pixels
            copy[i + 5] = 0xFD; copy[i + 6] = 0xE8; copy[i + 7] = 0xFD; copy[i + 8] = 0xE8;
            break;
        }
    }
    save("huge.jpg", copy, size);
    memcpy(copy, baseline, size);
    for (unsigned long i = 2; i + 4 < size; i++) {
        if (copy[i] == 0xFF && copy[i + 1] == 0xDB) {  // DQT: a length that runs past the file
            copy[i + 2] = 0xFF; copy[i + 3] = 0xFF;
            break;
        }
    }
    save("corrupt.jpg", copy, size);
    return 0;
}
