#!/usr/bin/env python3
"""Checks qc-kiosk screenshots: the Kiosk Menu is on screen and the selection moved.

usage: check-kiosk-shots.py BEFORE.png AFTER.png [--from 0 --to 1]

The menu's geometry follows the guide's listing at the screen's size: five 400 x 50 items,
item i's top at i*50 + 20 + (height/2 - (5*50 + 4*20)/2). The selection's 2 px white border
runs along the top edge of the selected item. Python standard library only.
"""
import struct
import sys
import zlib


def read_png(path):
    """Returns (width, height, channels, rows of bytes) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, width = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if depth != 8 or colour not in (2, 6):
                raise ValueError(f"{path}: only 8-bit RGB/RGBA PNGs are read")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        previous = line
    return width, height, channels, rows


def white_share(image, y0, y1, x0, x1):
    """The share of near-white pixels in rows y0..y1-1, columns x0..x1-1."""
    width, height, channels, rows = image
    total = white = 0
    for y in range(max(0, y0), min(height, y1)):
        row = rows[y]
        for x in range(max(0, x0), min(width, x1)):
            r, g, b = row[x * channels:x * channels + 3]
            total += 1
            white += r > 200 and g > 200 and b > 200
    return white / max(1, total)


def item_top(height, index):
    return index * 50 + 20 + (height / 2 - (5 * 50 + 4 * 20) / 2)


def selected_item(image):
    """The item whose top and bottom edges both carry the selection's border (its straight
    parts, x ± 120 of the centre). Items touch, so edge i is item i's top and item i-1's bottom."""
    width, height = image[0], image[1]
    shares = [white_share(image, int(item_top(height, i)) - 2, int(item_top(height, i)) + 2,
                          width // 2 - 120, width // 2 + 120) for i in range(6)]
    best = max(range(5), key=lambda i: min(shares[i], shares[i + 1]))
    return best, [min(shares[i], shares[i + 1]) for i in range(5)]


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    expect_from, expect_to = 0, 1
    if "--from" in argv: expect_from = int(argv[argv.index("--from") + 1])
    if "--to" in argv: expect_to = int(argv[argv.index("--to") + 1])
    before, after = read_png(args[0]), read_png(args[1])
    ok = True
    for name, image in (("before", before), ("after", after)):
        width, height = image[0], image[1]
        # The item labels: white text inside the menu column.
        text = white_share(image, int(item_top(height, 0)), int(item_top(height, 5)), width // 2 - 200, width // 2 + 200)
        print(f"check-kiosk-shots: {name}: {width}x{height}, menu text {text:.1%} white")
        if text < 0.03:
            print(f"check-kiosk-shots: FAIL: no menu text in the {name} shot")
            ok = False
    for name, image, expected in (("before", before, expect_from), ("after", after, expect_to)):
        index, shares = selected_item(image)
        print(f"check-kiosk-shots: {name}: selection on item {index} (border white share per item: "
              + ", ".join(f"{s:.0%}" for s in shares) + ")")
        if index != expected or shares[index] < 0.5:
            print(f"check-kiosk-shots: FAIL: expected the selection on item {expected} in the {name} shot")
            ok = False
    print("check-kiosk-shots: " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
