#!/usr/bin/env bash
# The memory-ceiling test: the soak scene with 1,000 layers, a new image every frame and text
# changing every frame (qc-soak --layers 1000 --contents-period 1) runs 10,000 frames on each
# renderer under a memory limit 64 MiB above its steady state, and must finish: never killed,
# memory in use never above the limit (qc-soak --expect-ceiling), nothing growing after warm-up.
#
#   scripts/memory-ceiling.sh [FRAMES]        default 10000 (what .ci/run runs)
#
# Where this machine lets root make a memory cgroup (version 2 with the memory controller, or
# version 1's), each run is a child process in a cgroup of its own: first 500 frames without
# a limit, whose peak charge (memory.peak, or version 1's memory.max_usage_in_bytes) is the
# steady state, then the full run with memory.max (memory.limit_in_bytes) at that peak plus
# 64 MiB and no swap; the cgroup's memory.events (memory.oom_control) must count no oom_kill.
# Elsewhere (no cgroup file system, or not root) the limit is declared instead
# (QC_MEMORY_BUDGET, against the resident memory). Then a short run under a declared budget
# just above the unlimited steady state checks that the caches shrink to fit it. The two renderers
# run at once, each in its own cgroup.
set -euo pipefail
cd "$(dirname "$0")/.."
export LIBGL_ALWAYS_SOFTWARE="${LIBGL_ALWAYS_SOFTWARE:-1}"
unset QC_MEMORY_BUDGET
frames="${1:-10000}"
headroom_mib=64
calibration_frames=500
# 160x120 keeps 10,000 frames of 1,000 layers to about a minute per renderer on two cores.
scene=(--size 160x120 --layers 1000 --contents-period 1 --interval 2500)
swift build -c release --product qc-soak
soak=.build/release/qc-soak
mib() { echo $(( ($1 + 1048575) / 1048576 )); }

# Finds a folder where a memory cgroup can be made: prints "v2 PARENT" or "v1 PARENT".
cgroup_parent() {
  [ "$(id -u)" -eq 0 ] || return 1
  local own
  own=$(awk -F: '$1 == "0" && $2 == "" { print $3 }' /proc/self/cgroup)
  for mount in /sys/fs/cgroup /sys/fs/cgroup/unified; do
    [ -n "$own" ] && [ "$(stat -fc %T "$mount" 2>/dev/null)" = cgroup2fs ] || continue
    # A new cgroup beside this process's (the "no internal processes" rule forbids giving a
    # non-root cgroup with processes both children and the controller).
    for parent in "$mount${own%/}" "$mount"; do
      grep -qw memory "$parent/cgroup.subtree_control" 2>/dev/null ||
        echo +memory > "$parent/cgroup.subtree_control" 2>/dev/null || continue
      echo "v2 $parent"; return 0
    done
  done
  own=$(awk -F: '$2 ~ /(^|,)memory(,|$)/ { print $3 }' /proc/self/cgroup)
  if [ -n "$own" ] && [ -f "/sys/fs/cgroup/memory${own%/}/memory.limit_in_bytes" ]; then
    echo "v1 /sys/fs/cgroup/memory${own%/}"; return 0
  fi
  return 1
}

# Runs qc-soak ARGS... in a new cgroup under PARENT with LIMIT bytes (0: none); prints the
# cgroup's peak charge and its oom kills on the last line: "peak BYTES oom_kill N status S".
run_in_cgroup() { # version parent limit args...
  local version=$1 parent=$2 limit=$3; shift 3
  local cg="$parent/qc-memory-ceiling-$$-$RANDOM"
  mkdir "$cg"
  if [ "$version" = v2 ]; then
    [ "$limit" -gt 0 ] && echo "$limit" > "$cg/memory.max"
    [ -f "$cg/memory.swap.max" ] && echo 0 > "$cg/memory.swap.max"
  else
    [ "$limit" -gt 0 ] && echo "$limit" > "$cg/memory.limit_in_bytes"
  fi
  set +e
  sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$soak" "$@" >&2
  local status=$?
  set -e
  local peak oom
  if [ "$version" = v2 ]; then
    peak=$(cat "$cg/memory.peak" 2>/dev/null || cat "$cg/memory.current")
    oom=$(awk '$1 == "oom_kill" { print $2 }' "$cg/memory.events")
  else
    peak=$(cat "$cg/memory.max_usage_in_bytes")
    oom=$(awk '$1 == "oom_kill" { print $2 }' "$cg/memory.oom_control")
  fi
  rmdir "$cg"
  echo "peak $peak oom_kill ${oom:-0} status $status"
}

# The largest resident memory qc-soak printed (MiB, rounded up), from its output on stdin.
peak_rss_mib() { awk '{ for (i = 1; i < NF; i++) if ($i == "rss") { v = $(i + 1) + 0; if (v > m) m = v } } END { printf "%d\n", m + 1 }'; }

if where=$(cgroup_parent); then
  read -r version parent <<< "$where"
  echo "memory-ceiling: cgroup $version under $parent"
else
  version=declared parent=
  echo "memory-ceiling: no memory cgroup can be made here; the limit is declared (QC_MEMORY_BUDGET)"
fi
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Calibrates, then runs FRAMES under the limit, for one renderer; its figures go to
# $logs/RENDERER.*; exits non-zero when the run failed or was killed.
ceiling_run() { # renderer
  local renderer=$1 start=$SECONDS steady limit peak oom code
  local calibrate=("$soak" --renderer "$renderer" "${scene[@]}" --frames $calibration_frames --warm-up 400)
  if [ "$version" = declared ]; then
    "${calibrate[@]}" > "$logs/$renderer.calibration" 2>&1 || return 1
    steady=$(peak_rss_mib < "$logs/$renderer.calibration")
    limit=$(( (steady + headroom_mib) << 20 ))
    echo "memory-ceiling: $renderer: steady state $steady MiB resident; budget $(mib "$limit") MiB"
    code=0
    QC_MEMORY_BUDGET=$limit "$soak" --renderer "$renderer" "${scene[@]}" --frames "$frames" --expect-ceiling || code=$?
    echo "memory-ceiling: $renderer: exit status $code; $((SECONDS - start)) s"
    return $code
  fi
  read -r _ steady _ _ _ code < <(run_in_cgroup "$version" "$parent" 0 "${calibrate[@]:1}" 2> "$logs/$renderer.calibration" | tail -1)
  [ "$code" -eq 0 ] || { cat "$logs/$renderer.calibration"; return 1; }
  limit=$(( steady + (headroom_mib << 20) ))
  echo "memory-ceiling: $renderer: steady state $(mib "$steady") MiB charged; limit $(mib "$limit") MiB"
  read -r _ peak _ oom _ code < <(run_in_cgroup "$version" "$parent" "$limit" --renderer "$renderer" "${scene[@]}" \
    --frames "$frames" --expect-ceiling 2> "$logs/$renderer.run" | tail -1)
  cat "$logs/$renderer.run"
  echo "memory-ceiling: $renderer: peak $(mib "$peak") MiB of $(mib "$limit") MiB; oom_kill $oom; exit status $code; $((SECONDS - start)) s"
  [ "$code" -eq 0 ] && [ "$oom" -eq 0 ]
}

# Both renderers at once (a core each on a two-core machine), each in its own cgroup.
status=0
pids=()
for renderer in gles cpu; do
  ceiling_run "$renderer" > "$logs/$renderer.log" 2>&1 &
  pids+=($!)
done
for i in 0 1; do wait "${pids[$i]}" || status=1; done
cat "$logs/gles.log" "$logs/cpu.log"

# Caches that must shrink: a budget 8 MiB above the CPU renderer's steady state without one.
# Less the reserve (8 MiB) and what is not cache, that leaves the six caches about what they
# held in all, a sixth each of it, far below their 4 MiB: they must be held below it
# (--expect-shrink) and resident memory must stay under the budget.
start=$SECONDS
steady=$(peak_rss_mib < "$logs/cpu.calibration")
budget=$(( (steady + 8) << 20 ))
echo "memory-ceiling: cpu under a budget of $(mib "$budget") MiB (unlimited: $steady MiB resident)"
"$soak" --renderer cpu "${scene[@]}" --frames 1000 --warm-up 400 --memory-budget "$budget" --expect-ceiling --expect-shrink || status=1
echo "memory-ceiling: tight budget: $((SECONDS - start)) s"
[ $status -eq 0 ] && echo "memory-ceiling: passed" || echo "memory-ceiling: FAILED"
exit $status
