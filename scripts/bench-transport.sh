#!/usr/bin/env bash
# Side-by-side loopback benchmark of HTTP clients against one nginx serving a tiny static JSON:
#   gbfuzz bench http (default lanes, and 1 lane)  |  a plain C libcurl multi loop  |  wrk  |  hey  |  ab -k
# Every tool uses the same connection count and duration; the tools alternate, round after round
# (the starting tool rotates), and the table shows the median requests/s of each.
#
# Environment (defaults): CONNECTIONS=64 DURATION=5 (seconds) ROUNDS=3 WRK_THREADS=2 (wrk's default)
#   GBFUZZ_EXTRA_ARGS=""  extra flags for gbfuzz bench http
#   BENCH_RT=0            1: run nginx and every client under SCHED_FIFO (chrt -f 10), so that other
#                         work on a shared machine (compilers) cannot preempt them; same for all tools
# Loopback only. Bounded: each run is killed after DURATION+30 s. nginx is stopped on exit.
set -euo pipefail

CONNECTIONS=${CONNECTIONS:-64}
DURATION=${DURATION:-5}
ROUNDS=${ROUNDS:-3}
WRK_THREADS=${WRK_THREADS:-2}
GBFUZZ_EXTRA_ARGS=${GBFUZZ_EXTRA_ARGS:-}
BENCH_RT=${BENCH_RT:-0}
PRIO=()
if [[ "$BENCH_RT" == 1 ]]; then PRIO=(chrt -f 10); fi

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$(mktemp -d /tmp/gbfuzz-bench.XXXXXX)
NGINX_PID=""

cleanup() {
    if [[ -n "$NGINX_PID" ]] && kill -0 "$NGINX_PID" 2>/dev/null; then
        kill "$NGINX_PID" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

log() { printf '%s\n' "$*" >&2; }

# --- tools -------------------------------------------------------------------------------------
need=()
command -v nginx >/dev/null 2>&1 || [[ -x /usr/sbin/nginx ]] || need+=(nginx)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v hey >/dev/null 2>&1 || need+=(hey)
command -v ab >/dev/null 2>&1 || need+=(apache2-utils)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists libcurl 2>/dev/null || need+=(libcurl4-openssl-dev)
if ((${#need[@]} > 0)); then
    log "installing: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq "${need[@]}" >/dev/null 2>&1 || {
        apt-get update -qq >/dev/null
        apt-get install -y -qq "${need[@]}" >/dev/null
    }
fi

# --- nginx on a free loopback port ---------------------------------------------------------------
# shellcheck source=lib/nginx.sh
source "$ROOT/scripts/lib/nginx.sh"
start_nginx
URL=$NGINX_URL

# --- builds ----------------------------------------------------------------------------------------
log "building gbfuzz (release)..."
(cd "$ROOT" && swift build -c release --product gbfuzz >"$WORK/build.log" 2>&1) || { tail -30 "$WORK/build.log" >&2; exit 1; }
GBFUZZ="$(cd "$ROOT" && swift build -c release --show-bin-path)/gbfuzz"
BASELINE="$WORK/curl_multi_baseline"
gcc -O2 -o "$BASELINE" "$ROOT/scripts/bench/curl_multi_baseline.c" $(pkg-config --cflags --libs libcurl)

# --- one run of each tool: prints requests/s ---------------------------------------------------------
LIMIT=$((DURATION + 30))
run_tool() {
    local tool=$1 out
    case $tool in
    gbfuzz | gbfuzz-1lane)
        local lanes=()
        [[ $tool == gbfuzz-1lane ]] && lanes=(--lanes 1)
        # shellcheck disable=SC2086
        out=$(timeout "$LIMIT" "${PRIO[@]}" "$GBFUZZ" bench http --url "$URL" --connections "$CONNECTIONS" \
            --duration "${DURATION}s" "${lanes[@]}" --json $GBFUZZ_EXTRA_ARGS)
        sed -n 's/.*"requests_per_second":\([0-9.]*\).*/\1/p' <<<"$out" ;;
    c-libcurl)
        out=$(timeout "$LIMIT" "${PRIO[@]}" "$BASELINE" "$URL" "$CONNECTIONS" "$DURATION")
        sed -n 's/.*rps=\([0-9.]*\).*/\1/p' <<<"$out" ;;
    wrk)
        out=$(timeout "$LIMIT" "${PRIO[@]}" wrk -t "$WRK_THREADS" -c "$CONNECTIONS" -d "${DURATION}s" "$URL")
        awk '/^Requests\/sec:/ {print $2}' <<<"$out" ;;
    hey)
        out=$(timeout "$LIMIT" "${PRIO[@]}" hey -z "${DURATION}s" -c "$CONNECTIONS" "$URL")
        awk '/Requests\/sec:/ {print $2}' <<<"$out" ;;
    ab-k)
        out=$(timeout "$LIMIT" "${PRIO[@]}" ab -q -k -c "$CONNECTIONS" -t "$DURATION" -n 100000000 "$URL" 2>/dev/null)
        awk '/^Requests per second:/ {print $4}' <<<"$out" ;;
    esac
}

TOOLS=(gbfuzz gbfuzz-1lane c-libcurl wrk hey ab-k)
declare -A RESULTS
log "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), kernel $(uname -r)"
log "curl: $(curl-config --version 2>/dev/null || curl --version | head -1)"
log "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
log "target: $URL  connections=$CONNECTIONS duration=${DURATION}s rounds=$ROUNDS wrk-threads=$WRK_THREADS rt=$BENCH_RT"
log "gbfuzz default lanes: $(($(nproc) < 4 ? $(nproc) : 4)) (online CPUs, at most 4)"
for ((round = 0; round < ROUNDS; round++)); do
    for ((k = 0; k < ${#TOOLS[@]}; k++)); do
        tool=${TOOLS[$(((k + round) % ${#TOOLS[@]}))]}
        rps=$(run_tool "$tool" || true)
        rps=${rps:-0}
        RESULTS[$tool]="${RESULTS[$tool]:-} $rps"
        log "round $((round + 1)) $tool: $rps req/s"
        sleep 1
    done
done
log "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

printf '\n| tool | runs (req/s) | median req/s |\n|---|---|---|\n'
declare -A MEDIAN
for tool in "${TOOLS[@]}"; do
    MEDIAN[$tool]=$(median <<<"${RESULTS[$tool]}")
    printf '| %s | %s | %s |\n' "$tool" "$(xargs <<<"${RESULTS[$tool]}" | sed 's/ /, /g')" "${MEDIAN[$tool]}"
done
printf '\ngbfuzz / C libcurl loop       = %s (target >= 0.9)\n' "$(ratio "${MEDIAN[gbfuzz]}" "${MEDIAN[c-libcurl]}")"
printf 'gbfuzz / hey                  = %s (target >= 1.3)\n' "$(ratio "${MEDIAN[gbfuzz]}" "${MEDIAN[hey]}")"
printf 'gbfuzz 1 lane / C libcurl loop = %s\n' "$(ratio "${MEDIAN[gbfuzz-1lane]}" "${MEDIAN[c-libcurl]}")"
printf 'gbfuzz 1 lane / hey            = %s\n' "$(ratio "${MEDIAN[gbfuzz-1lane]}" "${MEDIAN[hey]}")"
