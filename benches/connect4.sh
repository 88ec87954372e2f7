#!/usr/bin/env bash
# Connect Four: the strongest solver stage (12) with recording off, over the test positions of
# tests/data/connect4/positions.jsonl by class, in positions explored a second and total
# time, with peak resident size. The reference figures of the tutorial's final C++ stage on
# this kind of machine (2 cores): the 120 middle games in 0.37 s, the 40 openings in 18.6 s
# (about 5.7 M positions a second).
#
#   benches/connect4.sh [CLASS...]          (default: end middle begin)
#   CALLGRIND=1 benches/connect4.sh middle  (instructions per explored position)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/prune
data=tests/data/connect4/positions.jsonl
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for class in "${@:-end middle begin}"; do
  for c in $class; do
    file="$tmp/$c.txt"
    sed -n "s/.*\"class\": \"$c\", \"moves\": \"\([0-9]*\)\", \"score\": \(-\{0,1\}[0-9]*\).*/\1 \2/p" "$data" > "$file"
    echo "== $c: $(wc -l < "$file") positions"
    if [ "${CALLGRIND:-0}" = 1 ]; then
      valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$c" \
        "$bin" count --game connect4 --stage 12 --positions "$file" --json > "$tmp/$c.json" 2> "$tmp/cg.log"
      instr=$(grep -o 'Collected : [0-9]*' "$tmp/cg.log" | grep -o '[0-9]*$' || true)
      [ -n "$instr" ] || instr=$(grep '^summary:' "$tmp/cg.$c" | grep -o '[0-9]*$')
      explored=$(grep -o '"explored": [0-9]*' "$tmp/$c.json" | grep -o '[0-9]*$' | paste -sd+ | bc)
      echo "instructions: $instr; explored: $explored; per explored position: $((instr / explored))"
    else
      /usr/bin/time -v "$bin" count --game connect4 --stage 12 --positions "$file" \
        > "$tmp/$c.txt.out" 2> "$tmp/time.log"
      tail -3 "$tmp/$c.txt.out"
      grep -E "Maximum resident|Elapsed|User time" "$tmp/time.log"
    fi
  done
done
