#!/usr/bin/env bash
# A sharded run on this machine: N `gbfuzz run --shard i/N` processes against one `gbfuzz serve`
# on loopback, then `gbfuzz merge` of their folders: the path a Kubernetes Indexed Job takes
# (deploy/kubernetes/, docs/DISTRIBUTED.md), each shard a process instead of a pod.
#
#   scripts/run-sharded.sh 2                         # 2 shards of profiles/smoke.yaml, 20 s
#   PROFILE=profiles/fuzz.yaml DURATION=1m scripts/run-sharded.sh 4
#   SERVER_ARGS="--bug mapping-steal" scripts/run-sharded.sh 2   # a bug switch on the target
#
# Environment (defaults): PROFILE=profiles/smoke.yaml DURATION=20s SEED=1 OUT=results/sharded-<time>
# BIN (a gbfuzz binary instead of building one), SERVER_ARGS (for `gbfuzz serve`).
# Exits with the merge's status (0 clean, 1 a threshold failed, 2 violations, 3 unknown), or 1 when
# a shard failed to run or the merged counts are not the sum of the shards'.
set -euo pipefail
cd "$(dirname "$0")/.."

N=${1:-}
case "$N" in '' | *[!0-9]* | 0) echo "usage: scripts/run-sharded.sh N (N ≥ 1 shards)" >&2; exit 64 ;; esac
PROFILE=${PROFILE:-profiles/smoke.yaml}
DURATION=${DURATION:-20s}
SEED=${SEED:-1}
OUT=${OUT:-results/sharded-$(date -u +%Y%m%d-%H%M%S)}
WORK="$(mktemp -d)"
PRIO=()
# shellcheck source=lib/serve.sh
source scripts/lib/serve.sh
ensure_bin
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done
    stop_server
    rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$OUT"
start_server
echo "run-sharded: $N shards of $PROFILE, $DURATION, seed $SEED, against $URL; results in $OUT"
for i in $(seq 1 "$N"); do
    "$BIN" run "$PROFILE" --target "$URL" --shard "$i/$N" --seed "$SEED" --duration "$DURATION" \
        --out "$OUT/shard-$i" --progress off >"$OUT/shard-$i.log" 2>&1 &
    pids+=($!)
done
failed=0
for i in $(seq 1 "$N"); do
    status=0
    wait "${pids[$((i - 1))]}" || status=$?
    # 0-3 are verdicts (clean, threshold, violations, unknown); anything else is a failed shard.
    if [ "$status" -gt 3 ]; then
        echo "run-sharded: shard $i/$N exited $status:" >&2
        tail -n 20 "$OUT/shard-$i.log" >&2
        failed=1
    else
        echo "run-sharded: shard $i/$N exited $status ($(grep -m1 'requests in' "$OUT/shard-$i.log" || echo 'no summary'))"
    fi
done
pids=()
stop_server
[ "$failed" -eq 0 ] || exit 1

folders=()
for i in $(seq 1 "$N"); do folders+=("$OUT/shard-$i"); done
merge_status=0
"$BIN" merge "${folders[@]}" --out "$OUT/merged" >"$OUT/merge.log" 2>&1 || merge_status=$?
if [ "$merge_status" -gt 3 ]; then
    echo "run-sharded: gbfuzz merge exited $merge_status:" >&2
    cat "$OUT/merge.log" >&2
    exit 1
fi
grep -E 'requests in|^  (PASS|FAIL)|^violations' "$OUT/merge.log" || true

# The merged run holds exactly the shards' requests, operation by operation.
python3 - "$OUT" "$N" <<'PY'
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
shards = [json.load(open(f"{out}/shard-{i}/summary.json")) for i in range(1, n + 1)]
merged = json.load(open(f"{out}/merged/summary.json"))
want = sum(s["totals"]["requests"] for s in shards)
got = merged["totals"]["requests"]
ops = {}
for s in shards:
    for name, op in s["ops"].items():
        ops[name] = ops.get(name, 0) + op["count"]
bad = [name for name in set(ops) | set(merged["ops"]) if ops.get(name, 0) != merged["ops"].get(name, {}).get("count", 0)]
held = merged["run"].get("shards", {}).get("indices")
if got != want or bad or held != list(range(1, n + 1)):
    print(f"run-sharded: the merge does not add up: {got} requests for {want}, operations {bad}, shards {held}")
    sys.exit(1)
print(f"run-sharded: merged {n} shards: {got} requests = the sum of the shards'; merged results in {out}/merged")
PY
exit "$merge_status"
