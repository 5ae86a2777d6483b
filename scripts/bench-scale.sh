#!/usr/bin/env bash
# Scale of the harness itself (issue: 100,000 concurrent players under 1 GiB RSS, and the
# harness's CPU time per request at a steady rate). The target is a separate `gbfuzz serve`
# process on loopback, so the figures are the harness's alone. Release build; bounded in time.
#
#   scripts/bench-scale.sh                 # both parts
#   PARTS=players scripts/bench-scale.sh   # only the concurrent-players part
#   PARTS=cpu RATE=2000 CPU_DURATION=30s scripts/bench-scale.sh
#
# Environment (defaults):
#   PARTS="players cpu"
#   ARRIVALS=1700 ARRIVAL_SECONDS=60   players part: new player sessions per second (open
#                      model) for that long, then none
#   THINK=60s          players part: think time between each player's two operations, so every
#                      player stays alive ~60 s and ~ARRIVALS x 60 are alive at once (at ~60 s);
#                      the run lasts ARRIVAL_SECONDS + THINK + 6 s so every second operation runs
#   RATE=1500          cpu part: operations per second handed to a pool of players
#   CPU_DURATION=30s
#   BIN                a gbfuzz binary to measure instead of building this tree
# Each part writes its run folder under results/bench-scale-*/ and prints one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."

PARTS=${PARTS:-players cpu}
ARRIVALS=${ARRIVALS:-1700}
ARRIVAL_SECONDS=${ARRIVAL_SECONDS:-60}
THINK=${THINK:-60s}
RATE=${RATE:-1500}
CPU_DURATION=${CPU_DURATION:-30s}
[[ -x /usr/bin/time ]] || apt-get install -y -qq time >/dev/null
WORK="$(mktemp -d)"
PRIO=()
# shellcheck source=lib/serve.sh
source scripts/lib/serve.sh
ensure_bin
trap 'stop_server; rm -rf "$WORK"' EXIT

# profile FILE MODEL-LINES: a light login-heavy mix, no adversarial moves, no audit, no shrinking
# (both would measure the checker's end-of-run work, not the load).
profile() {
    local file=$1; shift
    {
        echo "name: scale"
        echo "load:"
        printf '  %s\n' "$@"
        cat <<'YAML'
mix: {login.guest: 40, login.token: 25, member.get: 20, mapping.list: 10, logout: 5}
fuzz: {adversarial: 0, clockMoves: false, serverAPI: false, audit: false, shrink: false}
outputs: {html: false}
YAML
    } >"$file"
}

# measure NAME PROFILE DURATION: runs gbfuzz under /usr/bin/time -v, prints its figures.
measure() {
    local name=$1 prof=$2 duration=$3 out="results/bench-scale-$1-$(date -u +%Y%m%d-%H%M%S)"
    start_server
    local status=0
    /usr/bin/time -v -o "$WORK/time.txt" "$BIN" run "$prof" --target "$URL" --duration "$duration" \
        --seed 1 --out "$out" --progress plain >"$WORK/run.log" 2>&1 || status=$?
    stop_server
    if [[ ! -f "$out/summary.json" ]]; then
        echo "$name: no summary (exit $status)"; tail -20 "$WORK/run.log"; exit 1
    fi
    python3 - "$name" "$out/summary.json" "$WORK/time.txt" "$status" <<'PY'
import json, re, sys
name, summary_path, time_path, status = sys.argv[1:5]
s = json.load(open(summary_path))
t = open(time_path).read()
def field(label):
    return float(re.search(re.escape(label) + r":\s*([0-9.]+)", t).group(1))
rss_mib = field("Maximum resident set size (kbytes)") / 1024
cpu_s = field("User time (seconds)") + field("System time (seconds)")
tot = s["totals"]
req = tot["requests"]
peak = int(s["config"].get("engine.peak_sessions", "0"))
print(f"{name}: exit {status}; {req} requests in {s['duration_s']:.1f} s = {tot['throughput_rps']:.0f}/s; "
      f"peak players alive {peak}; max RSS {rss_mib:.0f} MiB"
      + (f" = {rss_mib * 1024 / peak:.1f} KiB per player" if peak else "")
      + f"; harness CPU {cpu_s:.1f} s = {cpu_s / max(req, 1) * 1e6:.0f} us per request; "
      f"late starts {s['config'].get('engine.late_starts')}; transport errors {tot['transport_errors']}; "
      f"violations {s['violations']['count']}")
PY
}

echo "bench-scale: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
for part in $PARTS; do
    case $part in
    players)
        # A session whose next operation would fall after the end of the run ends early, so
        # arrivals stop THINK before the end: every player then lives its whole THINK.
        profile "$WORK/players.yaml" "model: open" "arrival: sessions" "sessionOperations: 2" \
            "thinkTime: $THINK" "maxPlayers: 1000000" "maxInFlight: 512" "gracefulStop: 5s" "stages:" \
            "  - {duration: 1s, target: $ARRIVALS}" "  - {duration: $((ARRIVAL_SECONDS - 1))s, target: $ARRIVALS}" \
            "  - {duration: 1s, target: 0}"
        measure players "$WORK/players.yaml" "$((ARRIVAL_SECONDS + ${THINK%s} + 6))s"
        ;;
    cpu)
        profile "$WORK/cpu.yaml" "model: open" "arrival: operations" "rate: $RATE" "maxPlayers: 2000" \
            "maxInFlight: 256" "gracefulStop: 2s"
        measure cpu "$WORK/cpu.yaml" "$CPU_DURATION"
        ;;
    *) echo "unknown part: $part"; exit 64 ;;
    esac
done
