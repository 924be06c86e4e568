#!/usr/bin/env bash
# Fuzzes OpenQuartzCore's fuzz targets with libFuzzer (clang's, shipped with the Swift toolchain).
#
#   scripts/fuzz.sh [--ci] [SECONDS] [TARGET...]     default: 60 seconds for each of every target
#
# --ci (what .ci/run uses) starts each target from the committed corpus alone with a fixed seed,
# so that runs begin with the same inputs on every machine (libFuzzer's schedule also weighs
# execution times, so later inputs can differ between machines). There an input slower
# than the timeout ends that target's run without failing it (it is saved and reported): the CPU
# renderer's blur costs sigma per pixel, so a huge shadowed layer is slow rather than wrong.
#
# Builds qc-fuzz instrumented for coverage in .build-fuzz, then runs each target from its corpus
# (Tests/FuzzCorpus/TARGET: seeds and past crashes; new interesting inputs go to a scratch corpus
# under .build-fuzz, not into the repository). A crash stops with its input saved as
# out/fuzz/TARGET/crash-*: reproduce it with `swift run qc-fuzz TARGET out/fuzz/TARGET/crash-...`,
# fix it, and move the input into Tests/FuzzCorpus/TARGET so FuzzRegressionTests keeps it fixed.
# A longer run: `scripts/fuzz.sh 3600 png` (an hour), or `-jobs=N` style options through
# QC_FUZZ_OPTIONS.
set -euo pipefail
cd "$(dirname "$0")/.."
# libFuzzer, not the Swift runtime, must handle a crash: it saves the input that caused it.
export SWIFT_BACKTRACE=enable=no
scripts/install-deps.sh
export LIBGL_ALWAYS_SOFTWARE="${LIBGL_ALWAYS_SOFTWARE:-1}"
ci=0
if [ "${1:-}" = "--ci" ]; then ci=1; shift; fi
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(png jpeg kvc keyframes path drawlist filters media)

toolchain="$(dirname "$(readlink -f "$(command -v swift)")")/.."
runtime=$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)
if [ -z "$runtime" ]; then
  echo "fuzz.sh: libclang_rt.fuzzer_no_main is not in the Swift toolchain at $toolchain" >&2
  exit 1
fi
# Coverage instrumentation for the compiler only (-Xfrontend): linking libFuzzer's own main
# would clash with SwiftPM's entry point, so qc-fuzz calls LLVMFuzzerRunDriver from its own.
swift build --product qc-fuzz --scratch-path .build-fuzz \
  -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer -Xswiftc -DQC_LIBFUZZER \
  -Xlinker "$runtime" -Xlinker -lstdc++ 2>&1 | grep -E "error|warning: unre|Compiling qc_fuzz|Build" || true
binary=.build-fuzz/debug/qc-fuzz
[ -x "$binary" ] || { echo "fuzz.sh: the instrumented build failed" >&2; exit 1; }

status=0
for target in "${targets[@]}"; do
  scratch=.build-fuzz/corpus/$target
  artifacts=out/fuzz/$target
  seed=()
  if [ $ci -eq 1 ]; then rm -rf "$scratch"; seed=(-seed=1 -timeout_exitcode=0); fi
  mkdir -p "$scratch" "$artifacts"
  # Inputs up to 4 KiB; media files up to 8 KiB (the smallest clips of a few frames take 1-5 KiB).
  max_len=4096
  [ "$target" = media ] && max_len=8192
  echo "fuzz.sh: $target for ${seconds}s"
  # shellcheck disable=SC2086
  if ! "$binary" "$target" "$scratch" "Tests/FuzzCorpus/$target" -max_total_time="$seconds" -max_len="$max_len" \
       -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$artifacts/" "${seed[@]}" ${QC_FUZZ_OPTIONS:-} \
       > "$artifacts/log.txt" 2>&1; then
    echo "fuzz.sh: $target FAILED; the input and log are in $artifacts" >&2
    grep -a -E "ERROR|Fatal|runtime failure|Test unit written" "$artifacts/log.txt" | head -5 >&2 || true
    status=1
  else
    if grep -a -q "ERROR: libFuzzer: timeout" "$artifacts/log.txt"; then
      echo "fuzz.sh: $target stopped early on an input slower than the timeout (saved in $artifacts)"
    fi
    grep -a -E "stat::number_of_executed_units|stat::new_units_added" "$artifacts/log.txt" | tr '\n' ' '
    echo
  fi
done
exit $status
