#!/usr/bin/env bash
# End-to-end test of seed 004's chance nodes in a real terminal: the chance cutoff of
# 004-chance-cutoff at 80×24 (its sentence read to the last word, the stack's interval, the
# skipped outcome), the same screen at 200×50 after a resize, the coin tree's exact averages,
# the algorithm key offering only the searches a chance graph can run (mcts among them), and a
# clean exit.
# Figures by hand: G1 = 2 with probability 0.5 and utilities in [0, 10] put the gamble in
# [1, 6], below the 7 of the safe move; L = 0.5·3 + 0.5·4 = 3.5 and R = 0.25·1 + 0.75·5 = 4.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start chance

open() { # open ARGS...: the tutor alone in an 80×24 pane
    cleanup
    new_session -d -s "$S" -x 80 -y 24 "$BIN open $*"
    tmux set-option -t "$S" status off >/dev/null
    wait_for "step 0/" 50 || true
}
words() { screen | tr -s ' \n' '  '; }
read_to_end() { # read_to_end NAME PHRASE KEY: PHRASE is on screen, paging with KEY if need be
    local phrase
    phrase=$(echo "$2" | tr -s ' ')
    for _ in $(seq 1 9); do
        if words | grep -qF -- "$phrase"; then ok "$1"; return; fi
        keys "$3"
    done
    bad "$1 (never read '$2')"
}

# 1. The chance cutoff at 80×24.
open 004-chance-cutoff
keys x
expect "x lands on the chance cutoff" "Chance cutoff at gamble (2)"
read_to_end "the cutoff's sentence reads to its last word" \
    "its value is at most 6, which cannot beat α = 7" n
read_to_end "it names the bound it returns" "it returns 6 as an UPPER bound." n
expect "the stack shows the interval first" "in [1, 6] ✂"
expect "the skipped outcome is marked" "⊘"
expect "the chance node has its mark" "Σgamble"

# 2. The same step at 200×50.
tmux resize-window -t "$S" -x 200 -y 50
expect "at 200×50 the counters name the chance cutoff" "chance cutoffs 1  bounds [0, 10]"
expect "and the outcome's probability" "p=0.5"
keys q

# 3. The coin tree's exact averages, and the algorithm key.
open 004-chance-coin
keys End
keys Tab
expect "L averages to 3.5" "ΣL=3.5"
expect "R averages to 4" "ΣR=4"
keys a
expect "the algorithm key goes to Monte Carlo tree search (it samples the chance outcomes)" "* changed: mcts"
keys a
expect "then to minimax" "minimax"
if screen | grep -qF "alphabeta has no rule"; then bad "offered a search the graph cannot run"; else ok "no two-player search offered"; fi
keys a
expect "and back to expectiminimax" "│ expectiminimax d3"
closes_with_terminal "the tutor" "$S"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
