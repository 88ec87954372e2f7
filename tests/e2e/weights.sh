#!/usr/bin/env bash
# End-to-end test of live weight editing in a real terminal at 80×24: the lesson
# 004-eval-two-features (E = 2f + 0.25g over mobile f=-1 g=12 and cramped f=1 g=-6), `*`
# opens the editor on its weights, f=3 is typed, Enter re-runs the search.
# Figures by hand: with f weighed 3, mobile scores 3·(-1) + 0.25·12 = 0 and cramped
# 3·1 + 0.25·(-6) = 1.5, so MAX's root takes cramped at 1.5 (it took mobile at 1 before).
# Bad input leaves the run as it was; `lesson` restores the lesson's weights (root 1 again).
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start weights

cleanup
new_session -d -s "$S" -x 80 -y 24 "$BIN open 004-eval-two-features"
tmux set-option -t "$S" status off >/dev/null
wait_for "0/" 50 || true

keys End
expect "the lesson's run ends at 1" "COMPLETE d1: 1, plays mobile"
keys '*'
expect "the editor opens on the lesson's weights" "Weights (name=number; lesson restores): f=2 g=0.25"
keys C-u 'f=1/0' Enter
expect "1/0 is refused in one line" "weights: \"f\": 1/0 divides by zero"
expect "and the run is unchanged" "COMPLETE d1: 1, plays mobile"
keys '*'
keys C-u 'f=3' Enter
expect "the window says the root's value and move changed" "value 1 → 1.5; move mobile (1) → cramped (2)"
expect "and the new sum term by term" "3·f + 0.25·g = 3 × 1 + 0.25 × (-6) = 1.5"
keys Escape
expect "the counters show the new root value" "COMPLETE d1: 1.5, plays cramped"
expect "the title says the weights changed" "weights f=3 g=0.25"
keys '*'
keys C-u 'lesson' Enter
expect "lesson restores the root value" "value 1.5 → 1; move cramped (2) → mobile (1)"
keys Escape
expect "the counters are the lesson's again" "COMPLETE d1: 1, plays mobile"
closes_with_terminal "the tutor" "$S"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
