#!/usr/bin/env bash
# An hour of kiosk in the VM (issue 33, item 4): qc-kiosk on KMS under seatd, confined as
# deploy/qc-kiosk.service confines it, gets a key and a tap every second, opens a demo every two
# minutes, is switched away from and back to every three and has its display unplugged and
# replugged every five (scripts/kiosk-vm-soak-guest.py). Then, from the samples taken every 10 s
# after a warm-up of the first 10 minutes: resident memory, file descriptors, DRM memory and
# live GL objects must stay flat (the last sample within 5% of the warm-up's, file descriptors
# equal, each kind of GL object peaking no higher in the second half than in the first), the
# flip intervals' p99 of the last statistics must be under two refresh periods, and the log
# must hold no error. Writes out/kiosk-soak/samples.csv, kiosk.log
# and plot.svg (memory and descriptors over time).
#
#   scripts/kiosk-vm-soak.sh [--minutes M] [qc-kiosk arguments; default --still]
#
# The kiosk is the release build, as a kiosk ships (KIOSK_SOAK_CONFIGURATION=debug for the debug
# build, whose frames on llvmpipe in the guest take several refresh periods).
# Not part of .ci/run: it takes the hour it measures (KIOSK_SOAK_MINUTES shortens it for a try).
# Skips, as kiosk-vm-test.sh does, where the drm-vm tool or root is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
tool="${DRM_VM:-../shared/tools/drm-vm/drm-vm}"
[ -x "$tool" ] || { echo "kiosk-vm-soak: SKIP: no drm-vm tool at $tool"; exit 0; }
[ "$(id -u)" -eq 0 ] || { echo "kiosk-vm-soak: SKIP: drm-vm must run as root"; exit 0; }
minutes="${KIOSK_SOAK_MINUTES:-60}"
if [ "${1:-}" = "--minutes" ]; then minutes=$2; shift 2; fi
[ $# -gt 0 ] || set -- --still
configuration="${KIOSK_SOAK_CONFIGURATION:-release}"
swift build -c "$configuration" --product qc-kiosk
out="${KIOSK_SOAK_OUT:-out/kiosk-soak}"
rm -rf "$out"; mkdir -p "$out"; chmod 1777 "$out"
size="${KIOSK_VM_SIZE:-800x600}"
set +e
"$tool" -t --udev --size "$size" --rw "$out" --timeout "$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 60 + 900 }')" \
  -- python3 scripts/kiosk-vm-soak-guest.py --out "$out" --size "$size" --minutes "$minutes" \
  -- ".build/$configuration/qc-kiosk" --stats 3600 "$@" 2>&1 | tee "$out/run.log"
status=${PIPESTATUS[0]}
set -e
# The figures and the plot are made whatever the guest found, so a failed hour still reports them.
[ "$status" -eq 0 ] || echo "kiosk-vm-soak: the guest failed (status $status; see $out/run.log)"
[ -s "$out/samples.csv" ] || { echo "kiosk-vm-soak: FAIL: no samples"; exit 1; }
python3 - "$out" "$minutes" "$status" <<'PY'
import csv, re, sys
out, minutes, guest_status = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
rows = list(csv.DictReader(open(f"{out}/samples.csv")))
warm = [r for r in rows if float(r["seconds"]) >= min(600, minutes * 60 / 6)]
if len(warm) < 2:
    sys.exit("kiosk-vm-soak: FAIL: too few samples after the warm-up")
first, last = warm[0], warm[-1]
failures = [] if guest_status == 0 else [f"the guest failed (status {guest_status}): see run.log"]
def flat(key, tolerance):
    if not first[key] or not last[key]:
        print(f"kiosk-vm-soak: {key}: not reported here"); return
    a, b = float(first[key]), float(last[key])
    print(f"kiosk-vm-soak: {key}: {a:.0f} after the warm-up, {b:.0f} at the end, peak {max(float(r[key]) for r in warm):.0f}")
    if b > a * (1 + tolerance):
        failures.append(f"{key} grew from {a:.0f} to {b:.0f}")
flat("rss_kib", 0.05); flat("drm_kib", 0.05); flat("fds", 0)
# GL objects: the renderer's caches fill and empty as demos open and close, and a replug or a
# lost context makes a new renderer, so the counts cycle rather than stay equal. A leak shows as
# a peak that keeps rising: the peak of each kind over the second half after the warm-up must
# not pass the first half's by more than 10% (and one object).
def objects(row):
    return {kind: int(count) for kind, count in (p.rsplit(" ", 1) for p in row["gl_objects"].split(", ") if p)}
halves = (warm[: len(warm) // 2], warm[len(warm) // 2:])
peaks = [{} for _ in halves]
for half, peak in zip(halves, peaks):
    for row in half:
        for kind, count in objects(row).items():
            peak[kind] = max(peak.get(kind, 0), count)
if not peaks[0]:
    print("kiosk-vm-soak: live GL objects: not reported here")
for kind, early in peaks[0].items():
    late = peaks[1].get(kind, 0)
    print(f"kiosk-vm-soak: live {kind}: peak {early} in the first half after the warm-up, {late} in the second")
    if late > early * 1.1 + 1:
        failures.append(f"live {kind} peaked at {late}, up from {early}")
log = open(f"{out}/kiosk.log").read()
refresh = [float(m) for m in re.findall(r"refresh ([\d.]+) ms", log)]
p99 = [float(m) for m in re.findall(r"flip interval: n=\d+ median [\d.]+ ms, p99 ([\d.]+) ms", log)]
if refresh and p99:
    print(f"kiosk-vm-soak: flip interval p99 {p99[-1]:.2f} ms, refresh period {refresh[-1]:.2f} ms")
    if p99[-1] >= 2 * refresh[-1]:
        failures.append(f"flip interval p99 {p99[-1]:.2f} ms is not under two refresh periods")
else:
    failures.append("the kiosk logged no flip statistics")
# The plot: resident memory (MiB) and descriptors over minutes, as an SVG polyline each.
w, h = 800, 300
t_max = max(float(r["seconds"]) for r in rows) or 1
def line(key, colour, scale):
    values = [float(r[key]) for r in rows if r[key]]
    if not values: return ""
    top = max(values) * 1.1 or 1
    points = " ".join(f"{40 + float(r['seconds']) / t_max * (w - 60):.1f},{h - 30 - float(r[key]) / top * (h - 60):.1f}" for r in rows if r[key])
    return (f'<polyline fill="none" stroke="{colour}" points="{points}"/>'
            f'<text x="45" y="{20 if colour == "blue" else 36}" fill="{colour}">{key}: peak {max(values) * scale:.1f}</text>')
open(f"{out}/plot.svg", "w").write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}">'
    f'<rect width="{w}" height="{h}" fill="white"/>{line("rss_kib", "blue", 1 / 1024)}{line("fds", "red", 1)}'
    f'<text x="{w - 160}" y="{h - 8}">minutes 0 to {t_max / 60:.0f}</text></svg>')
if failures:
    sys.exit("kiosk-vm-soak: FAIL: " + "; ".join(failures))
print("kiosk-vm-soak: PASS")
PY
