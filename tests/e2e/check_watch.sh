#!/usr/bin/env bash
# End-to-end test of `prune check --watch CMD` in a real terminal (tmux): the watch checks the
# command's output at once, a save of the file the command names runs it again and shows the
# new verdict (only its first failure), and Ctrl-C ends the watch cleanly, back at the shell.
# Run from anywhere: bash tests/e2e/check_watch.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start check-watch
DATA=$(mktemp -d)
trap 'cleanup; rm -rf "$DATA"' EXIT

# The "engine": a script that prints the file beside it; prune's own run to start with.
"$BIN" check --print 002-two-branch-cutoff --run alpha-beta >"$DATA/run.jsonl"
printf '#!/bin/sh\ncat "$(dirname "$0")/run.jsonl"\n' >"$DATA/engine.sh"

new_session -d -s "$S" -x 160 -y 40 \
    "env -i HOME=$HOME PATH=$PATH TERM=xterm-256color PS1='e2e\$ ' bash --norc --noprofile"
tmux set-option -t "$S" status off >/dev/null
wait_for 'e2e$' 30 || true
keys "cd $DATA && $BIN check --watch 'sh engine.sh run.jsonl' --against 002-two-branch-cutoff --run alpha-beta" Enter
expect "the watch names the files it watches" "watching engine.sh, run.jsonl"
expect "the first run is sound and prune's run" "run 1: sound"

# A save: a's return 3 becomes 4 (line 8), written the way an editor writes a file.
sed '8s/"value":3/"value":4/' "$DATA/run.jsonl" >"$DATA/run.new" && mv "$DATA/run.new" "$DATA/run.jsonl"
touch -d '+5 seconds' "$DATA/run.jsonl"
expect "the save runs the command again and shows the first unsound line" "run 2: unsound: line 8:"
if [ "$(screen | grep -c '^run 2')" = 1 ]; then ok "the second run is one line"; else bad "the second run is one line"; fi

keys C-c
expect "Ctrl-C ends the watch with a line saying so" "stopped watching after 2 runs"
wait_for 'e2e$' 30 || true
keys "echo status=\$?" Enter
expect "the watch ended with exit code 0" "status=0"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
