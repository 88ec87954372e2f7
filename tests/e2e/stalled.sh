#!/usr/bin/env bash
# End-to-end: a termination signal ends the tutor on time even when its terminal has stopped
# reading (a stalled SSH link, a paused tmux client, XOFF). The tutor runs on a pseudo-terminal
# whose reader (this test) stops reading after the first frame and then keeps resizing the
# window, so full redraws fill the terminal's buffer until the tutor's main thread waits in a
# write that never completes. Then the signal: the process must end within 0.5 s with status
# 128 + signal, and the terminal's modes must be back (canonical mode and echo on, read from
# the terminal itself). The escape sequences that leave the alternate screen cannot get
# through a terminal that reads nothing; they are tried, never waited for.
#
# Cases: `prune open 000-worked-tree` (SIGTERM and SIGINT), and a uniform tree during a live
# re-run (`m`, SIGTERM).
#
# Usage: bash tests/e2e/stalled.sh   (from anywhere; needs python3; builds the release binary
# itself). PRUNE_BIN=/path/to/prune runs the cases against another binary instead. Prints one
# line per check and `N passed, M failed`.
set -u
cd "$(dirname "$0")/../.." || exit 2
command -v python3 >/dev/null || { echo "needs python3"; echo "0 passed, 1 failed"; exit 1; }
if [ -n "${PRUNE_BIN:-}" ]; then
    BIN=$PRUNE_BIN
else
    cargo build --release --quiet || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
    BIN=$PWD/target/release/prune
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

exec python3 - "$BIN" "$TMP" <<'PY'
import fcntl, os, select, signal, struct, subprocess, sys, termios, time

BIN, TMP = sys.argv[1], sys.argv[2]
passed = failed = 0


def ok(name):
    global passed
    passed += 1
    print(f"ok   - {name}")


def bad(name):
    global failed
    failed += 1
    print(f"FAIL - {name}")


def set_size(fd, rows, cols):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def read_until(master, marker, seconds):
    """Reads the tutor's output until `marker` shows (True), or `seconds` pass (False),
    answering its cursor position requests as a terminal would."""
    seen = b""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            # The tutor asks where the cursor is when it starts; a terminal answers.
            if b"\x1b[6n" in chunk:
                os.write(master, b"\x1b[1;1R")
            seen = (seen + chunk)[-65536:]
            if marker in seen:
                return True
    return False


def main_thread_state(pid):
    """What the tutor's main thread waits in, where the kernel says: (wchan, syscall number)."""
    def read(name):
        try:
            with open(f"/proc/{pid}/task/{pid}/{name}") as f:
                return f.read().strip()
        except OSError:
            return ""
    return read("wchan"), read("syscall").split(" ")[0]


def output_blocked(pid):
    """True when the main thread waits in a terminal write; None when /proc cannot tell."""
    wchan, syscall = main_thread_state(pid)
    if "tty_write" in wchan or wchan in ("wait_woken", "n_tty_write"):
        return True
    if syscall == "1" and os.uname().machine == "x86_64":  # write(2) on x86_64
        return True
    if wchan in ("", "0") and syscall == "":
        return None
    return False


def stalled_case(name, argv, marker, sig, before=b""):
    """Runs `argv` on a fresh pseudo-terminal, stalls its output, signals it, checks the end."""
    master, slave = os.openpty()
    set_size(slave, 60, 200)
    env = dict(os.environ, TERM="xterm-256color", PRUNE_DATA_DIR=f"{TMP}/data",
               HOME=TMP)

    def own_terminal():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            preexec_fn=own_terminal, close_fds=True)
    try:
        if not read_until(master, marker, 20):
            bad(f"{name}: the first frame shows ({marker!r})")
            return
        if before:
            os.write(master, before)
            read_until(master, b"\x00never", 0.2)
        # From here on nothing is read. Each resize makes the tutor draw the whole screen
        # again, until the terminal's buffer is full and the main thread waits in its write.
        blocked = None
        until = time.monotonic() + 6
        k = 0
        while time.monotonic() < until:
            k += 1
            set_size(master, 60 - k % 2, 200 - k % 3)
            time.sleep(0.05)
            if k >= 20:
                blocked = output_blocked(proc.pid)
                if blocked is not False:
                    time.sleep(0.2)
                    blocked = output_blocked(proc.pid)
                    if blocked is not False:
                        break
        if blocked is False:
            bad(f"{name}: the tutor's output did not stall (the test could not set it up)")
            return
        if blocked:
            ok(f"{name}: the tutor's main thread waits in a write the terminal does not take")
        if proc.poll() is not None:
            bad(f"{name}: the tutor ended before the signal (status {proc.returncode})")
            return
        start = time.monotonic()
        proc.send_signal(sig)
        try:
            proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            bad(f"{name}: still running 3 s after {signal.Signals(sig).name}")
            proc.kill()
            proc.wait()
            return
        took = time.monotonic() - start
        if took < 0.5:
            ok(f"{name}: ended {took * 1000:.0f} ms after {signal.Signals(sig).name}")
        else:
            bad(f"{name}: ended {took * 1000:.0f} ms after {signal.Signals(sig).name} "
                "(at most 500 ms)")
        want = 128 + sig
        if proc.returncode == want:
            ok(f"{name}: exit status {want}")
        else:
            bad(f"{name}: exit status {proc.returncode}, not {want}")
        lflag = termios.tcgetattr(slave)[3]
        if lflag & termios.ICANON and lflag & termios.ECHO:
            ok(f"{name}: the terminal is back in canonical mode with echo")
        else:
            bad(f"{name}: the terminal's modes were not restored (lflag {lflag:#o})")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
        os.close(slave)


os.makedirs(f"{TMP}/data", exist_ok=True)
worked = [BIN, "open", "000-worked-tree"]
stalled_case("SIGTERM, 000-worked-tree", worked, b"step 0/", signal.SIGTERM)
stalled_case("SIGINT, 000-worked-tree", worked, b"step 0/", signal.SIGINT)
uniform = [BIN, "open", "--game", "uniform", "--branching", "8", "--depth", "7",
           "--leaves", "random", "--id", "off"]
stalled_case("SIGTERM, a uniform tree re-running", uniform, b"step 0/", signal.SIGTERM,
             before=b"m")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
