#!/usr/bin/env bash
# End-to-end test of predict mode in a real terminal (tmux, 80x24): `prune open
# 000-worked-tree --predict` stops before node 1 is entered and asks its window; a typed
# answer is graded and revealed with why; a reply's cutoff is asked; a malformed answer is a
# hint, not a wrong answer; a wrong window is named as α not passed down; Q turns to only
# cutoffs and G stops at the next one; the score shows in the footer and is saved to the
# progress file. Seed 000's worked tree: node 1 reads 3, so node 2 gets (3, +∞).
# Run from anywhere: bash tests/e2e/predict.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start predict
DATA=$(mktemp -d)
trap 'cleanup; rm -rf "$DATA"' EXIT

new_session -d -s "$S" -x 80 -y 24 \
    "env -i HOME=$HOME PATH=$PATH TERM=xterm-256color PRUNE_DATA_DIR=$DATA PS1='e2e\$ ' bash --norc --noprofile"
tmux set-option -t "$S" status off >/dev/null
wait_for 'e2e$' 30 || true

keys "$BIN open 000-worked-tree --predict" Enter
expect "the tutor opens with the score in the footer" "predict 0/0"
keys Right Right Right Right
expect "it stops before node 1 is entered and asks its window" "What window does node 1 get from node 0?"
keys "(-inf, INF)" Enter
expect "a right window is revealed as right" "✓ Right: node 1 gets (-∞, +∞)."
expect "the reveal says why, from the run" "Why: node 1 is entered with (-∞, +∞)"
expect "the score counts it" "predict 1/1"
keys Right Right Right Right Right Right Right
expect "a reply's cutoff is asked" "Node 1 has returned: does node 0's window close"
keys "no" Enter
expect "no cutoff: right" "✓ Right: node 0's window stays open after node 1's reply."
expect "the score counts both" "predict 2/2"
keys Right Right Right
expect "node 2's window is asked" "What window does node 2 get from node 0?"
keys "3" Enter
expect "a malformed answer is a hint" "expected two numbers,"
if screen | grep -qF "predict 2/2"; then ok "a hint is not graded"; else bad "a hint is not graded"; fi
keys BSpace "-inf inf" Enter
expect "a wrong window is shown with the right one" "✗ You said (-∞, +∞); node 2 gets (3, +∞)"
expect "and named as α not passed down" "[alpha-not-passed]"
expect "the score counts it wrong" "predict 2/3"
keys Q
expect "Q turns to only cutoffs" "predict mode: cutoffs"
keys G
expect "G stops at the next cutoff question" "Node 2 has returned: does node 0's window close"
keys "No" Enter
expect "the score after four" "predict 3/4"
keys q
wait_for 'e2e$' 30 || true
if grep -q '"predict":{"attempts":4,"correct":3' "$DATA/progress.json" 2>/dev/null; then
    ok "the score is saved to the progress file"
else
    failed=$((failed + 1))
    echo "FAIL - the score is saved to the progress file"
    cat "$DATA/progress.json" 2>/dev/null
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
