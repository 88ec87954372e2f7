//! Screens that take over the tutor's whole screen and all its keys until they close. Each
//! is plain state that draws itself (a ratatui `Widget` on a reference) and answers a key with
//! `handle_key(key) -> Outcome`; the app holds one while it is open and drops it on `Quit`.
//!
//! - `practice`: a practice round (the tutor's `e`, and `prune practice tui` on its own).

pub mod practice;
