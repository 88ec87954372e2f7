#!/usr/bin/env bash
# End-to-end: whatever the tutor or a practice round is doing when SIGTERM, SIGHUP, SIGINT or
# SIGQUIT comes (and, at the tutor stepping, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM or SIGPROF),
# the process ends with status 128 + signal and leaves a sane terminal:
# canonical mode and echo on (`stty -a`), off the alternate screen, no mouse reporting, the
# cursor shown, a typed command echoing and running. For each signal:
#   - the tutor after `O` on a FIFO (refused by name; the tutor keeps working);
#   - the tutor after `e` (practice) with the progress file a FIFO (refused the same way);
#   - the tutor whose main thread is stuck for good in open(2) on a FIFO
#     (PRUNE_TEST_BLOCK_ON), so only the signal watcher can restore;
#   - the tutor during a long live re-run (heavy-64 at depth 12 with the table turned off, `m`);
#   - the tutor while a heavy lesson is being opened (1,000,000 calls);
#   - `prune practice tui`, idle and stuck on a FIFO.
# SIGTSTP stops the tutor with the terminal sane, and `fg` redraws it in its own modes.
# Then: a stuck tutor whose tmux session is killed (the terminal goes away) does not survive.
#
# Usage: bash tests/e2e/signals.sh   (from anywhere; needs tmux and jq; builds the release
# binary itself). PRUNE_BIN=/path/to/prune runs the cases against another binary instead.
# KEEP=1 leaves the temp dir. Prints one line per check and `N passed, M failed`.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 2
for tool in tmux jq; do
    command -v "$tool" >/dev/null || { echo "needs $tool"; echo "0 passed, 1 failed"; exit 1; }
done
if [ -n "${PRUNE_BIN:-}" ]; then
    BIN=$PRUNE_BIN
else
    cargo build --release --quiet || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
    BIN=$PWD/target/release/prune
fi

S="prune-sig-$$"
TMP=$(mktemp -d)
passed=0
failed=0
cleanup() {
    tmux kill-server 2>/dev/null || true
    if [ "${KEEP:-0}" = 1 ]; then echo "kept $TMP"; else rm -rf "$TMP"; fi
}
trap cleanup EXIT


# Fixtures: a FIFO nobody writes to, a data dir whose progress file is one, and a lesson whose
# only preset searches a million calls (recorded in about a quarter of a second).
mkfifo "$TMP/fifo"
mkdir -p "$TMP/data" "$TMP/fifo-data"
mkfifo "$TMP/fifo-data/progress.json"
jq '{title: "heavy", graph: ., runs: [{name: "deep", depth: 12, qlimit: 6, table: false,
    ordering: false}]}' assets/heavy-64.json >"$TMP/heavy-lesson.json"

# A plain shell in a 100×30 pane, with its own practice data dir (default: an empty one).
new_shell() { # new_shell [DATA_DIR]
    tmux kill-session -t "$S" 2>/dev/null || true
    new_session -d -s "$S" -x 100 -y 30 \
        "env -i HOME=$TMP HISTFILE= PATH=$PATH TERM=xterm-256color PRUNE_DATA_DIR=${1:-$TMP/data} PS1='e2e\$ ' bash --norc --noprofile"
    tmux set-option -t "$S" status off >/dev/null
    wait_for 'e2e$' 30 || true
}

# The pid of the program running in the pane (the shell's child).
app_pid() { pgrep -P "$(tmux display-message -p -t "$S" '#{pane_pid}')" | head -n 1; }

# signal_restores NAME SIGNAL: sends SIGNAL to the program in the pane, then checks that it
# ends within 3 s with status 128 + signal (the command line echoes `exit=$?`) and that the
# terminal is sane again.
signal_restores() {
    local name=$1 sig=$2 pid code modes
    code=$((128 + $(kill -l "$sig")))
    pid=$(app_pid)
    if [ -z "$pid" ]; then
        bad "$name: no process to signal"
        return
    fi
    kill -s "$sig" "$pid"
    for _ in $(seq 1 30); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        bad "$name: still running 3 s after SIG$sig"
        kill -9 "$pid" 2>/dev/null
        sleep 0.3
    else
        ok "$name: the process ended"
    fi
    expect "$name: exit status $code" "exit=$code"
    # tmux's view of the pane: alternate screen, the four mouse modes, then the cursor.
    modes=$(tmux display-message -p -t "$S" \
        '#{alternate_on}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}')
    if [ "$modes" = "000001" ]; then
        ok "$name: off the alternate screen, no mouse reporting, cursor shown"
    else
        bad "$name: screen modes left on (alternate, mouse ×4, cursor = $modes)"
    fi
    tmux send-keys -t "$S" "stty -a | tr ' ;' '\n\n' | grep -cx -e icanon -e echo; echo typed-\$((40 + 2))" Enter
    if wait_for "typed-42" 30 && screen | grep -qx "2" && screen | grep -qF "stty -a"; then
        ok "$name: icanon and echo on, a typed command echoes and runs"
    else
        bad "$name: the terminal is not restored"
    fi
}

for sig in TERM HUP INT QUIT; do
    # 1. `O` on a FIFO: refused at once, the tutor keeps stepping, then the signal.
    new_shell
    keys "$BIN open 000-worked-tree; echo exit=\$?" Enter
    wait_for "step 0/" 50 || true
    keys O
    tmux send-keys -t "$S" -l "$TMP/fifo"
    keys Enter
    expect "SIG$sig, O on a FIFO: refused by name" "not a regular file"
    keys l
    expect "SIG$sig, O on a FIFO: the tutor still steps" "step 1/"
    signal_restores "SIG$sig after O on a FIFO" "$sig"

    # 2. A practice round from the tutor with the progress file a FIFO.
    new_shell "$TMP/fifo-data"
    keys "$BIN open 000-worked-tree; echo exit=\$?" Enter
    wait_for "step 0/" 50 || true
    keys e
    expect "SIG$sig, progress file a FIFO: refused by name" "not a regular file"
    keys l
    expect "SIG$sig, progress file a FIFO: the tutor still steps" "step 1/"
    signal_restores "SIG$sig after e with a FIFO progress file" "$sig"

    # 3. The main thread stuck in open(2) on a FIFO for good: q does nothing, the signal must.
    new_shell
    keys "PRUNE_TEST_BLOCK_ON=$TMP/fifo $BIN open 000-worked-tree; echo exit=\$?" Enter
    wait_for "step 0/" 50 || true
    sleep 0.3
    signal_restores "SIG$sig with the main thread stuck on a FIFO" "$sig"

    # 4. During a long live re-run (the table turned off: a million calls).
    new_shell
    keys "$BIN open assets/heavy-64.json --depth 12; echo exit=\$?" Enter
    wait_for "? help" 100 || true
    tmux send-keys -t "$S" m
    sleep 0.1
    signal_restores "SIG$sig during a re-run" "$sig"

    # 5. While a heavy lesson is being opened with `O`.
    new_shell
    keys "$BIN open 000-worked-tree; echo exit=\$?" Enter
    wait_for "step 0/" 50 || true
    keys O
    tmux send-keys -t "$S" -l "$TMP/heavy-lesson.json"
    tmux send-keys -t "$S" Enter
    sleep 0.05
    signal_restores "SIG$sig while a heavy lesson opens" "$sig"

    # 6. `prune practice tui`, waiting for an answer.
    new_shell
    keys "$BIN practice tui --seed 3 --count 3; echo exit=\$?" Enter
    wait_for "problem 1/3" 50 || true
    signal_restores "SIG$sig in prune practice tui" "$sig"

    # 7. `prune practice tui` with its main thread stuck on a FIFO.
    new_shell
    keys "PRUNE_TEST_BLOCK_ON=$TMP/fifo $BIN practice tui --seed 3 --count 3; echo exit=\$?" Enter
    wait_for "problem 1/3" 50 || true
    sleep 0.3
    signal_restores "SIG$sig in prune practice tui stuck on a FIFO" "$sig"
done

# 8. Every other signal whose default action ends the process, at the tutor stepping.
for sig in USR1 USR2 ALRM VTALRM PROF; do
    new_shell
    keys "$BIN open 000-worked-tree; echo exit=\$?" Enter
    wait_for "step 0/" 50 || true
    keys l
    expect "SIG$sig: the tutor steps" "step 1/"
    signal_restores "SIG$sig at the tutor" "$sig"
done

# 9. SIGTSTP suspends with the terminal given back; `fg` brings the tutor back whole, in raw
# mode (a single key acts at once) on the alternate screen. The stopped job's line goes on
# (`exit=148`), as bash goes on with a list whose command stopped.
new_shell
keys "$BIN open 000-worked-tree; echo exit=\$?" Enter
wait_for "step 0/" 50 || true
keys l
expect "SIGTSTP: the tutor steps" "step 1/"
pid=$(app_pid)
kill -s TSTP "$pid"
expect "SIGTSTP: the shell reports the job stopped" "Stopped"
expect "SIGTSTP: the shell goes on with the line" "exit=148"
modes=$(tmux display-message -p -t "$S" \
    '#{alternate_on}#{mouse_standard_flag}#{mouse_button_flag}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}')
if [ "$modes" = "000001" ]; then
    ok "SIGTSTP: off the alternate screen, no mouse reporting, cursor shown"
else
    bad "SIGTSTP: screen modes left on (alternate, mouse ×4, cursor = $modes)"
fi
tmux send-keys -t "$S" "stty -a | tr ' ;' '\n\n' | grep -cx -e icanon -e echo; echo typed-\$((40 + 2))" Enter
if wait_for "typed-42" 30 && screen | grep -qx "2"; then
    ok "SIGTSTP: icanon and echo on while stopped"
else
    bad "SIGTSTP: the terminal is not restored while stopped"
fi
keys "fg" Enter
# The tutor drew "step 1/" on the alternate screen only: seeing it again means a redraw.
expect "fg: the tutor is drawn again" "step 1/"
if [ "$(tmux display-message -p -t "$S" '#{alternate_on}#{mouse_any_flag}')" = "11" ]; then
    ok "fg: on the alternate screen with mouse reporting"
else
    bad "fg: the tutor's screen modes are not back"
fi
# In cooked mode a lone `l` would wait for Enter; in raw mode it steps at once.
tmux send-keys -t "$S" l
expect "fg: a single key steps again" "step 2/"
keys q
keys "echo after-fg=\$?" Enter
expect "fg: q quits with status 0" "after-fg=0"

# 10. A stuck tutor whose terminal goes away (its tmux session is killed) must not live on.
gone_case() { # gone_case NAME ENV...: the tutor with ENV in a pane of its own, then e
    local name=$1 W="prune-sig-gone-$$"
    shift
    new_session -d -s "$W" -x 100 -y 30 "env $* $BIN open 000-worked-tree"
    sleep 1
    tmux send-keys -t "$W" e
    sleep 0.3
    closes_with_terminal "$name" "$W"
}
gone_case "stuck on a FIFO" "PRUNE_TEST_BLOCK_ON=$TMP/fifo" "PRUNE_DATA_DIR=$TMP/data"
gone_case "e with a FIFO progress file" "PRUNE_DATA_DIR=$TMP/fifo-data"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
