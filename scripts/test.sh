#!/usr/bin/env bash
# The project's test command: set-up, hygiene, the Swift test suite, and the peer checks CI runs.
#
# Tests run in two phases. Suites tagged `.timing` (GBFuzzTestKit's Tag.timing) assert wall-clock
# behaviour (rates, stalls, deadlines); they run afterwards, one at a time, so CPU-heavy tests on a
# 2-core machine cannot starve them. Everything else runs in parallel first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase's wall time, so a slow CI run shows where its time went.
phase_start=$SECONDS
phase() {
    echo "test: $1 took $((SECONDS - phase_start)) s (total $SECONDS s)" >&2
    phase_start=$SECONDS
}

scripts/bootstrap.sh
phase "bootstrap"
scripts/lint.sh
phase "lint"
swift build --build-tests
phase "debug build"

timing=()
skip=()
while read -r suite; do
    pattern="^${suite//./\\.}(/|\$)"
    timing+=(--filter "$pattern")
    skip+=(--skip "$pattern")
done < <(scripts/tagged-suites.sh timing)
if [ "${#timing[@]}" -eq 0 ]; then
    echo "test: no suite is tagged .timing; the serial phase would be empty" >&2
    exit 1
fi
swift test --skip-build --parallel "${skip[@]}"
phase "parallel tests"
swift test --skip-build --no-parallel "${timing[@]}"
phase "timing tests"

# The race checker's no-false-positive case: the clean server under heavy contention (64 players on
# 6 shared IdP accounts, maybe-applied operations, 50,000 operations) must never show a violation
# (release build). One seed, and a check phase of at most 120 s (`--check-budget`): an unknown
# partition is no verdict, not a false positive, so an unknown run passes with a warning
# (ALLOW_UNKNOWN=1) while a violating partition among the thousands decided fails. Seed 3 decided
# in 20 s on a 2-core Intel machine before E16 changed every seed's draws; on a slower 2-core AMD
# one every seed ran out of 240 s (docs/MODEL.md §7, "Limits"). More seeds and the profile's own
# budget: `scripts/soak-race.sh` (about 5 minutes a seed).
SEEDS="3" CHECK_BUDGET=120s DECIDED=1 ALLOW_UNKNOWN=1 scripts/soak-race.sh
phase "race soak (release build included)"

# Beyond one machine (docs/DISTRIBUTED.md): two shards against one server merged exactly (the merged
# counts are checked against the shards'), then the Kubernetes manifests validated offline against
# the schemas and their pods' scripts run here. Both use the release build of the soak.
DURATION=10s OUT="$(mktemp -d)/sharded" scripts/run-sharded.sh 2
scripts/validate-k8s.sh
phase "sharded run and Kubernetes manifests"

# Every parser of untrusted input: its committed corpus replayed, then 10 s of coverage-guided
# fuzzing each (docs/ARCHITECTURE.md, "Fuzzing the parsers").
scripts/fuzz-parsers.sh 10
phase "parser fuzzing"

if [ -x scripts/schemathesis.sh ]; then scripts/schemathesis.sh; fi
phase "schemathesis"
