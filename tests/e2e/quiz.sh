#!/usr/bin/env bash
# End-to-end test of the line quiz in a real terminal (issue 21, item 16): at 80×24 a typed
# wrong answer's verdict is on screen whole, wrapped between words, while the quiz waits for
# Enter; Enter then poses the next problem and q at the pause ends the round. At 200×50 the
# same verdict needs no wrapping. The problem (seed 7, kind value) asks what node E returns;
# `0 exact` is wrong for it whatever E returns, since 0 is no leaf of its tree (L = 5, M = 6).
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start quiz

DATA=$(mktemp -d)
trap 'cleanup; rm -rf "$DATA"' EXIT

quiz() { # quiz COLUMNS ROWS: a round of two problems in a pane of that size
    cleanup
    new_session -d -s "$S" -x "$1" -y "$2" \
        "PRUNE_DATA_DIR=$DATA $BIN practice quiz --seed 7 --count 2 --kinds value,researched; sleep 30"
    tmux set-option -t "$S" status off >/dev/null
    wait_for "> " 50 || true
}
words() { screen | tr -s ' \n' '  '; }
# Lines the terminal wrapped are joined (-J), so a line longer than the pane shows as one.
too_wide() { tmux capture-pane -p -J -t "$S" | perl -CS -ne 'chomp; $n++ if length($_) > '"$1"'; END { print $n + 0 }'; }

# 1. At 80×24: the verdict stays, whole, until Enter.
quiz 80 24
keys "0 exact" Enter
expect "the quiz waits after the verdict" "Enter: next problem, q: stop"
if words | grep -qF "✗ wrong at E: E returns 6 as an upper bound (the true value is at most this) (call 11); its value is outside the window (8, inf) it received, so it only proves a bound: UPPER"; then
    ok "the verdict's sentence is on screen whole, wrapped between words"
else
    bad "the verdict's sentence is not on screen whole"
fi
expect "with the expected answer" "answer: 6 upper"
sleep 0.5
if words | grep -qF "problem 2 of 2"; then bad "the next problem came before Enter"; else ok "the next problem waits for Enter"; fi
keys Enter
expect "Enter poses the next problem" "problem 2 of 2"
[ "$(too_wide 80)" -eq 0 ] && ok "no line is wider than 80 columns" || bad "a line is wider than 80 columns"
keys q Enter
expect "q ends the round with its score" "0 of 1 correct"

# 2. At 200×50 the verdict is one line.
quiz 200 50
keys "0 exact" Enter
expect "at 200×50 the verdict is one line" "so it only proves a bound: UPPER"
if screen | grep -qF "✗ wrong at E: E returns 6 as an upper bound (the true value is at most this) (call 11); its value is outside the window (8, inf) it received, so it only proves a bound: UPPER"; then
    ok "not wrapped where it fits"
else
    bad "wrapped although it fits"
fi
keys q Enter
expect "q at the pause ends the round" "0 of 1 correct"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
