#!/usr/bin/env bash
# prune's Monte Carlo search against the minimal UCT of benches/minimal_uct/uct.rs (same game,
# same rules: tic-tac-toe from the empty board, C = √2, random playouts), without recording
# (`prune run`). A benchmark, not a test: it is not part of CI.
#
#   benches/uct_compare.sh                      (builds `cargo build --release`)
#   BIN=/path/to/prune benches/uct_compare.sh   (a prebuilt binary; nothing is built)
#   ROUNDS=9 ITERATIONS=1000000 benches/uct_compare.sh
#
# 1. Instructions per iteration, exact and independent of the machine's load: valgrind
#    --tool=callgrind counts each program at N and 2N iterations (N = CG_ITERATIONS, 20,000)
#    and the difference is divided by N, so start-up and the process's fixed cost drop out.
# 2. Whole-process CPU time (user + system, /usr/bin/time) of ITERATIONS iterations, the two
#    programs interleaved over ROUNDS rounds; the median of each and their ratio.
# Needs valgrind, GNU time at /usr/bin/time and rustc.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${ROUNDS:-5}
ITERATIONS=${ITERATIONS:-1000000}
CG_ITERATIONS=${CG_ITERATIONS:-20000}

if [[ -z ${BIN:-} ]]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/prune
fi
[[ -x $BIN ]] || { echo "no executable at BIN=$BIN" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
rustc -C opt-level=3 -o "$WORK/uct" benches/minimal_uct/uct.rs

# instructions COMMAND...: callgrind's total for one run.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null |
        awk '/Collected :/ { print $NF }'
}
# per_iteration NAME COMMAND...: the command takes the iteration count as its last argument.
per_iteration() {
    local name=$1 a b
    shift
    a=$(instructions "$@" "$CG_ITERATIONS")
    b=$(instructions "$@" $((2 * CG_ITERATIONS)))
    echo "$name: $(((b - a) / CG_ITERATIONS)) instructions per iteration (callgrind, $CG_ITERATIONS iterations more)"
}
per_iteration prune "$BIN" run --game tictactoe --algorithm mcts --iterations
per_iteration minimal "$WORK/uct"

cpu() { # cpu COMMAND...: user + system seconds
    /usr/bin/time -f '%U %S' -o "$WORK/t" "$@" > /dev/null
    awk '{ printf "%.3f\n", $1 + $2 }' "$WORK/t"
}
P=() M=()
for _ in $(seq "$ROUNDS"); do
    P+=("$(cpu "$BIN" run --game tictactoe --algorithm mcts --iterations "$ITERATIONS")")
    M+=("$(cpu "$WORK/uct" "$ITERATIONS")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mp=$(median "${P[@]}")
mm=$(median "${M[@]}")
echo "CPU time of $ITERATIONS iterations, median of $ROUNDS interleaved rounds: prune ${mp} s, minimal ${mm} s;" \
    "prune runs at $(awk -v p="$mp" -v m="$mm" 'BEGIN { printf "%.2f", m / p }')x the minimal UCT's speed"
