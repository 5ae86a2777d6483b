#!/usr/bin/env bash
# What a model-checked request costs the harness (issue: harness efficiency), beside the bare
# transport and peers, all measured in one run on this machine. Loopback only; every step bounded.
#
#   scripts/bench-harness.sh                  # everything below
#   DURATION=20s PLAYERS=16 RATIO_ROUNDS=3 scripts/bench-harness.sh
#
# 1. `gbfuzz bench http` against nginx: the transport's own CPU per request (the yardstick), and
#    against a `gbfuzz serve` (token logins over one session: the transport against the fuzz row's
#    target); then RATIO_ROUNDS pairs of the yardstick and the fuzz row, alternating, for the
#    median ratio.
# 2. `gbfuzz bench harness` on profiles/fuzz.yaml and profiles/smoke.yaml against a separate
#    `gbfuzz serve`, players on the transport's lanes and (hidden --unpinned) on the cooperative
#    pool; then against the in-process simulated target (no sockets); then metered (--phases) for
#    the phase split; then
#    profiles/race.yaml and an open-model fuzz profile against a separate server.
# 3. The peers' mix (guest login, token login, own member 4:3:3) against a fresh `gbfuzz serve`:
#    gbfuzz with full checking, Locust (FastHttpUser, each answer's isSuccessful checked) and wrk
#    with a Lua script (no checks). CPU per request of each client process (/usr/bin/time).
# Environment (defaults): DURATION=20s PLAYERS=16 RATIO_ROUNDS=3 BIN (a gbfuzz binary instead of building).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-20s}
PLAYERS=${PLAYERS:-16}
RATIO_ROUNDS=${RATIO_ROUNDS:-3}
[[ -x /usr/bin/time ]] || apt-get install -y -qq time >/dev/null
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || apt-get install -y -qq nginx >/dev/null
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
python3 -c "import locust" 2>/dev/null || python3 -m pip install --quiet --disable-pip-version-check locust
WORK="$(mktemp -d)"
PRIO=()
# shellcheck source=lib/serve.sh
source scripts/lib/serve.sh
ensure_bin
# shellcheck source=lib/nginx.sh
source scripts/lib/nginx.sh
trap 'stop_server; stop_nginx; rm -rf "$WORK"' EXIT
export BENCH_DIR="$PWD/scripts/bench" BENCH_PATH="/tcgb-gateway/v1.3/apps/gbfuzz/auth"

# cpu FILE: user+system seconds from a /usr/bin/time -f "%U %S" file.
cpu() { awk '{print $1 + $2}' "$1"; }
# per REQUESTS CPU: microseconds per request.
per() { python3 -c "import sys; print(f'{float(sys.argv[2]) / max(int(sys.argv[1]), 1) * 1e6:.1f}')" "$1" "$2"; }
say() { printf '%-58s %s\n' "$1" "$2"; }

echo "bench-harness: $(nproc) cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)," \
    "$DURATION per step, $PLAYERS players/connections, $(date -u +%Y-%m-%dT%H:%MZ)"

# --- 1. the transport against nginx ---------------------------------------------------------------
# bench_http URL [ARGS...]: one `gbfuzz bench http` run, PLAYERS connections; sets REQUESTS and
# PER_REQUEST (us CPU per request).
bench_http() {
    local url=$1; shift
    /usr/bin/time -f "%U %S" -o "$WORK/t" "$BIN" bench http --url "$url" "$@" \
        --connections "$PLAYERS" --duration "$DURATION" --json >"$WORK/http.json"
    REQUESTS=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['requests'])" "$WORK/http.json")
    PER_REQUEST=$(per "$REQUESTS" "$(cpu "$WORK/t")")
}
# transport: the yardstick, against a fresh nginx; sets REQUESTS and TRANSPORT.
transport() {
    start_nginx
    bench_http "$NGINX_URL"
    TRANSPORT=$PER_REQUEST
    stop_nginx
}
transport
say "transport: gbfuzz bench http, nginx" "$REQUESTS requests, $TRANSPORT us CPU per request"
HEADLINE_TRANSPORT=$TRANSPORT

# The same transport against the fuzz row's target (not the goal's yardstick, which is nginx): a
# token login over one guest session, the same connections, no checks. What the transport itself
# costs against this server, beside what it costs against nginx.
start_server
read -r device token < <(python3 scripts/bench/make-sessions.py "$URL" 1 "tr$RANDOM")
bench_http "$URL$BENCH_PATH/login/token" --method POST \
    --header "X-TCGB-Device-Id: $device" --header "Authorization: Bearer $token"
say "transport: gbfuzz bench http, gbfuzz serve (token login)" "$REQUESTS requests, $PER_REQUEST us CPU per request"
stop_server

# --- 1b. the ratio, in alternation ------------------------------------------------------------------
# The headline below sets one transport run beside one harness run; on a shared host either moves by
# up to 10 % between runs minutes apart. RATIO_ROUNDS pairs, each the transport against nginx and then
# the fuzz row against a fresh server, give the ratio of each pair and the median of those ratios.
ratios=()
for round in $(seq "$RATIO_ROUNDS"); do
    transport
    t=$TRANSPORT
    start_server
    "$BIN" bench harness profiles/fuzz.yaml --target "$URL" --players "$PLAYERS" --duration "$DURATION" \
        --seed 1 --json >"$WORK/h.json"
    stop_server
    pair=$(python3 -c "
import json, sys
h = json.load(open(sys.argv[1]))['cpu_us_per_operation']
print(f'{h:.1f} {h / float(sys.argv[2]):.2f}')" "$WORK/h.json" "$t")
    say "ratio, pair $round: transport $t us, fuzz.yaml ${pair% *} us" "${pair#* }x"
    ratios+=("${pair#* }")
done
say "ratio, median of $RATIO_ROUNDS pairs" "$(printf '%s\n' "${ratios[@]}" | sort -n | awk '
    {a[NR] = $1} END {m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
    printf "%.2fx (lowest %.2fx, highest %.2fx)", m, a[1], a[NR]}')"
# The rows below are set beside the headline transport run.
TRANSPORT=$HEADLINE_TRANSPORT

# --- 2. the harness ---------------------------------------------------------------------------------
# harness LABEL ARGS...: one `gbfuzz bench harness` run; prints its figures and the ratio. The
# headline is unmetered; add --phases to an argument list for the phase split (the meter's clock
# reads are then in the figure).
harness() {
    local label=$1; shift
    /usr/bin/time -f "%U %S" -o "$WORK/t" "$BIN" bench harness "$@" --duration "$DURATION" --seed 1 --json \
        >"$WORK/h.json"
    python3 - "$label" "$WORK/h.json" "$(cpu "$WORK/t")" "$TRANSPORT" <<'PY'
import json, sys
label, path, process_cpu, transport = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
r = json.load(open(path))
us = r["cpu_us_per_operation"]
line = (f"{label:58s} {r['operations']} ops, {r['violations']} violations; {us:.1f} us CPU per op "
        f"({us / transport:.1f}x transport; whole process {process_cpu / max(r['operations'], 1) * 1e6:.1f})")
p = r.get("phase_us_per_operation")
if p:
    line += f"; generate {p['generate']:.1f}, match {p['match']:.1f}, record {p['record']:.1f}, rest {p['rest']:.1f}"
print(line)
PY
}
for profile in fuzz smoke; do
    start_server
    harness "harness: $profile.yaml, separate gbfuzz serve" "profiles/$profile.yaml" --target "$URL" --players "$PLAYERS"
    start_server
    harness "harness: $profile.yaml, separate serve, --unpinned" "profiles/$profile.yaml" --target "$URL" \
        --players "$PLAYERS" --unpinned
    stop_server
    harness "harness: $profile.yaml, in-process simulated target" "profiles/$profile.yaml" --players "$PLAYERS"
    start_server
    harness "harness: $profile.yaml, separate serve, phases metered" "profiles/$profile.yaml" --target "$URL" \
        --players "$PLAYERS" --phases
    stop_server
done

# The other paths: race hunting (shared pools, bursts, probes, the history; its 8 players) and the
# open model (operations handed to a pool of players at a fixed rate, fuzz mix).
start_server
harness "harness: race.yaml (bursts, probes, history), separate serve" profiles/race.yaml --target "$URL"
cat >"$WORK/open.yaml" <<'YAML'
name: open-fuzz
load: {model: open, arrival: operations, rate: 2000, maxPlayers: 2000, maxInFlight: 256}
fuzz: {adversarial: 0.35, devicesPerPlayer: 3, accountsPerIdP: 2, audit: false, shrink: false}
semantics: {transferKey: {enabled: true}}
YAML
start_server
harness "harness: open model, 2,000 ops/s, fuzz mix, separate serve" "$WORK/open.yaml" --target "$URL"

# --- 3. peers: the same mix against the same server ---------------------------------------------------
cat >"$WORK/mix.yaml" <<'YAML'
name: peers-mix
load: {model: closed}
mix: {login.guest: 40, login.token: 30, member.get: 30}
fuzz: {adversarial: 0, clockMoves: false, serverAPI: false, audit: false, shrink: false}
outputs: {html: false}
YAML
start_server
harness "peers: gbfuzz (every answer checked by the model)" "$WORK/mix.yaml" --target "$URL" --players "$PLAYERS"
start_server
harness "peers: gbfuzz, phases metered" "$WORK/mix.yaml" --target "$URL" --players "$PLAYERS" --phases
start_server
BENCH_PREFIX="loc$RANDOM" /usr/bin/time -f "%U %S" -o "$WORK/t" locust -f scripts/bench/locustfile.py --headless \
    -u "$PLAYERS" -r "$PLAYERS" -t "$DURATION" --host "$URL" --csv "$WORK/locust" --only-summary \
    >"$WORK/locust.log" 2>&1 || true
n=$(python3 -c "
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['Name'] == 'Aggregated']
print(int(rows[0]['Request Count']) if rows else 0)" "$WORK/locust_stats.csv")
failures=$(python3 -c "
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['Name'] == 'Aggregated']
print(int(rows[0]['Failure Count']) if rows else 0)" "$WORK/locust_stats.csv")
say "peers: Locust FastHttpUser (isSuccessful checked)" "$n requests, $failures failures, $(per "$n" "$(cpu "$WORK/t")") us CPU per request"
start_server
python3 scripts/bench/make-sessions.py "$URL" 2000 "mix$RANDOM-t" >"$WORK/sessions.txt"
BENCH_SESSIONS="$WORK/sessions.txt" BENCH_PREFIX="wrk$RANDOM" /usr/bin/time -f "%U %S" -o "$WORK/t" \
    wrk -t1 -c"$PLAYERS" -d"$DURATION" -s scripts/bench/mix.lua "$URL" >"$WORK/wrk.txt"
n=$(awk '/requests in/ {print $1}' "$WORK/wrk.txt")
ok=$(awk '/successful answers/ {print $3}' "$WORK/wrk.txt")
say "peers: wrk + Lua (no checks)" "$n requests, $ok successful, $(per "$n" "$(cpu "$WORK/t")") us CPU per request"
stop_server
