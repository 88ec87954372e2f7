#!/usr/bin/env bash
# Memory and latency of the tutor and of the headless commands on the million-call run:
# assets/heavy-64.json, depth 12, quiescence 6, table off, ordering off (1,000,000 admitted
# calls, about 6.8 million events). A benchmark, not a test: it is not part of CI.
#
#   benches/tutor_memory.sh                      (builds `cargo build --release`, 5 rounds)
#   ROUNDS=9 benches/tutor_memory.sh
#   BIN=/path/to/prune benches/tutor_memory.sh   (a prebuilt binary; nothing is built)
#   TOGGLE=0 benches/tutor_memory.sh             (steps 1-3 only)
#
# Needs GNU time at /usr/bin/time and tmux. Per round:
# 1. Headless: peak resident memory ("Maximum resident set size" of /usr/bin/time -v) and wall
#    time of `prune trace ...` (table and tsv) and `prune export ... --format dot`, and how
#    soon `prune trace ... | head -1` returns.
# 2. The tutor, `prune open ...` in a 120x35 pane of a private tmux server: the time from
#    launch until the first frame is on screen, polling capture-pane every ~10 ms for the
#    footer's "? help  q quit" (the bottom row, so the rest of the frame is already written;
#    nothing is drawn before the run is recorded). Then the resident memory of the prune
#    process (ps rss) right away and ~1 s later, and its peak (VmHWM) so far.
# 3. Compare mode: `c` (compare with plain minimax), the time until the comparison's header
#    "minimax: call" is drawn, and the resident memory right then and ~1 s later.
#    Then `q`: the time until the process has exited.
# 4. A live toggle in a fresh tutor: `r` (move ordering on / off, which records the run
#    again), the time until the screen first changes and until the bottom row reports
#    "run again with ordering on"; resident memory then. Then `r` again and, 100 ms into that
#    re-run, `q`: the time from `q` until it asks before the live change is lost (a graph
#    opened without a preset counts any change), against an idle tutor's exit (step 3);
#    "honoured promptly" means a median under 200 ms. Then `q` again: the time to exit.
# Every figure is printed as the median, min and max over ROUNDS rounds, one line each.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C

ROUNDS=${ROUNDS:-5}
GRAPH=assets/heavy-64.json
RUN=(--depth 12 --qlimit 6 --tt off --ordering off)
TIMEOUT_MS=120000

if [[ -z ${BIN:-} ]]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/prune
fi
[[ -x $BIN ]] || { echo "no executable at BIN=$BIN" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "needs GNU time at /usr/bin/time" >&2; exit 1; }
command -v tmux > /dev/null || { echo "needs tmux" >&2; exit 1; }

SOCKET="prunebench$$"
SESSION=bench
WORK=$(mktemp -d)
# Empty config: the user's ~/.tmux.conf must not change the pane.
tmx() { tmux -L "$SOCKET" -f /dev/null "$@"; }
SOCKET_PATH=
# A process as start time and name: a pid alone may be reused once the process has gone.
ident() { ps -o lstart=,comm= -p "$1" 2> /dev/null || true; }
# alive PID IDENT: that process is still there and has not exited. An exited pane process can
# stay a zombie for a while after its pane has closed: tmux does not always reap it at once.
alive() {
    [[ $(ident "$1") == "$2" ]] && [[ $(ps -o stat= -p "$1" 2> /dev/null) != Z* ]]
}
cleanup() {
    local pids=() ids=() p i
    # Our panes' processes, noted before the server goes (the hang-up should end them).
    for p in $(tmx list-panes -a -F '#{pane_pid}' 2> /dev/null); do
        pids+=("$p")
        ids+=("$(ident "$p")")
    done
    tmx kill-server 2> /dev/null || true
    for i in "${!pids[@]}"; do
        for _ in {1..20}; do
            alive "${pids[i]}" "${ids[i]}" || continue 2
            sleep 0.1
        done
        kill -KILL "${pids[i]}" 2> /dev/null || true
    done
    # tmux leaves the socket file behind.
    [[ -z $SOCKET_PATH ]] || rm -f "$SOCKET_PATH"
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# A session that only holds the server up: when a measured session ends, the server stays.
tmx new-session -d -s hold -x 20 -y 5 sleep 86400
SOCKET_PATH=$(tmx display-message -p -t hold '#{socket_path}')

# Figures, in the order they are first recorded; samples as space-separated numbers.
declare -a ORDER=()
declare -A SAMPLES=() UNITS=()
record() { # record NAME UNIT VALUE
    if [[ -z ${SAMPLES[$1]+set} ]]; then
        ORDER+=("$1")
        UNITS[$1]=$2
        SAMPLES[$1]=$3
    else
        SAMPLES[$1]+=" $3"
    fi
}

# Milliseconds since the epoch, in NOW (no fork).
now() {
    local t=${EPOCHREALTIME/[.,]/}
    NOW=$((t / 1000))
}

# The pane as text, control characters removed (capture-pane -p already drops the escapes).
screen() {
    tmx capture-pane -p -t "$SESSION" 2> /dev/null |
        sed -e 's/[\x00-\x08\x0b-\x1f\x7f]//g' -e 's/\xc2[\x80-\x9f]//g' || true
}

fail() { # fail MESSAGE: show the screen and stop
    {
        echo
        echo "tutor_memory.sh: $1"
        if tmx has-session -t "$SESSION" 2> /dev/null; then
            echo "----- screen -----"
        else
            echo "----- no session '$SESSION'; sessions: $(tmx list-sessions -F '#S' 2> /dev/null | tr '\n' ' ')"
        fi
        screen
        echo "------------------"
    } >&2
    exit 1
}

# wait_text TEXT: poll every ~10 ms until the screen contains TEXT; sets NOW when it does.
wait_text() {
    local start
    now
    start=$NOW
    while :; do
        [[ $(screen) == *"$1"* ]] && { now; return 0; }
        now
        ((NOW - start < TIMEOUT_MS)) || fail "no '$1' on screen after $((TIMEOUT_MS / 1000)) s"
        sleep 0.01
    done
}

# wait_change BEFORE: poll every ~10 ms until the screen differs from BEFORE; sets NOW.
wait_change() {
    local start
    now
    start=$NOW
    while :; do
        [[ $(screen) != "$1" ]] && { now; return 0; }
        now
        ((NOW - start < TIMEOUT_MS)) || fail "the screen did not change in $((TIMEOUT_MS / 1000)) s"
        sleep 0.01
    done
}

# wait_exit WHAT: poll every ~10 ms until prune (PID) has exited and the session is gone; sets NOW.
wait_exit() {
    local start
    now
    start=$NOW
    while alive "$PID" "$PID_IDENT" || tmx has-session -t "$SESSION" 2> /dev/null; do
        now
        ((NOW - start < TIMEOUT_MS)) || fail "prune (pid $PID) still running $((TIMEOUT_MS / 1000)) s after $1"
        sleep 0.01
    done
    now
}

# Starts the tutor in a fresh session; sets LAUNCH (ms).
launch() {
    tmx kill-session -t "$SESSION" 2> /dev/null || true
    now
    LAUNCH=$NOW
    # Several arguments: tmux runs the command directly, without a shell.
    tmx new-session -d -s "$SESSION" -x 120 -y 35 "$BIN" open "$GRAPH" "${RUN[@]}"
}

# Sets PID and PID_IDENT to the prune process (once a frame is drawn): the pane's own
# process, or its child if a shell sits in between.
find_prune() {
    PID=$(tmx list-panes -t "$SESSION" -F '#{pane_pid}')
    if [[ $(ps -o comm= -p "$PID") != prune ]]; then
        PID=$(pgrep -P "$PID" prune | head -n 1 || true)
    fi
    [[ -n $PID ]] || fail "cannot find the prune process"
    PID_IDENT=$(ident "$PID")
}

rss() { ps -o rss= -p "$1" | tr -d ' '; }
hwm() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status" 2> /dev/null || echo 0; }
mib() { echo $((($1 + 512) / 1024)); }

# headless NAME COMMAND...: peak RSS and wall time under /usr/bin/time -v.
headless() {
    local name=$1 out=$WORK/time.txt kb wall
    shift
    /usr/bin/time -v -o "$out" "$BIN" "$@" > /dev/null
    kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$out")
    # "Elapsed (wall clock) time (h:mm:ss or m:ss): 0:00.46"
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
        n = split($2, p, ":"); s = 0
        for (i = 1; i <= n; i++) s = s * 60 + p[i]
        printf "%d", s * 1000 + 0.5 }' "$out")
    record "$name: peak RSS" MiB "$(mib "$kb")"
    record "$name: wall time" ms "$wall"
}

# first_line NAME COMMAND...: the wall time of `prune COMMAND | head -1` (the pipe closes
# after the first line, so this is how soon output starts).
first_line() {
    local name=$1 t0 t1
    shift
    t0=$(date +%s%N)
    "$BIN" "$@" | head -n 1 > /dev/null
    t1=$(date +%s%N)
    record "$name" ms $(((t1 - t0) / 1000000))
}

FOOTER='? help  q quit'
COMPARED='minimax: call'
TOGGLED='run again with ordering on'
PROMPT_MS=200

echo "prune: $BIN"
echo "run:   $GRAPH ${RUN[*]}   ($ROUNDS rounds)"
for round in $(seq "$ROUNDS"); do
    printf '  round %s/%s\r' "$round" "$ROUNDS" >&2

    # 1. Headless.
    headless "trace (table)" trace "$GRAPH" "${RUN[@]}"
    headless "trace --format tsv" trace "$GRAPH" "${RUN[@]}" --format tsv
    headless "export --format dot" export "$GRAPH" "${RUN[@]}" --format dot
    first_line "trace (table) | head -1" trace "$GRAPH" "${RUN[@]}"
    first_line "trace --format tsv | head -1" trace "$GRAPH" "${RUN[@]}" --format tsv

    # 2. The tutor: first frame, then memory.
    launch
    wait_text "$FOOTER"
    record "tutor: launch to first frame" ms $((NOW - LAUNCH))
    find_prune
    record "tutor: RSS at first frame" MiB "$(mib "$(rss "$PID")")"
    sleep 1
    record "tutor: RSS 1 s later" MiB "$(mib "$(rss "$PID")")"
    record "tutor: peak RSS (VmHWM) so far" MiB "$(mib "$(hwm "$PID")")"

    # 3. Compare mode, then q from an idle tutor.
    now
    pressed=$NOW
    tmx send-keys -t "$SESSION" c
    wait_text "$COMPARED"
    record "compare (c): key to comparison drawn" ms $((NOW - pressed))
    record "compare: RSS when drawn" MiB "$(mib "$(rss "$PID")")"
    sleep 1
    record "compare: RSS 1 s later" MiB "$(mib "$(rss "$PID")")"
    record "compare: peak RSS (VmHWM) so far" MiB "$(mib "$(hwm "$PID")")"
    now
    pressed=$NOW
    tmx send-keys -t "$SESSION" q
    wait_exit "q (idle, compare on)"
    record "q when idle (compare on): key to exit" ms $((NOW - pressed))

    # 4. A live toggle in a fresh tutor, then q during a re-run (TOGGLE=0 skips it).
    [[ ${TOGGLE:-1} == 0 ]] && continue
    launch
    wait_text "$FOOTER"
    find_prune
    sleep 0.3
    before=$(screen)
    now
    pressed=$NOW
    tmx send-keys -t "$SESSION" r
    wait_change "$before"
    record "toggle (r): key to first screen change" ms $((NOW - pressed))
    wait_text "$TOGGLED"
    record "toggle (r): key to re-run frame complete" ms $((NOW - pressed))
    record "toggle: RSS after the re-run" MiB "$(mib "$(rss "$PID")")"
    record "toggle: peak RSS (VmHWM) so far" MiB "$(mib "$(hwm "$PID")")"
    sleep 0.3
    tmx send-keys -t "$SESSION" r
    sleep 0.1
    now
    pressed=$NOW
    tmx send-keys -t "$SESSION" q
    # A graph opened without a preset counts any live change as one to lose, so q asks once
    # before it is lost; q again quits.
    wait_text "quit?"
    record "q 100 ms into a re-run: key to its question" ms $((NOW - pressed))
    now
    pressed=$NOW
    tmx send-keys -t "$SESSION" q
    wait_exit "q (answering the question)"
    record "q again: key to exit" ms $((NOW - pressed))
done
printf '%*s\r' 20 '' >&2

stats() { # stats SAMPLES...: median min max
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
        m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%g %g %g\n", m, v[1], v[NR] }'
}

echo
printf '%-44s %5s %8s %8s %8s\n' figure unit median min max
printf '%-44s %5s %8s %8s %8s\n' ------ ---- ------ --- ---
for name in "${ORDER[@]}"; do
    read -ra values <<< "${SAMPLES[$name]}"
    read -r med lo hi < <(stats "${values[@]}")
    printf '%-44s %5s %8s %8s %8s\n' "$name" "${UNITS[$name]}" "$med" "$lo" "$hi"
done

# Whether q typed during a re-run is honoured promptly: its exit time against an idle quit and
# against the re-run itself (the toggle above records the same kind of run).
median_of() { # median_of FIGURE
    local values m
    read -ra values <<< "${SAMPLES[$1]}"
    read -r m _ < <(stats "${values[@]}")
    echo "$m"
}
[[ ${TOGGLE:-1} == 0 ]] && exit 0
busy=$(median_of "q 100 ms into a re-run: key to its question")
idle=$(median_of "q when idle (compare on): key to exit")
rerun=$(median_of "toggle (r): key to re-run frame complete")
echo
if awk -v m="$busy" -v p="$PROMPT_MS" 'BEGIN { exit !(m < p) }'; then
    verdict="honoured promptly"
else
    verdict="NOT honoured promptly"
fi
echo "q during a re-run: $verdict (median ${busy} ms to its question, limit ${PROMPT_MS} ms;" \
    "idle quit ${idle} ms; a re-run takes about ${rerun} ms)"
