#!/usr/bin/env bash
# Issue 22's tutor figure for Monte Carlo tree search: a run of 100,000 iterations on
# tic-tac-toe from the empty board (random playouts, C = √2) opened in the tutor. A benchmark,
# not a test: it is not part of CI.
#
#   benches/mcts_open.sh                       (builds `cargo build --release`, 5 rounds)
#   ROUNDS=9 ITERATIONS=200000 benches/mcts_open.sh
#   BIN=/path/to/prune benches/mcts_open.sh    (a prebuilt binary; nothing is built)
#
# Needs GNU time at /usr/bin/time and tmux. Per round:
# 1. `prune open ...` in a 120x35 pane of a private tmux server: the time from launch until
#    the first frame is on screen (capture-pane polled every ~10 ms for the footer's
#    "? help", the bottom row, so the rest of the frame is already written; nothing is drawn
#    before the run is recorded and indexed), then the resident memory of the prune process
#    (ps rss) right away and its peak so far (VmHWM); then `q`.
# 2. `prune trace ... --format jsonl > /dev/null` under /usr/bin/time -v: peak resident
#    memory and wall time.
# Every figure is printed as the median, min and max over ROUNDS rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${ROUNDS:-5}
ITERATIONS=${ITERATIONS:-100000}
RUN=(--game tictactoe --algorithm mcts --iterations "$ITERATIONS")
TIMEOUT_S=120

if [[ -z ${BIN:-} ]]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/prune
fi
[[ -x $BIN ]] || { echo "no executable at BIN=$BIN" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time" >&2; exit 1; }
command -v tmux > /dev/null || { echo "needs tmux" >&2; exit 1; }

SOCKET="prunemcts$$"
tmx() { tmux -L "$SOCKET" -f /dev/null "$@"; }
cleanup() { tmx kill-server 2> /dev/null || true; }
trap cleanup EXIT

now() { date +%s.%N; }
# median min max of the numbers on stdin
summary() { sort -g | awk '{ v[NR] = $1 } END { printf "median %s, min %s, max %s", v[int((NR + 1) / 2)], v[1], v[NR] }'; }

open_ms=() rss_kb=() hwm_kb=() trace_kb=() trace_s=()
for ((round = 1; round <= ROUNDS; round++)); do
    tmx new-session -d -s mcts -x 120 -y 35 "exec $BIN open ${RUN[*]}"
    t0=$(now)
    until tmx capture-pane -p -t mcts 2> /dev/null | grep -q '? help'; do
        sleep 0.01
        if (($(echo "$(now) - $t0 > $TIMEOUT_S" | bc))); then
            echo "no first frame within ${TIMEOUT_S} s" >&2
            exit 1
        fi
    done
    t1=$(now)
    pid=$(tmx list-panes -t mcts -F '#{pane_pid}')
    open_ms+=("$(printf "%.0f" "$(echo "($t1 - $t0) * 1000" | bc)")")
    rss_kb+=("$(ps -o rss= -p "$pid" | tr -d ' ')")
    hwm_kb+=("$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status")")
    tmx send-keys -t mcts q
    while kill -0 "$pid" 2> /dev/null; do sleep 0.05; done
    cleanup

    /usr/bin/time -v "$BIN" trace "${RUN[@]}" --format jsonl > /dev/null 2> "/tmp/mcts_open_time.$$"
    trace_kb+=("$(awk -F': ' '/Maximum resident/ { print $2 }' "/tmp/mcts_open_time.$$")")
    trace_s+=("$(awk -F': ' '/Elapsed \(wall/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "/tmp/mcts_open_time.$$")")
    rm -f "/tmp/mcts_open_time.$$"
    echo "round $round: first frame ${open_ms[-1]} ms, rss ${rss_kb[-1]} kB, peak ${hwm_kb[-1]} kB; trace jsonl ${trace_s[-1]} s, peak ${trace_kb[-1]} kB"
done

echo "prune open ${RUN[*]} ($ROUNDS rounds)"
echo "  first frame (ms):      $(printf '%s\n' "${open_ms[@]}" | summary)"
echo "  resident at first frame (kB): $(printf '%s\n' "${rss_kb[@]}" | summary)"
echo "  peak resident (kB):    $(printf '%s\n' "${hwm_kb[@]}" | summary)"
echo "prune trace ${RUN[*]} --format jsonl > /dev/null"
echo "  wall (s):              $(printf '%s\n' "${trace_s[@]}" | summary)"
echo "  peak resident (kB):    $(printf '%s\n' "${trace_kb[@]}" | summary)"
