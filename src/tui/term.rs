//! Terminal set-up and its guaranteed undoing: on return, on a panic (hook), and on SIGTERM,
//! SIGHUP, SIGINT and SIGQUIT (a watcher thread). Ctrl-C in raw mode arrives as a key and quits
//! through the normal path.

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute};

/// The terminal is in the tutor's modes and must be restored.
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// The last termination signal received (0 = none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
static HOOKS: Once = Once::new();

/// While alive, the terminal is in raw mode on the alternate screen with mouse reporting.
pub struct Session(());

pub fn enter() -> io::Result<Session> {
    HOOKS.call_once(install_hooks);
    // Mark active first: if set-up fails halfway, restoring undoes whatever was done.
    ACTIVE.store(true, Ordering::SeqCst);
    let setup = (|| {
        enable_raw_mode()?;
        execute!(
            io::stdout(),
            EnterAlternateScreen,
            EnableMouseCapture,
            cursor::Hide
        )
    })();
    if let Err(e) = setup {
        restore();
        return Err(e);
    }
    Ok(Session(()))
}

impl Drop for Session {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back (idempotent; safe from any thread).
pub fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let mut out = io::stdout();
        let _ = execute!(out, DisableMouseCapture, LeaveAlternateScreen, cursor::Show);
        let _ = disable_raw_mode();
        let _ = out.flush();
    }
}

/// The termination signal received, if any; the event loop stops when it sees one.
pub fn signalled() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

fn install_hooks() {
    // A panic restores the terminal before the message is printed, so it is readable.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(sig) = signals.forever().next() {
            SIGNAL.store(sig, Ordering::SeqCst);
            // The event loop notices within one poll (100 ms). If it is busy (a long re-run),
            // restore from here and leave with the conventional 128 + signal status.
            std::thread::sleep(Duration::from_millis(400));
            restore();
            std::process::exit(128 + sig);
        }
    });
}

/// Whether the controlling terminal has hung up (its window was closed). Such a terminal reads
/// as endless end-of-file, which crossterm does not report, so the loops ask this directly.
pub fn terminal_gone() -> bool {
    let mut fd = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, a zero timeout; poll only writes `revents`.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    ready > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
}

/// Waits up to `timeout` for the terminal to have input (or to hang up). The loops wait here
/// rather than in crossterm's poll, which spins forever on a terminal that hangs up meanwhile.
pub fn wait_for_input(timeout: Duration) -> bool {
    let mut fd = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = timeout.as_millis().min(i32::MAX as u128) as i32;
    // SAFETY: one valid pollfd; poll only writes `revents`.
    unsafe { libc::poll(&mut fd, 1, ms) > 0 }
}
