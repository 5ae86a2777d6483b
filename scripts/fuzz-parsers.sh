#!/usr/bin/env bash
# Coverage-guided fuzzing of every parser of untrusted input (docs/ARCHITECTURE.md, "Fuzzing the
# parsers"): one libFuzzer target per parser under FuzzTargets/, each with a committed seed corpus
# under FuzzTargets/corpus/<name>/.
#
#   scripts/fuzz-parsers.sh                    # 60 seconds per target
#   scripts/fuzz-parsers.sh 300                # 300 seconds per target
#   scripts/fuzz-parsers.sh 60 FuzzHistory     # only the targets named
#
# 1. Replays each committed corpus through the normal (non-fuzzer) build of its target: a quick
#    regression check that needs no libFuzzer.
# 2. Builds each fuzzer (`--sanitize=fuzzer -DFUZZING`, one product at a time, into .build-fuzz/).
# 3. Runs each for SECONDS (capped by -max_total_time, each input by -timeout) on a temporary work
#    corpus seeded with the committed one, and prints executions, exec/s, corpus size and coverage.
#
# Leaves behind only .build-fuzz/ and results/fuzz-<stamp>/ (logs, any crash/timeout/oom artifact).
# Exit status: 0 clean; 1 a finding (artifact path and a stack trace printed) or a failed build.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET=${1:-60}
INPUT_TIMEOUT=10
usage="usage: scripts/fuzz-parsers.sh [SECONDS [TARGET...]]   (seconds per target, default 60; default every target)"
if ! [[ "$SECONDS_PER_TARGET" =~ ^[1-9][0-9]*$ ]]; then
    echo "$usage" >&2
    exit 64
fi
shift $(($# > 0 ? 1 : 0))

# target:corpus folder under FuzzTargets/corpus
ALL_TARGETS=(
    FuzzServerJSON:json
    FuzzDates:date
    FuzzReplies:reply
    FuzzProfile:profile
    FuzzThreshold:threshold
    FuzzHlog:hlog
    FuzzHistory:history
)
TARGETS=()
if [ $# -eq 0 ]; then
    TARGETS=("${ALL_TARGETS[@]}")
else
    for name in "$@"; do
        found=
        for entry in "${ALL_TARGETS[@]}"; do
            [ "${entry%%:*}" = "$name" ] && TARGETS+=("$entry") && found=1
        done
        if [ -z "$found" ]; then
            echo "fuzz: unknown target $name; known: ${ALL_TARGETS[*]%%:*}" >&2
            echo "$usage" >&2
            exit 64
        fi
    done
fi
SCRATCH=.build-fuzz
OUT=results/fuzz-$(date -u +%Y%m%d-%H%M%S)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gbfuzz-fuzz.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

echo "fuzz: replaying the committed corpora through the normal builds" >&2
for entry in "${TARGETS[@]}"; do
    target=${entry%%:*}
    corpus=FuzzTargets/corpus/${entry##*:}
    swift build --product "$target" >"$OUT/$target.build.log" 2>&1 || {
        echo "fuzz: building $target failed; see $OUT/$target.build.log" >&2
        exit 1
    }
    echo "fuzz: $target: $("$(swift build --show-bin-path)/$target" "$corpus")" >&2
done

echo "fuzz: building the fuzzers into $SCRATCH/ (the first build takes minutes)" >&2
for entry in "${TARGETS[@]}"; do
    target=${entry%%:*}
    swift build --sanitize=fuzzer -Xswiftc -DFUZZING --scratch-path "$SCRATCH" --product "$target" \
        >"$OUT/$target.fuzz-build.log" 2>&1 || {
        echo "fuzz: building the $target fuzzer failed; see $OUT/$target.fuzz-build.log" >&2
        exit 1
    }
done
BIN=$(swift build --scratch-path "$SCRATCH" --show-bin-path)

# The last value of `key: N` on libFuzzer's status lines (cov, ft, corp), or of a final stat line.
last_status() { grep -oE "$2: [0-9]+" "$1" | tail -1 | grep -oE '[0-9]+$' || echo "?"; }
final_stat() { grep -E "^stat::$2:" "$1" | grep -oE '[0-9]+$' || echo "?"; }

findings=0
printf '%-15s %6s %12s %8s %7s %6s %7s  %s\n' target seconds executions exec/s corpus cov ft result | tee "$OUT/summary.txt"
for entry in "${TARGETS[@]}"; do
    target=${entry%%:*}
    name=${entry##*:}
    mkdir -p "$WORK/$name" "$OUT/$name"
    log=$OUT/$name/fuzz.log
    # The first folder receives new inputs: the temporary one, never the committed corpus.
    # SWIFT_BACKTRACE=enable=no lets libFuzzer's own handler catch a trap and write the crash file.
    set +e
    SWIFT_BACKTRACE=enable=no timeout $((SECONDS_PER_TARGET + 300)) "$BIN/$target" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout="$INPUT_TIMEOUT" -print_final_stats=1 \
        -artifact_prefix="$OUT/$name/" "$WORK/$name" "FuzzTargets/corpus/$name" >"$log" 2>&1
    status=$?
    set -e
    result=clean
    artifacts=$(find "$OUT/$name" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
    if [ "$status" -ne 0 ] || [ -n "$artifacts" ]; then
        result="FINDING (exit $status)"
        findings=$((findings + 1))
    fi
    printf '%-15s %6s %12s %8s %7s %6s %7s  %s\n' "$target" "$SECONDS_PER_TARGET" \
        "$(final_stat "$log" number_of_executed_units)" "$(final_stat "$log" average_exec_per_sec)" \
        "$(last_status "$log" corp)" "$(last_status "$log" cov)" "$(last_status "$log" ft)" "$result" \
        | tee -a "$OUT/summary.txt"
    if [ "$result" != clean ]; then
        echo "fuzz: $target: log $log" >&2
        for artifact in $artifacts; do
            echo "fuzz: $target: artifact $artifact; the stack, re-run with backtraces on:" >&2
            # In a subshell that outlives it, so the shell's "Illegal instruction" notice stays quiet.
            (
                SWIFT_BACKTRACE=enable=yes,interactive=no,color=no timeout 300 "$BIN/$target" "$artifact" \
                    >"$artifact.stack.txt" 2>&1
                exit 0
            ) 2>/dev/null
            grep -E ' at /|Fatal error|crashed|deadly signal' "$artifact.stack.txt" | head -20 >&2 || true
            echo "fuzz: full trace in $artifact.stack.txt; replay without libFuzzer:" \
                "$(swift build --show-bin-path)/$target $artifact" >&2
        done
        [ -n "$artifacts" ] || tail -20 "$log" >&2
    fi
done

echo "fuzz: logs and artifacts in $OUT" >&2
if [ "$findings" -ne 0 ]; then
    echo "fuzz: $findings target(s) found a problem" >&2
    exit 1
fi
