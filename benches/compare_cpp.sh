#!/usr/bin/env bash
# Side-by-side speed of prune's search core and seed 000's own C++ program (g++ -O2), as
# issue 2 asks: 64-node dense graphs, depth 12, q 6, budget 1,000,000, start 0, with the
# table and ordering both on and both off. Not part of CI: it needs g++, python3 and the
# seed text, and it takes a few minutes.
#
#   benches/compare_cpp.sh [SEED_FILE]        (default: ../shared/seeds/000_*.txt)
#   ROUNDS=5 RUNS=15 GRAPHS="assets/heavy-64.json 7 8" CALLGRIND=1 benches/compare_cpp.sh
#   CALLS=/path/to/examples/calls SETTINGS="off off" benches/compare_cpp.sh
#
# CALLS names a prebuilt `calls` example (nothing is built; `make_heavy` is taken from the
# same directory), so two builds of prune can be measured one after the other against the
# same C++ program; SETTINGS lists the table/ordering pairs to run, split by commas.
#
# The seed's C++ class is extracted at run time into a temporary directory (never into the
# repository) and driven by a small harness written below, which loads the same graph from
# a plain text form and times GameSearch::run like `examples/calls.rs` times prune's run:
# a fresh search object per run, only the run itself timed, the median of RUNS runs. The two
# programs alternate ROUNDS times per setting, so both see the same machine load; the
# figure reported is the median of the per-round medians, and the ratio is prune / C++.
# Each graph entry is a JSON file, or a number: a seed for `examples/make_heavy.rs`.
# With CALLGRIND=1 it also counts instructions per call under valgrind (deterministic).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SEED_FILE=${1:-$(ls "$ROOT"/../shared/seeds/000_*.txt 2>/dev/null | head -n 1)}
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-15}
GRAPHS=${GRAPHS:-assets/heavy-64.json}
CALLGRIND=${CALLGRIND:-0}
SETTINGS=${SETTINGS:-on on,off off}
if [ -z "$SEED_FILE" ] || [ ! -f "$SEED_FILE" ]; then
    echo "compare_cpp.sh: seed 000 not found; pass its path as the first argument" >&2
    exit 2
fi

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# 1. The seed's C++ panel, from its first #include up to (not including) its fixture printer.
first=$(grep -n '^#include <algorithm>' "$SEED_FILE" | head -n 1 | cut -d: -f1)
last=$(grep -n '^void show' "$SEED_FILE" | head -n 1 | cut -d: -f1)
if [ -z "$first" ] || [ -z "$last" ]; then
    echo "compare_cpp.sh: no C++ panel found in $SEED_FILE" >&2
    exit 2
fi
sed -n "${first},$((last - 1))p" "$SEED_FILE" > "$WORK/gamesearch.hpp"

# 2. Our harness around it (the seed's main is not used).
cat > "$WORK/harness.cpp" <<'EOF'
#include "gamesearch.hpp"
#include <chrono>
#include <cstdio>
#include <cstdlib>
// harness GRAPH.txt DEPTH Q BUDGET TT ORDERING RUNS  (TT, ORDERING: 1 or 0)
int main(int argc, char** argv) {
    if (argc != 8) { std::fprintf(stderr, "usage: harness GRAPH.txt D Q BUDGET TT ORD RUNS\n"); return 2; }
    std::FILE* f = std::fopen(argv[1], "r");
    int n = 0;
    if (!f || std::fscanf(f, "%d", &n) != 1) return 2;
    std::vector<Node> g(n);
    for (int s = 0; s < n; ++s) {
        int maxi, score, count;
        if (std::fscanf(f, "%d %d %d", &maxi, &score, &count) != 3) return 2;
        g[s].maximizing = maxi != 0;
        g[s].evaluation = score;
        for (int i = 0; i < count; ++i) {
            int child, tactical;
            if (std::fscanf(f, "%d %d", &child, &tactical) != 2) return 2;
            g[s].moves.push_back({child, tactical != 0});
        }
    }
    int depth = std::atoi(argv[2]), q = std::atoi(argv[3]), runs = std::atoi(argv[7]);
    long long budget = std::atoll(argv[4]);
    bool tt = std::atoi(argv[5]) != 0, ordering = std::atoi(argv[6]) != 0;
    std::vector<double> rates;
    Result r;
    for (int i = 0; i < runs; ++i) {
        GameSearch search(g);
        auto t0 = std::chrono::steady_clock::now();
        r = search.run(0, depth, q, budget, tt, ordering);
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        rates.push_back(r.stats[0] / secs);
    }
    std::sort(rates.begin(), rates.end());
    std::printf("%s depth=%d score=%d move=%d nodes=%lld tt_hits=%lld\n", r.status.c_str(), r.depth,
                r.value, r.move, r.stats[0], r.stats[3]);
    std::printf("calls/s median of %d: %.0f\n", runs, rates[rates.size() / 2]);
}
EOF
g++ -O2 -std=c++17 -o "$WORK/harness" "$WORK/harness.cpp"
if [ -z "${CALLS:-}" ]; then
    cargo build --release --quiet --example calls --example make_heavy
    CALLS="$ROOT/target/release/examples/calls"
fi
MAKE_HEAVY="$(dirname "$CALLS")/make_heavy"

# 3. Graph JSON -> the harness's text form: "n", then per node "max score count (child tactical)*".
to_text() {
    python3 - "$1" <<'EOF'
import json, sys
nodes = json.load(open(sys.argv[1]))["nodes"]
print(len(nodes))
for n in nodes:
    moves = " ".join(f'{m["child"]} {int(m.get("tactical", False))}' for m in n["moves"])
    print(int(n["player"] == "MAX"), n["score"], len(n["moves"]), moves)
EOF
}

rate() { sed -n 's/.*calls\/s median of [0-9]*: \([0-9.]*\).*/\1/p'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
icount() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/I +refs/ { gsub(",", "", $NF); print $NF }'; }

for graph in $GRAPHS; do
    if [[ "$graph" =~ ^[0-9]+$ ]]; then
        "$MAKE_HEAVY" "$graph" > "$WORK/heavy-$graph.json"
        json="$WORK/heavy-$graph.json"
    else
        json="$graph"
    fi
    to_text "$json" > "$WORK/graph.txt"
    IFS=, read -ra settings <<< "$SETTINGS"
    for setting in "${settings[@]}"; do
        set -- $setting
        tt=$([ "$1" = on ] && echo 1 || echo 0)
        ord=$([ "$2" = on ] && echo 1 || echo 0)
        cpp_rates=() rust_rates=()
        for _ in $(seq "$ROUNDS"); do
            cpp_out=$("$WORK/harness" "$WORK/graph.txt" 12 6 1000000 "$tt" "$ord" "$RUNS")
            rust_out=$("$CALLS" "$json" 12 6 1000000 "$1" "$2" "$RUNS")
            cpp_rates+=("$(echo "$cpp_out" | rate)")
            rust_rates+=("$(echo "$rust_out" | rate)")
        done
        # Both programs must have searched the same thing.
        cpp_line=$(echo "$cpp_out" | head -n 1)
        rust_line=$(echo "$rust_out" | head -n 1)
        if [ "$cpp_line" != "$rust_line" ]; then
            echo "MISMATCH on $graph ($setting): C++ '$cpp_line' vs prune '$rust_line'" >&2
            exit 1
        fi
        cpp=$(printf '%s\n' "${cpp_rates[@]}" | median)
        rust=$(printf '%s\n' "${rust_rates[@]}" | median)
        echo "$graph  table=$1 ordering=$2  [$rust_line]"
        echo "  C++ -O2: $(printf '%.0f' "$cpp") calls/s   prune: $(printf '%.0f' "$rust") calls/s   ratio: $(awk -v a="$rust" -v b="$cpp" 'BEGIN { printf "%.2f", a / b }')x   (median of $ROUNDS alternating rounds x $RUNS runs)"
        echo "  per round C++:   ${cpp_rates[*]}"
        echo "  per round prune: ${rust_rates[*]}"
        if [ "$CALLGRIND" = 1 ]; then
            # Instructions of 3 runs minus 1 run, halved: one run without loading and setup.
            nodes=$(echo "$rust_line" | sed 's/.*nodes=\([0-9]*\).*/\1/')
            c1=$(icount "$WORK/harness" "$WORK/graph.txt" 12 6 1000000 "$tt" "$ord" 1)
            c3=$(icount "$WORK/harness" "$WORK/graph.txt" 12 6 1000000 "$tt" "$ord" 3)
            r1=$(icount "$CALLS" "$json" 12 6 1000000 "$1" "$2" 1)
            r3=$(icount "$CALLS" "$json" 12 6 1000000 "$1" "$2" 3)
            awk -v c=$(((c3 - c1) / 2)) -v r=$(((r3 - r1) / 2)) -v n="$nodes" 'BEGIN {
                printf "  instructions per call: C++ %.1f, prune %.1f (%.2fx fewer)\n", c / n, r / n, c / r }'
        fi
    done
done
