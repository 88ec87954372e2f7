#!/usr/bin/env bash
# End-to-end test of the course in a real terminal (tmux, 80x24), as a new student meets it:
# `prune` opens the course at chapter 1 with its progress line; Enter opens the first lesson;
# quitting and starting `prune` again resumes there, marked opened; the student skips ahead to
# 004-abc-tree, whose objective's check is a practice round, answers its items right (from the
# answer key prune prints for the lessons' items), and on the next start the lesson is marked
# learnt and the progress line counts the objective. Run from anywhere: bash tests/e2e/course.sh.
set -u
# shellcheck source=tmux.bash
source "$(dirname "${BASH_SOURCE[0]}")/tmux.bash"
cd "$(dirname "$0")/../.." || exit 1
e2e_start course
DATA=$(mktemp -d)
trap 'cleanup; rm -rf "$DATA"' EXIT

# The answers of 004-abc-tree's own practice items, in the order its round asks them.
"$BIN" practice export --lessons --count 0 >"$DATA/set.json"
"$BIN" practice key "$DATA/set.json" >"$DATA/key.json"
mapfile -t IDS < <(jq -r '.items[].id | select(startswith("004-abc-tree"))' "$DATA/set.json")
if [ "${#IDS[@]}" -gt 0 ]; then ok "004-abc-tree has practice items"; else bad "004-abc-tree has practice items"; fi

start() {
    new_session -d -s "$S" -x 80 -y 24 \
        "env -i HOME=$HOME PATH=$PATH TERM=xterm-256color PRUNE_DATA_DIR=$DATA PS1='e2e\$ ' bash --norc --noprofile"
    tmux set-option -t "$S" status off >/dev/null
    wait_for 'e2e$' 30 || true
}
start

keys "$BIN" Enter
expect "prune opens the course at chapter 1" "Chapter 1 of 6 · "
expect "the progress line fits 80 columns" "lessons opened 0 of 61"
expect "nothing is done yet" "objectives learnt 0 of"
expect "the first lesson of chapter 1 is listed first" "000-terminal-root · A terminal root"
keys Enter
expect "Enter opens the first lesson" "000-terminal-root"
keys q
wait_for 'e2e$' 30 || true
if grep -q '"current":"000-terminal-root"' "$DATA/progress.json" 2>/dev/null; then
    ok "the lesson opened is saved as the one the student is on"
else
    bad "the lesson opened is saved as the one the student is on"
fi

keys clear Enter
keys "$BIN" Enter
expect "the course resumes with the lesson counted" "lessons opened 1 of"
expect "and marked opened" "1 • 000-terminal-root"

# Skip ahead: the picker's filter finds 004-abc-tree; its practice round is its check.
keys -l "abc-tree"
keys Enter
expect "the lesson skipped ahead to opens" "004-abc-tree"
keys e
for id in "${IDS[@]}"; do
    right=$(jq -r --arg id "$id" '.[$id]' "$DATA/key.json")
    wait_for "problem" 30 || true
    tmux send-keys -t "$S" -l -- "$right"
    sleep 0.2
    keys Enter
    expect "item $id is graded right" "✓ Correct"
    keys n
done
expect "the round is complete" "Round complete: ${#IDS[@]}/${#IDS[@]} correct"
keys Escape
keys q
wait_for 'e2e$' 30 || true
if grep -q '"practice 004-abc-tree":100' "$DATA/progress.json" 2>/dev/null; then
    ok "the check's score is saved"
else
    bad "the check's score is saved"
    cat "$DATA/progress.json" 2>/dev/null
fi

keys clear Enter
keys "$BIN" Enter
expect "the course resumes where the student was" "2 ✓ 004-abc-tree"
expect "the objective counts as learnt" "objectives learnt 1 of"
keys Escape
keys q
wait_for 'e2e$' 30 || true
keys "$BIN course | tail -n 3" Enter
expect "prune course names the next step" "Next: "
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
