//! One plain sentence per event: what just happened and why.
//!
//! The sentence reads only the replay state after the event, the event itself and, where a
//! decision is already on record (which flag a cutoff leads to), the next events. It never
//! recomputes a search value.

mod bound;
mod chance;
mod scout;
mod skeleton;
pub(super) mod vector;
mod voice;
mod words;

use super::{Replay, ReplayState};
use crate::search::CutRule;
use crate::search::tt::Flag;
pub use crate::value::sc;
use words::Words;

/// A label for a state other than the trace catalog's (`&|_| None`: the catalog's labels).
pub type Namer<'a> = &'a dyn Fn(u32) -> Option<String>;

fn plural(n: usize, one: &str, many: &str) -> String {
    crate::text::counted(n as u64, one, many)
}

/// How a pass is called: "pass 2" under iterative deepening, "depth 3 (one pass)" when the
/// run searches only its final depth (there is no pass 1 or 2 to count from).
pub fn pass_name(options: &crate::search::Options, depth: u8) -> String {
    if options.deepening {
        format!("pass {depth}")
    } else {
        format!("depth {depth} (one pass)")
    }
}

/// The same, starting a sentence.
pub fn pass_title(options: &crate::search::Options, depth: u8) -> String {
    let name = pass_name(options, depth);
    let mut chars = name.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// What a root result is worth, written with what it proves: "3", "at most 3", "at least 6".
pub fn worth(value: i32, bound: Option<Flag>) -> String {
    bound.unwrap_or(Flag::Exact).worth(value)
}

/// The sentence for the event that led to `st` (the event at `st.step - 1`).
pub fn narrate(replay: &Replay, st: &ReplayState, namer: Namer) -> String {
    let w = Words::new(replay, st, namer);
    // A sentence may begin with a state's name ("node 2 returns…").
    let s = sentence(&w);
    // A label is the lesson's own spelling (g and G are two nodes): never capitalised.
    if starts_with_label(&s, &w) {
        return s;
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_lowercase() => c.to_uppercase().chain(chars).collect(),
        _ => s,
    }
}
/// Whether `s` begins with a state's name as `Words::name` writes it ("g (4) returns…").
fn starts_with_label(s: &str, w: &Words) -> bool {
    s.match_indices(" (").any(|(i, _)| {
        let rest = &s[i + 2..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        rest[digits..].starts_with(')')
            && rest[..digits]
                .parse::<u32>()
                .is_ok_and(|id| s.starts_with(&w.name(id)) && !w.name(id).starts_with("node "))
    })
}

/// The event's sentence, told by the voice of the run's family and of the node it happens at
/// (`voice::of`).
fn sentence(w: &Words) -> String {
    let Some(index) = w.st.step.checked_sub(1) else {
        return "Nothing has happened yet: step forward (→ or l) to watch the search begin.".into();
    };
    voice::tell(w, index, w.replay.events()[index])
}

/// The comparisons that close a window under `cut`, and their negations: (closes from
/// below, closes from above, stays open below, stays open above): "≥" or ">" and so on.
fn operators(cut: CutRule) -> (&'static str, &'static str, &'static str, &'static str) {
    match cut {
        CutRule::AtLeast => ("≥", "≤", "<", ">"),
        CutRule::Strict => (">", "<", "≤", "≥"),
    }
}

/// Text for the last probe's verdict, as the table panel shows it ("LOWER 5 ≥ β 4: cut").
pub fn probe_verdict(replay: &Replay, st: &ReplayState) -> Option<String> {
    let p = st.last_probe?;
    let (ge, le, lt, gt) = operators(replay.options().cut);
    let units = replay.units();
    let e = match p.found {
        None => {
            return Some(format!(
                "probe {} d{} q{}: empty, search",
                replay.catalog().name(p.key.state),
                p.key.depth,
                p.key.qleft
            ));
        }
        Some(e) => e,
    };
    let text = match (e.flag, p.usable) {
        (Flag::Exact, _) => format!("EXACT {}: hit", e.value),
        (Flag::Lower, true) => format!("LOWER {} {ge} β {}: cut", e.value, units.fmt(p.beta)),
        (Flag::Lower, false) => format!(
            "LOWER {} {lt} β {}: not usable, search again",
            e.value,
            units.fmt(p.beta)
        ),
        (Flag::Upper, true) => format!("UPPER {} {le} α {}: cut", e.value, units.fmt(p.alpha)),
        (Flag::Upper, false) => format!(
            "UPPER {} {gt} α {}: not usable, search again",
            e.value,
            units.fmt(p.alpha)
        ),
    };
    Some(format!(
        "probe {} d{} q{}: {text}",
        replay.catalog().name(p.key.state),
        p.key.depth,
        p.key.qleft
    ))
}
