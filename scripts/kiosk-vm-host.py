#!/usr/bin/env python3
"""The host half of the kiosk VM test (scripts/kiosk-vm-test.sh runs it).

usage: kiosk-vm-host.py --tool DRM_VM --out DIR --size WxH [--timeout S] -- QC-KIOSK [ARGS...]

Boots the drm-vm guest with udev, runs scripts/kiosk-vm-guest.py in it, and forwards its output
(also to DIR/run.log). When the guest prints "kiosk-vm: shot NAME", takes a screendump over
QMP, saves DIR/NAME.png, and tells the guest (DIR/sync/NAME.done, a writable share). Then checks
the shots in a way that holds whatever the menu looks like: each is not blank (a share of the
screen lit and a number of colours) but the one taken while the display is blanked, which is
dark, and the key and the tap each changed the screen.
Exit status: the guest's, else 1 when a check fails; 125 when the VM could not start.
Python standard library only.
"""
import argparse
import json
import os
import re
import socket
import struct
import subprocess
import sys
import time
import zlib


class QMP:
    """A QMP connection (the protocol drm-vm's README shows)."""

    def __init__(self, path, timeout=120):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                self.sock.connect(path)
                break
            except OSError:
                self.sock.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.sock.settimeout(60)
        self.file = self.sock.makefile("rwb", buffering=0)
        self.file.readline()
        self.command("qmp_capabilities")

    def command(self, name, **arguments):
        message = {"execute": name}
        if arguments:
            message["arguments"] = arguments
        self.file.write(json.dumps(message).encode() + b"\r\n")
        while True:
            reply = json.loads(self.file.readline() or b'{"error": {"desc": "closed"}}')
            if "event" in reply:
                continue
            if "error" in reply:
                raise RuntimeError(f"QMP {name}: {reply['error'].get('desc')}")
            return reply.get("return")


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        start = pos
        while not data[pos:pos + 1].isspace():
            pos += 1
        fields.append(data[start:pos])
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[pos + 1:pos + 1 + width * height * 3]


def write_png(path, width, height, rgb):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    stride = width * 3
    raw = b"".join(b"\0" + rgb[y * stride:(y + 1) * stride] for y in range(height))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def lit_share_and_colours(rgb):
    """The share of pixels brighter than near-black, and the number of distinct colours, sampled."""
    pixels = len(rgb) // 3
    step = max(1, pixels // 40000)
    lit, colours = 0, set()
    for i in range(0, pixels, step):
        r, g, b = rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]
        if r + g + b > 24:
            lit += 1
        colours.add((r, g, b))
    return lit / ((pixels + step - 1) // step), len(colours)


def changed_share(a, b):
    """The share of pixels that differ by more than a little between two frames of one size."""
    pixels = min(len(a), len(b)) // 3
    changed = sum(1 for i in range(pixels)
                  if abs(a[3 * i] - b[3 * i]) + abs(a[3 * i + 1] - b[3 * i + 1]) + abs(a[3 * i + 2] - b[3 * i + 2]) > 24)
    return changed / max(1, pixels)


# Shots that must differ from an earlier one (the input between them changed the screen).
CHANGES = {"key": "menu", "tap": "key", "signage2": "signage"}


def screendump(qmp, ppm):
    qmp.command("screendump", filename=ppm)
    image = read_ppm(ppm)
    os.remove(ppm)
    return image


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--timeout", type=int, default=900)
    parser.add_argument("--rw", action="append", default=[])
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("kiosk", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    kiosk = args.kiosk[1:] if args.kiosk[:1] == ["--"] else args.kiosk
    out = os.path.abspath(args.out)
    sync = os.path.join(out, "sync")
    os.makedirs(sync, exist_ok=True)
    qmp_path = f"/tmp/kiosk-vm-{os.getpid()}.qmp"
    command = [args.tool, "-t", "--udev", "--size", args.size, "--out", out, "--rw", sync, "--qmp", qmp_path,
               "--timeout", str(args.timeout)]
    for share in args.rw:
        command += ["--rw", share]
    for variable in args.env:
        command += ["--env", variable]
    command += ["--", "python3", "scripts/kiosk-vm-guest.py", "--sync", sync, "--size", args.size, "--", *kiosk]

    started = time.monotonic()
    vm = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    qmp, shots = None, {}
    with open(os.path.join(out, "run.log"), "w") as log:
        for raw in vm.stdout:
            line = raw.decode(errors="replace")
            sys.stdout.write(line)
            sys.stdout.flush()
            log.write(line)
            match = re.search(r"kiosk-vm: shot (\w+)", line)
            if not match:
                continue
            name = match.group(1)
            try:
                qmp = qmp or QMP(qmp_path)
                previous = shots.get(CHANGES.get(name))
                deadline = time.monotonic() + 45
                while True:
                    width, height, rgb = screendump(qmp, os.path.join(out, name + ".ppm"))
                    # The app logged the change; the frame showing it may still be rendering
                    # (seconds per frame under TCG): look again until it is on screen.
                    if previous is None or changed_share(previous, rgb) >= 0.001 or time.monotonic() > deadline:
                        break
                    time.sleep(1)
                write_png(os.path.join(out, name + ".png"), width, height, rgb)
                shots[name] = rgb
            except (OSError, RuntimeError, ValueError) as error:
                print(f"kiosk-vm-test: screendump {name} failed: {error}", flush=True)
            open(os.path.join(sync, name + ".done"), "w").close()
    status = vm.wait()
    elapsed = time.monotonic() - started
    print(f"kiosk-vm-test: the VM ran {elapsed:.0f} s (drm-vm exit {status})")
    if status == 125:
        return 125
    if status != 0:
        print(f"kiosk-vm-test: FAIL: the scenario failed (exit {status}; see {out}/run.log)")
        return 1

    failures = []
    names = ["menu", "key", "tap", "vt", "replug", "blank", "wake"]
    if "signage" in shots:
        names += ["signage", "signage2"]
    for name in names:
        if name not in shots:
            failures.append(f"no {name} shot")
            continue
        lit, colours = lit_share_and_colours(shots[name])
        print(f"kiosk-vm-test: shot {name}: {lit:.0%} lit, {colours} colours")
        if name == "blank":
            if lit > 0.1:
                failures.append(f"the blank shot is not dark ({lit:.1%} lit)")
        elif lit < 0.02 or colours < 8:
            failures.append(f"the {name} shot is blank ({lit:.1%} lit, {colours} colours)")
    for after, before in CHANGES.items():
        if before in shots and after in shots:
            share = changed_share(shots[before], shots[after])
            print(f"kiosk-vm-test: {before} -> {after}: {share:.2%} of the screen changed")
            if share < 0.001:
                failures.append(f"the screen did not change from the {before} shot to the {after} shot")
    for failure in failures:
        print(f"kiosk-vm-test: FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
