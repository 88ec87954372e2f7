#!/usr/bin/env bash
# End-to-end test of `prune check --open` in a real terminal (tmux, 80x24 and 200x50): a file
# whose one return differs from prune's run opens the tutor at the step where they part, and
# the footer there says what differed (the line, the field, both values), as the report does.
# Run from anywhere: bash tests/e2e/check_open.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start check-open
DATA=$(mktemp -d)
trap 'cleanup; rm -rf "$DATA"' EXIT

# prune's own run with a's return changed from 3 to 4 (line 8 of the file).
"$BIN" check --print 002-two-branch-cutoff --run alpha-beta >"$DATA/right.jsonl"
sed '8s/"value":3/"value":4/' "$DATA/right.jsonl" >"$DATA/mine.jsonl"
if [ "$(sed -n 8p "$DATA/mine.jsonl")" = '{"event":"return","node":"a","value":4,"move":0}' ]; then
    ok "the test's file changes a's return on line 8"
else
    bad "the test's file changes a's return on line 8"
fi
report=$(cd "$DATA" && "$BIN" check mine.jsonl --against 002-two-branch-cutoff --run alpha-beta)
step=$(sed -n 's/.*it opens .* at step \([0-9]*\)).*/\1/p' <<<"$report")
if [ -n "$step" ]; then ok "the report names the step --open opens ($step)"; else bad "the report names the step --open opens: $report"; fi

for size in "80 24" "200 50"; do
    read -r w h <<<"$size"
    new_session -d -s "$S" -x "$w" -y "$h" \
        "env -i HOME=$HOME PATH=$PATH TERM=xterm-256color PRUNE_DATA_DIR=$DATA PS1='e2e\$ ' bash --norc --noprofile"
    tmux set-option -t "$S" status off >/dev/null
    wait_for 'e2e$' 30 || true
    keys "cd $DATA && $BIN check mine.jsonl --against 002-two-branch-cutoff --run alpha-beta --open" Enter
    expect "${w}x$h: the tutor opens at step $step" " $step/"
    flat=$(screen | tr -s ' \n' ' ')
    for part in "mine.jsonl parts from prune's run" "at line 8" "return's value: yours 4, prune's 3"; do
        if grep -qF -- "$part" <<<"$flat"; then
            ok "${w}x$h: the footer says '$part'"
        else
            bad "${w}x$h: the footer says '$part'"
        fi
    done
    keys q
    wait_for 'e2e$' 30 || true
    cleanup
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
