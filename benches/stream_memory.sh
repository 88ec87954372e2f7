#!/usr/bin/env bash
# Peak memory of the commands that search without recording, on uniform trees of growing
# size: `prune trace --format tsv` (the call rows, folded as the search goes), `prune count`
# and `prune run`, minimax without iterative deepening, depth 7, branching 8, 10 and 12
# (2.4, 11.1 and 38.7 million calls). The rows go to a pipe counted by `wc -l`; a run of the
# rows past ~1 million calls keeps them in an unlinked temporary file (26 bytes a call) in
# $TMPDIR, not in memory. A benchmark, not a test: it is not part of CI.
#
#   benches/stream_memory.sh                      (builds `cargo build --release`)
#   SIZES="8 10" benches/stream_memory.sh         (branchings to measure)
#   BIN=/path/to/prune benches/stream_memory.sh   (a prebuilt binary; nothing is built)
#
# Needs GNU time at /usr/bin/time. Prints, per command and size: the calls, the peak resident
# memory ("Maximum resident set size" of /usr/bin/time -v) and the wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

SIZES=${SIZES:-8 10 12}
DEPTH=${DEPTH:-7}
COMMANDS=${COMMANDS:-tsv count run}

if [[ -z ${BIN:-} ]]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/prune
fi
[[ -x $BIN ]] || { echo "no executable at BIN=$BIN" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

printf '%-6s %4s %12s %10s %9s\n' command b calls peak_MB seconds
for b in $SIZES; do
    GAME=(--game uniform --branching "$b" --depth "$DEPTH" --leaves random --id off --algorithm minimax)
    for cmd in $COMMANDS; do
        case $cmd in
            tsv) ARGS=(trace "${GAME[@]}" --format tsv) ;;
            table) ARGS=(trace "${GAME[@]}" --format table) ;;
            count) ARGS=(count "${GAME[@]}" --json) ;;
            run) ARGS=(run "${GAME[@]}" --json) ;;
            *) echo "unknown command $cmd" >&2; exit 1 ;;
        esac
        /usr/bin/time -v -o "$WORK/time" "$BIN" "${ARGS[@]}" > "$WORK/out" 2> "$WORK/err" \
            || { echo "$cmd b=$b failed: $(head -c 300 "$WORK/err")" >&2; continue; }
        case $cmd in
            # One row per call after the header row (the table adds its three result lines).
            tsv) calls=$(($(wc -l < "$WORK/out") - 1)) ;;
            table) calls=$(($(wc -l < "$WORK/out") - 4)) ;;
            count) calls=$(grep -o '"calls":[0-9]*' "$WORK/out" | cut -d: -f2) ;;
            run) calls=$(grep -o '"nodes":[0-9]*' "$WORK/out" | cut -d: -f2) ;;
        esac
        rm -f "$WORK/out"
        kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time")
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/time")
        secs=$(awk -v t="$wall" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')
        printf '%-6s %4s %12s %10.1f %9.1f\n' "$cmd" "$b" "$calls" "$(awk -v k="$kb" 'BEGIN{print k/1024}')" "$secs"
    done
done
