# Sourced by the benchmark scripts: starts and stops one `gbfuzz serve` on loopback.
# Needs BIN (the gbfuzz binary) and WORK (a temp dir); optional PRIO (array, e.g. chrt -f 10) and
# SERVER_ARGS (extra arguments for `gbfuzz serve`).
PID=""

# ensure_bin: builds this tree's release gbfuzz into BIN unless BIN is already set.
ensure_bin() {
    if [[ -z "${BIN:-}" ]]; then
        swift build -c release --product gbfuzz >/dev/null
        BIN="$(swift build -c release --show-bin-path)/gbfuzz"
    fi
}

stop_server() {
    if [[ -n "$PID" ]]; then kill -INT "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PID=""; fi
}

# start_server [config]: starts gbfuzz serve on a fresh database (stopping the previous one), sets URL.
start_server() {
    stop_server
    local args=(serve --port 0 --db "$WORK/bench-$RANDOM$RANDOM.sqlite")
    [[ $# -gt 0 ]] && args+=(--config "$1")
    # shellcheck disable=SC2206
    args+=(${SERVER_ARGS:-})
    # A new log per server: reading a reused one could find the previous server's address.
    local log="$WORK/serve-$RANDOM$RANDOM.log"
    "${PRIO[@]}" "$BIN" "${args[@]}" >"$log" 2>&1 &
    PID=$!
    URL=""
    for _ in $(seq 1 300); do
        local first; first="$(head -n 1 "$log" 2>/dev/null || true)"
        if [[ "$first" == "listening on http://"* ]]; then URL="${first#listening on }"; return; fi
        sleep 0.1
    done
    echo "server did not start"; cat "$log"; exit 1
}
