//! Terminal set-up and its guaranteed undoing: on return, on a panic (hook), and on SIGTERM,
//! SIGHUP, SIGINT and SIGQUIT (a watcher thread). Ctrl-C in raw mode arrives as a key and quits
//! through the normal path.
//!
//! On Unix, restoring takes no lock that the main thread may hold: when a signal comes, the
//! main thread may own Rust's stdout lock (the command line holds it for the whole session) or
//! be stuck in a system call, and a watcher waiting on it would wait forever. So the modes come
//! back with tcsetattr(3) from the termios saved at enter, and the escape sequences go out with
//! plain write(2) on the terminal's descriptor. Elsewhere (Windows) crossterm does both, and
//! there is no signal watcher: raw mode turns Ctrl-C into a key there too.

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicI32, AtomicU8, Ordering};
use std::time::{Duration, Instant};

use crossterm::event::EnableMouseCapture;
use crossterm::terminal::EnterAlternateScreen;
use crossterm::{cursor, execute};

/// The terminal is in its own modes, or in the tutor's.
const IDLE: u8 = 0;
const ACTIVE: u8 = 1;
/// One thread is putting the terminal back; the others wait for it before going on (to exit).
const RESTORING: u8 = 2;
static STATE: AtomicU8 = AtomicU8::new(IDLE);
/// The last termination signal received (0 = none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
static HOOKS: Once = Once::new();

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
/// restoring waits for it (up to a second), so nobody exits before the terminal is back.
pub fn restore() {
    match STATE.compare_exchange(ACTIVE, RESTORING, Ordering::SeqCst, Ordering::SeqCst) {
        Ok(_) => {
            sys::put_back();
            STATE.store(IDLE, Ordering::SeqCst);
        }
        Err(RESTORING) => {
            let until = Instant::now() + Duration::from_secs(1);
            while STATE.load(Ordering::SeqCst) == RESTORING && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        Err(_) => {}
    }
}

/// The termination signal received, if any; the event loop stops when it sees one.
pub fn signalled() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
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

#[cfg(unix)]
mod sys {
    use std::io;
    use std::sync::Mutex;
    use std::sync::atomic::Ordering;
    use std::time::Duration;

    use super::SIGNAL;

    /// The terminal's modes before enter. Held only to copy it in or out, never across a call
    /// that can block, so the signal watcher never waits on it for long.
    static SAVED: Mutex<Option<libc::termios>> = Mutex::new(None);

    /// What crossterm's DisableMouseCapture, LeaveAlternateScreen and cursor::Show write, as
    /// plain bytes: no formatter, no buffer, no stdout lock.
    const PUT_BACK: &[u8] =
        b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?1049l\x1b[?25h";

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
        Ok(())
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
        // The modes first: they cannot block, and with them back the shell is usable even if
        // the terminal stops reading what is written.
        let saved = *SAVED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(ios) = saved {
            // SAFETY: the termios saved at enter; tcsetattr only reads it.
            unsafe { libc::tcsetattr(TTY_IN, libc::TCSANOW, &ios) };
        }
        write_all(TTY_OUT, PUT_BACK);
    }

    /// write(2) until done, retrying an interrupted or would-block write a bounded number of
    /// times; any other error (a terminal gone) gives up, as there is nobody left to tell.
    fn write_all(fd: libc::c_int, mut bytes: &[u8]) {
        let mut retries = 0;
        while !bytes.is_empty() && retries < 100 {
            // SAFETY: the pointer and length are of a live slice.
            let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
            if n > 0 {
                bytes = &bytes[n as usize..];
                continue;
            }
            match io::Error::last_os_error().kind() {
                io::ErrorKind::Interrupted => retries += 1,
                io::ErrorKind::WouldBlock => {
                    retries += 1;
                    std::thread::sleep(Duration::from_millis(2));
                }
                _ => return,
            }
        }
    }

    pub fn watch_signals() {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
        let Ok(mut signals) =
            signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])
        else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(sig) = signals.forever().next() {
                SIGNAL.store(sig, Ordering::SeqCst);
                // The event loop notices within one poll (100 ms), restores and exits. If it
                // does not (long work, or a system call that never returns), restore from here
                // and end the process with the conventional 128 + signal status. _exit, not
                // exit: no clean-up that could flush a half-written frame onto the restored
                // screen or wait on what the stuck thread holds.
                std::thread::sleep(Duration::from_millis(400));
                super::restore();
                // SAFETY: _exit ends the process at once; nothing after it runs.
                unsafe { libc::_exit(128 + sig) };
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
}
