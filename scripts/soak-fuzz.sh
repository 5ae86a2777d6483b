#!/usr/bin/env bash
# Soak: profiles/fuzz.yaml against the clean embedded server for a long time (default 10 minutes).
# A checker's worst bug is a false positive, so this must end with zero violations.
#
#   scripts/soak-fuzz.sh                 # 10 minutes, a random seed
#   DURATION=2m SEED=7 scripts/soak-fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10m}
SEED=${SEED:-$RANDOM$RANDOM}
OUT=${OUT:-results/soak-$(date -u +%Y%m%d-%H%M%S)-$SEED}

swift build -c release --product gbfuzz >/dev/null
BIN="$(swift build -c release --show-bin-path)/gbfuzz"

echo "soak: profiles/fuzz.yaml, $DURATION, seed $SEED, $(nproc) cores, $(uname -sr)"
set +e
"$BIN" run profiles/fuzz.yaml --duration "$DURATION" --seed "$SEED" --out "$OUT" --progress plain
status=$?
set -e

python3 - "$OUT/summary.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
t = s["totals"]
v = s["violations"]
print(f"soak: {t['requests']} operations in {s['duration_s']:.1f} s = {t['throughput_rps']:.0f} ops/s; "
      f"ok {t['ok']}, failed {t['failed']}, transport errors {t['transport_errors']}; "
      f"violations {v['count']} {v.get('by_rule', {})}")
PY
if [ "$status" -ne 0 ]; then
    echo "soak: FAILED (exit $status): see $OUT" >&2
    exit "$status"
fi
echo "soak: clean (results in $OUT)"
