#!/usr/bin/env bash
# End-to-end test of a Monte Carlo run in the tutor (issue 22), in a real terminal: tic-tac-toe
# from the empty board, 50 iterations, stepped with the jump keys at 80×24 and at 200×50.
# Figures by hand from seed 004's rules: iteration 1 expands the root's first untried move
# (square 0, X in the corner); iteration 10 is the first selection at the root, where each of
# the nine children has N = 1, so each bonus is C·√(ln 9 / 1) = √2 · 1.4823 = 2.096, and
# 2 · 1.4823 = 2.965 once C is 2.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start mcts

cleanup
new_session -d -s "$S" -x 80 -y 24 "$BIN open --game tictactoe --algorithm mcts --iterations 50"
tmux set-option -t "$S" status off >/dev/null
expect "the tutor opens on the Monte Carlo run" "Before the first iteration"
expect "the footer lists the iteration and phase keys" ") iteration  f phase"

# 1. Iteration 1 at 80×24: its start, then its expansion.
keys ')'
expect ") jumps to iteration 1" "Iteration 1 of 50 · start"
keys f
expect "f jumps to the expansion" "Iteration 1 of 50 · expansion"
expect "square 0 of the root is expanded" "node 1 (X../.../...) is added"
keys f
expect "f goes on to the playout" "Iteration 1 of 50 · playout"
keys f
expect "and to the backup" "Iteration 1 of 50 · backup"
keys A
expect "A goes back a phase" "Iteration 1 of 50 · playout"

# 2. Iteration 10's selection: nine children with N = 1, each bonus 2.096.
for _ in $(seq 1 9); do keys ')'; done
expect ") reaches iteration 10" "Iteration 10 of 50 · start"
keys f
expect "its first phase is a selection" "Iteration 10 of 50 · selection"
bonuses=$(screen | grep -cE '^.{40}.* 1 +[0-9.]+ +[0-9.]+ +2\.096 ')
if [ "$bonuses" -eq 9 ]; then ok "nine rows with N 1 and bonus 2.096"; else bad "nine rows with bonus 2.096 (saw $bonuses)"; fi
expect "the chosen child is marked" "› chosen"
keys '('
expect "( goes back to the iteration's start" "Iteration 10 of 50 · start"

# 3. The same at 200×50, with the longer title.
tmux resize-window -t "$S" -x 200 -y 50
keys f
expect "at 200×50 the title names iteration and phase" "iteration 10/50 · selection"
expect "the tree pane says how it orders children" "most visited first"

# 4. Presenter mode and a bookmark keep the Monte Carlo panes.
keys b
keys F
expect "presenter mode shows the tree pane" "MCTS tree"
keys F
keys g
keys "'"
expect "the bookmark returns to the selection" "Iteration 10 of 50 · selection"

# 5. C = 2 with E: the run again, the same selection with bonus 2.965.
keys E
expect "E sets C to 2" "C 2"
keys g
for _ in $(seq 1 10); do keys ')'; done
keys f
expect "iteration 10 again" "iteration 10/50 · selection"
bonuses=$(screen | grep -cE ' 1 +[0-9.]+ +[0-9.]+ +2\.965 ')
if [ "$bonuses" -eq 9 ]; then ok "nine rows with bonus 2.965 at C = 2"; else bad "nine rows with bonus 2.965 (saw $bonuses)"; fi

# 6. Back at 80×24 every row still fits.
tmux resize-window -t "$S" -x 80 -y 24
expect "at 80×24 again" "Iteration 10 of 50 · selection"

# 7. Presenter mode says the step once (its indicator stands in for the title row).
keys F
expect "presenter mode is on" "STEP "
st=$(screen | grep -oE 'STEP [0-9]+/[0-9]+' | head -1 | cut -d' ' -f2)
steps=$(screen | grep -oF -- "$st" | wc -l)
if [ "$steps" -eq 1 ]; then ok "the step is on screen once"; else bad "the step once (saw $steps)"; fi
keys j
expect "↓ scrolls the cut selection table" "↑ 1 above"
keys F
closes_with_terminal "the tutor" "$S"

# 8. Compare mode: alpha-beta beside the run, at 80×24 and 200×50. Figures by hand from seed
# 004's rules: before iteration 10 each of the nine first moves has one visit, so MCTS would
# play the first, square 0; every first move of tic-tac-toe draws with best play, so alpha-beta
# plays its first, square 0, with value 0.
S="prune-e2e-mcts-compare-$$"
new_session -d -s "$S" -x 80 -y 24 "$BIN open --game tictactoe --algorithm mcts --iterations 50"
tmux set-option -t "$S" status off >/dev/null
expect "the tutor opens" "Before the first iteration"
keys c
expect "c puts alpha-beta beside the run" "Beside αβ, depth 9"
expect "before any iteration MCTS has no move" "Before any iteration MCTS has no move"
for _ in $(seq 1 10); do keys ')'; done
keys f
expect "at iteration 10's selection" "Iteration 10 of 50 · selection"
flat=$(screen | cut -c1-40 | tr -s ' \n' ' ')
case "$flat" in
*"After 9 iterations MCTS would play square 0 (1 visit); alpha-beta plays square 0 with value 0"*)
    ok "the sentence at 80×24 is true for the step" ;;
*) bad "the sentence at 80×24 (read: $flat)" ;;
esac
tmux resize-window -t "$S" -x 200 -y 50
expect "at 200×50 the sentence's first row" "After 9 iterations MCTS would play square 0 (1 visit);"
expect "and its second" "alpha-beta plays square 0 with value 0: the same move."
expect "and the tree stands beside it" "MCTS tree"
keys G
expect "at the end MCTS plays" "After all 50 iterations MCTS plays square 0 (7 visits)"
keys '|'
expect "| shows the runs at the root as prune diff does" "the two runs agree on the move: 0"
keys Escape
keys E
expect "E runs again with C = 2 and the comparison stays" "C 2"
expect "still beside" "Beside αβ, depth 9"
keys c
tmux resize-window -t "$S" -x 80 -y 24
expect "c closes it: the tree is back" "MCTS tree"
closes_with_terminal "the compare session" "$S"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
