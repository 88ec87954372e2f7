#!/usr/bin/env bash
# End-to-end test of the tutor in a real terminal (tmux, 100x30 pane): drive it with keys, read
# the screen with capture-pane, and check that the shell is usable again after q, Ctrl-C,
# SIGTERM, SIGHUP and a panic (terminal modes restored, typed commands echo and run). Signals
# in every state (busy, stuck, in a practice round) are tests/e2e/signals.sh.
# Run from anywhere: bash tests/e2e/tui.sh. Needs tmux; builds the release binary itself.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
command -v tmux >/dev/null || { echo "tmux is not installed"; echo "0 passed, 1 failed"; exit 1; }
if [ -n "${PRUNE_BIN:-}" ]; then
    BIN=$PRUNE_BIN # another binary, e.g. to see a case fail before a fix
else
    cargo build --release --quiet || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
    BIN="$PWD/target/release/prune"
fi
S="prune-e2e-$$"
passed=0
failed=0

cleanup() { tmux kill-session -t "$S" 2>/dev/null || true; }
trap cleanup EXIT

# Polls every 10 ms (for timing the first frame).
wait_for_fast() {
    for _ in $(seq 1 500); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.01
    done
    return 1
}

# A progress file of its own, so the course starts at its beginning whatever this machine's
# user has done.
DATA=$(mktemp -d)
trap 'cleanup; rm -rf "$DATA"' EXIT
new_shell() {
    cleanup
    new_session -d -s "$S" -x 100 -y 30 \
        "env -i HOME=$HOME PATH=$PATH TERM=xterm-256color PRUNE_DATA_DIR=$DATA PS1='e2e\$ ' bash --norc --noprofile"
    tmux set-option -t "$S" status off >/dev/null
    wait_for 'e2e$' 30 || true
}

# The pid of the program running in the pane (the shell's child).
app_pid() { pgrep -P "$(tmux display-message -p -t "$S" '#{pane_pid}')" | head -n 1; }

# After the tutor ends: canonical mode and echo are back, and a typed command runs.
shell_usable() { # shell_usable NAME EXPECTED_STATUS
    # Give the tutor time to finish restoring before typing (keys typed earlier go to it).
    sleep 0.7
    keys "echo status=\$?; stty -a | tr ' ;' '\n\n' | grep -cx -e icanon -e echo -e isig; echo typed-\$((40 + 2))" Enter
    if wait_for "typed-42" 30 && screen | grep -qx "3" && screen | grep -qF "stty -a"; then
        ok "$1: terminal modes restored and the shell works"
    else
        bad "$1: terminal not restored"
    fi
    if [ -n "${2:-}" ]; then
        expect "$1: exit status $2" "status=$2"
    fi
}

# 1. Open the worked tree, step to the MIN 2 cutoff, then to the next store; quit with q.
new_shell
start=$(date +%s%N)
tmux send-keys -t "$S" "$BIN open 000-worked-tree --run worked" Enter
if wait_for_fast "step 0/98"; then
    ms=$((($(date +%s%N) - start) / 1000000))
    ok "first frame drawn (${ms} ms after the command was typed, incl. tmux polling)"
else
    bad "first frame drawn"
fi
keys x
expect "cutoff jump shows the step counter" "step 75/98"
expect "cutoff mark on screen" "✂"
expect "window of MIN 2 is (α, β) = (3, 2)" "│     3      2 │"
expect "stack header names α and β" "α₀     β₀ │     α      β"
expect "narration explains the cutoff" "so MAX already has something better"
keys s
expect "stored flag on screen" "UPPER"
keys '?'
expect "help generated from the binding table" "next cutoff"
keys Escape
keys c
expect "comparison with minimax" "minimax: call"
keys q
shell_usable "quit with q" 0

# 2. The lesson picker (no arguments), then Ctrl-C.
new_shell
keys "$BIN" Enter
# Part 1 opened the worked tree: the course resumes there, in chapter 3, marked opened.
expect "the picker opens at the lesson opened last, marked" "3 • 000-worked-tree · The worked tree"
expect "with the course's progress line" "Chapter 3 of 6 · objectives learnt 0 of 16 · lessons opened 1 of 61"
# The filter finds the transposition lesson; Enter opens its first run.
keys -l "000-transposition"
expect "the filter keeps the transposition lesson" "000-transposition · Transpositions"
keys Enter
expect "transposition lesson opened" "transposition · 000-transposition"
keys t
expect "first table hit marked" "◆"
keys C-c
shell_usable "quit with Ctrl-C" 0

# 3. SIGTERM while playing.
new_shell
keys "$BIN open 000-transposition --run transposition" Enter
wait_for "step 0/" 50 || true
keys + + +
keys Space
expect "playing" "playing every"
pid=$(app_pid)
if [ -n "$pid" ]; then kill -TERM "$pid"; ok "sent SIGTERM to $pid"; else bad "no tutor process to signal"; fi
shell_usable "SIGTERM mid-run" 143

# 4. SIGHUP.
new_shell
keys "$BIN open 000-tactical --run quiescence" Enter
wait_for "step 0/" 50 || true
keys l l l
pid=$(app_pid)
if [ -n "$pid" ]; then kill -HUP "$pid"; ok "sent SIGHUP to $pid"; else bad "no tutor process to signal"; fi
shell_usable "SIGHUP" 129

# 5. A panic inside the loop (PRUNE_TEST_PANIC makes the tutor panic after its first frame).
new_shell
keys "PRUNE_TEST_PANIC=1 $BIN open 000-worked-tree" Enter
expect "panic message printed on the restored screen" "PRUNE_TEST_PANIC"
shell_usable "panic" 101

# 6. Resizing to below the minimum shows the message, and back.
new_shell
keys "$BIN open 000-worked-tree" Enter
wait_for "step 0/" 50 || true
tmux resize-window -t "$S" -x 50 -y 12 2>/dev/null || tmux resize-pane -t "$S" -x 50 -y 12
expect "too-small message" "too small"
tmux resize-window -t "$S" -x 100 -y 30 2>/dev/null || tmux resize-pane -t "$S" -x 100 -y 30
expect "full screen again after resize" "step 0/"
keys q
shell_usable "quit after resize" 0

# 6b. A uniform tree opens with the default options (it is searched to its leaves).
new_shell
keys "$BIN open --game uniform --branching 2 --depth 3 --leaves best" Enter
expect "a uniform tree opens on its defaults" "step 0/"
keys q
shell_usable "quit a uniform tree" 0

# 7. The terminal itself goes away (its window is closed): the tutor must exit, not spin.
W="prune-e2e-gone-$$"
new_session -d -s "$W" -x 100 -y 30 "$BIN open 000-worked-tree"
sleep 1
closes_with_terminal "the tutor" "$W"

# 8. A saved trace: it opens as recorded; without its lesson, a live change is refused by
#    name; a million-call run re-runs with progress in the footer, and q quits during it.
SAVED="$(mktemp -d)"
"$BIN" trace 000-worked-tree --run worked --format json > "$SAVED/worked.json"
jq '.header.lesson = "gone/worked.json"' "$SAVED/worked.json" > "$SAVED/detached.json"
new_shell
keys "$BIN open $SAVED/worked.json" Enter
expect "saved trace opens on its lesson" "worked · 000-worked-tree"
keys G
expect "saved trace replays to its end (seed 000: value 3 in 12 calls)" "call 12/12"
keys q
shell_usable "quit a saved trace" 0
new_shell
keys "$BIN open $SAVED/detached.json" Enter
expect "a trace without its lesson still opens" "gone/worked.json"
keys r
expect "a live change says the lesson is needed" "changing the run needs the lesson gone/worked.json: it is not found"
keys q
shell_usable "quit a detached trace" 0
new_shell
keys "$BIN open assets/heavy-64.json --depth 12 --qlimit 6 --tt off --ordering off" Enter
wait_for "? help" 100 || true
keys r
expect "a long re-run shows its progress" "Esc stops it"
keys q
shell_usable "quit during a re-run" 0

# 9. Opening a heavy lesson (`O`, its preset searches a million calls) records it in the
#    background like a live change: the footer shows its progress, and q quits meanwhile.
jq '{title: "heavy", graph: ., runs: [{name: "deep", depth: 12, qlimit: 6, table: false,
    ordering: false}]}' assets/heavy-64.json >"$SAVED/heavy.json"
new_shell
keys "$BIN open 000-worked-tree" Enter
wait_for "step 0/" 50 || true
keys O
tmux send-keys -t "$S" -l "$SAVED/heavy.json"
tmux send-keys -t "$S" Enter
if wait_for_fast "Esc stops"; then ok "opening a heavy lesson shows its progress"; else bad "opening a heavy lesson shows its progress"; fi
keys q
shell_usable "quit while a lesson opens" 0
rm -rf "$SAVED"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
