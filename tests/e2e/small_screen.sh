#!/usr/bin/env bash
# End-to-end test at 80×24, the size the README targets: nothing the tutor says is lost. The
# worked tree's first-cutoff note can be read to its last word (paging with n if it is cut),
# the introduction of 000-bound-not-exact scrolls to its last paragraph, and compare mode (c)
# shows both runs' end counts readably. Run from anywhere: bash tests/e2e/small_screen.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start small

open() { # open ARGS...: the tutor alone in an 80×24 pane
    cleanup
    new_session -d -s "$S" -x 80 -y 24 "$BIN open $*"
    tmux set-option -t "$S" status off >/dev/null
    wait_for "step 0/" 50 || true
}

# The screen's words in order, line breaks taken out; with `inside`, only what is between a
# row's first and last vertical border (a window over the screen).
words() {
    screen | perl -CS -Mutf8 -pe 'if ($ENV{INSIDE}) { s/^.*?│//; s/│[^│\n]*$//; } s/│/ /g' | tr -s ' \n' '  '
}
# read_to_end NAME PHRASE KEY [inside]: PHRASE (its words, across lines) is on screen,
# pressing KEY to page on at most 8 times.
read_to_end() {
    local phrase
    phrase=$(echo "$2" | tr -s ' ')
    for _ in $(seq 1 9); do
        if INSIDE=${4:-} words | grep -qF -- "$phrase"; then ok "$1"; return; fi
        keys "$3"
    done
    bad "$1 (never read '$2')"
}

# 1. The first cutoff's note, to its last word, from node 2's return (where it is shown).
open 000-worked-tree --run worked
keys x
expect "at the first cutoff" "step 75/98"
keys o
expect "at node 2's return" "step 77/98"
read_to_end "the cutoff note reads to its last word" \
    "all the search proved is that node 2 is worth at most 2." n
keys q

# 2. The introduction scrolls to its last paragraph.
open 000-bound-not-exact
keys i
expect "the introduction is open" "Introduction"
read_to_end "the introduction scrolls to its last paragraph" \
    "Keeping the weaker claim costs a re-search and keeps the answer right." PageDown inside
keys Escape
keys q

# 3. Compare mode: both runs' end counts, each on its own side of the divider.
open 000-worked-tree --run worked
keys c
expect "this run's end counts" "end: nodes 12 evals 7"
expect "minimax's end counts" "end: nodes 14 evals 9"
if screen | grep -qF "cend:"; then bad "end counts run together"; else ok "end counts apart"; fi
keys q

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
