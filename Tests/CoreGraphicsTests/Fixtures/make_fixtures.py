#!/usr/bin/env python3
"""Writes the PNG fixtures of CoreGraphicsTests (run from this folder). The JPEG fixtures come from
make_jpegs.c, built against libjpeg: cc make_jpegs.c -ljpeg -o make_jpegs && ./make_jpegs."""
import struct, zlib

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

def png(width, height, bit_depth, colour_type, rows, interlace=0, extra=b""):
    header = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, interlace)
    raw = b"".join(b"\x00" + row for row in rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")

def write(name, data):
    with open(name, "wb") as f:
        f.write(data)

# 2x2 RGBA: red, green / blue, half-transparent white.
rgba = png(2, 2, 8, 6, [bytes([255, 0, 0, 255, 0, 255, 0, 255]), bytes([0, 0, 255, 255, 255, 255, 255, 128])])
write("rgba.png", rgba)
# 4x1 grey ramp: 0, 85, 170, 255.
write("grey.png", png(4, 1, 8, 0, [bytes([0, 85, 170, 255])]))
# 3x1 palette with transparency: red, green, transparent blue.
palette = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([255, 255, 0]))
write("palette.png", png(3, 1, 8, 3, [bytes([0, 1, 2])], extra=palette))
# 2x1 RGB, 16 bits a sample: (0xFFFF, 0x8000, 0) and (0, 0, 0xFFFF).
write("rgb16.png", png(2, 1, 16, 2, [struct.pack(">6H", 0xFFFF, 0x8000, 0, 0, 0, 0xFFFF)]))

# 9x9 Adam7-interlaced RGB: pixel (x, y) = (28x, 28y, 100).
def pixel(x, y):
    return bytes([28 * x, 28 * y, 100])
passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
raw = b""
for x0, y0, dx, dy in passes:
    xs, ys = range(x0, 9, dx), range(y0, 9, dy)
    if not xs or not ys:
        continue
    for y in ys:
        raw += b"\x00" + b"".join(pixel(x, y) for x in xs)
header = struct.pack(">IIBBBBB", 9, 9, 8, 2, 0, 0, 1)
write("interlaced.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

# Broken files.
big = png(64, 64, 8, 2, [bytes(range(64)) * 3 for _ in range(64)])
write("truncated.png", big[: len(big) // 2])
corrupt = bytearray(rgba)
corrupt[16] ^= 0xFF  # the IHDR width, so its CRC no longer matches
write("corrupt-header.png", bytes(corrupt))
huge_header = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
write("huge.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", huge_header) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
write("not-an-image.txt", b"hello, this is not an image\n")
