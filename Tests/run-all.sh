#!/usr/bin/env bash
# Every test of the package: unit and end-to-end tests, then the checks that need their own build.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the tests need beyond the toolchain (util-linux, the three shells, man-db), installed only when missing.
bash Tests/install-test-tools.sh
swift build
swift test
# libFuzzer on the argument parser and the store reader, 60 s each (docs/reliability.md).
bash Tests/Fuzz/run.sh
# The binary writers install is the static release build (install.sh's), not the debug build the tests
# above ran: built once here, the end-to-end tests run again against it, and the benchmark uses it.
release=(swift build -c release --static-swift-stdlib -Xswiftc -static-executable)
"${release[@]}"
release_binary="$("${release[@]}" --show-bin-path)/project"
PROJECT_BINARY="$release_binary" swift test --skip-build --filter EndToEndTests
# The benchmark at 1,000 projects, as a check that it still runs and our results are right
# (timings are not asserted here; docs/performance.md has the full run).
bash Tests/Benchmark/run.sh --check --no-peers --binary "$release_binary"
# install.sh into a temporary home (its build is the one above, already done): man, bash, zsh and fish
# find what it installed; uninstall removes it.
bash Tests/install-check.sh
