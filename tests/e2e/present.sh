#!/usr/bin/env bash
# End-to-end test of presenter mode in a real terminal (tmux, 120x35 pane, then 80x24 and
# 200x60): `prune open 000-worked-tree --present` opens on the large indicator, `y y Space`
# plays to the first cutoff and stops there, `r` flips the ordering (the footer names the
# counters it moved), 1 2 3 open the table, stack and counters over the tree, Esc does not
# quit, q asks once (the ordering change would be lost) and q again quits, and the shell is
# usable again (terminal modes restored). Run from anywhere: bash tests/e2e/present.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start present

new_session -d -s "$S" -x 120 -y 35 \
    "env -i HOME=$HOME PATH=$PATH TERM=xterm-256color PS1='e2e\$ ' bash --norc --noprofile"
tmux set-option -t "$S" status off >/dev/null
wait_for 'e2e$' 30 || true

keys "$BIN open 000-worked-tree --present" Enter
expect "presenter mode opens on its indicator" "STEP 0/98 · CALL 0/12"
expect "the footer names the play setting" "Space play: every event"
# event → call → cutoff.
keys y
expect "y cycles the play setting" "play: to call"
keys y
expect "y cycles on to cutoff" "play: to cutoff"
keys + + + +
keys Space
# Seed 000: the first cutoff is at MIN node 2, at step 75 (call 10 of 12).
expect "playing stops on the first cutoff" "stopped at the next cutoff"
expect "the indicator is at the first cutoff" "STEP 75/98 · CALL 10/12 · PASS 2"
expect "the cutoff mark is in the tree" "›▼2✂"
expect "node 2's window on the active path" "(3,+∞)"
sleep 0.6
if screen | grep -qF "STEP 75/98"; then ok "playback stayed stopped"; else bad "playback stayed stopped"; fi
keys r
# Seed 000's fixtures: with ordering on the worked tree takes 13 calls, not 12.
expect "r flips the ordering and says what moved" "run again with ordering on: nodes 12 → 13"
expect "the indicator follows the new run" "/13 · PASS"
keys 1
expect "1 shows the table over the tree" "Table · 8 entries"
keys 2
expect "2 shows the stack over the tree" "2 again hides it"
keys 3
expect "3 shows the counters over the tree" "3 again hides it"
keys 3
if wait_for "again hides it" 5; then bad "3 again hides the counters"; else ok "3 again hides the counters"; fi
keys C
expect "C switches the palette" "palette: colour-blind safe"
for size in "80 24" "200 60"; do
    tmux resize-window -t "$S" -x "${size% *}" -y "${size#* }" 2>/dev/null ||
        tmux resize-pane -t "$S" -x "${size% *}" -y "${size#* }"
    expect "presenter mode at ${size/ /×}" "CALL 10/13 · PASS 2"
done
keys F
expect "F leaves presenter mode for the main screen" "Stack · "
# Esc closes what is open and never quits; q asks once, as the ordering change would be lost.
keys Escape
sleep 0.5
if screen | grep -qF "Stack · "; then ok "Esc does not quit"; else bad "Esc does not quit"; fi
keys q
expect "q asks before the live change is lost" "quit? live changes will be lost"
keys q
# The shell is back once the tutor's screen is gone (a loaded machine may take a while).
for _ in $(seq 1 50); do
    screen | grep -qF "Stack · " || break
    sleep 0.1
done
sleep 0.3
keys "echo status=\$?; stty -a | tr ' ;' '\n\n' | grep -cx -e icanon -e echo -e isig; echo typed-\$((40 + 2))" Enter
if wait_for "typed-42" 30 && screen | grep -qx "3"; then
    ok "quit: terminal modes restored and the shell works"
else
    bad "quit: terminal not restored"
fi
expect "exit status 0" "status=0"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
