#!/usr/bin/env bash
# The scale figures of issue 31 on a lent GPU machine (../shared/tools/gpu-check), in one call:
# whole GLES frames (S1/S4 at 10,000 and 100,000, S2/S3/S5, S1-anim, the damage-tracked S1-1%), the
# model side on 16, 4 and 1 cores, whole frames on 4 and 1 cores, frames pipelined as the kiosk
# runs them (app thread and frame thread overlapped) with the GLES frame's split (encode, upload,
# draw calls, glFinish), running animations, and the kiosk's paced frame times at 1080p and 4K.
#   Here:  scripts/gpu-measure.sh --bundle       (release qc-bench and qc-kiosk packed into .gpu/)
#   There: scripts/gpu-measure.sh --run DIR      (JSON lines, logs and steps.txt written to DIR)
# Each step has its own time limit, so a slow step loses only its own lines.
set -u
cd "$(dirname "$0")/.."
case "${1:-}" in
--bundle)
  set -e
  swift build -c release --product qc-bench
  swift build -c release --product qc-kiosk
  rm -f .gpu/bundle.tar.xz
  ../shared/tools/gpu-check/bundle.sh .gpu .build/release/qc-bench .build/release/qc-kiosk
  grep -qx "/.gpu/" .git/info/exclude 2>/dev/null || echo "/.gpu/" >> .git/info/exclude
  exit 0 ;;
--run) out=${2:?"--run needs an output directory"} ;;
*) echo "usage: $0 --bundle | --run DIR" >&2; exit 2 ;;
esac
mkdir -p "$out"
start=$(date +%s)
tar xJf .gpu/bundle.tar.xz -C /tmp && . /tmp/b/env.sh   # where gpu-check's env.sh expects the bundle
export LIBGL_ALWAYS_SOFTWARE=0   # qc-kiosk asks for llvmpipe offscreen unless this is set
{ date -u; nproc; nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader
  lscpu | grep -E "Model name|^CPU\(s\)|Thread|Socket"; uptime; } > "$out/machine.txt" 2>&1
step() { # NAME SECONDS COMMAND...: appends the command's lines to NAME.jsonl
  local name=$1 limit=$2; shift 2
  echo "== $name: $* (at $(( $(date +%s) - start )) s)" >> "$out/steps.txt"
  timeout "$limit" "$@" >> "$out/$name.jsonl" 2>> "$out/$name.err"
  echo "   exit $?" >> "$out/steps.txt"
}
whole="qc-bench --backend gles --no-damage --no-plot"
model="qc-bench --model-only --backend cpu --no-plot --scenes S1,S2,S3,S4,S1-anim --sizes 10000,100000 --frames 10"
step whole16 120 $whole --scenes S1,S4 --sizes 10000,100000 --frames 20 --warmup 3
step whole16 60 $whole --scenes S1,S2,S3,S5 --sizes 1000,10000 --frames 20 --warmup 3
step anim16 90 $whole --scenes S1-anim --sizes 10000,100000 --frames 8 --warmup 2
# Issue 31's goal: each line is followed by the same scene pipelined (its note has each stage's median).
step pipelined16 150 $whole --pipelined --scenes S1,S4,S1-anim --sizes 10000,100000 --frames 20 --warmup 3
step pipelined4 90 taskset -c 0-3 $whole --pipelined --scenes S1,S4 --sizes 100000 --frames 10 --warmup 2
# The renderer's split of each frame goes to split16.err (one QC_DEBUG=stats line a frame).
step split16 60 env QC_DEBUG=stats $whole --scenes S1,S4,S1-anim --sizes 100000 --frames 10 --warmup 2
step model16 90 taskset -c 0-15 $model
step model4 90 taskset -c 0-3 $model
step model1 120 taskset -c 0 $model
step whole4 60 taskset -c 0-3 $whole --scenes S1,S4 --sizes 100000 --frames 10 --warmup 2
step whole4 30 taskset -c 0-3 $whole --scenes S3 --sizes 10000 --frames 10 --warmup 2
step whole1 80 taskset -c 0 $whole --scenes S1,S4 --sizes 100000 --frames 10 --warmup 2
step whole1 30 taskset -c 0 $whole --scenes S3 --sizes 10000 --frames 10 --warmup 2
step animations16 60 qc-bench --animations 100000 --backend gles --frames 10 --no-plot
step damage16 30 qc-bench --backend gles --damage-only --sizes 1000,10000 --frames 20 --warmup 3 --no-plot
for demo in menu coverflow; do
  for size in 1920x1080 3840x2160; do
    step kiosk 25 qc-kiosk --demo "$demo" --size "$size" --measure 5 --offscreen "$out/kiosk-$demo-$size"
  done
done
echo "done at $(( $(date +%s) - start )) s" >> "$out/steps.txt"
