#!/usr/bin/env bash
# The project's test command: set-up, the Swift test suite, and the peer checks CI runs.
#
# Tests run in two phases. Suites whose type name contains "Timing" assert wall-clock behaviour
# (rates, stalls, deadlines); they run afterwards, one at a time, so CPU-heavy tests on this
# 2-core machine cannot starve them. Everything else runs in parallel first.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --build-tests
swift test --skip-build --parallel --skip 'Timing'
swift test --skip-build --no-parallel --filter 'Timing'
if [ -x scripts/schemathesis.sh ]; then scripts/schemathesis.sh; fi
