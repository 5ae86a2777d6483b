#!/usr/bin/env bash
# Measures the reference server on loopback with wrk: guest logins/s (each creates a user),
# token logins/s (read path) and add mappings/s. Release build; bounded duration.
#
#   scripts/bench-server.sh                       # 10 s per scenario, 64 connections, 1 wrk thread
#   DURATION=20s CONNS=128 scripts/bench-server.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-10s}
CONNS=${CONNS:-64}
THREADS=${THREADS:-1}
SESSIONS=${SESSIONS:-8000}
export BENCH_DIR="$PWD/scripts/bench"
export BENCH_THREADS="$THREADS"
export BENCH_PATH="/tcgb-gateway/v1.3/apps/gbfuzz/auth"
export BENCH_PREFIX="r$RANDOM"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk"; exit 1; }
swift build -c release --product gbfuzz >/dev/null
BIN="$(swift build -c release --show-bin-path)/gbfuzz"
WORK="$(mktemp -d)"
PID=""
stop() { if [[ -n "$PID" ]]; then kill -INT "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=""; fi; }
trap 'stop; rm -rf "$WORK"' EXIT

# start_server [config]: starts gbfuzz serve, sets URL.
start_server() {
    stop
    local args=(serve --port 0 --db "$WORK/bench-$RANDOM.sqlite")
    [[ $# -gt 0 ]] && args+=(--config "$1")
    "$BIN" "${args[@]}" >"$WORK/serve.log" 2>&1 &
    PID=$!
    URL=""
    for _ in $(seq 1 300); do
        local first; first="$(head -n 1 "$WORK/serve.log" 2>/dev/null || true)"
        if [[ "$first" == "listening on http://"* ]]; then URL="${first#listening on }"; return; fi
        sleep 0.1
    done
    echo "server did not start"; cat "$WORK/serve.log"; exit 1
}

bench() {  # bench NAME SCRIPT
    echo "== $1: wrk -t$THREADS -c$CONNS -d$DURATION --latency -s $2"
    wrk -t"$THREADS" -c"$CONNS" -d"$DURATION" --latency -s "$2" "$URL" | grep -E "Requests/sec|Latency|50%|99%|successful|requests in|Non-2xx|Socket errors"
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr)"
echo "server: $BIN (release), SQLite WAL file; load: wrk on the same host, loopback"

start_server
bench "guest login (new user per request)" scripts/bench/guest-login.lua
python3 scripts/bench/make-sessions.py "$URL" 2000 "$BENCH_PREFIX-t" >"$WORK/sessions-token.txt"
BENCH_SESSIONS="$WORK/sessions-token.txt" bench "token login (2,000 sessions, cycled)" scripts/bench/token-login.lua

printf 'idp:\n  tokenMode: plain\n' >"$WORK/plain.yaml"
start_server "$WORK/plain.yaml"
python3 scripts/bench/make-sessions.py "$URL" "$SESSIONS" "$BENCH_PREFIX-m" >"$WORK/sessions-map.txt"
BENCH_SESSIONS="$WORK/sessions-map.txt" bench "add mapping ($SESSIONS guest sessions x 14 IdP types, plain IdP tokens)" scripts/bench/add-mapping.lua
