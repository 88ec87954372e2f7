#!/usr/bin/env bash
# End-to-end test of editing a leaf on the node cursor (issue 39, "touch the tree") in a real
# terminal at 80×24: seed 000's worked tree on its `worked` preset, the cursor walked to
# leaf 6 (score 2, MIN node 2's first child), `V` opens the editor on its value, 8 is typed.
# Figures by hand: node 1 = min(3, 5) = 3; before, node 2 cut after leaf 6 (2 ≤ α = 3); with
# leaf 6 at 8, node 2 = min(8, 9) = 8 > 3, so the root takes node 2 at 8 and node 2's cutoff
# is gone. `undo` in the editor takes the edit back (root 3 again); a game that computes its
# own scores says in one line why it has no leaf to edit.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start leaf_edit

cleanup
new_session -d -s "$S" -x 80 -y 24 "$BIN open 000-worked-tree --run worked"
tmux set-option -t "$S" status off >/dev/null
wait_for "0/" 50 || true

keys End
expect "the lesson's run ends at 3" "COMPLETE d2: 3"
keys V
expect "without the cursor, V says how to reach a leaf" "V edits the leaf under the node cursor"
keys v Up Up Up Down Right Down
expect "the cursor is on leaf 6" "node 6 · MAX to move"
keys V
expect "the editor opens on its value" "Leaf value (number; undo; lesson restores): 2"
keys C-u 'x' Enter
expect "a word is refused in one line" "leaf node 6: 'x' is not a number"
keys V C-u '8' Enter
expect "the window opens" "What the leaf's value changed"
expect "it says the root's value and move changed" "value 3 → 8; move node 1 → node 2"
expect "and that node 2's cutoff is gone" "MIN node 2: cut after node 6, skipping node 7 → no cutoff"
keys Escape
expect "the counters show the new root value" "COMPLETE d2: 8"
expect "the title marks the run as edited" "edited node 6=8"
keys V C-u 'undo' Enter
expect "undo takes the edit back" "Undone: leaf node 6: 8 → 2."
keys Escape
expect "the counters are the lesson's again" "COMPLETE d2: 3"
closes_with_terminal "the tutor" "$S"

S="$S-ttt"
new_session -d -s "$S" -x 80 -y 24 "$BIN open 004-tictactoe-block --run minimax"
tmux set-option -t "$S" status off >/dev/null
wait_for "0/" 50 || true
keys End v V
expect "tic-tac-toe has no written leaves, in one line" "a tic-tac-toe computes its own scores"
closes_with_terminal "the tutor on tic-tac-toe" "$S"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
