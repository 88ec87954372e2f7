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
