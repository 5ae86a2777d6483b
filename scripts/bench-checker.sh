#!/usr/bin/env bash
# The linearizability checker on a long shared-pool history (goal: a 100,000-operation history in
# under 10 s with partitioning). `CheckerBench` writes a history that is linearizable by
# construction (the model, as simulated servers, applies the operations one at a time over small
# shared pools of devices and IdP accounts; each operation's real-time interval overlaps its
# neighbours'; a few answers are lost; the frozen clock is advanced now and then), then
# `gbfuzz check` judges it with partitioning and as one partition. Release build.
#
#   scripts/bench-checker.sh
#   OPERATIONS=20000 ONE_BUDGET=60s scripts/bench-checker.sh
#
# Environment (defaults):
#   OPERATIONS=100000   entries in the history
#   SEED=1              the generator's seed
#   POOLS=24            shared pools in use at any time (3 players, 3 devices, 3 accounts each)
#   BUDGET=10s          each partition's budget, partitioned run
#   ONE_BUDGET=120s     the budget of the single partition of the unpartitioned run
#   KEEP=               a path to keep the history at (else a temporary file)
set -euo pipefail
cd "$(dirname "$0")/.."

OPERATIONS=${OPERATIONS:-100000}
SEED=${SEED:-1}
POOLS=${POOLS:-24}
BUDGET=${BUDGET:-10s}
ONE_BUDGET=${ONE_BUDGET:-120s}
[[ -x /usr/bin/time ]] || apt-get install -y -qq time >/dev/null
swift build -c release --product gbfuzz >/dev/null
swift build -c release --product CheckerBench >/dev/null
BIN="$(swift build -c release --show-bin-path)"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
HISTORY=${KEEP:-$WORK/history.jsonl}

"$BIN/CheckerBench" --operations "$OPERATIONS" --seed "$SEED" --pools "$POOLS" -o "$HISTORY"
echo "history: $(wc -l <"$HISTORY") lines, $(du -h "$HISTORY" | cut -f1)"

# check NAME ARGS...: times one `gbfuzz check`, prints its verdict line, wall time and max RSS.
check() {
    local name=$1; shift
    local status=0
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$BIN/gbfuzz" check "$HISTORY" "$@" >"$WORK/out" 2>&1 || status=$?
    # /usr/bin/time prefixes "Command exited with non-zero status N" when the check fails.
    read -r wall rss < <(tail -1 "$WORK/time")
    printf '%-14s exit %s  wall %6.2f s  max RSS %5d MiB  %s\n' "$name" "$status" "$wall" "$((rss / 1024))" \
        "$(head -1 "$WORK/out")"
    sed -n 2p "$WORK/out" | sed 's/^/               /'
    grep -E 'unknown —|violation$' "$WORK/out" | head -5 | sed 's/^/               /' || true
}

check partitioned --budget "$BUDGET"
check one-partition --no-partition --budget "$ONE_BUDGET"
