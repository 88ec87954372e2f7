//! The sentences of predict mode: the question as asked, the answer in words, and why
//! (a link of the index's own chain for the node, `Tree::why_*`, or where a step has no
//! chain, the narration of that step).

use crate::event::Mcts;
use crate::index::question::{Kind, Question, Truth};
use crate::practice::predict::Choices;
use crate::replay::Replay;
use crate::trace::Event;
use crate::tui::look::Look;
use crate::value::Units;

/// The name of a node as the tutor says it.
fn called(r: &Replay, node: u32) -> String {
    let tree = r.tree();
    r.catalog().called(tree.get(node).state)
}

fn parent(r: &Replay, node: u32) -> String {
    let tree = r.tree();
    let p = tree.links(node).parent;
    if p == crate::index::NONE {
        "the root".into()
    } else {
        called(r, p)
    }
}

/// The question, as the footer asks it (its first letter a capital).
pub fn asked(r: &Replay, q: &Question) -> String {
    let text = asked_plain(r, q);
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A Monte Carlo node as the narration and the tree pane say it: by its number in the
/// search's tree, with the position's label ("node 2 (second)", "the root (R)").
fn monte_called(r: &Replay, node: u32) -> String {
    let at = r.index().monte.node(node).map_or(String::new(), |n| {
        format!(" ({})", r.catalog().name(n.state))
    });
    if node == 0 {
        format!("the root{at}")
    } else {
        format!("node {node}{at}")
    }
}

/// What a Monte Carlo answer is read and written with (`practice::predict::Choices`): a
/// selection's children as they exist at its step, each by its move ("sq5", "m1") and by the
/// name of the position it reaches ("second").
pub fn choices(r: &Replay, q: &Question) -> Choices {
    let monte = &r.index().monte;
    let catalog = r.catalog();
    let mut children = Vec::new();
    if q.kind == Kind::Select
        && let Some(at) = monte.node(q.node)
    {
        for (mv, child) in monte.children_at(q.node, q.due as usize) {
            let m = mv as i16;
            let moves = [
                catalog.move_short(at.state, m),
                catalog.move_number(at.state, m),
            ];
            let mut places = Vec::new();
            if let Some(c) = monte.node(child) {
                let called = catalog.called(c.state);
                if let Some((label, _)) = called.rsplit_once(" (") {
                    places.push(label.to_string());
                }
                places.push(called);
            }
            // The name the selection table shows first: the game's move ("sq5"), else the
            // position the move reaches ("second").
            let names = if catalog.move_name(at.state, m).is_some() || places.is_empty() {
                moves.into_iter().chain(places).collect()
            } else {
                places.into_iter().chain(moves).collect()
            };
            children.push((mv, names));
        }
    }
    Choices {
        per_win: monte.per_win(),
        children,
    }
}

fn asked_plain(r: &Replay, q: &Question) -> String {
    match q.kind {
        Kind::Select => {
            let here = monte_called(r, q.node);
            return format!(
                "Which child does selection pick at {here} (the largest UCB1 = mean + bonus)?"
            );
        }
        Kind::Counts => {
            let n = monte_called(r, q.node);
            return format!("After this iteration, what are N and U of {n} (U in wins)?");
        }
        _ => {}
    }
    let (n, p) = (called(r, q.node), parent(r, q.node));
    let negamax = Look::of_run(r).side_to_move;
    match q.kind {
        Kind::Window if negamax => {
            format!("What window does {n} get from {p} (from {n}'s side to move)?")
        }
        Kind::Window => format!("What window does {n} get from {p}?"),
        Kind::Probe => format!("The table has an entry for {n}: does it answer {n}?"),
        Kind::Return => format!("What does {n} return?"),
        Kind::Flag if !r.options().keeps_table() => {
            format!("The table is off: which flag would {n}'s value carry, were it stored?")
        }
        Kind::Flag => format!("Which flag does {n} store with its value?"),
        Kind::Cut => format!("{n} has returned: does {p}'s window close (a cutoff)?"),
        Kind::Research => format!("{n}'s scout has returned: is {n} searched again?"),
        Kind::Select | Kind::Counts => unreachable!("asked above"),
        Kind::Interval => {
            format!("An outcome of {n} is back: in what interval does {n}'s average now lie?")
        }
    }
}

/// The answer in a sentence, for the verdict: "B gets (3, +∞)".
pub fn answer_phrase(r: &Replay, q: &Question, truth: &str) -> String {
    match q.kind {
        Kind::Select => return format!("selection picks {truth} at {}", monte_called(r, q.node)),
        Kind::Counts => return format!("{} has {truth}", monte_called(r, q.node)),
        _ => {}
    }
    let (n, p) = (called(r, q.node), parent(r, q.node));
    let yes = matches!(q.answer, Truth::YesNo(true));
    match q.kind {
        Kind::Window => format!("{n} gets {truth}"),
        Kind::Probe if yes => format!("the table answers {n}"),
        Kind::Probe => format!("the table does not answer {n}"),
        Kind::Return => format!("{n} returns {truth}"),
        Kind::Flag if !r.options().keeps_table() => format!("{n}'s value is {truth}"),
        Kind::Flag => format!("{n} stores {truth}"),
        Kind::Cut if yes => format!("{n}'s reply closes {p}'s window: a cutoff"),
        Kind::Cut => format!("{p}'s window stays open after {n}'s reply"),
        Kind::Research if yes => format!("{n} is searched again with the full window"),
        Kind::Research => format!("{n} is not searched again"),
        Kind::Interval => format!("{n}'s average lies in {truth}"),
        Kind::Select | Kind::Counts => unreachable!("answered above"),
    }
}

/// Why the answer is what it is: the index's chain for the node where there is one, else
/// the narration of the step the question was due at, keeping back what the question asked
/// next on that step holds (`next`).
pub fn why(
    r: &Replay,
    u: &Units,
    q: &Question,
    next: Option<crate::index::question::Held>,
) -> Option<String> {
    let chain = crate::practice::why_choice::chain(&r.tree(), u, q);
    // A node's counts: the sentence of that node's own backup, not of the leaf's first.
    let told = match q.kind {
        Kind::Counts => (q.due as usize..r.len())
            .take_while(|&e| matches!(r.events().at(e), Event::Mcts(Mcts::Backup { .. })))
            .find(|&e| {
                matches!(r.events().at(e), Event::Mcts(Mcts::Backup { node, .. }) if node == q.node)
            })
            .unwrap_or(q.due as usize),
        _ => q.due as usize,
    };
    chain.or_else(|| {
        let after = r.seek(told + 1);
        let said = crate::replay::narrate::narrate_holding(r, &after, &|_| None, next);
        (!said.is_empty()).then_some(said)
    })
}
