#!/usr/bin/env bash
# What the event sites cost the no-op observer: `examples/calls` (NoTrace) built normally and
# with `--features no-events` (every event site removed), on the same workload. Not part of CI.
#
#   benches/events_cost.sh                         (assets/heavy-64.json, depth 12, q 6)
#   ROUNDS=21 RUNS=9 GRAPH=assets/heavy-64.json benches/events_cost.sh
#
# 1. Instructions per run under valgrind's callgrind (deterministic): 6 runs minus 1 run,
#    divided by 5, so loading the graph is not counted. Skipped when valgrind is missing.
# 2. Wall clock: the two binaries alternate ROUNDS times (RUNS runs each, their median), and
#    the figure is the median of the rounds; the ratio is events / no-events.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-21}
RUNS=${RUNS:-9}
GRAPH=${GRAPH:-assets/heavy-64.json}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Both builds write the same path: copy each away before the next build.
cargo build --release --quiet --example calls
cp target/release/examples/calls "$WORK/events"
cargo build --release --quiet --example calls --features no-events
cp target/release/examples/calls "$WORK/no-events"
cargo build --release --quiet --example calls

rate() { sed -n 's/.*calls\/s median of [0-9]*: \([0-9.]*\).*/\1/p'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
icount() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/I +refs/ { gsub(",", "", $NF); print $NF }'; }

for setting in "on on" "off off"; do
    set -- $setting
    args=("$GRAPH" 12 6 1000000 "$1" "$2")
    first=$("$WORK/events" "${args[@]}" 1)
    echo "$GRAPH  table=$1 ordering=$2  [${first%%$'\n'*}]"
    if command -v valgrind > /dev/null; then
        for build in events no-events; do
            one=$(icount "$WORK/$build" "${args[@]}" 1)
            six=$(icount "$WORK/$build" "${args[@]}" 6)
            echo "  callgrind, instructions per run: $build $(((six - one) / 5))"
        done
    fi
    ev=() ne=()
    for _ in $(seq "$ROUNDS"); do
        ev+=("$("$WORK/events" "${args[@]}" "$RUNS" | rate)")
        ne+=("$("$WORK/no-events" "${args[@]}" "$RUNS" | rate)")
    done
    a=$(printf '%s\n' "${ev[@]}" | median)
    b=$(printf '%s\n' "${ne[@]}" | median)
    printf '  wall clock: events %.0f calls/s, no-events %.0f calls/s, ratio %s (median of %s alternating rounds x %s runs)\n' \
        "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')" "$ROUNDS" "$RUNS"
done
