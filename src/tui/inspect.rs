//! What the inspector says about one node of the tree at the current step: its name and side,
//! the game's score and tactical moves (what quiescence turns on), every visit of its position
//! so far with the window and the result, and the table's entries for its keys now.
//!
//! Everything is read from the trace through the index, and only up to the step on screen:
//! the inspector never tells what the search has not done yet.

use crate::index::{NONE, NodeKind, Outcome, Tree, TreeNode};
use crate::replay::narrate;
use crate::replay::{Replay, ReplayState};
use crate::tui::look::Look;
use crate::value::{Flag, Units};

/// The most visits listed; a position revisited more often says how many are left out.
const MAX_VISITS: usize = 40;

/// The inspector's text for tree node `id` of `r` at the step of `st`, one paragraph per line.
pub fn lines(r: &Replay, st: &ReplayState, u: &Units, id: u32) -> Vec<String> {
    let tree = r.tree();
    if !tree.contains(id) {
        return vec!["No node is selected.".into()];
    }
    let n = tree.get(id);
    let step = st.step;
    let who = if n.turn.is_chance() {
        "a chance node: the probability-weighted average of its outcomes".to_string()
    } else {
        format!("{} to move", r.trace().header.turn_name(n.turn))
    };
    let mut out = vec![format!(
        "▸ {} · {who} · {}",
        r.catalog().called(n.state),
        score_phrase(r, u, &tree, id, &n, step)
    )];
    if Look::of_run(r).side_to_move {
        out.push(format!(
            "Negamax: its windows and values below are from {}'s side, as the search has them.",
            r.trace().header.turn_name(n.turn)
        ));
    }
    out.push(moves_phrase(r, &tree, id, &n, step));
    if n.kind != NodeKind::Call || (n.enter as usize) >= step {
        out.push(status(&n, step));
    }
    let visits: Vec<(u32, TreeNode)> = (0..tree.calls())
        .map(|c| (c, tree.get(c)))
        .filter(|(_, c)| c.state == n.state && (c.enter as usize) < step)
        .collect();
    if visits.is_empty() {
        out.push("Its position has not been searched yet.".into());
    } else {
        out.push(format!(
            "Visits of this position so far (▸ the selected one): {}",
            visits.len()
        ));
        for (call, v) in visits.iter().take(MAX_VISITS) {
            // The visit the cursor is on is marked: the others are the same position
            // reached again (another pass, or a transposition).
            let mark = if *call == id { "▸" } else { "•" };
            out.push(format!("{mark} {}", visit(r, u, *call, v, step)));
        }
        if visits.len() > MAX_VISITS {
            out.push(format!("• … {} more", visits.len() - MAX_VISITS));
        }
    }
    out.push(table_phrase(r, u, n.state, step));
    out.retain(|l| !l.is_empty());
    out
}

fn score_phrase(r: &Replay, u: &Units, tree: &Tree, id: u32, n: &TreeNode, step: usize) -> String {
    // A game of several players pays a vector at its leaves, never one score.
    if Look::of_run(r).vectors {
        let payoffs = r.catalog().payoffs(n.state);
        return if payoffs.is_empty() {
            "no payoffs of its own (only the leaves have them)".into()
        } else {
            format!(
                "its payoffs {}",
                crate::replay::maxn::vector_text(r, payoffs)
            )
        };
    }
    let Some(s) = r.catalog().score(n.state).map(|s| u.sc(s)) else {
        return "no score of its own (only the leaves are scored)".into();
    };
    // What the call read is only told once the call is over (the index knows the future).
    let finished = n.kind == NodeKind::Call && n.exit != NONE && (n.exit as usize) < step;
    match n.read.filter(|_| finished) {
        Some(true) => format!("terminal: utility {s}"),
        Some(false) => format!("static score {s}, read at the horizon"),
        // A node with moves is scored only where the search stops: at the horizon, or when
        // quiescence stands pat.
        None if tree.children(id).next().is_some() || !r.catalog().tactical(n.state).is_empty() => {
            format!("static score {s} (read at a horizon or to stand pat)")
        }
        None => format!("score {s} (the game gives it; the search has not read it)"),
    }
}

/// Its moves: in trying order once the search has ordered them, with the tactical ones marked.
fn moves_phrase(r: &Replay, tree: &Tree, id: u32, n: &TreeNode, step: usize) -> String {
    let tactical = r.catalog().tactical(n.state);
    let star = |mv: i16| {
        if mv >= 0 && tactical.contains(&(mv as u16)) {
            "*"
        } else {
            ""
        }
    };
    // The order is shown once the search has started trying it.
    let ordered = n.kind == NodeKind::Call
        && tree
            .children(id)
            .next()
            .is_some_and(|c| (tree.get(c).enter as usize) < step);
    let mut text = if ordered {
        let names: Vec<String> = tree
            .children(id)
            .map(|c| {
                let c = tree.get(c);
                let p = r
                    .catalog()
                    .probability(n.state, c.mv)
                    .map_or(String::new(), |p| format!(" (p={p})"));
                let mv = r.catalog().move_short(n.state, c.mv);
                format!("{mv}{} → {}{p}", star(c.mv), r.catalog().name(c.state))
            })
            .collect();
        format!("Moves in trying order: {}", names.join(", "))
    } else {
        String::new()
    };
    if !tactical.is_empty() {
        let list: Vec<String> = tactical.iter().map(|m| format!("m{m}")).collect();
        if !text.is_empty() {
            text.push_str(". ");
        }
        text.push_str(&format!(
            "Tactical (*, followed past the horizon by quiescence): {}.",
            list.join(", ")
        ));
    }
    text
}

/// What this node of the tree is at this step: a call, a skipped or refused candidate, or
/// not reached yet.
fn status(n: &TreeNode, step: usize) -> String {
    let reached = (n.enter as usize) < step;
    match n.kind {
        _ if !reached => "In this pass: not reached yet.".into(),
        NodeKind::Skipped => {
            "In this pass: never searched; its parent's window closed first (⊘).".into()
        }
        NodeKind::Refused => "In this pass: refused, the budget was spent (✗).".into(),
        NodeKind::Unreached => {
            "In this pass: never reached, the budget stopped the pass first.".into()
        }
        NodeKind::Call => String::new(),
    }
}

/// One visit: where it was, its window, and what it returned (or that it is still open).
fn visit(r: &Replay, u: &Units, call: u32, v: &TreeNode, step: usize) -> String {
    let pass = narrate::pass_name(r.options(), v.pass);
    let kind = if v.research {
        "full window again"
    } else if v.scout {
        "null window"
    } else {
        "window"
    };
    // Max-n has no window, and its values are vectors, no bound of anything.
    let windowless = !Look::of_run(r).windows;
    let window = if windowless {
        "no window".to_string()
    } else {
        format!("{kind} ({}, {})", u.sc(v.alpha), u.sc(v.beta))
    };
    let head = format!(
        "{pass} · call {} · ply {} · d{} q{} · {window}",
        call + 1,
        v.ply,
        v.depth,
        v.qleft
    );
    let exited = v.exit != NONE && (v.exit as usize) < step;
    if !exited {
        return format!("{head} → still searching");
    }
    let result = match v.outcome {
        Some(Outcome::Stored(_)) if windowless => maxn_result(r, u, v),
        Some(Outcome::Stored(f)) => bound(u, f, v.value),
        Some(Outcome::TableHit) => format!(
            "table: {}",
            bound(u, v.hit_flag().unwrap_or(Flag::Exact), v.value)
        ),
        Some(Outcome::Abort) | None => "abandoned by the budget".into(),
    };
    let cut = match v.cutoff {
        Some(pos) if (v.cut_event as usize) < step => {
            format!(" · cut after {} of {} moves", pos + 1, v.order_len)
        }
        _ => String::new(),
    };
    let pat = match v.stand_pat {
        Some(s) => format!(" · stand pat {}", u.sc(s)),
        None => String::new(),
    };
    format!("{head} → {result}{cut}{pat}")
}

/// A value with what its flag proves, in words.
fn bound(u: &Units, f: Flag, v: i32) -> String {
    match f {
        Flag::Exact => format!("={} exact", u.sc(v)),
        Flag::Lower => format!("≥{} at least", u.sc(v)),
        Flag::Upper => format!("≤{} at most", u.sc(v)),
    }
}

/// The table's entries for the position's keys at this step.
fn table_phrase(r: &Replay, u: &Units, state: u32, step: usize) -> String {
    if !r.options().keeps_table() {
        return "Table: off in this run, nothing is kept.".into();
    }
    let rows: Vec<String> = r
        .table()
        .at(step)
        .into_iter()
        .filter(|row| row.key.state == state)
        .map(|row| {
            format!(
                "d{} q{}: {} {}",
                row.key.depth,
                row.key.qleft,
                row.entry.flag.name(),
                u.sc(row.entry.value)
            )
        })
        .collect();
    if rows.is_empty() {
        "Table: no entry for this position yet.".into()
    } else {
        format!("Table now: {}", rows.join("; "))
    }
}

/// What a max-n call backs up: the whole vector, and at a node with a choice the entry its
/// mover chose it by ("backs up (5, 4, 5): 5 for A, who moves here").
fn maxn_result(r: &Replay, u: &Units, v: &TreeNode) -> String {
    let vector = u.sc(v.value);
    let seat = match v.turn {
        crate::game::Side::Player(seat) if v.first_child != NONE => seat.index(),
        _ => return format!("backs up {vector}"),
    };
    let payoff = u32::try_from(v.value)
        .ok()
        .and_then(|id| r.catalog().payoffs(id).get(seat).copied())
        .map(|p| crate::value::Units::of(r.scale()).payoff(p));
    match payoff {
        Some(p) => format!(
            "backs up {vector}: {p} for {}, who moves here",
            r.trace()
                .header
                .players
                .get(seat)
                .map_or("?", String::as_str)
        ),
        None => format!("backs up {vector}"),
    }
}

/// The "why" pane (`Y`): the chains of trace steps that explain the selected node (with the
/// node cursor on; else the node the search is at), as of the step it was opened at. Each
/// link is a step; ↑↓ choose one and Enter shows the run at it, the pane staying as it was
/// opened, so the student can walk the chain back and forth.
#[derive(Clone, Debug)]
pub struct WhyPane {
    pub node: Option<u32>,
    /// The step it was opened at: it explains only what was decided by then.
    pub as_of: usize,
    pub answers: Vec<crate::index::why::Answer>,
    /// The chosen link, counted over every answer's links in order.
    pub cursor: usize,
}

impl WhyPane {
    /// The pane on `answers` about `node` (the main screen's, `screen::MainScreen::why`),
    /// keeping those decided by `step`.
    pub fn new(node: Option<u32>, step: usize, answers: Vec<crate::index::why::Answer>) -> WhyPane {
        WhyPane {
            node,
            as_of: step,
            answers: answers
                .into_iter()
                .filter(|a| (a.at as usize) < step)
                .collect(),
            cursor: 0,
        }
    }

    /// Every link in order.
    pub fn links(&self) -> impl Iterator<Item = &crate::index::why::Link> {
        self.answers.iter().flat_map(|a| a.links.iter())
    }
}

/// A Monte Carlo run's answers at `step`: the last selection before it, and the move played
/// once the run is over.
pub fn monte_answers(r: &Replay, step: usize) -> Vec<crate::index::why::Answer> {
    use crate::index::why::{why_played, why_selected};
    let rec = &r.rec;
    let last_select = (0..step.min(r.len())).rev().find(|&i| {
        matches!(
            r.events().at(i),
            crate::trace::Event::Mcts(crate::event::Mcts::Select { .. })
        )
    });
    let mut out: Vec<_> = last_select
        .and_then(|i| why_selected(&rec.index, &rec.trace, i as u32))
        .into_iter()
        .collect();
    if step >= r.len() {
        out.extend(why_played(&rec.index, &rec.trace));
    }
    out
}
