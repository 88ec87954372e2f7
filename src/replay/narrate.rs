//! One plain sentence per event: what just happened and why.
//!
//! The sentence reads only the replay state after the event, the event itself and, where a
//! decision is already on record (which flag a cutoff leads to), the next events. It never
//! recomputes a search value.
//!
//! `tell` dispatches each event, and each family's detail, to a voice (`voice::Voice`): the
//! wording of one score and a window by default (`skeleton`, `bound`, `scout`), overridden by
//! a chance node (`chance`) and by a max-n run (`vector`). `words` holds what they all write
//! with.

mod bound;
mod chance;
mod mcts;
mod scout;
mod skeleton;
mod solve;
mod tell;
pub(super) mod vector;
mod voice;
pub mod weighed;
mod words;

use super::{Replay, ReplayState};
use crate::search::tt::Flag;
pub use words::{Namer, pass_name, pass_title};
use words::{Words, operators};

/// The sentence for the event that led to `st` (the event at `st.step - 1`).
pub fn narrate(replay: &Replay, st: &ReplayState, namer: Namer) -> String {
    narrate_holding(replay, st, namer, None)
}

/// The same sentence, keeping back what an open prediction asks (`held`): a cutoff then does
/// not say what its call will store.
pub fn narrate_holding(
    replay: &Replay,
    st: &ReplayState,
    namer: Namer,
    held: Option<crate::index::question::Held>,
) -> String {
    let mut w = Words::new(replay, st, namer);
    w.held = held;
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
/// (`tell::voice`).
fn sentence(w: &Words) -> String {
    let Some(index) = w.st.step.checked_sub(1) else {
        return "Nothing has happened yet: step forward (→ or l) to watch the search begin.".into();
    };
    tell::tell(w, index, w.replay.events().at(index))
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
