#!/usr/bin/env bash
# End-to-end test of a lesson's demo in a real terminal at 80×24: `d` runs the worked tree's
# demo to its end (the question, its answer at the first cutoff, the comparison with plain
# minimax, ordering flipped inside it: seed 000's 12 calls become 13), `b` and `'` mark and
# find a step, and `q` (asked once, as a mark would be lost) leaves the terminal as it was. Run from anywhere: bash tests/e2e/demo.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start demo

# The tutor in a shell, so the terminal's modes after it quits can be read in the same pane.
new_session -d -s "$S" -x 80 -y 24 "bash --norc --noprofile"
tmux set-option -t "$S" status off >/dev/null
keys "stty -a > /tmp/prune-e2e-demo-before-$$; clear; $BIN open 000-worked-tree --run worked" Enter
expect "the tutor is open" "step 0/98"

keys d
expect "the demo starts" "demo 'cutoffs' 1/11"
keys d d d
expect "it asks" "Question: MIN node 2"
expect "the footer says d reveals" "d reveals"
keys d
expect "the answer is the first cutoff" "step 75/98"
expect "node 7 is skipped" "other reply (node 7) is skipped"
# Each remaining step waits for the run it changes before the next key.
for want in "5/11" "6/11" "6/11" "7/11" "8/11" "9/11"; do
    keys d
    wait_for "demo 'cutoffs' $want" 50 || wait_for "demo $want" 30 || true
done
expect "the comparison with plain minimax" "minimax: call 14/14"
keys d
expect "the demo's words about minimax" "Beside it, plain minimax"
keys d
expect "ordering flipped inside the demo" "nodes 12 → 13"
expect "the demo is at its end" "demo 11/11"

keys b
expect "a step is marked" "step 104 marked"
keys g
expect "g goes to the start" " 0/104"
keys "'"
expect "the mark is found again" "104/104"

# A mark and the demo's live change would be lost: the first q asks, the second quits.
keys q
expect "q asks before marks and live changes are lost" "quit? marks and live changes"
keys q
wait_for "$" 20 || true
keys "stty -a > /tmp/prune-e2e-demo-after-$$; clear" Enter
sleep 0.5
if cmp -s "/tmp/prune-e2e-demo-before-$$" "/tmp/prune-e2e-demo-after-$$"; then
    ok "the terminal's modes are restored"
else
    bad "the terminal's modes differ after quitting"
fi
rm -f "/tmp/prune-e2e-demo-before-$$" "/tmp/prune-e2e-demo-after-$$"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
