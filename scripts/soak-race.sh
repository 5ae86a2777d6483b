#!/usr/bin/env bash
# Soak: profiles/race-contention.yaml (64 players on 6 shared IdP accounts, maybe-applied
# operations, 50,000 operations) against the clean embedded server, one run per seed. A false
# positive is the checker's worst bug and an unknown partition is no verdict, so every run must end
# linearizable: the script fails on any violation or unknown partition.
#
#   scripts/soak-race.sh            # seeds 1 2 3
#   SEEDS="4 5" scripts/soak-race.sh
set -euo pipefail
cd "$(dirname "$0")/.."

SEEDS=${SEEDS:-1 2 3}
OUT=${OUT:-results/soak-race-$(date -u +%Y%m%d-%H%M%S)}

swift build -c release --product gbfuzz >/dev/null
BIN="$(swift build -c release --show-bin-path)/gbfuzz"

echo "soak-race: profiles/race-contention.yaml, seeds $SEEDS, $(nproc) cores, $(uname -sr)"
failed=0
mkdir -p "$OUT"
for seed in $SEEDS; do
    set +e
    "$BIN" run profiles/race-contention.yaml --seed "$seed" --out "$OUT/$seed" >"$OUT/$seed.log" 2>&1
    status=$?
    set -e
    python3 - "$OUT/$seed/summary.json" "$seed" "$status" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
r = s["run"]["race"]
t = s["totals"]
check = next((p["duration_s"] for p in s["run"]["phases"] if p["name"] == "check"), 0)
print(f"seed {sys.argv[2]}: exit {sys.argv[3]}, {r['history_operations']} operations "
      f"({t['transport_errors']} maybe applied), {r['partitions']} partitions: "
      f"{r['linearizable']} linearizable, {r['violating']} violating, {r['unknown']} unknown "
      f"(longest {r['longest_partition']} entries, check {check:.1f} s)")
PY
    if [ "$status" -ne 0 ]; then failed=1; fi
done
if [ "$failed" -ne 0 ]; then
    echo "soak-race: FAILED: a run had a violation or an unknown partition (see $OUT)" >&2
    exit 1
fi
echo "soak-race: every run linearizable (results in $OUT)"
