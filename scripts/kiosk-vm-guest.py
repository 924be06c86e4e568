#!/usr/bin/env python3
"""The kiosk VM test's scenario, run inside the drm-vm guest (scripts/kiosk-vm-test.sh starts it).

usage: kiosk-vm-guest.py --sync DIR --size WxH [--blank S] [--tap X,Y --tap-item N] -- QC-KIOSK [ARGS...]

Inside the VM, as root, with udev running: creates a uinput keyboard and a uinput multi-touch
screen, starts seatd, forces the virtual connector off (sysfs), starts QC-KIOSK through the
seat, and then, waiting each time for what the kiosk logs:

  no display   -> plugs the connector in   -> the menu is lit          (shot "menu")
  Down key     -> the selection moves to item 1                         (shot "key")
  tap          -> the selection moves to the tapped item                (shot "tap")
  VT switch    -> seat disabled; switch back -> seat enabled, redrawn   (shot "vt")
  unplug       -> the kiosk waits, still running; replug -> lit again   (shot "replug")
  no input for --blank seconds -> DPMS off                              (shot "blank")
  Down key     -> the display wakes, the key is not delivered; another
                  Down moves the selection                              (shot "wake")
  SIGTERM      -> the kiosk restores the CRTC and exits

QC-KIOSK runs under the restrictions of deploy/qc-kiosk.service that the VM can apply without
systemd as its init (--confine, the default; --no-confine runs it as root, unconfined): in a
mount namespace of its own (unshare) the system is read-only (ProtectSystem=strict, with
/proc/sys and /sys read-only too: ProtectKernelTunables), /tmp is private (PrivateTmp), /home and
/root are empty (ProtectHome), and the writable cache is /var/cache/qc-kiosk (CacheDirectory);
then setpriv drops to an unprivileged user in the `video` group (User=, SupplementaryGroups=;
seatd grants that group the seat), with no new privileges (NoNewPrivileges=) and empty
capability sets (CapabilityBoundingSet=, AmbientCapabilities=). What only systemd applies (the
system-call filter, the device cgroup, the address-family and namespace restrictions) is not
applied here; MemoryDenyWriteExecute= would stop llvmpipe, the VM's only GL driver, and is
off on such machines (deploy/qc-kiosk.service.d/jit-gl-driver.conf).

A shot is asked of the host by printing "kiosk-vm: shot NAME"; the host takes a QMP screendump
and creates DIR/NAME.done. Exit status 0 when every step saw its log line, 1 otherwise.
Python standard library only.
"""
import argparse
import fcntl
import glob
import os
import re
import signal
import struct
import subprocess
import sys
import threading
import time

# linux/uinput.h, linux/input-event-codes.h, linux/vt.h
UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT, UI_SET_PROPBIT = 0x40045564, 0x40045565, 0x40045567, 0x4004556E
UI_DEV_SETUP, UI_ABS_SETUP, UI_DEV_CREATE = 0x405C5503, 0x401C5504, 0x5501
EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
KEY_DOWN, BTN_TOUCH = 108, 0x14A
ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0, 1, 0x2F, 0x35, 0x36, 0x39
INPUT_PROP_DIRECT = 1
BUS_VIRTUAL = 0x06
VT_ACTIVATE = 0x5606

STEP_TIMEOUT = float(os.environ.get("KIOSK_VM_STEP_TIMEOUT", "150"))


def say(message):
    print(f"kiosk-vm: {message}", flush=True)


class Failure(Exception):
    pass


class UInputDevice:
    """A uinput device; `emit` writes events followed by a SYN_REPORT."""

    def __init__(self, name, keys=(), absolutes=(), direct=False):
        self.fd = os.open("/dev/uinput", os.O_WRONLY | os.O_NONBLOCK)
        if keys:
            fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_KEY)
            for key in keys:
                fcntl.ioctl(self.fd, UI_SET_KEYBIT, key)
        if absolutes:
            fcntl.ioctl(self.fd, UI_SET_EVBIT, EV_ABS)
            for code, _, _ in absolutes:
                fcntl.ioctl(self.fd, UI_SET_ABSBIT, code)
        if direct:
            fcntl.ioctl(self.fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT)
        for code, minimum, maximum in absolutes:
            # struct uinput_abs_setup: code, padding, input_absinfo (value min max fuzz flat resolution)
            fcntl.ioctl(self.fd, UI_ABS_SETUP, struct.pack("HHiiiiii", code, 0, 0, minimum, maximum, 0, 0, 4))
        setup = struct.pack("HHHH80sI", BUS_VIRTUAL, 0x1234, 0x5678, 1, name.encode(), 0)
        fcntl.ioctl(self.fd, UI_DEV_SETUP, setup)
        fcntl.ioctl(self.fd, UI_DEV_CREATE)

    def emit(self, *events):
        now = time.time()
        seconds, micro = int(now), int((now % 1) * 1e6)
        data = b"".join(struct.pack("qqHHi", seconds, micro, t, c, v) for t, c, v in events)
        os.write(self.fd, data + struct.pack("qqHHi", seconds, micro, EV_SYN, 0, 0))


# The kiosk's user in the VM (nobody: no home, no login) and the folder that stands for the
# unit's CacheDirectory=.
CONFINED_USER = "65534"
CACHE_DIRECTORY = "/var/cache/qc-kiosk"

# Run by `sh -c` in the kiosk's new mount namespace, as root, before it drops its privileges;
# "$@" is the kiosk's command line. (The guest's / is a throwaway overlay: the folder it makes
# stays in the VM.) The Mesa shader cache that the host shares writable (its path
# in $MESA_SHADER_CACHE_DIR) is bound to the cache folder before /tmp is covered.
CONFINE_SCRIPT = r"""
set -e
mount --make-rprivate /
mkdir -p "$CACHE_DIRECTORY"
if [ -n "${MESA_SHADER_CACHE_DIR:-}" ] && [ -d "$MESA_SHADER_CACHE_DIR" ]; then
  mount --bind "$MESA_SHADER_CACHE_DIR" "$CACHE_DIRECTORY"
else
  mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs "$CACHE_DIRECTORY"
fi
chown "$CONFINED_USER" "$CACHE_DIRECTORY" 2>/dev/null || chmod 1777 "$CACHE_DIRECTORY" 2>/dev/null || true
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs /tmp
for home in /home /root; do [ -d "$home" ] && mount -t tmpfs -o mode=0755,nosuid,nodev tmpfs "$home"; done
mount --bind /proc/sys /proc/sys && mount -o remount,bind,ro /proc/sys
mount -o remount,bind,ro /sys
for top in / /usr /etc /var /run; do mountpoint -q "$top" && mount -o remount,bind,ro "$top"; done
export MESA_SHADER_CACHE_DIR="$CACHE_DIRECTORY" XDG_CACHE_HOME="$CACHE_DIRECTORY" HOME=/nonexistent
exec setpriv --reuid="$CONFINED_USER" --regid="$CONFINED_USER" --groups=video --no-new-privs \
  --inh-caps=-all --bounding-set=-all -- "$@"
"""


def confined(argv, env):
    """argv run under the unit's restrictions that the VM can apply (see the module's notes)."""
    env.update(CACHE_DIRECTORY=CACHE_DIRECTORY, CONFINED_USER=CONFINED_USER)
    return ["unshare", "--mount", "--", "sh", "-c", CONFINE_SCRIPT, "qc-kiosk-sandbox", *argv]


class Kiosk:
    """The kiosk process; its output is forwarded line by line and kept for `wait_for`."""

    def __init__(self, argv, env):
        self.lines, self.cursor = [], 0
        self.changed = threading.Condition()
        self.process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.process.stdout:
            line = raw.decode(errors="replace").rstrip("\n")
            print(line, flush=True)
            with self.changed:
                self.lines.append(line)
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def wait_for(self, pattern, what, timeout=STEP_TIMEOUT):
        """Waits for a line after the last one matched that matches `pattern`."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for index in range(self.cursor, len(self.lines)):
                    if regex.search(self.lines[index]):
                        self.cursor = index + 1
                        return self.lines[index]
                if self.process.poll() is not None and self.cursor >= len(self.lines):
                    raise Failure(f"{what}: qc-kiosk exited ({self.process.returncode}) before logging /{pattern}/")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Failure(f"{what}: no line matching /{pattern}/ within {timeout:.0f} s")
                self.changed.wait(min(left, 1))

    def lines_since_cursor(self, pattern):
        """The lines after the last one matched that match `pattern`."""
        regex = re.compile(pattern)
        with self.changed:
            return [line for line in self.lines[self.cursor:] if regex.search(line)]

    def blanked_before(self):
        with self.changed:
            return any("blanking: no input" in line for line in self.lines)

    def alive(self):
        return self.process.poll() is None


def set_connector(status):
    for path in glob.glob("/sys/class/drm/card0-*/status"):
        with open(path, "w") as f:
            f.write(status)
    say(f"connector forced {status}")


def shot(sync, name):
    """Asks the host for a screendump and waits until it has been taken."""
    done = os.path.join(sync, name + ".done")
    say(f"shot {name}")
    deadline = time.monotonic() + 60
    while not os.path.exists(done):
        if time.monotonic() > deadline:
            raise Failure(f"the host did not take shot {name}")
        time.sleep(0.1)


def activate_vt(number):
    with open("/dev/tty0", "wb", buffering=0) as tty:
        fcntl.ioctl(tty.fileno(), VT_ACTIVATE, number)
    say(f"switched to VT {number}")


def press(keyboard, code):
    keyboard.emit((EV_KEY, code, 1))
    keyboard.emit((EV_KEY, code, 0))


def scenario(kiosk, devices, sync, size, tap, tap_item, blank):
    keyboard, touch = devices
    width, height = size
    kiosk.wait_for(r"seat: .* through libseat|seat: no seat manager|seat: direct", "seat")
    kiosk.wait_for(r"no display connected; waiting", "starting with the connector off")
    time.sleep(2)
    if not kiosk.alive():
        raise Failure("qc-kiosk exited while no display was connected")
    set_connector("on")
    kiosk.wait_for(r"display: \S+ \d+x\d+", "lighting the display that appeared")
    kiosk.wait_for(r"scanout: mode set on", "the first modeset")
    time.sleep(3)  # llvmpipe in the VM: let a few frames through
    shot(sync, "menu")

    press(keyboard, KEY_DOWN)
    say("key Down injected")
    kiosk.wait_for(r"selection (moved to item )?1\b", "the Down key moving the selection")
    time.sleep(2)
    shot(sync, "key")

    x, y = tap
    touch.emit((EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, 1), (EV_ABS, ABS_MT_POSITION_X, x),
               (EV_ABS, ABS_MT_POSITION_Y, y), (EV_KEY, BTN_TOUCH, 1), (EV_ABS, ABS_X, x), (EV_ABS, ABS_Y, y))
    time.sleep(0.08)
    touch.emit((EV_ABS, ABS_MT_SLOT, 0), (EV_ABS, ABS_MT_TRACKING_ID, -1), (EV_KEY, BTN_TOUCH, 0))
    say(f"tap injected at {x},{y}")
    kiosk.wait_for(rf"(selection (moved to item )?|activated item ){tap_item}\b", "the tap selecting its item")
    time.sleep(2)
    shot(sync, "tap")

    activate_vt(2)
    kiosk.wait_for(r"seat: disabled", "the VT switch away disabling the seat")
    time.sleep(1)
    activate_vt(1)
    kiosk.wait_for(r"seat: enabled", "the VT switch back enabling the seat")
    kiosk.wait_for(r"scanout: mode set on", "the modeset after the seat's return")
    time.sleep(2)
    shot(sync, "vt")

    # Two unplug/replug cycles: each lets the display's surface, context and EGL display go
    # and makes new ones, so the second must leave the kiosk's descriptors as the first did.
    descriptors = []
    for cycle in (1, 2):
        set_connector("off")
        kiosk.wait_for(r"unplugged; waiting for a display", "the unplug")
        time.sleep(3)
        if not kiosk.alive():
            raise Failure("qc-kiosk exited after the unplug")
        say("still running after the unplug")
        set_connector("on")
        kiosk.wait_for(r"display: \S+ \d+x\d+", "lighting the display plugged back")
        kiosk.wait_for(r"scanout: mode set on", "the modeset after the replug")
        time.sleep(3)
        descriptors.append(len(os.listdir(f"/proc/{kiosk.process.pid}/fd")))
        say(f"open descriptors after replug {cycle}: {descriptors[-1]}")
    if descriptors[1] != descriptors[0]:
        raise Failure(f"a replug leaked descriptors: {descriptors[0]} after the first, {descriptors[1]} after the second")
    shot(sync, "replug")

    # The replug's input-free wait counts towards the idle time; blanking comes `blank` s after the tap.
    kiosk.wait_for(r"blanking: no input for \d+ s; display off \(DPMS\)", "blanking the idle display", timeout=blank + 90)
    time.sleep(2)
    shot(sync, "blank")
    press(keyboard, KEY_DOWN)
    say("key Down injected to wake the display")
    kiosk.wait_for(r"blanking: input; display on", "waking on input")
    kiosk.wait_for(r"scanout: mode set on", "the modeset after the wake")
    time.sleep(2)
    swallowed = kiosk.lines_since_cursor(r"selection (moved to item )?\d|activated item")
    if swallowed:
        raise Failure(f"the key that woke the display reached the app: {swallowed[0]}")
    press(keyboard, KEY_DOWN)
    say("key Down injected on the woken display")
    kiosk.wait_for(rf"selection (moved to item )?{tap_item + 1}\b", "a key after the wake moving the selection")
    time.sleep(2)
    shot(sync, "wake")

    kiosk.process.send_signal(signal.SIGTERM)
    kiosk.wait_for(r"previous CRTC state restored", "restoring the CRTC on SIGTERM", timeout=30)
    kiosk.process.wait(timeout=30)


def signage(argv, env, sync):
    """The signage demo (a looping video under a ticker, a clock and a logo) on the same display:
    it lights, and a shot after two more frames have been flipped differs from the first (the
    video and the ticker move). Frames are traced (QC_DEBUG=display-trace): under TCG a frame
    of the CPU renderer's debug build takes tens of seconds."""
    kiosk = Kiosk(argv, dict(env, QC_DEBUG="display-trace"))
    try:
        kiosk.wait_for(r"display: \S+ \d+x\d+", "the signage demo lighting the display")
        kiosk.wait_for(r"scanout: mode set on", "the signage demo's modeset", timeout=max(STEP_TIMEOUT, 480))
        shot(sync, "signage")
        with kiosk.changed:
            kiosk.cursor = len(kiosk.lines)
        for frame in ("first", "second"):
            kiosk.wait_for(r"trace: flip at", f"the {frame} signage frame after the shot", timeout=max(STEP_TIMEOUT, 300))
        shot(sync, "signage2")
        if not kiosk.alive():
            raise Failure(f"the signage demo exited ({kiosk.process.returncode})")
        kiosk.process.send_signal(signal.SIGTERM)
        kiosk.wait_for(r"previous CRTC state restored", "restoring the CRTC after the signage demo", timeout=180)
        kiosk.process.wait(timeout=60)
    finally:
        if kiosk.alive():
            kiosk.process.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sync", required=True)
    parser.add_argument("--size", required=True)
    parser.add_argument("--tap", help="X,Y in screen pixels (default: a little above the centre)")
    parser.add_argument("--tap-item", type=int, default=2)
    parser.add_argument("--blank", type=int, default=40, help="the kiosk's --blank-after, in seconds")
    parser.add_argument("--confine", action=argparse.BooleanOptionalAction,
                        default=os.environ.get("KIOSK_VM_CONFINE", "1") != "0",
                        help="run the kiosk under the unit's restrictions (default) or as root")
    parser.add_argument("--signage", action=argparse.BooleanOptionalAction,
                        default=os.environ.get("KIOSK_VM_SIGNAGE", "1") != "0",
                        help="after the menu's scenario, run the signage demo (default)")
    parser.add_argument("kiosk", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    argv = args.kiosk[1:] if args.kiosk[:1] == ["--"] else args.kiosk
    argv += ["--blank-after", str(args.blank)]
    width, height = (int(v) for v in args.size.split("x"))
    tap = tuple(int(v) for v in args.tap.split(",")) if args.tap else (width // 2, height // 2 - 10)

    subprocess.run(["modprobe", "uinput"], check=False)
    keyboard = UInputDevice("kiosk-vm keyboard", keys=range(1, 128))
    touch = UInputDevice("kiosk-vm touchscreen", keys=[BTN_TOUCH], direct=True, absolutes=[
        (ABS_X, 0, width - 1), (ABS_Y, 0, height - 1), (ABS_MT_SLOT, 0, 9),
        (ABS_MT_POSITION_X, 0, width - 1), (ABS_MT_POSITION_Y, 0, height - 1), (ABS_MT_TRACKING_ID, 0, 65535)])
    subprocess.run(["udevadm", "settle", "-t", "10"], check=False)
    say("uinput keyboard and touchscreen created")

    env = dict(os.environ)
    seatd = None
    if subprocess.run(["sh", "-c", "command -v seatd"], stdout=subprocess.DEVNULL).returncode == 0:
        # The seat for the `video` group, as Debian's seatd.service grants it (the confined kiosk
        # is in that group only); root when unconfined.
        seatd = subprocess.Popen(["seatd", "-g", "video" if args.confine else "root"], stdout=sys.stdout, stderr=sys.stdout)
        deadline = time.monotonic() + 20
        while not os.path.exists("/run/seatd.sock") and time.monotonic() < deadline:
            time.sleep(0.1)
        env["LIBSEAT_BACKEND"] = "seatd"
        say("seatd started")
    else:
        say("FAIL: seatd is not installed")
        return 1

    set_connector("off")
    if args.confine:
        argv = confined(argv, env)
        say(f"the kiosk runs confined: read-only system, private /tmp, user {CONFINED_USER} in group video, "
            "no new privileges, no capabilities")
    # The signage demo's command (confined as the menu's): the menu's options, the demo instead
    # of a still menu.
    # Signage runs without input: no blanking.
    signage_argv = [word for word in argv if word != "--still"]
    blank_at = signage_argv.index("--blank-after")
    del signage_argv[blank_at:blank_at + 2]
    # On the CPU renderer (dumb buffers): under TCG, llvmpipe compiles the video conversion's and
    # the overlay's shaders for minutes (the first GLES frame took 396 s), while the GLES video
    # path is checked offscreen by the suite.
    if "--cpu" not in signage_argv:
        signage_argv.append("--cpu")
    signage_argv += ["--demo", "signage"]
    if os.environ.get("KIOSK_VM_SIGNAGE_VIDEO"):
        signage_argv += ["--video", os.environ["KIOSK_VM_SIGNAGE_VIDEO"]]
    kiosk = Kiosk(argv, env)
    status = 0
    try:
        scenario(kiosk, (keyboard, touch), args.sync, (width, height), tap, args.tap_item, args.blank)
        say("scenario passed")
        if args.signage:
            signage(signage_argv, env, args.sync)
            say("signage demo passed")
    except Failure as failure:
        say(f"FAIL: {failure}")
        if kiosk.blanked_before() and "blank" not in str(failure):
            say(f"(the display blanked during the scenario: --blank {args.blank} is shorter than a step took here)")
        status = 1
    finally:
        if kiosk.alive():
            kiosk.process.kill()
        if seatd:
            seatd.terminate()
    return status


if __name__ == "__main__":
    sys.exit(main())
