#!/usr/bin/env bash
# Builds the libFuzzer targets (Tests/Fuzz/FuzzArgumentParser, Tests/Fuzz/FuzzStoreReader) with
# `-sanitize=fuzzer -DFUZZING` and runs each for FUZZ_SECONDS seconds (default 60), starting from the
# committed seed corpus (Tests/Fuzz/Corpus/<target>) and the crash reproducers found so far
# (Tests/Fuzz/Regressions/<target>). Fails when an input crashes a target, printing the reproducer
# and the command that replays it. New corpus entries stay in the build folder, not in git.
#
#   bash Tests/Fuzz/run.sh                       # both targets, 60 s each
#   FUZZ_SECONDS=600 bash Tests/Fuzz/run.sh FuzzStoreReader
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=${FUZZ_SECONDS:-60}
scratch=${FUZZ_SCRATCH:-.build-fuzz}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzArgumentParser FuzzStoreReader)
# Optimized (traps for overflow, bounds and preconditions stay on): the tool's start-up, which every
# input of the argument-parser target pays, is about 15 times faster than in a debug build.
config=${FUZZ_CONFIG:-release}
flags=(-c "$config" --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING)

for target in "${targets[@]}"; do
    swift build "${flags[@]}" --product "$target"
done
bin=$(swift build "${flags[@]}" --show-bin-path)

# The argument-parser target runs the tool in a private folder under here; removed at the end, even
# after a crash. Memory-backed when possible: the tool flushes every write to disk.
private_base=$( [ -w /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}" )/project-fuzz-$$
mkdir -p "$private_base"
trap 'rm -rf "$private_base"' EXIT
export FUZZ_PRIVATE_BASE="$private_base"

# libFuzzer's own crash handler writes the reproducer; Swift's backtracer would take the signal first.
export SWIFT_BACKTRACE=enable=no

failed=0
summary=()
for target in "${targets[@]}"; do
    case $scratch in /*) work="$scratch/fuzz/$target" ;; *) work="$PWD/$scratch/fuzz/$target" ;; esac
    rm -rf "$work/artifacts"
    mkdir -p "$work/corpus" "$work/artifacts"
    dictionary=()
    [ -f "Tests/Fuzz/$target.dict" ] && dictionary=(-dict="Tests/Fuzz/$target.dict")
    seeds=("Tests/Fuzz/Corpus/$target")
    [ -d "Tests/Fuzz/Regressions/$target" ] && seeds+=("Tests/Fuzz/Regressions/$target")
    echo "== $target: fuzzing for $seconds s (log: $work/log)"
    status=0
    # The first folder receives new inputs; the committed ones are only read.
    "$bin/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
        -print_final_stats=1 -artifact_prefix="$work/artifacts/" "${dictionary[@]}" \
        "$work/corpus" "${seeds[@]}" >"$work/log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log" | tail -1 || true)
    coverage=$(sed -n 's/^#[0-9].*cov: \([0-9]*\).*/\1/p' "$work/log" | tail -1 || true)
    corpus=$(find "$work/corpus" -type f | wc -l || true)
    if [ "$status" -ne 0 ]; then
        failed=1
        echo "!! $target CRASHED (exit $status). The end of its log:"
        tail -n 60 "$work/log"
        for artifact in "$work"/artifacts/*; do
            [ -e "$artifact" ] || continue
            echo "!! reproducer: $artifact"
            echo "!!   replay:    swift run $target $artifact"
            echo "!!   keep it:   cp $artifact Tests/Fuzz/Regressions/$target/  (it then runs in swift test)"
        done
        summary+=("$target: CRASH after ${executions:-?} executions")
    else
        summary+=("$target: ${executions:-?} executions in $seconds s, coverage ${coverage:-?} edges, corpus $corpus inputs, 0 crashes")
    fi
done

echo "== fuzzing summary"
printf '%s\n' "${summary[@]}" | tee "$scratch/fuzz/summary.txt"
[ "$failed" -eq 0 ] || echo "!! Fuzzing found a crash: fix it, and keep the reproducer in Tests/Fuzz/Regressions/<target>/ as a regression test."
exit "$failed"
