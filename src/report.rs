//! Text and JSON renderings of a run: seed 000's three lines, the call trace (table, tsv,
//! jsonl), the fixtures. Each reads one indexed run; none walks the events on its own.

use std::fmt::Write;

use serde_json::json;

use crate::error::Result;
use crate::index::{Recorded, TreeNode};
use crate::lesson::{Lesson, Overrides, builtin_names};
use crate::search::{RunResult, Stats, fmt_score};
use crate::trace::Event;
use crate::value::sc;

/// Seed 000's fixtures: (built-in lesson, preset), in the order its program prints them.
pub const FIXTURES: [(&str, &str); 8] = [
    ("000-worked-tree", "worked"),
    ("000-worked-tree", "ordered"),
    ("000-transposition", "transposition"),
    ("000-tactical", "static horizon"),
    ("000-tactical", "quiescence"),
    ("000-worked-tree", "interrupted"),
    ("000-worked-tree", "no completed pass"),
    ("000-terminal-root", "terminal root"),
];

/// `NAME: STATUS, depth=…` / counters / `passes=[…]`, as seed 000 prints a run.
pub fn three_lines(name: &str, r: &RunResult) -> String {
    let counters: Vec<String> = Stats::LABELS
        .iter()
        .zip(r.stats.as_array())
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let passes: Vec<String> = r
        .history
        .iter()
        .map(|p| {
            format!(
                "{}:{}:{}:{}:{}",
                p.depth,
                p.code(),
                p.score,
                p.mv,
                p.delta[0]
            )
        })
        .collect();
    format!(
        "{name}: {}, depth={}, score={}, move={}\n{}, restored={}\npasses=[{}]\n",
        r.status.name(),
        r.depth,
        r.score,
        r.mv,
        counters.join(", "),
        if r.restored { "YES" } else { "NO" },
        passes.join(",")
    )
}

pub fn json(r: &RunResult) -> String {
    let s = &r.stats;
    let history: Vec<_> = r
        .history
        .iter()
        .map(|p| json!({"depth": p.depth, "code": p.code(), "score": p.score, "move": p.mv, "delta": p.delta}))
        .collect();
    let value = json!({
        "status": r.status.name(),
        "depth": r.depth,
        "score": r.score,
        "move": r.mv,
        "stats": {"nodes": s.nodes, "evals": s.evals, "cutoffs": s.cutoffs,
                  "tt_hits": s.tt_hits, "qnodes": s.qnodes, "peak": s.peak},
        "history": history,
    });
    format!("{value}\n")
}

/// The eight fixtures and whether every self-check held: the path was restored, and the
/// recorded trace agrees with the unrecorded run and with the counters.
pub fn fixtures() -> Result<(String, bool)> {
    let mut text = String::new();
    let mut failures = Vec::new();
    for (stem, preset) in FIXTURES {
        let lesson = Lesson::open(stem)?;
        let setup = lesson.setup(Some(preset), &Overrides::default())?;
        let plain = crate::run::plain(&lesson, &setup)?;
        let recorded = crate::run::recorded(&lesson, &setup)?;
        text.push_str(&three_lines(preset, &plain));
        if let Err(why) = self_check(&plain, recorded) {
            failures.push(format!("{preset}: {why}"));
        }
    }
    let pass = failures.is_empty();
    if pass {
        text.push_str("checks = PASS\n");
    } else {
        let _ = writeln!(text, "checks = FAIL ({})", failures.join("; "));
    }
    Ok((text, pass))
}

fn self_check(plain: &RunResult, trace: crate::trace::Trace) -> std::result::Result<(), String> {
    if !plain.restored {
        return Err("the active path was not restored".into());
    }
    if *plain != trace.header.result {
        return Err("recording changed the result".into());
    }
    let rec = Recorded::new(trace).map_err(|e| format!("the recorded trace is invalid: {e}"))?;
    let tree = rec.tree();
    if tree.calls() as u64 != plain.stats.nodes {
        return Err(format!(
            "{} calls recorded, {} counted",
            tree.calls(),
            plain.stats.nodes
        ));
    }
    if tree.call_nodes().any(|c| c.outcome.is_none()) {
        return Err("a recorded call never ended".into());
    }
    Ok(())
}

pub const TSV_HEADER: &str =
    "step\tpass\tply\tstate\tdepth\tqleft\talpha\tbeta\tvalue\tmove\tresult";

fn value_cell(c: &TreeNode) -> (String, String) {
    match c.returned() {
        Some((v, m)) => (v.to_string(), m.to_string()),
        None => ("-".into(), "-".into()),
    }
}

pub fn trace_tsv(rec: &Recorded) -> String {
    let mut out = String::from(TSV_HEADER);
    out.push('\n');
    for (i, c) in rec.tree().call_nodes().enumerate() {
        let (value, mv) = value_cell(&c);
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            i + 1,
            c.pass,
            c.ply,
            c.state,
            c.depth,
            c.qleft,
            fmt_score(c.alpha),
            fmt_score(c.beta),
            value,
            mv,
            c.outcome.map_or("open", |o| o.name())
        );
    }
    out
}

/// The complete call trace as a table for people: the state column is indented by ply so
/// the tree's shape shows, and cutoffs are marked.
pub fn trace_table(rec: &Recorded) -> String {
    let header = [
        "step", "pass", "ply", "state", "d", "q", "α", "β", "value", "move", "result",
    ];
    let mut table: Vec<[String; 11]> = Vec::with_capacity(rec.tree().calls() as usize);
    for (i, c) in rec.tree().call_nodes().enumerate() {
        let (value, mv) = value_cell(&c);
        let mut result = c.outcome.map_or("open", |o| o.name()).to_string();
        if c.caused_cutoff {
            result.push_str("  ✂ cut");
        }
        table.push([
            (i + 1).to_string(),
            c.pass.to_string(),
            c.ply.to_string(),
            format!(
                "{}{} {}",
                "  ".repeat(c.ply as usize),
                if c.turn.is_max() { "▲" } else { "▼" },
                rec.name(c.state)
            ),
            c.depth.to_string(),
            c.qleft.to_string(),
            sc(c.alpha),
            sc(c.beta),
            value,
            mv,
            result,
        ]);
    }
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .chain([header[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    let line = |cells: Vec<&str>| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (cell, w))| {
                let pad = w - cell.chars().count();
                // The state column reads left to right; numbers line up on the right.
                if i == 3 || i == 10 {
                    format!("{cell}{}", " ".repeat(pad))
                } else {
                    format!("{}{cell}", " ".repeat(pad))
                }
            })
            .collect();
        padded.join("  ").trim_end().to_string() + "\n"
    };
    out.push_str(&line(header.to_vec()));
    for r in &table {
        out.push_str(&line(r.iter().map(String::as_str).collect()));
    }
    out.push_str(&three_lines(&rec.trace.header.lesson, rec.result()));
    out
}

/// Every event as one JSON object per line, with candidate lists (and the states they lead
/// to) spelled out, and each cutoff's skipped candidates.
pub fn trace_jsonl(rec: &Recorded) -> String {
    let tree = rec.tree();
    // Which call each cutoff belongs to, by event index (the marks are sorted).
    let mut cut_owner: Vec<(u32, u32)> = (0..tree.calls())
        .filter(|&i| tree.get(i).cutoff.is_some())
        .map(|i| (tree.get(i).cut_event, i))
        .collect();
    cut_owner.sort_unstable();
    let mut out = String::new();
    for (i, event) in rec.trace.events.iter().enumerate() {
        let value = match *event {
            Event::Order { state, start, len } => {
                let (moves, children) = rec.trace.order(start, len);
                json!({"event": "order", "state": state, "candidates": moves, "children": children})
            }
            Event::Cutoff {
                state,
                pos,
                alpha,
                beta,
            } => {
                let skipped = cut_owner
                    .binary_search_by_key(&(i as u32), |&(e, _)| e)
                    .map_or(&[][..], |k| {
                        let order = rec.order(cut_owner[k].1).0;
                        &order[(pos as usize + 1).min(order.len())..]
                    });
                json!({"event": "cutoff", "state": state, "pos": pos, "alpha": alpha, "beta": beta, "skipped": skipped})
            }
            Event::Enter { .. } => {
                let mut value = serde_json::to_value(event).unwrap_or_default();
                // The ply is the stack depth, which the event leaves to the index.
                if let (Some(map), Some(call)) =
                    (value.as_object_mut(), tree.call_entered_at(i as u32))
                {
                    map.insert("ply".into(), tree.get(call).ply.into());
                }
                value
            }
            _ => serde_json::to_value(event).unwrap_or_default(),
        };
        let _ = writeln!(out, "{value}");
    }
    out
}

pub fn lessons() -> Result<String> {
    let mut out = String::new();
    for name in builtin_names() {
        let lesson = Lesson::open(name)?;
        let _ = writeln!(out, "{name}  {}", lesson.spec.title);
        for run in &lesson.spec.runs {
            let _ = writeln!(out, "    --run {:?}  {}", run.name, run.about);
        }
    }
    Ok(out)
}
