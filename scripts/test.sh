#!/usr/bin/env bash
# The project's test command: set-up, the Swift test suite, and the peer checks CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --build-tests
swift test --parallel
if [ -x scripts/schemathesis.sh ]; then scripts/schemathesis.sh; fi
