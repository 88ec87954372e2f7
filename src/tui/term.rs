//! Terminal set-up and its guaranteed undoing: on return, on a panic (hook), and on every
//! signal whose default action ends the process (a watcher thread): SIGTERM, SIGHUP, SIGINT,
//! SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ and, on Linux,
//! SIGIO, SIGPWR, SIGSTKFLT and the real-time signals. Ctrl-C in raw mode arrives as a key and
//! quits through the normal path. SIGPIPE stays ignored, as Rust sets it: the tutor writes to a
//! terminal, which reports a closed peer as an error rather than a broken pipe.
//!
//! SIGTSTP suspends: the terminal goes back to its own modes, then the process stops. SIGCONT
//! (`fg`, or the end of any stop) puts the tutor's modes back and has the loop redraw the
//! whole screen, as the shell drew over it meanwhile.
//!
//! Frames go out through `Screen`, which writes only while the terminal is in the tutor's
//! modes, and says when it is writing. A thread that puts the modes back first marks them
//! changing, then waits for a frame being written to end: otherwise a frame written after
//! the modes came back (the main thread draws every 100 ms, and a loaded machine may hold
//! the watcher between putting the modes back and stopping) would hide the cursor again on
//! the shell's screen, and a frame never shows the cursor again by itself.
//!
//! On Unix, restoring takes no lock that the main thread may hold: when a signal comes, the
//! main thread may own Rust's stdout lock (the command line holds it for the whole session) or
//! be stuck in a system call, and a watcher waiting on it would wait forever. So the modes come
//! back with tcsetattr(3) from the termios saved at enter, and the escape sequences go out with
//! plain write(2). Those writes never block: a terminal that stopped reading (a stalled SSH
//! link, a paused tmux client) fills its buffer, the main thread then waits in its own write
//! for good, and the kernel keeps any other blocking writer of that terminal waiting behind it.
//! So they go through a second, non-blocking descriptor of the terminal and are given up after
//! a bounded number of tries: the modes are back and the process ends on time either way.
//! Elsewhere (Windows) crossterm does both, and there is no signal watcher: raw mode turns
//! Ctrl-C into a key there too.

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU8, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::EnableMouseCapture;
use crossterm::terminal::EnterAlternateScreen;
use crossterm::{cursor, execute};

/// The terminal is in its own modes, or in the tutor's.
const IDLE: u8 = 0;
const ACTIVE: u8 = 1;
/// One thread is changing the modes (putting them back, or re-entering after a stop); the
/// others wait for it before going on.
const BUSY: u8 = 2;
/// A session is open, but the terminal is in its own modes while the process is stopped.
const SUSPENDED: u8 = 3;
static STATE: AtomicU8 = AtomicU8::new(IDLE);
/// The last termination signal received (0 = none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// The screen was given back to the shell for a while: the next frame must be drawn whole.
static REDRAW: AtomicBool = AtomicBool::new(false);
/// The main thread is writing a frame to the terminal (`Screen::flush`).
static DRAWING: AtomicBool = AtomicBool::new(false);
static HOOKS: Once = Once::new();

/// How long a thread changing the modes waits for a frame being written to end. A terminal
/// that stopped reading holds the frame's write for good; the modes then come back anyway.
/// A frame takes a reading terminal a few milliseconds; the wait stays short because a
/// stalled terminal spends all of it, and the tutor must still end within half a second of
/// SIGTERM there (`tests/e2e/stalled.sh`).
const FRAME_WAIT: Duration = Duration::from_millis(50);

/// For the test of a stop with frames being drawn: with PRUNE_TEST_SUSPEND_PAUSE=MS the
/// watcher waits MS milliseconds between putting the modes back and stopping, the window a
/// loaded machine may open there (0: no pause).
#[cfg(unix)]
static SUSPEND_PAUSE_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Where the tutor's frames go: kept until the frame is flushed whole, then written to stdout
/// only while the terminal is in the tutor's modes. A frame flushed while it is not (the
/// modes are being changed, or the shell has the terminal) is dropped: the terminal is then
/// the shell's, and after a stop the loops draw the whole screen again anyway.
#[derive(Default)]
pub struct Screen {
    frame: Vec<u8>,
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        // Marked before the state is read: a thread that marks the state afterwards then sees
        // the mark and waits for this write to end (both sequentially consistent).
        DRAWING.store(true, Ordering::SeqCst);
        let result = if STATE.load(Ordering::SeqCst) == ACTIVE {
            let mut out = io::stdout().lock();
            out.write_all(&self.frame).and_then(|()| out.flush())
        } else {
            Ok(())
        };
        DRAWING.store(false, Ordering::SeqCst);
        self.frame.clear();
        result
    }
}

/// Waits (up to `FRAME_WAIT`) for a frame being written to end; the caller has marked the
/// state changing, so no new one starts.
fn frame_written() {
    let until = Instant::now() + FRAME_WAIT;
    while DRAWING.load(Ordering::SeqCst) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// How long the watcher leaves the event loop, which notices a signal within one poll, to
/// restore and exit on its own before it does both itself. With the writes that cannot block,
/// the process ends well within half a second of the signal, however stuck the main thread.
#[cfg(unix)]
const GRACE: Duration = Duration::from_millis(200);

/// While alive, the terminal is in raw mode on the alternate screen with mouse reporting.
pub struct Session(());

pub fn enter() -> io::Result<Session> {
    HOOKS.call_once(install_hooks);
    // Saved before anything changes; then marked active, so that if set-up fails halfway (or a
    // signal comes meanwhile) restoring undoes whatever was done.
    sys::save_modes()?;
    STATE.store(ACTIVE, Ordering::SeqCst);
    let setup = sys::raw_modes().and_then(|()| {
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            cursor::Hide
        )
    });
    if let Err(e) = setup {
        restore();
        return Err(e);
    }
    Ok(Session(()))
}

impl Drop for Session {
    fn drop(&mut self) {
        // On the thread that owns the session, so this cannot wait on another thread: the last
        // bytes of a frame go out on the alternate screen, not after it is left.
        let _ = io::stdout().flush();
        restore();
    }
}

/// Puts the terminal back (idempotent; safe from any thread, takes no lock another thread may
/// hold). The terminal counts as restored only once it is: a thread that finds another one
/// changing the modes waits for it (up to a second), so nobody exits before the terminal is
/// back.
pub fn restore() {
    restore_within(Duration::from_secs(1));
}

/// `restore`, waiting at most `wait` for another thread that is changing the modes. Returns
/// whether the terminal is known to be back.
fn restore_within(wait: Duration) -> bool {
    let until = Instant::now() + wait;
    loop {
        match STATE.compare_exchange(ACTIVE, BUSY, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => {
                frame_written();
                sys::put_back();
                STATE.store(IDLE, Ordering::SeqCst);
                return true;
            }
            // Stopped and already put back: only the mark is left to change.
            Err(SUSPENDED) => {
                if STATE
                    .compare_exchange(SUSPENDED, IDLE, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok()
                {
                    return true;
                }
            }
            Err(BUSY) => {
                if Instant::now() >= until {
                    return false;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(_) => return true,
        }
    }
}

/// SIGTSTP: the terminal's own modes back, then the process stops as the signal's default
/// action would have stopped it.
#[cfg(unix)]
fn suspend() {
    if STATE
        .compare_exchange(ACTIVE, BUSY, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok()
    {
        frame_written();
        sys::put_back();
        STATE.store(SUSPENDED, Ordering::SeqCst);
    }
    let pause = SUSPEND_PAUSE_MS.load(Ordering::SeqCst);
    if pause > 0 {
        std::thread::sleep(Duration::from_millis(pause));
    }
    sys::stop();
}

/// SIGCONT: the tutor's modes again, whether it stopped itself (SIGTSTP) or was stopped from
/// outside (SIGSTOP, SIGTTOU), after which the shell has put its own modes back; then a whole
/// redraw, as the screen was the shell's meanwhile.
#[cfg(unix)]
fn resume() {
    let Some(from) = [SUSPENDED, ACTIVE].into_iter().find(|&from| {
        STATE
            .compare_exchange(from, BUSY, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    }) else {
        return;
    };
    // Stopped from outside, the tutor never left the alternate screen: entering it again
    // would clear it (a flash) for nothing. A frame half written then is finished first.
    frame_written();
    sys::re_enter(from == SUSPENDED);
    STATE.store(ACTIVE, Ordering::SeqCst);
    REDRAW.store(true, Ordering::SeqCst);
}

/// The watcher's end after a termination signal: the terminal back (taking over from a thread
/// that is stuck putting it back), then the process ends with the conventional 128 + signal.
#[cfg(unix)]
fn terminate(sig: i32) -> ! {
    SIGNAL.store(sig, Ordering::SeqCst);
    // The event loop notices within one poll (100 ms), restores and exits. If it does not
    // (long work, or a system call that never returns, such as a write to a terminal that
    // stopped reading), restore from here and end the process. _exit, not exit: no clean-up
    // that could flush a half-written frame onto the restored screen or wait on what the
    // stuck thread holds.
    std::thread::sleep(GRACE);
    if !restore_within(Duration::from_millis(50)) {
        sys::put_back();
    }
    // SAFETY: _exit ends the process at once; nothing after it runs.
    unsafe { libc::_exit(128 + sig) }
}

/// The termination signal received, if any; the event loop stops when it sees one.
pub fn signalled() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// Whether the screen must be drawn whole (the process was stopped and continued since the
/// last call); the loops then clear the terminal before their next frame.
pub fn take_redraw() -> bool {
    REDRAW.swap(false, Ordering::SeqCst)
}

/// The name of the threads that record a changed run while the tutor draws.
pub const JOB_THREAD: &str = "prune-job";

fn install_hooks() {
    // A panic restores the terminal before the message is printed, so it is readable.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A background job's panic is the job's failure, which the tutor reports in its
        // footer; the tutor itself keeps the terminal and the screen.
        if std::thread::current().name() == Some(JOB_THREAD) {
            return;
        }
        restore();
        previous(info);
    }));
    #[cfg(unix)]
    if let Some(ms) = std::env::var_os("PRUNE_TEST_SUSPEND_PAUSE")
        .and_then(|v| v.to_str().and_then(|v| v.parse::<u64>().ok()))
    {
        SUSPEND_PAUSE_MS.store(ms.min(5_000), Ordering::SeqCst);
    }
    sys::watch_signals();
}

/// Whether the controlling terminal has hung up (its window was closed). Such a terminal reads
/// as endless end-of-file, which crossterm does not report, so the loops ask this directly.
pub fn terminal_gone() -> bool {
    sys::terminal_gone()
}

/// Waits up to `timeout` for the terminal to have input (or to hang up). The loops wait here
/// rather than in crossterm's poll, which spins forever on a Unix terminal that hangs up
/// meanwhile.
pub fn wait_for_input(timeout: Duration) -> bool {
    sys::wait_for_input(timeout)
}

/// Makes the terminal's reader look at its input again. crossterm waits for input
/// edge-triggered (epoll, kqueue) and reads at most 1,024 bytes before it hands out the events
/// they hold: after a longer burst the rest waits in the terminal with no new edge to report
/// it. Setting the terminal's modes to what they are wakes every reader of the terminal (a
/// new edge), so crossterm reads on.
pub fn wake_reader() {
    sys::wake_reader()
}

#[cfg(unix)]
mod sys {
    use std::io;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::time::{Duration, Instant};

    use super::SIGNAL;

    /// The terminal's modes before enter. Held only to copy it in or out, never across a call
    /// that can block, so the signal watcher never waits on it for long.
    static SAVED: Mutex<Option<libc::termios>> = Mutex::new(None);

    /// A descriptor of the terminal opened anew with O_NONBLOCK (-1 until opened, or if it
    /// could not be). Its own open file, so the flag does not change the main thread's stdout;
    /// and a non-blocking write does not queue behind a writer the terminal holds up.
    static NONBLOCKING: AtomicI32 = AtomicI32::new(-1);

    /// What crossterm's DisableMouseCapture, LeaveAlternateScreen and cursor::Show write, as
    /// plain bytes: no formatter, no buffer, no stdout lock. The leading CAN cancels an escape
    /// sequence that a frame cut short may have left open, so the first one here is not
    /// swallowed by it.
    const PUT_BACK: &[u8] =
        b"\x18\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

    /// What enter's EnterAlternateScreen writes, then EnableMouseCapture and cursor::Hide
    /// (`MODES`).
    const ALTERNATE: &[u8] = b"\x18\x1b[?1049h";
    const MODES: &[u8] = b"\x18\x1b[?1000h\x1b[?1002h\x1b[?1003h\x1b[?1015h\x1b[?1006h\x1b[?25l";

    /// Both standard streams are the terminal (the tutor checks before it starts); stdin
    /// is the descriptor whose modes crossterm's reader and this module agree on.
    const TTY_IN: libc::c_int = libc::STDIN_FILENO;
    const TTY_OUT: libc::c_int = libc::STDOUT_FILENO;

    pub fn save_modes() -> io::Result<()> {
        // SAFETY: termios is plain data; tcgetattr fills it in or fails.
        let mut ios: libc::termios = unsafe { std::mem::zeroed() };
        if unsafe { libc::tcgetattr(TTY_IN, &mut ios) } != 0 {
            return Err(io::Error::last_os_error());
        }
        *SAVED.lock().unwrap_or_else(|e| e.into_inner()) = Some(ios);
        if NONBLOCKING.load(Ordering::SeqCst) < 0 {
            NONBLOCKING.store(open_nonblocking(), Ordering::SeqCst);
        }
        Ok(())
    }

    /// The terminal of stdout opened again, write-only and non-blocking (-1 if that fails).
    fn open_nonblocking() -> libc::c_int {
        let mut name = [0 as libc::c_char; 512];
        // SAFETY: the buffer and its length are of a live array; ttyname_r writes a
        // NUL-terminated path into it or fails.
        if unsafe { libc::ttyname_r(TTY_OUT, name.as_mut_ptr(), name.len()) } != 0 {
            return -1;
        }
        let flags = libc::O_WRONLY | libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC;
        // SAFETY: a NUL-terminated path; open only reads it.
        unsafe { libc::open(name.as_ptr(), flags) }
    }

    /// Raw mode as crossterm sets it (cfmakeraw), from the saved modes.
    pub fn raw_modes() -> io::Result<()> {
        let Some(mut ios) = *SAVED.lock().unwrap_or_else(|e| e.into_inner()) else {
            return Err(io::Error::other("terminal modes were not saved"));
        };
        // SAFETY: a valid termios, changed in place; tcsetattr only reads it.
        unsafe { libc::cfmakeraw(&mut ios) };
        if unsafe { libc::tcsetattr(TTY_IN, libc::TCSANOW, &ios) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    pub fn put_back() {
        // The modes first: TCSANOW does not wait for output to drain, and with them back the
        // shell is usable even if the terminal never reads what is written.
        let saved = *SAVED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(ios) = saved {
            // SAFETY: the termios saved at enter; tcsetattr only reads it.
            unsafe { libc::tcsetattr(TTY_IN, libc::TCSANOW, &ios) };
        }
        write_bounded(PUT_BACK);
    }

    /// The tutor's modes again after a stop (and its screen, if it had left it).
    pub fn re_enter(screen: bool) {
        let _ = raw_modes();
        if screen {
            write_bounded(ALTERNATE);
        }
        write_bounded(MODES);
    }

    /// Stops the process as SIGTSTP's default action does: the handler is set aside for the
    /// signal raised again, then put back. So the shell sees a stop by SIGTSTP (status 148),
    /// and a process group that no shell would ever continue (an orphan) is not stopped at all,
    /// which a plain SIGSTOP would do for good.
    pub fn stop() {
        // SAFETY: sigaction reads the new action and fills in the old one, both plain data
        // of this frame; raise has no memory effects (the thread stops until SIGCONT).
        unsafe {
            let mut default: libc::sigaction = std::mem::zeroed();
            default.sa_sigaction = libc::SIG_DFL;
            let mut watcher: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGTSTP, &default, &mut watcher) != 0 {
                return;
            }
            libc::raise(libc::SIGTSTP);
            libc::sigaction(libc::SIGTSTP, &watcher, std::ptr::null_mut());
        }
    }

    /// How long writes may keep trying on a terminal that takes nothing: briefly once a
    /// termination signal came (the process must end on time), longer otherwise (a slow
    /// terminal that drains soon still gets its modes back).
    fn write_budget() -> Duration {
        if SIGNAL.load(Ordering::SeqCst) != 0 {
            Duration::from_millis(50)
        } else {
            Duration::from_secs(1)
        }
    }

    /// Writes without ever blocking, retrying a full terminal until the budget runs out; any
    /// other error (a terminal gone) gives up, as there is nobody left to tell.
    fn write_bounded(mut bytes: &[u8]) {
        let until = Instant::now() + write_budget();
        while !bytes.is_empty() {
            match write_now(bytes) {
                Ok(n) => bytes = &bytes[n..],
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::Interrupted | io::ErrorKind::WouldBlock
                    ) && Instant::now() < until =>
                {
                    std::thread::sleep(Duration::from_millis(2));
                }
                Err(_) => return,
            }
        }
    }

    /// One write(2) that cannot block: on the non-blocking descriptor, or else on stdout only
    /// when the terminal says it has room.
    fn write_now(bytes: &[u8]) -> io::Result<usize> {
        let mut fd = NONBLOCKING.load(Ordering::SeqCst);
        if fd < 0 {
            if !writable_now(TTY_OUT) {
                return Err(io::ErrorKind::WouldBlock.into());
            }
            fd = TTY_OUT;
        }
        // SAFETY: the pointer and length are of a live slice.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        match n {
            n if n > 0 => Ok(n as usize),
            0 => Err(io::ErrorKind::WriteZero.into()),
            _ => Err(io::Error::last_os_error()),
        }
    }

    fn writable_now(fd: libc::c_int) -> bool {
        let mut p = libc::pollfd {
            fd,
            events: libc::POLLOUT,
            revents: 0,
        };
        // SAFETY: one valid pollfd, a zero timeout; poll only writes `revents`.
        unsafe { libc::poll(&mut p, 1, 0) > 0 && p.revents & libc::POLLOUT != 0 }
    }

    /// Every signal whose default action ends the process and that can be caught, but for the
    /// faults raised by the program itself (SIGSEGV and its kind are for the panic machinery
    /// and debuggers) and SIGPIPE (ignored, see the module's note).
    fn ending_signals() -> Vec<libc::c_int> {
        let mut v = vec![
            libc::SIGTERM,
            libc::SIGHUP,
            libc::SIGINT,
            libc::SIGQUIT,
            libc::SIGUSR1,
            libc::SIGUSR2,
            libc::SIGALRM,
            libc::SIGVTALRM,
            libc::SIGPROF,
            libc::SIGXCPU,
            libc::SIGXFSZ,
        ];
        // Linux ends the process on these too; elsewhere SIGIO is ignored by default.
        #[cfg(any(target_os = "linux", target_os = "android"))]
        {
            v.extend([libc::SIGIO, libc::SIGPWR, libc::SIGSTKFLT]);
            v.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
        }
        v
    }

    pub fn watch_signals() {
        let mut wanted = ending_signals();
        wanted.extend([libc::SIGTSTP, libc::SIGCONT]);
        let Ok(mut signals) = signal_hook::iterator::Signals::new(&wanted) else {
            return;
        };
        std::thread::spawn(move || {
            for sig in signals.forever() {
                match sig {
                    // Back from the stop (or not stopped at all): the tutor's modes again.
                    // The SIGCONT that ended the stop comes next, and finds them back.
                    libc::SIGTSTP => {
                        super::suspend();
                        super::resume();
                    }
                    libc::SIGCONT => super::resume(),
                    sig => super::terminate(sig),
                }
            }
        });
    }

    pub fn terminal_gone() -> bool {
        let mut fd = libc::pollfd {
            fd: TTY_IN,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd, a zero timeout; poll only writes `revents`.
        let ready = unsafe { libc::poll(&mut fd, 1, 0) };
        ready > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
    }

    pub fn wait_for_input(timeout: Duration) -> bool {
        let mut fd = libc::pollfd {
            fd: TTY_IN,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd; poll only writes `revents`.
        unsafe { libc::poll(&mut fd, 1, ms) > 0 }
    }

    pub fn wake_reader() {
        // SAFETY: termios is plain data; tcgetattr fills it in or fails, and tcsetattr only
        // reads the modes it filled in (the same modes: nothing changes but the wake-up).
        unsafe {
            let mut ios: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(TTY_IN, &mut ios) == 0 {
                libc::tcsetattr(TTY_IN, libc::TCSANOW, &ios);
            }
        }
    }
}

/// Windows and any other non-Unix target: crossterm's own calls (console modes, not termios).
/// There are no POSIX signals to watch; closing the console window ends the process.
#[cfg(not(unix))]
mod sys {
    use std::io;
    use std::time::Duration;

    use crossterm::event::DisableMouseCapture;
    use crossterm::terminal::{LeaveAlternateScreen, disable_raw_mode, enable_raw_mode};
    use crossterm::{cursor, execute};

    /// crossterm keeps the modes it replaces itself.
    pub fn save_modes() -> io::Result<()> {
        Ok(())
    }

    pub fn raw_modes() -> io::Result<()> {
        enable_raw_mode()
    }

    /// Through Rust's stdout lock. With no signal watcher, the callers are the session's own
    /// thread (its drop, or a panic on it), which may hold that lock already, and a panic on a
    /// background search, which waits for the lock until the main thread lets it go.
    pub fn put_back() {
        let _ = execute!(
            io::stdout(),
            DisableMouseCapture,
            LeaveAlternateScreen,
            cursor::Show
        );
        let _ = disable_raw_mode();
    }

    pub fn watch_signals() {}

    /// A console does not hang up the way a Unix terminal does.
    pub fn terminal_gone() -> bool {
        false
    }

    pub fn wait_for_input(timeout: Duration) -> bool {
        crossterm::event::poll(timeout).unwrap_or(false)
    }

    /// crossterm's console reader is not edge-triggered.
    pub fn wake_reader() {}
}
