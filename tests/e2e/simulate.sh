#!/usr/bin/env bash
# End-to-end: `prune simulate` at 80×24 through tmux, typing a few steps.
#
# Starts `prune simulate --seed 7` (b 2, d 3, alpha-beta) in a detached 80×24 session on a
# private tmux server with a fresh PRUNE_DATA_DIR, types the first steps right (the tree's
# values are read off the screen as each leaf is revealed), one window wrong, and checks the
# verdicts, the correction and the score on screen; leaves with Esc and checks the line the
# shell gets and that the terminal is sane. Then bad input: one line, exit 2.
#
# Usage: tests/e2e/simulate.sh   (from anywhere; needs tmux)
# Prints one line per check and `N passed, M failed`; exits non-zero on any failure.

set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 2
e2e_start simulate

TMP=$(mktemp -d)
trap 'cleanup; rm -rf "$TMP"' EXIT

new_session -d -s "$S" -x 80 -y 24 \
    "env -i PATH=$PATH HOME=$TMP TERM=xterm-256color PRUNE_DATA_DIR=$TMP/data PS1='e2e\$ ' bash --norc --noprofile"
wait_for 'e2e$' 50 || bad "shell starts"
keys -l "$BIN simulate --seed 7"
keys Enter
expect "the exercise opens with its seed" "seed 7"
expect "it asks the root's first move" "R (MAX) moves next"
expect "leaf values are hidden" "G = ?"

step() { keys -l -- "$1"; keys Enter; }
leaf() { screen | grep -oE "^│ +$1 = -?[0-9]+" | grep -oE -- '-?[0-9]+$'; }

step A
expect "visit A is right" "✓ Right. R tries its children left to right, and A is the first."
step "-inf inf"
expect "the window A gets is asked first" "✓ Right. A gets R's window as it stands"
step C
step "(-∞, +∞)"
step G
g=$(leaf G)
[ -n "$g" ] && ok "G's value shows once visited ($g)" || bad "G's value shows once visited"
step H
h=$(leaf H)
[ -n "$h" ] && ok "H's value shows once visited ($h)" || bad "H's value shows once visited"
best=$(( g > h ? g : h ))
step "return $best"
expect "C's return is right" "they returned, $best (from"
step D
# Wrong on purpose: A's window as it was entered, not as C's return narrowed it.
step "-inf inf"
expect "a wrong window is corrected" "expected -inf $best."
expect "the correction says why" "lowered its β to $best when C returned $best"
expect "the score counts it" "8/9 ✓ 89 %"
expect "the steps list marks it" "✗ 9 -inf $best (you: -inf inf)"
step "bogus words"
expect "a malformed line is a hint" "? D moves next: type"
expect "the hint is not graded" "8/9 ✓ 89 %"

keys Escape
expect "leaving prints the score" "simulate seed 7: 8 of 9 steps right first time"
expect "and the command to hand out" "Again: prune simulate --seed 7 --branching 2 --depth 3 --algorithm alphabeta"
keys -l "stty -a > $TMP/stty.txt; echo stty-done"
keys Enter
wait_for "stty-done" 50 >/dev/null
grep -qE '(^|[ ;])icanon([ ;]|$)' "$TMP/stty.txt" && ok "terminal: icanon is on" || bad "terminal: icanon is on"
grep -qE '(^|[ ;])echo([ ;]|$)' "$TMP/stty.txt" && ok "terminal: echo is on" || bad "terminal: echo is on"

# Bad input: one line on stderr, exit code 2.
out=$("$BIN" simulate --branching 4 --depth 3 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && printf '%s' "$out" | grep -q "85 nodes" \
    && ok "too large a tree: one line, exit 2" || bad "too large a tree: one line, exit 2 (got $rc: $out)"
out=$("$BIN" simulate --algorithm negamax 2>&1); rc=$?
[ "$rc" = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] \
    && ok "unknown algorithm: one line, exit 2" || bad "unknown algorithm: one line, exit 2 (got $rc: $out)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
