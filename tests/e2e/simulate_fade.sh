#!/usr/bin/env bash
# End-to-end: `prune simulate --fade` at 80×24 through tmux (issue 39).
#
# Starts `prune simulate --seed 7 --fade` (b 2, d 3, alpha-beta) in a detached 80×24 session
# on a private tmux server with a fresh PRUNE_DATA_DIR: prune carries out the search and asks
# only the windows; three right windows in a row (the third read off the leaf values prune
# revealed) move the exercise on to the cutoffs. Leaves with Esc and checks the line the shell
# gets. Then bad input: a stage the algorithm has not, one line, exit 2.
#
# Usage: tests/e2e/simulate_fade.sh   (from anywhere; needs tmux)
# Prints one line per check and `N passed, M failed`; exits non-zero on any failure.

set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 2
e2e_start simulate_fade

TMP=$(mktemp -d)
trap 'cleanup; rm -rf "$TMP"' EXIT

new_session -d -s "$S" -x 80 -y 24 \
    "env -i PATH=$PATH HOME=$TMP TERM=xterm-256color PRUNE_DATA_DIR=$TMP/data PS1='e2e\$ ' bash --norc --noprofile"
wait_for 'e2e$' 50 || bad "shell starts"
keys -l "$BIN simulate --seed 7 --fade"
keys Enter
expect "the faded exercise opens at the windows" "Faded alphabeta: windows 0/3"
expect "prune made the first visit" "· 1 visit A (prune)"
expect "it asks only A's window" "The window A gets: α β"

step() { keys -l -- "$1"; keys Enter; }
leaf() { screen | grep -oE "^│ +$1 = -?[0-9]+" | grep -oE -- '-?[0-9]+$'; }

step "-inf inf"
expect "A's window is right" "✓ Right. A gets R's window as it stands"
expect "prune then visits C" "Prune then: visit C."
expect "one right in a row" "windows 1/3"
step "-inf inf"
expect "two right in a row" "windows 2/3"
expect "D's window is asked next" "The window D gets: α β"
g=$(leaf G)
h=$(leaf H)
[ -n "$g" ] && [ -n "$h" ] && ok "prune revealed G and H ($g, $h)" || bad "prune revealed G and H"
best=$(( g > h ? g : h ))
expect "prune returned C's value" "C MAX (-∞, +∞) → $best"
step "-inf $best"
expect "three right in a row move on" "3 right in a row: now you fill in the"
expect "the title shows the cutoffs" "Faded alphabeta: cuts 0/3"
expect "a cutoff question is asked" "does its window close? cut, or on"

keys Escape
expect "leaving prints the score" "simulate seed 7: 3 of 3 steps right first time"
expect "and the command to hand out" "Again: prune simulate --seed 7 --branching 2 --depth 3 --algorithm alphabeta --f"

out=$("$BIN" simulate --algorithm minimax --fade windows 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s' "$out" | grep -q "minimax has no windows to fill in" \
    && ok "minimax windows: one line, exit 2" || bad "minimax windows: one line, exit 2 (got $rc: $out)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
