#!/usr/bin/env bash
# Peer check of the reference server against its own OpenAPI document (docs/openapi.yaml):
# schemathesis generates requests for every operation and checks that no answer is a server
# error and that every answer conforms to the documented status, content type, headers and
# response schema. Exits non-zero on any failure.
#
#   scripts/schemathesis.sh                # default bounds
#   MAX_EXAMPLES=200 scripts/schemathesis.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ST_VERSION=3.39.16          # works with Python 3.11; its CLI and checks are pinned here
MAX_EXAMPLES=${MAX_EXAMPLES:-60}
SEED=${SEED:-20261121}
SECRET=${SECRET:-gbfuzz-secret-key}

if ! python3 -c "import sys, schemathesis; sys.exit(schemathesis.__version__ != '$ST_VERSION')" 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check "schemathesis==$ST_VERSION"
fi

swift build --product gbfuzz >/dev/null
BIN="$(swift build --show-bin-path)/gbfuzz"

LOG="$(mktemp)"
"$BIN" serve --host 127.0.0.1 --port 0 --secret-key "$SECRET" >"$LOG" 2>&1 &
PID=$!
cleanup() {
    kill -INT "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    rm -f "$LOG"
}
trap cleanup EXIT

URL=""
for _ in $(seq 1 300); do
    FIRST="$(head -n 1 "$LOG" 2>/dev/null || true)"
    if [[ "$FIRST" == "listening on http://"* ]]; then URL="${FIRST#listening on }"; break; fi
    kill -0 "$PID" 2>/dev/null || { echo "gbfuzz serve exited:"; cat "$LOG"; exit 1; }
    sleep 0.1
done
[[ -n "$URL" ]] || { echo "gbfuzz serve did not print its first line in 30 s"; exit 1; }
echo "schemathesis $ST_VERSION against $URL (max examples $MAX_EXAMPLES, seed $SEED)"

python3 -c 'import sys; from schemathesis.cli import schemathesis; sys.argv[0] = "st"; schemathesis()' run \
    "$URL/openapi.yaml" \
    --base-url "$URL" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --header "X-Secret-Key: $SECRET" \
    --set-path appId=gbfuzz \
    --hypothesis-max-examples "$MAX_EXAMPLES" \
    --hypothesis-seed "$SEED" \
    --hypothesis-deadline 10000 \
    --request-timeout 10000 \
    --workers 2 \
    --data-generation-method "${GENERATION:-all}"
