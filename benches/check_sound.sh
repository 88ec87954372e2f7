#!/usr/bin/env bash
# `prune check` on the longest file a student's engine prints for a built-in lesson:
# tic-tac-toe from the empty board, alpha-beta to the end (004-tictactoe-games, run
# "alpha-beta", 18,297 calls, about 53,000 lines), printed by prune itself (`--print`, a
# correct engine). Both verdicts are computed: the soundness fold solves every position the
# file names at its horizon, and the line-by-line comparison replays prune's run. Issue 37
# asks for under 5 s and 400 MB. A benchmark, not a test: it is not part of CI.
#
#   benches/check_sound.sh                      (builds `cargo build --release`)
#   BIN=/path/to/prune benches/check_sound.sh   (a prebuilt binary; nothing is built)
#
# Needs GNU time at /usr/bin/time. Prints the file's lines, the wall time, the peak resident
# memory ("Maximum resident set size" of /usr/bin/time -v) and the exit code (0: sound).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

LESSON=${LESSON:-004-tictactoe-games}
RUN=${RUN:-alpha-beta}

if [[ -z ${BIN:-} ]]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/prune
fi
[[ -x $BIN ]] || { echo "no executable at BIN=$BIN" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

"$BIN" check --print "$LESSON" --run "$RUN" > "$WORK/engine.jsonl"
lines=$(wc -l < "$WORK/engine.jsonl")
set +e
/usr/bin/time -v -o "$WORK/time" "$BIN" check "$WORK/engine.jsonl" --against "$LESSON" --run "$RUN" \
    > "$WORK/out" 2> "$WORK/err"
code=$?
set -e
kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time")
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$WORK/time")
secs=$(awk -v t="$wall" 'BEGIN { n = split(t, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }')
printf '%-8s %9s %10s %5s\n' lines seconds peak_MB exit
printf '%-8s %9.2f %10.1f %5s\n' "$lines" "$secs" "$(awk -v k="$kb" 'BEGIN{print k/1024}')" "$code"
head -n 2 "$WORK/out"
