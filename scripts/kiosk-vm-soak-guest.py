#!/usr/bin/env python3
"""An hour of kiosk (issue 33, item 4), run inside the drm-vm guest by scripts/kiosk-vm-soak.sh.

usage: kiosk-vm-soak-guest.py --out DIR --size WxH [--minutes 60] -- QC-KIOSK [ARGS...]

Starts QC-KIOSK as scripts/kiosk-vm-guest.py does (uinput keyboard and touch screen, seatd, the
kiosk confined as deploy/qc-kiosk.service confines it), then for --minutes: a key (Down, then Up,
alternately) and a tap every second, Return every 2 minutes (the selected demo is opened and
the next Return leaves it), a VT switch away and back every 3 minutes, and an unplug and replug
of the display every 5 minutes. Every 10 s it writes a sample to DIR/samples.csv: the kiosk's
resident memory, its open file descriptors, the DRM memory its fdinfo reports (the GEM objects
it holds, where the driver reports them) and the live GL objects of its last logged frame
(QC_DEBUG=stats). The kiosk's own statistics (--stats) go to DIR/kiosk.log with the rest of its
log. Exit status 1 when the kiosk exits, or logs an error, during the hour.
Python standard library only. Not run by CI (an hour); scripts/kiosk-vm-soak.sh reads the results.
"""
import argparse
import importlib.util
import os
import re
import subprocess
import sys
import time

spec = importlib.util.spec_from_file_location("kiosk_vm_guest", os.path.join(os.path.dirname(os.path.abspath(__file__)), "kiosk-vm-guest.py"))
guest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(guest)

KEY_UP, KEY_ENTER = 103, 28
LIVE = re.compile(r"live (.*)$")


def drm_memory(pid):
    """The sum of the drm-*-memory keys of the kiosk's DRM descriptors' fdinfo (KiB), or None."""
    total, seen = 0, False
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            if not os.readlink(f"/proc/{pid}/fd/{fd}").startswith("/dev/dri/"):
                continue
            with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                for line in info:
                    match = re.match(r"drm-(total|resident)-\S+:\s+(\d+)\s*(\w+)?", line)
                    if match and match.group(1) == "total":
                        total += int(match.group(2)) * (1024 if (match.group(3) or "").startswith("MiB") else 1)
                        seen = True
        except OSError:
            continue
    return total if seen else None


def sample(kiosk, start):
    pid = kiosk.process.pid
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    with kiosk.changed:
        live = next((LIVE.search(line).group(1) for line in reversed(kiosk.lines) if LIVE.search(line)), "")
    drm = drm_memory(pid)
    return f"{time.monotonic() - start:.0f},{rss},{fds},{'' if drm is None else drm},\"{live}\""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("kiosk", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    argv = args.kiosk[1:] if args.kiosk[:1] == ["--"] else args.kiosk
    width, height = (int(v) for v in args.size.split("x"))
    subprocess.run(["modprobe", "uinput"], check=False)
    subprocess.run(["mount", "-t", "debugfs", "none", "/sys/kernel/debug"], check=False)
    keyboard = guest.UInputDevice("kiosk-vm keyboard", keys=range(1, 128))
    touch = guest.UInputDevice("kiosk-vm touchscreen", keys=[guest.BTN_TOUCH], direct=True, absolutes=[
        (guest.ABS_X, 0, width - 1), (guest.ABS_Y, 0, height - 1), (guest.ABS_MT_SLOT, 0, 9),
        (guest.ABS_MT_POSITION_X, 0, width - 1), (guest.ABS_MT_POSITION_Y, 0, height - 1),
        (guest.ABS_MT_TRACKING_ID, 0, 65535)])
    subprocess.run(["udevadm", "settle", "-t", "10"], check=False)
    seatd = subprocess.Popen(["seatd", "-g", "video"])
    while not os.path.exists("/run/seatd.sock"):
        time.sleep(0.1)
    env = dict(os.environ, LIBSEAT_BACKEND="seatd", QC_DEBUG="stats")
    kiosk = guest.Kiosk(guest.confined(argv, env), env)
    status = 0
    try:
        kiosk.wait_for(r"scanout: mode set on", "the first modeset")
        start = time.monotonic()
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "samples.csv"), "w") as samples:
            samples.write("seconds,rss_kib,fds,drm_kib,gl_objects\n")
            second = 0
            while time.monotonic() - start < args.minutes * 60:
                second += 1
                guest.press(keyboard, guest.KEY_DOWN if second % 2 else KEY_UP)
                x, y = width // 2, height // 2 + (second % 3 - 1) * 40
                touch.emit((guest.EV_ABS, guest.ABS_MT_SLOT, 0), (guest.EV_ABS, guest.ABS_MT_TRACKING_ID, second),
                           (guest.EV_ABS, guest.ABS_MT_POSITION_X, x), (guest.EV_ABS, guest.ABS_MT_POSITION_Y, y),
                           (guest.EV_KEY, guest.BTN_TOUCH, 1), (guest.EV_ABS, guest.ABS_X, x), (guest.EV_ABS, guest.ABS_Y, y))
                time.sleep(0.08)
                touch.emit((guest.EV_ABS, guest.ABS_MT_SLOT, 0), (guest.EV_ABS, guest.ABS_MT_TRACKING_ID, -1),
                           (guest.EV_KEY, guest.BTN_TOUCH, 0))
                if second % 120 == 0:
                    guest.press(keyboard, KEY_ENTER)
                if second % 180 == 90:
                    guest.activate_vt(2)
                    kiosk.wait_for(r"seat: disabled", "the VT switch away")
                    guest.activate_vt(1)
                    kiosk.wait_for(r"scanout: mode set on", "the modeset after the VT switch back")
                if second % 300 == 150:
                    guest.set_connector("off")
                    kiosk.wait_for(r"unplugged; waiting for a display", "the unplug")
                    guest.set_connector("on")
                    kiosk.wait_for(r"scanout: mode set on", "the modeset after the replug")
                if second % 10 == 0:
                    samples.write(sample(kiosk, start) + "\n")
                    samples.flush()
                if not kiosk.alive():
                    raise guest.Failure("qc-kiosk exited during the soak")
                time.sleep(max(0, 1 - 0.08))
        kiosk.process.send_signal(10)  # SIGUSR1: the frame statistics since the last replug
        # The output loop logs them when it next wakes, after any input still queued.
        kiosk.wait_for(r"flip interval: n=", "the frame statistics asked for by SIGUSR1", timeout=120)
        with kiosk.changed:
            errors = [line for line in kiosk.lines if re.search(r"\berror\b", line)]
        if errors:
            raise guest.Failure(f"{len(errors)} error lines in the kiosk's log, the first: {errors[0]}")
        guest.say("soak passed")
    except guest.Failure as failure:
        guest.say(f"FAIL: {failure}")
        status = 1
    finally:
        with open(os.path.join(args.out, "kiosk.log"), "w") as log, kiosk.changed:
            log.write("\n".join(kiosk.lines) + "\n")
        if kiosk.alive():
            kiosk.process.terminate()
        seatd.terminate()
    return status


if __name__ == "__main__":
    sys.exit(main())
