#!/usr/bin/env bash
# Measures the reference server on loopback with wrk: guest logins/s (each creates a user),
# token logins/s (read path) and add mappings/s, plus two answers that touch no database (the
# ceiling of the HTTP layer on this box). Release build; bounded duration.
#
#   scripts/bench-server.sh                              # every scenario once, 10 s each
#   BENCH_RT=1 ROUNDS=3 scripts/bench-server.sh          # SCHED_FIFO server and wrk, 3 rounds
#   SCENARIOS="token guest" DURATION=5s scripts/bench-server.sh
#
# Environment (defaults): DURATION=10s CONNS=64 THREADS=1 (wrk threads) SESSIONS=8000 ROUNDS=1
#   SCENARIOS="nodb guest token map"   nodb: unknown path without a Lua script, the same with the
#                                     success-counting script, and GET …/clock (secret check)
#   BENCH_RT=0   1: run the server and wrk under SCHED_FIFO (chrt -f 10), so that other work on a
#                shared machine (compilers) cannot preempt them; both get the same priority
#   SERVER_ARGS  extra arguments for `gbfuzz serve`
#   BIN          a gbfuzz binary to measure instead of building this tree (A/B comparisons)
# Every scenario starts a fresh server on a fresh database. Each line of the summary is one wrk run;
# "ok" counts the answers whose body holds "isSuccessful":true (the nodb answers are failures by
# design and the script-less run counts nothing).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-1}
SESSIONS=${SESSIONS:-8000}
ROUNDS=${ROUNDS:-1}
SCENARIOS=${SCENARIOS:-nodb guest token map}
BENCH_RT=${BENCH_RT:-0}
SERVER_ARGS=${SERVER_ARGS:-}
PRIO=()
if [[ "$BENCH_RT" == 1 ]]; then PRIO=(chrt -f 10); fi
export BENCH_DIR="$PWD/scripts/bench"
export BENCH_THREADS="$THREADS"
export BENCH_PATH="/tcgb-gateway/v1.3/apps/gbfuzz/auth"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk"; exit 1; }
if [[ -z "${BIN:-}" ]]; then
    swift build -c release --product gbfuzz >/dev/null
    BIN="$(swift build -c release --show-bin-path)/gbfuzz"
fi
WORK="$(mktemp -d)"
# shellcheck source=lib/serve.sh
source scripts/lib/serve.sh
trap 'stop_server; rm -rf "$WORK"' EXIT

SUMMARY="$WORK/summary.txt"
: >"$SUMMARY"
bench() {  # bench NAME SCRIPT|- [PATH]
    local name=$1 script=$2 path=${3:-} out="$WORK/wrk.txt" args=()
    [[ "$script" != "-" ]] && args+=(-s "$script")
    echo "== $name: wrk -t$THREADS -c$CONNS -d$DURATION --latency ${args[*]} $URL$path"
    "${PRIO[@]}" wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency "${args[@]}" "$URL$path" >"$out"
    grep -E "Requests/sec|Latency|50%|99%|successful|requests in|Non-2xx|Socket errors" "$out"
    local rps p50 p99 ok
    rps=$(awk '/Requests\/sec/ {print $2}' "$out")
    p50=$(awk '$1 == "50%" {print $2}' "$out")
    p99=$(awk '$1 == "99%" {print $2}' "$out")
    ok=$(awk '/successful answers/ {print $3 "/" $5}' "$out")
    printf '%-34s %12s %10s %10s %s\n' "$name" "$rps" "$p50" "$p99" "${ok:--}" >>"$SUMMARY"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr)"
echo "server: $BIN (release), SQLite WAL file; load: wrk on the same host, loopback; rt=$BENCH_RT"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

printf 'idp:\n  tokenMode: plain\n' >"$WORK/plain.yaml"
for round in $(seq 1 "$ROUNDS"); do
    export BENCH_PREFIX="r$RANDOM$round"
    for scenario in $SCENARIOS; do
        case "$scenario" in
        nodb)
            start_server
            bench "no db: unknown path, no script" - /bench-unknown-path
            bench "no db: unknown path, count script" scripts/bench/count.lua /bench-unknown-path
            bench "no db: GET clock (secret check)" scripts/bench/clock.lua
            ;;
        guest)
            start_server
            bench "guest login" scripts/bench/guest-login.lua
            ;;
        token)
            start_server
            python3 scripts/bench/make-sessions.py "$URL" 2000 "$BENCH_PREFIX-t" >"$WORK/sessions-token.txt"
            BENCH_SESSIONS="$WORK/sessions-token.txt" bench "token login (2,000 sessions)" scripts/bench/token-login.lua
            ;;
        map)
            start_server "$WORK/plain.yaml"
            python3 scripts/bench/make-sessions.py "$URL" "$SESSIONS" "$BENCH_PREFIX-m" >"$WORK/sessions-map.txt"
            BENCH_SESSIONS="$WORK/sessions-map.txt" bench "add mapping ($SESSIONS sessions x 14)" scripts/bench/add-mapping.lua
            ;;
        *) echo "unknown scenario $scenario"; exit 1 ;;
        esac
    done
done
stop_server
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %12s %10s %10s %s\n' "scenario" "requests/s" "p50" "p99" "ok/total"
cat "$SUMMARY"
