#!/usr/bin/env bash
# Every test of the package: unit and end-to-end tests, then the checks that need their own build.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build
swift test
