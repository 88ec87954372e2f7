//! The kinds that ask about the root's result: `decision` (its value and move), `interrupted`
//! (what a run cut short by its budget returns) and `quiescence` (the value without and with
//! quiescence). Their answers, the settings their generated problems need, and why an answer
//! is wrong, read off the recorded runs.

use super::answer::Answer;
use super::call_kinds::describe_call;
use super::item::{Explained, Problem, Solved};
use super::query::{self, Call};
use crate::error::Result;
use crate::game::{Game, Side};
use crate::lesson::RunSpec;
use crate::rng::Rng;
use crate::value::Units;

/// The root's value and the name of its chosen move.
pub(super) fn decision(p: &Problem, main: &Solved) -> Answer {
    Answer::Decision {
        value: root_value(p, main),
        choice: choice(p, main, main.rec.result().mv),
    }
}

/// The root's value as one number: the run's score, or in a game of several players (whose
/// recorded values stand for payoff vectors) the root mover's entry of the root's vector,
/// as `prune run` reports it.
fn root_value(p: &Problem, main: &Solved) -> i32 {
    let r = main.rec.result();
    let start = main.rec.trace.header.start;
    match (r.vector.is_empty(), p.lesson.graph.side(start)) {
        (false, Side::Player(seat)) => r.vector.get(seat.index()).copied().unwrap_or(r.score),
        _ => r.score,
    }
}

/// What a run cut short by its budget returns.
pub(super) fn interrupted(p: &Problem, main: &Solved) -> Answer {
    let result = main.rec.result();
    Answer::Interrupted {
        status: result.status.name().to_string(),
        depth: result.depth,
        value: result.score,
        choice: choice(p, main, result.mv),
    }
}

/// The root's value without quiescence (the main run) and with it (the second run).
pub(super) fn quiescence(p: &Problem, main: &Solved) -> Result<Answer> {
    let quiet = p.solve_run(1)?;
    Ok(Answer::Quiescence {
        fixed: main.rec.result().score,
        quiet: quiet.rec.result().score,
    })
}

fn choice(p: &Problem, main: &Solved, mv: i16) -> String {
    let start = main.rec.trace.header.start;
    if p.on_game() {
        // A game names its moves (a tic-tac-toe square), as the lesson's facts do.
        return p.lesson.model.move_name(start, mv).unwrap_or("-".into());
    }
    match query::choice_name(&p.lesson.graph, start, mv) {
        serde_json::Value::String(s) => s,
        _ => "-".to_string(),
    }
}

/// An interrupted problem's run deepens with a table; a quiescence problem adds the same run
/// with quiescence `plies` past the horizon.
pub(super) fn runs(kind_runs: &mut Vec<RunSpec>, interrupted: bool, quiescence: Option<u8>) {
    if interrupted {
        kind_runs[0].deepening = Some(true);
        kind_runs[0].table = Some(true);
    }
    if let Some(plies) = quiescence {
        kind_runs[0].name = "without quiescence".into();
        let mut q = kind_runs[0].clone();
        q.name = "with quiescence".into();
        q.qlimit = Some(plies);
        kind_runs.push(q);
    }
}

/// Gives an interrupted problem a budget that stops the run partway; whether the run has
/// calls enough to stop partway.
pub(super) fn set_budget(rng: &mut Rng, p: &mut Problem, main: &Solved) -> bool {
    let total = main.rec.result().stats.nodes;
    let budget = rng.range(1, total.max(2) as i64 - 1) as u64;
    p.item.runs[0].budget = Some(budget);
    total >= 3
}

/// Whether quiescence changes the root's value (what a quiescence problem teaches).
pub(super) fn quiescence_matters(p: &Problem, main: &Solved) -> Result<bool> {
    let q = p.solve_run(1)?;
    Ok(q.rec.result().score != main.rec.result().score)
}

/// The words after an interrupted or quiescence question: the run's deepening and budget,
/// or its quiescence plies.
pub(super) fn question_extra(p: &Problem, interrupted: bool) -> String {
    if interrupted {
        let o = &p.item.runs[0];
        format!(
            " (iterative deepening to depth {}, budget {})",
            o.depth.unwrap_or(1),
            crate::text::counted(o.budget.unwrap_or(0), "call", "calls")
        )
    } else {
        format!(" ({} quiescence plies)", p.item.runs[1].qlimit.unwrap_or(0))
    }
}

/// (node, step, why) for a wrong decision: the move the answer picked, else the value.
pub(super) fn explain_decision(
    p: &Problem,
    main: &Solved,
    units: &Units,
    (value, choice): (i32, &str),
    (v2, c2): (i32, &str),
) -> Explained {
    if p.on_game() || !main.rec.result().vector.is_empty() {
        return explain_by_moves(p, main, units, (value, choice), (v2, c2));
    }
    let graph = &p.lesson.graph;
    let rows = &main.rows;
    let start = main.rec.trace.header.start;
    let root = p.root_call(main);
    let root_step = root.map(|r| rows[r].step);
    let children: Vec<&Call> = root
        .map(|r| rows.iter().filter(|c| c.parent == Some(r)).collect())
        .unwrap_or_default();
    if c2 == choice {
        let summary = children
            .iter()
            .map(|c| describe_call(p, units, c, &main.rec))
            .collect::<Vec<_>>()
            .join("; ");
        return (
            Some(start),
            root_step,
            format!(
                "{} is worth {}, not {}: {summary}",
                p.name(start),
                units.fmt(value),
                units.fmt(v2)
            ),
        );
    }
    let moves = query::graph_children(graph, start);
    match query::find_node(graph, c2).filter(|s| moves.contains(s)) {
        None => (
            Some(start),
            root_step,
            format!(
                "{c2} is not a move of {}; its children are {}",
                p.name(start),
                moves
                    .iter()
                    .map(|&s| p.name(s))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ),
        Some(s) => {
            let call = children.iter().find(|c| c.state == s);
            let best = query::find_node(graph, choice)
                .and_then(|b| children.iter().find(|c| c.state == b));
            let mut why = match call {
                Some(c) => describe_call(p, units, c, &main.rec),
                None => format!("{} is never searched", p.name(s)),
            };
            if let Some(b) = best {
                why.push_str(&format!(
                    ", but {}; {} keeps the first child that strictly improves its best",
                    describe_call(p, units, b, &main.rec),
                    p.name(start)
                ));
            }
            (Some(s), call.map(|c| c.step).or(root_step), why)
        }
    }
}

/// (node, step, why) for a wrong decision on a game or in a game of several players: what
/// each of the root's moves returned in the run (a payoff vector there), by the names of the
/// moves (no node: a game's positions are no graph's).
fn explain_by_moves(
    p: &Problem,
    main: &Solved,
    units: &Units,
    (value, choice): (i32, &str),
    (v2, c2): (i32, &str),
) -> Explained {
    let start = main.rec.trace.header.start;
    let root = p.root_call(main);
    let step = root.map(|r| main.rows[r].step);
    // The children's values as the trace writes them (payoff vectors in max-n).
    let written = main.rec.trace.header.units();
    let move_name = |mv: i16| {
        if p.on_game() {
            p.lesson.model.move_name(start, mv)
        } else {
            let s = p.lesson.graph.child(start, usize::try_from(mv).ok()?);
            Some(p.name(s))
        }
    };
    let moves: Vec<String> = main
        .rows
        .iter()
        .filter(|c| c.parent.is_some() && c.parent == root)
        .filter_map(|c| {
            let name = move_name(c.via?)?;
            Some(match c.value {
                Some(v) => format!("{name} returns {}", written.fmt(v)),
                None => format!("{name} never returns"),
            })
        })
        .collect();
    let head = if c2 == choice {
        format!(
            "the root is worth {}, not {}",
            units.fmt(value),
            units.fmt(v2)
        )
    } else {
        format!(
            "the root plays {choice}, worth {}, not {c2}",
            units.fmt(value)
        )
    };
    (None, step, format!("{head}: {}", moves.join("; ")))
}

/// (node, step, why) for a wrong interrupted answer: where the budget stopped the run.
pub(super) fn explain_interrupted(main: &Solved, status: &str, depth: u8) -> Explained {
    let o = *main.rec.options();
    let aborted = main.rec.result().history.iter().find(|p| !p.done);
    let why = match aborted {
        Some(p) => format!(
            "the budget admits {} in all; pass {} needs more, so call {} is refused and that pass is abandoned. {}",
            crate::text::counted(o.budget, "call", "calls"),
            p.depth,
            o.budget + 1,
            if depth > 0 {
                format!("The run returns {status} with the last completed pass, depth {depth}")
            } else {
                "No pass completed: NO_COMPLETED_DEPTH, score 0 and no move (neither is meaningful)"
                    .to_string()
            }
        ),
        None => format!(
            "every pass finishes within the budget of {}",
            crate::text::counted(o.budget, "call", "calls")
        ),
    };
    let step = if aborted.is_some() {
        Some(o.budget)
    } else {
        main.rows.last().map(|c| c.step)
    };
    (Some(main.rec.trace.header.start), step, why)
}

/// (node, step, why) for a wrong quiescence answer: the run whose value is wrong, and what
/// the root's children return in it.
pub(super) fn explain_quiescence(
    p: &Problem,
    main: &Solved,
    units: &Units,
    (fixed, quiet): (i32, i32),
    f2: i32,
) -> Result<Explained> {
    let start = main.rec.trace.header.start;
    let q = p.solve_run(1)?;
    let (run, value) = if fixed != f2 {
        (main, fixed)
    } else {
        (&q, quiet)
    };
    let root = p.root_call(run);
    let summary = root
        .map(|r| {
            run.rows
                .iter()
                .filter(|c| c.parent == Some(r))
                .map(|c| describe_call(p, units, c, &run.rec))
                .collect::<Vec<_>>()
                .join("; ")
        })
        .unwrap_or_default();
    let label = if fixed != f2 {
        "without quiescence the static scores at the horizon are believed"
    } else {
        "with quiescence, tactical moves are followed past the horizon and each side may stand pat"
    };
    Ok((
        Some(start),
        root.map(|r| run.rows[r].step),
        format!(
            "{label}: {} is worth {}; {summary}",
            p.name(start),
            units.fmt(value)
        ),
    ))
}
