//! Predict mode as the tests drive it: the tutor on a preset with every question asked, and
//! an answer key read here from the run's events as JSON objects (the trace format's flat
//! events), never from the question module.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::index::question::{Kind, Question};
use prune::tui::app::App;
use prune::tui::predict::Ask;
use serde_json::Value;

/// The run's events as the trace format writes them.
pub fn events(app: &App) -> Vec<Value> {
    app.replay
        .events()
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect()
}

fn tag(e: &Value) -> &str {
    e["event"].as_str().unwrap_or("")
}

fn int(e: &Value, k: &str) -> i32 {
    e[k].as_i64().unwrap_or_else(|| panic!("{k} in {e}")) as i32
}

/// What the key says, as the trace has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Pair(i32, i32),
    Value(i32),
    Flag(&'static str),
    YesNo(bool),
    /// A Monte Carlo selection: (the node selecting, the move it takes).
    Child(u32, u16),
    /// A Monte Carlo node's (visits, rewards in the run's unit).
    Counts(u32, u32),
}

/// The index of the `enter` that opened the frame event `at` belongs to (read backwards,
/// skipping the children's enter…return spans).
pub fn frame_enter(ev: &[Value], at: usize) -> usize {
    let mut depth = 0;
    for i in (0..at).rev() {
        match tag(&ev[i]) {
            "return" | "unwind" => depth += 1,
            "enter" if depth == 0 => return i,
            "enter" => depth -= 1,
            _ => {}
        }
    }
    panic!("no frame around event {at}")
}

/// The answer to a question of `kind` due at event `due`, read off the events.
pub fn key_of(ev: &[Value], kind: Kind, due: usize) -> Key {
    let e = &ev[due];
    match kind {
        Kind::Window => {
            assert!(matches!(tag(e), "push" | "null_window" | "research"), "{e}");
            let enter = ev[due..].iter().find(|x| tag(x) == "enter").unwrap();
            Key::Pair(int(enter, "alpha"), int(enter, "beta"))
        }
        Kind::Probe => {
            assert_eq!(tag(e), "probe");
            Key::YesNo(e["usable"].as_bool().unwrap())
        }
        Kind::Return => {
            assert!(matches!(tag(e), "store" | "return"), "{e}");
            let ret = ev[due..].iter().find(|x| tag(x) == "return").unwrap();
            Key::Value(int(ret, "value"))
        }
        Kind::Flag => {
            assert_eq!(tag(e), "store");
            Key::Flag(match e["flag"].as_str().unwrap() {
                "EXACT" => "EXACT",
                "LOWER" => "LOWER",
                _ => "UPPER",
            })
        }
        Kind::Cut | Kind::Research => {
            assert_eq!(tag(e), "pop");
            let want = if kind == Kind::Cut {
                "cutoff"
            } else {
                "research"
            };
            let decisive = [
                "cutoff",
                "research",
                "null_window",
                "push",
                "store",
                "return",
                "unwind",
                "refused",
                "pass_end",
                "aspiration",
            ];
            let next = ev[due + 1..]
                .iter()
                .find(|x| decisive.contains(&tag(x)))
                .unwrap();
            Key::YesNo(tag(next) == want)
        }
        Kind::Interval => {
            assert_eq!(tag(e), "interval");
            Key::Pair(int(e, "lo"), int(e, "hi"))
        }
        Kind::Select => {
            assert_eq!(tag(e), "select");
            Key::Child(int(e, "node") as u32, int(e, "pos") as u16)
        }
        Kind::Counts => {
            // The iteration's backups run from its leaf up to the root (node 0): the root's
            // child on the path is the last but one, the root itself when it is alone.
            assert_eq!(tag(e), "backup");
            assert_ne!(tag(&ev[due - 1]), "backup", "not the first backup");
            let run: Vec<&Value> = ev[due..]
                .iter()
                .take_while(|x| tag(x) == "backup")
                .collect();
            assert_eq!(
                int(run[run.len() - 1], "node"),
                0,
                "the last backup is the root's"
            );
            let at = run[run.len().saturating_sub(2)];
            Key::Counts(int(at, "n") as u32, int(at, "u") as u32)
        }
    }
}

/// How a student types the answer (spacing and case varied on purpose).
pub fn typed(app: &App, kind: Kind, key: Key) -> String {
    let u = &app.units;
    match key {
        Key::Pair(a, b) if kind == Kind::Interval => format!("[{} ,{}]", u.fmt(a), u.fmt(b)),
        Key::Pair(a, b) => format!("( {}, {} )", u.fmt(a), u.fmt(b).to_uppercase()),
        Key::Value(v) => format!(" {} ", u.fmt(v)),
        Key::Flag(f) => f.to_lowercase(),
        Key::YesNo(true) => "Yes".into(),
        Key::YesNo(false) => "no".into(),
        Key::Child(node, mv) => {
            let monte = &app.replay.index().monte;
            let state = monte.node(node).unwrap().state;
            app.replay
                .catalog()
                .move_short(state, mv as i16)
                .to_uppercase()
        }
        // Wins as a fraction of the run's unit (5/2 for 2.5 wins), not as the tutor writes them.
        Key::Counts(n, u) => format!(" {n}  {u}/{} ", app.replay.index().monte.per_win()),
    }
}

pub fn press(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

pub fn type_line(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
    press(app, KeyCode::Enter);
}

/// The question open now.
pub fn open(app: &App) -> Option<Question> {
    app.predict()?.open.as_ref().map(|o| o.q)
}

/// Turns predict mode on, asking `ask`, not saving.
pub fn predicting(app: App, ask: Ask) -> App {
    app.predicting(Some(ask), false)
}

/// Steps forward until a question opens (true) or the run ends (false), at most `limit`
/// steps.
pub fn next_question(app: &mut App, limit: usize) -> bool {
    loop {
        if open(app).is_some() {
            return true;
        }
        if app.st.step >= app.replay.len().min(limit) {
            return false;
        }
        press(app, KeyCode::Right);
    }
}
