#!/usr/bin/env bash
# End-to-end: `prune simulate` with the node cursor at 80×24 through tmux (issue 39).
#
# Starts `prune simulate --seed 7` (b 2, d 3, alpha-beta) in a detached 80×24 session on a
# private tmux server with a fresh PRUNE_DATA_DIR. ↓ puts the cursor on the root's first
# child A (`visit A` in the line) and Enter is graded right; the window is typed; ↓ ↓ ↓ walk
# A's children C and D to A itself, whose pick is the cut, which is graded wrong (A must
# visit C first: nothing has returned yet to close its window), with the right step taken.
#
# Usage: tests/e2e/simulate_cursor.sh   (from anywhere; needs tmux)
# Prints one line per check and `N passed, M failed`; exits non-zero on any failure.

set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 2
e2e_start simulate_cursor

TMP=$(mktemp -d)
trap 'cleanup; rm -rf "$TMP"' EXIT

new_session -d -s "$S" -x 80 -y 24 \
    "env -i PATH=$PATH HOME=$TMP TERM=xterm-256color PRUNE_DATA_DIR=$TMP/data PS1='e2e\$ ' bash --norc --noprofile"
wait_for 'e2e$' 50 || bad "shell starts"
keys -l "$BIN simulate --seed 7"
keys Enter
expect "the exercise opens" "R (MAX) moves next"
expect "the footer names the cursor's keys" "↓↑: pick on the tree"

keys Down
expect "the cursor stands on A" "A MIN  ◂ visit"
expect "and its step is in the line" "› visit A"
keys Enter
expect "the visit picked is graded right" "✓ Right. R tries its children left to right, and A is the first."
keys -l -- "-inf inf"
keys Enter
expect "the window typed is graded" "2/2 ✓ 100 %"
keys Down
expect "the cursor offers A's first child" "C MAX  ◂ visit"
keys Down Down
expect "then A itself, to cut" "◂ cut: skip the rest"
expect "with cut in the line" "› cut"
keys Enter
expect "a cut picked too early is graded wrong" "✗ Not cut: expected visit C."
expect "and counted" "2/3 ✓ 67 %"

keys Escape
expect "leaving prints the score" "simulate seed 7: 2 of 3 steps right first time"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
