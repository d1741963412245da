#!/usr/bin/env bash
# The side-by-side benchmark of issue 4: project against Taskwarrior and todo.txt; and issue 8's
# rows: add with its folders against add --no-folder, every command against a baseline build; issue 10's:
# every change with history against the build before history, undo and redo against the change;
# issue 15's: commands in a shared root against an unshared one, taking in changes, sync against git.
#   bash Tests/Benchmark/run.sh                  full run, rewrites the generated part of docs/performance.md
#   bash Tests/Benchmark/run.sh --check          CI: 1,000 projects, 3 runs, checks results, writes nothing
#   bash Tests/Benchmark/run.sh --baseline REV   compare with the release build of commit REV ('none': no baseline)
#   bash Tests/Benchmark/run.sh --history-only   only the history rows of issue 10, printed
#   bash Tests/Benchmark/run.sh --versions-only  only the version rows of issue 29, printed
#   bash Tests/Benchmark/run.sh --submissions-only  only the submission rows of issue 30, printed
#   bash Tests/Benchmark/run.sh --sync-only      only the sync rows of issue 15, into docs/performance.md
#   bash Tests/Benchmark/run.sh --help     every option
# Paths given as options are relative to the current folder; the build runs in the repository's root.
set -euo pipefail
exec python3 "$(dirname "$0")/benchmark.py" "$@"
