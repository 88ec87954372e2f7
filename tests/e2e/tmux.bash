# Shared by the end-to-end scripts (sourced, not run: .ci/run runs only tests/e2e/*.sh).
# A private tmux server for this run: other tmux users cannot interfere with it.
TMUX_SOCKET="prune-e2e-$$"
tmux() { command tmux -L "$TMUX_SOCKET" "$@"; }
# A server whose last session was just killed may still be exiting: retry starting one.
new_session() {
    for _ in 1 2 3 4 5; do
        tmux new-session "$@" 2>/dev/null && return 0
        sleep 0.3
    done
    tmux new-session "$@"
}

# The checks every script shares: its session is $S, and it counts into $passed and $failed.
screen() { tmux capture-pane -p -t "$S"; }
ok() { passed=$((passed + 1)); echo "ok   - $1"; }
bad() {
    failed=$((failed + 1))
    echo "FAIL - $1"
    echo "----- screen -----"
    screen
    echo "------------------"
}
# wait_for PATTERN [tenths of a second]: poll the screen until a fixed string appears.
wait_for() {
    local tries=${2:-50}
    for _ in $(seq 1 "$tries"); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    return 1
}
expect() { # expect NAME PATTERN
    if wait_for "$2"; then ok "$1"; else bad "$1 (looked for '$2')"; fi
}
keys() { tmux send-keys -t "$S" "$@"; sleep 0.15; }
# closes_with_terminal NAME SESSION: kills SESSION (its window is closed) and checks that the
# program in its pane is gone within 3 s (SIGKILL otherwise, so nothing outlives the test).
closes_with_terminal() {
    local name=$1 gone_pid
    gone_pid=$(tmux list-panes -t "$2" -F '#{pane_pid}' 2>/dev/null | head -1)
    tmux kill-session -t "$2"
    for _ in $(seq 1 30); do
        [ -n "$gone_pid" ] && kill -0 "$gone_pid" 2>/dev/null || break
        sleep 0.1
    done
    if [ -n "$gone_pid" ] && kill -0 "$gone_pid" 2>/dev/null; then
        failed=$((failed + 1))
        echo "FAIL - $name: still running 3 s after its terminal was closed"
        kill -9 "$gone_pid" 2>/dev/null
    else
        ok "$name: ends when its terminal is closed"
    fi
}

# e2e_start NAME: what every script does first (from the repository root): tmux is there, the
# binary under test is $BIN ($PRUNE_BIN, or a fresh release build), the session is $S, the
# counters start at 0, and the session is killed however the script ends.
e2e_start() {
    command -v tmux >/dev/null || { echo "tmux is not installed"; echo "0 passed, 1 failed"; exit 1; }
    if [ -n "${PRUNE_BIN:-}" ]; then
        BIN=$PRUNE_BIN
    else
        cargo build --release --quiet || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
        BIN="$PWD/target/release/prune"
    fi
    S="prune-e2e-$1-$$"
    passed=0
    failed=0
    trap cleanup EXIT
}
cleanup() { tmux kill-session -t "$S" 2>/dev/null || true; }
