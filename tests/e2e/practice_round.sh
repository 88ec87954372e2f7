#!/usr/bin/env bash
# End-to-end: a full practice round in the TUI at 80×24, driven through tmux.
#
# Starts `prune practice tui --seed 3 --count 3` in a detached 80×24 tmux session (with a
# fresh PRUNE_DATA_DIR), reads the right answers from `prune practice key` on the same set
# (`prune practice export --seed 3 --count 3`), types them with one deliberately wrong,
# checks the verdicts and the summary on screen, quits with Esc, checks that the shell in
# the pane is sane again (`stty -a`: icanon and echo on) and that the progress file was
# written. Then a shorter look at 160×48 and at a too-small size.
#
# Usage: tests/e2e/practice_round.sh   (from anywhere; needs tmux, jq)
# Prints one line per check and `N passed, M failed`; exits non-zero on any failure.
# KEEP=1 leaves the temp dir (with screen captures) for inspection.

set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 2

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }
check() { # check NAME COMMAND... : passes when the command succeeds
    local name=$1
    shift
    if "$@"; then ok "$name"; else bad "$name"; fi
}

for tool in tmux jq; do
    command -v "$tool" >/dev/null || { echo "needs $tool"; echo "0 passed, 1 failed"; exit 1; }
done

if [ -n "${PRUNE_BIN:-}" ]; then
    BIN=$PRUNE_BIN
else
    cargo build --release --quiet || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
    BIN=$PWD/target/release/prune
fi

TMP=$(mktemp -d)
SESSION="prune-e2e-$$"
cleanup() {
    tmux kill-session -t "$SESSION" 2>/dev/null
    tmux kill-session -t "$SESSION-wide" 2>/dev/null
    tmux kill-session -t "$SESSION-small" 2>/dev/null
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT

screen() { tmux capture-pane -t "$1" -p; }

# wait_for SESSION TEXT [SECONDS]: until TEXT is on the screen (fixed string).
wait_for() {
    local i
    for i in $(seq 1 $((${3:-10} * 10))); do
        if screen "$1" | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
    done
    echo "---- screen of $1 while waiting for: $2"
    screen "$1"
    echo "----"
    return 1
}

# A pane running a plain shell with its own data dir, so the round's progress is isolated.
start_shell() { # start_shell SESSION WIDTH HEIGHT
    new_session -d -s "$1" -x "$2" -y "$3" \
        "env -i PATH=$PATH HOME=$TMP TERM=xterm-256color PRUNE_DATA_DIR=$TMP/data PS1='e2e\$ ' bash --norc --noprofile"
    wait_for "$1" 'e2e$' 5
}

# ---- the answers, from the same set the TUI will draw
"$BIN" practice export --seed 3 --count 3 >"$TMP/set.json"
"$BIN" practice key "$TMP/set.json" >"$TMP/key.json"
mapfile -t IDS < <(jq -r '.items[].id' "$TMP/set.json")
check "the set has 3 problems" test "${#IDS[@]}" -eq 3
answer() { jq -r --arg id "$1" '.[$id]' "$TMP/key.json"; }

# ---- the round at 80×24
start_shell "$SESSION" 80 24 || bad "shell starts"
tmux send-keys -t "$SESSION" "$BIN practice tui --seed 3 --count 3" Enter
wait_for "$SESSION" "problem 1/3" >/dev/null
screen "$SESSION" >"$TMP/screen-1.txt"

for i in 0 1 2; do
    n=$((i + 1))
    right=$(answer "${IDS[$i]}")
    if [ "$i" = 1 ]; then
        # Deliberately wrong: the right answer with its last word left out.
        typed=${right% *}
    else
        typed=$right
    fi
    check "problem $n/3 is posed" wait_for "$SESSION" "problem $n/3"
    tmux send-keys -t "$SESSION" -l -- "$typed"
    check "problem $n: the answer shows as typed" wait_for "$SESSION" "› $typed"
    tmux send-keys -t "$SESSION" Enter
    if [ "$i" = 1 ]; then
        check "problem $n: wrong verdict names the node" wait_for "$SESSION" "✗ Wrong at node ${right##* }."
        check "problem $n: expected answer shown" wait_for "$SESSION" "Expected: $right"
        check "problem $n: trace call cited" wait_for "$SESSION" 'See call '
    else
        check "problem $n: correct verdict" wait_for "$SESSION" "✓ Correct: $right"
    fi
    screen "$SESSION" >"$TMP/screen-verdict-$n.txt"
    tmux send-keys -t "$SESSION" n
done

check "summary: 2/3 correct" wait_for "$SESSION" "Round complete: 2/3 correct"
check "summary: leaves 0/1" wait_for "$SESSION" "leaves        0/1  ✗"
check "summary: decision 1/1" wait_for "$SESSION" "decision      1/1  ✓"
screen "$SESSION" >"$TMP/screen-summary.txt"

tmux send-keys -t "$SESSION" Escape
check "after Esc the shell prints the score" wait_for "$SESSION" "2 of 3 correct"
# The prompt (seen at the start too) must be the last line now, on a line of its own.
prompt_last() {
    local i
    for i in $(seq 1 50); do
        [ "$(screen "$1" | grep -v '^ *$' | tail -n 1 | sed 's/ *$//')" = 'e2e$' ] && return 0
        sleep 0.1
    done
    screen "$1"
    return 1
}
check "the shell prompt is back" prompt_last "$SESSION"

tmux send-keys -t "$SESSION" "stty -a > $TMP/stty.txt; echo stty-done" Enter
wait_for "$SESSION" "stty-done" >/dev/null
check "terminal: icanon is on" grep -qE '(^|[ ;])icanon([ ;]|$)' "$TMP/stty.txt"
check "terminal: echo is on" grep -qE '(^|[ ;])echo([ ;]|$)' "$TMP/stty.txt"
# The pane's shell works the line out: the typed text must echo, and its result appear.
tmux send-keys -t "$SESSION" -l 'echo sum-$((6 * 7))'
tmux send-keys -t "$SESSION" Enter
check "terminal: typed text echoes" wait_for "$SESSION" 'echo sum-$((6 * 7))'
check "terminal: the shell runs it" wait_for "$SESSION" 'sum-42'

P=$TMP/data/progress.json
check "progress file written" test -s "$P"
check "progress: 3 attempts, 2 correct" test "$(jq -c '[.attempts, .correct]' "$P" 2>/dev/null)" = "[3,2]"
check "progress: leaves 0 of 1" test "$(jq -c '.by_kind.leaves | [.attempts, .correct]' "$P" 2>/dev/null)" = "[1,0]"
tmux kill-session -t "$SESSION"

# ---- the same round at 160×48 with NO_COLOR; q typed as a letter, Ctrl-C to quit
# SGR colour parameters: 30-38/40-48 (38;5 and 48;5 too), 90-97/100-107; 39/49 only reset to
# the default colours, and bold or reverse are not colour.
no_colour() { ! tmux capture-pane -t "$1" -p -e | grep -qE $'\e\\[([0-9;]*;)?(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;[0-9;]*)?m'; }
start_shell "$SESSION-wide" 160 48 || bad "wide shell starts"
tmux send-keys -t "$SESSION-wide" "NO_COLOR=1 $BIN practice tui --seed 3 --count 3" Enter
check "160×48: problem 1/3 is posed" wait_for "$SESSION-wide" "problem 1/3"
tmux send-keys -t "$SESSION-wide" -l -- "$(answer "${IDS[0]}")"
tmux send-keys -t "$SESSION-wide" Enter
check "160×48: correct verdict" wait_for "$SESSION-wide" "✓ Correct: $(answer "${IDS[0]}")"
check "160×48: NO_COLOR, no colour on screen" no_colour "$SESSION-wide"
tmux send-keys -t "$SESSION-wide" n
wait_for "$SESSION-wide" "problem 2/3" >/dev/null
tmux send-keys -t "$SESSION-wide" -l "q"
check "160×48: q is typed, not quit" wait_for "$SESSION-wide" "› q"
screen "$SESSION-wide" >"$TMP/screen-wide.txt"
tmux send-keys -t "$SESSION-wide" C-c
check "160×48: Ctrl-C quits" wait_for "$SESSION-wide" "1 of 1 correct"
tmux kill-session -t "$SESSION-wide"

# ---- too small, then resized to fit
start_shell "$SESSION-small" 40 12 || bad "small shell starts"
tmux send-keys -t "$SESSION-small" "$BIN practice tui --seed 3 --count 3" Enter
check "40×12: asks for a larger terminal" wait_for "$SESSION-small" "make the terminal at least"
screen "$SESSION-small" >"$TMP/screen-small.txt"
tmux resize-window -t "$SESSION-small" -x 80 -y 24
check "resized to 80×24: the round appears" wait_for "$SESSION-small" "problem 1/3"
tmux send-keys -t "$SESSION-small" Escape
check "40×12: Esc quits" wait_for "$SESSION-small" "0 of 0 correct"
tmux kill-session -t "$SESSION-small"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
