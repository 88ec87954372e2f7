#!/usr/bin/env bash
# End-to-end: `prune play connect4` at 80×24 through tmux.
#
# On a 5×4 board (small enough to solve at once) the student drops a stone in column 3,
# sees prune's reply (a column, "solved to the end of the game"), opens the tutor on the
# search that chose it, comes back with q, tries a full column, and quits; the shell gets the
# game's moves and a sane terminal. Then on 7×6 with a small cap: the reply says it looked
# ahead rather than solved, and so does the tutor. The same game at 200×50. Then bad input:
# one line, exit 2.
#
# Usage: tests/e2e/play.sh   (from anywhere; needs tmux)
# Prints one line per check and `N passed, M failed`; exits non-zero on any failure.

set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 2
e2e_start play

TMP=$(mktemp -d)
trap 'cleanup; rm -rf "$TMP"' EXIT

shell() { # shell W H: a fresh shell in a W×H pane
    cleanup
    new_session -d -s "$S" -x "$1" -y "$2" \
        "env -i PATH=$PATH HOME=$TMP TERM=xterm-256color PRUNE_DATA_DIR=$TMP/data PS1='e2e\$ ' bash --norc --noprofile"
    tmux set-option -t "$S" status off >/dev/null
    wait_for 'e2e$' 50 || bad "shell starts"
}

shell 80 24
keys -l "$BIN play connect4 --size 5x4"
keys Enter
expect "the game opens on the 5x4 board" "prune play connect4 · 5×4 · you X, prune O"
expect "it is the student's move" "you play X"
keys 3
expect "prune answers" "prune played column"
expect "it says it solved the position" "it solved to the end of the game"
col=$(screen | grep -oE "prune played column [0-9]" | grep -oE "[0-9]$")
expect "the board pane names prune's column" "Board col $col"
expect "the tutor key is offered" "t tutor on prune's search"

keys t
expect "the tutor opens on prune's search" "prune's reply"
expect "its footer says which search it is" "the search that chose column $col"
keys q
expect "q in the tutor comes back to the game" "Prune's last move"
expect "the game goes on" "your move"

# Column 3 has two stones; two more fill it (prune's answers may land anywhere), then one
# more is refused. Drop in 3 until the board says the column is full.
for _ in 1 2 3 4; do
    keys 3
    sleep 0.3
    screen | grep -qF "column 3 is full" && break
done
expect "a full column is refused" "column 3 is full"

keys q
expect "quitting prints the game's moves" "the game's moves: 3$col"
keys -l "stty -a > $TMP/stty.txt; echo stty-done"
keys Enter
wait_for "stty-done" 50 >/dev/null
grep -qE '(^|[ ;])icanon([ ;]|$)' "$TMP/stty.txt" && ok "terminal: icanon is on" || bad "terminal: icanon is on"
grep -qE '(^|[ ;])echo([ ;]|$)' "$TMP/stty.txt" && ok "terminal: echo is on" || bad "terminal: echo is on"

# 7×6 with a cap too small to solve an opening: a look-ahead, said as such.
shell 200 50
keys -l "$BIN play connect4 --cap 2000"
keys Enter
expect "the 7x6 game opens at 200x50" "prune play connect4 · 7×6"
keys Right
keys Left
keys Enter
expect "a capped reply says it looked ahead" "moves ahead (too big to solve within the cap"
keys t
expect "the tutor's top line says it is not a solve" "moves ahead, not a solve"
expect "and so does its footer" "the search that chose column 4 (looking"
keys q
expect "back in the game" "Prune's last move"
keys Escape
expect "Esc quits" "the game's moves: 4"

# Bad input: one line on stderr, exit code 2.
for args in "--size 3x3" "--position 48" "--size 5x5" "--cap 5"; do
    # shellcheck disable=SC2086
    out=$("$BIN" play connect4 $args 2>&1); rc=$?
    [ "$rc" = 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] \
        && ok "play connect4 $args: one line, exit 2" || bad "play connect4 $args: one line, exit 2 (got $rc: $out)"
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
