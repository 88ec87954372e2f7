//! The diff for people, as `prune diff` prints it: which runs and passes, the counter
//! deltas, then the nodes only one run searched, the cutoffs that moved and the results that
//! changed, each node by its name in the trace's catalog and its path of moves.

use std::fmt::Write;

use super::{Cut, Delta, Diff, RunSide, Visit, Which};
use crate::search::{Algorithm, CutRule, Options, Status};
use crate::value::Units;

/// A path for people: "root", or the moves from the root ("moves 2 1").
pub fn path_text(path: &[u16]) -> String {
    visited_path_text(path, &[])
}

/// A path whose steps may be second visits (a PVS re-search): "moves 1 (re-search) 0".
pub fn visited_path_text(path: &[u16], visits: &[u8]) -> String {
    if path.is_empty() {
        return "root".into();
    }
    let moves: Vec<String> = (path.iter().enumerate())
        .map(|(i, m)| match visits.get(i) {
            Some(1) => format!("{m} (re-search)"),
            Some(&v) if v > 1 => format!("{m} (visit {})", v + 1),
            _ => m.to_string(),
        })
        .collect();
    format!("moves {}", moves.join(" "))
}

fn on(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

fn cut_rule(c: CutRule) -> &'static str {
    c.spelled(crate::value::Spelling::Condition)
}

/// The options that differ between the runs, "ordering off → on" (a root window in `units`).
pub fn option_changes(a: &Options, b: &Options, units: &Units) -> Vec<String> {
    let algorithm = |x: Algorithm| x.name();
    let window = |(lo, hi): (i32, i32)| format!("({}, {})", units.sc(lo), units.sc(hi));
    let aspiration = |o: &Options| {
        o.aspiration.map_or("off".to_string(), |x| {
            format!("δ{} from d{}", x.delta, x.from)
        })
    };
    let pitfall = |o: &Options| o.pitfall.map_or("none", |p| p.name()).to_string();
    let chance = |o: &Options| {
        o.chance_pruning
            .map_or("off".to_string(), |(lo, hi)| format!("[{lo}, {hi}]"))
    };
    let chance_as = |o: &Options| if o.chance_as_min { "MIN" } else { "average" }.to_string();
    let leaves = |o: &Options| o.leaf_map.map_or("as given".to_string(), |m| m.text());
    let rows: [(&str, String, String); 14] = [
        (
            "algorithm",
            algorithm(a.algorithm).into(),
            algorithm(b.algorithm).into(),
        ),
        ("depth", a.depth.to_string(), b.depth.to_string()),
        (
            "iterative deepening",
            on(a.deepening).into(),
            on(b.deepening).into(),
        ),
        ("table", on(a.table).into(), on(b.table).into()),
        ("ordering", on(a.ordering).into(), on(b.ordering).into()),
        ("cut", cut_rule(a.cut).into(), cut_rule(b.cut).into()),
        ("qlimit", a.qlimit.to_string(), b.qlimit.to_string()),
        ("budget", a.budget.to_string(), b.budget.to_string()),
        ("window", window(a.window), window(b.window)),
        ("aspiration", aspiration(a), aspiration(b)),
        ("pitfall", pitfall(a), pitfall(b)),
        ("chance pruning", chance(a), chance(b)),
        ("chance nodes as", chance_as(a), chance_as(b)),
        ("leaves", leaves(a), leaves(b)),
    ];
    rows.into_iter()
        .filter(|(_, x, y)| x != y)
        .map(|(k, x, y)| format!("{k} {x} → {y}"))
        .collect()
}

fn run_line(label: &str, s: &RunSide) -> String {
    let preset = s
        .preset
        .as_deref()
        .map_or(String::new(), |p| format!(", from preset \"{p}\""));
    let table = if s.options.keeps_table() {
        ""
    } else {
        "; no table, so a flag is what the call proved, not a store"
    };
    let status = match s.status {
        Status::Complete => format!("COMPLETE to depth {}", s.options.depth),
        Status::Partial => format!(
            "PARTIAL: completed depth {} of {}",
            s.completed_depth, s.options.depth
        ),
        Status::NoCompletedDepth => format!(
            "NO_COMPLETED_DEPTH: depth {} asked, none completed",
            s.options.depth
        ),
    };
    format!("run {label}: {}{preset} ({status}){table}", s.lesson)
}

fn pass_text(s: &RunSide) -> String {
    let done = if s.pass_done { "" } else { ", interrupted" };
    format!("pass {}{done} ({})", s.pass_depth, s.pass_chosen)
}

fn counter_rows(out: &mut String, rows: &[Delta]) {
    let wa = rows
        .iter()
        .map(|d| d.a.to_string().len())
        .max()
        .unwrap_or(1);
    let wb = rows
        .iter()
        .map(|d| d.b.to_string().len())
        .max()
        .unwrap_or(1);
    for d in rows {
        let _ = writeln!(
            out,
            "  {:<8} {:>wa$} → {:>wb$}   {}",
            d.counter,
            d.a,
            d.b,
            d.change_text()
        );
    }
}

fn cut_text(c: &Option<Cut>) -> String {
    let Some(c) = c else {
        return "no cutoff".into();
    };
    let after = match (c.after_move, c.after_position) {
        (Some(m), Some(p)) => format!("cut after move {m} (tried {})", ordinal(p)),
        _ => "cut on its own stand-pat score".into(),
    };
    if c.skipped.is_empty() {
        return format!("{after}, the last candidate");
    }
    let skipped: Vec<String> = (c.skipped.iter().zip(&c.skipped_names))
        .map(|(m, n)| format!("move {m} ({n})"))
        .collect();
    format!("{after}, skipping {}", skipped.join(", "))
}

fn ordinal(position: u16) -> String {
    let n = position as u32 + 1;
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// " (null-window scout)" after what a scout did; a re-search is named in its path.
fn scout(v: Visit) -> &'static str {
    match v {
        Visit::Scout => v.text(),
        Visit::Call | Visit::ReSearch => "",
    }
}

fn ended_text(e: &Option<super::Ended>, units: &Units) -> String {
    e.map_or_else(|| "no result".into(), |e| e.text_in(units))
}

/// The whole diff as text: the runs, the counters, the nodes.
pub fn render(d: &Diff) -> String {
    runs(d) + &counters(d) + &nodes(d)
}

/// Which runs and passes are compared, and whether anything differs.
pub fn runs(d: &Diff) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", run_line("A", &d.a));
    let _ = writeln!(out, "{}", run_line("B", &d.b));
    let changes = option_changes(&d.a.options, &d.b.options, &d.units);
    let _ = writeln!(
        out,
        "options that differ: {}",
        if changes.is_empty() {
            "none".into()
        } else {
            changes.join(", ")
        }
    );
    let _ = writeln!(
        out,
        "compared: {} of A with {} of B; nodes are matched by their moves from the root ({} nodes)",
        pass_text(&d.a),
        pass_text(&d.b),
        d.aligned
    );
    if d.is_empty() {
        let _ = writeln!(
            out,
            "no differences: the same nodes searched, the same cutoffs and results, the same counters"
        );
    }
    out
}

/// The counter deltas: the whole runs', then the compared passes'.
pub fn counters(d: &Diff) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\ncounters of the whole runs (B − A):");
    counter_rows(&mut out, &d.counters);
    let _ = writeln!(
        out,
        "counters of the compared passes ({} of A, {} of B):",
        d.a.pass_depth, d.b.pass_depth
    );
    counter_rows(&mut out, &d.pass_counters);
    out
}

/// The nodes: searched by one run only, cutoffs that moved, results that changed.
pub fn nodes(d: &Diff) -> String {
    nodes_within(d, usize::MAX)
}

/// `nodes`, with at most `limit` rows per list and a line saying how many more there are
/// (the tutor draws a few hundred rows, not a whole game's).
pub fn nodes_within(d: &Diff, limit: usize) -> String {
    let mut out = String::new();
    let more = |out: &mut String, n: usize| {
        if n > limit {
            let _ = writeln!(
                out,
                "  … and {} more (prune diff lists them all)",
                n - limit
            );
        }
    };
    for (run, other) in [(Which::A, "B"), (Which::B, "A")] {
        let rows: Vec<_> = d.only_in(run).collect();
        let _ = writeln!(out, "\nsearched only in {run:?} ({}):", rows.len());
        let n = rows.len();
        for o in rows.into_iter().take(limit) {
            let _ = writeln!(
                out,
                "  {}  {}: {}{}; in {other}: {}",
                o.name,
                visited_path_text(&o.path, &o.visits),
                ended_text(&o.ended, d.units_of(run)),
                scout(o.visit),
                o.other.text()
            );
        }
        more(&mut out, n);
    }
    let _ = writeln!(out, "\ncutoffs that moved ({}):", d.cutoffs.len());
    for c in d.cutoffs.iter().take(limit) {
        let _ = writeln!(
            out,
            "  {}  {}: A {}{}; B {}{}",
            c.name,
            visited_path_text(&c.path, &c.visits),
            cut_text(&c.a),
            scout(c.a_visit),
            cut_text(&c.b),
            scout(c.b_visit)
        );
    }
    more(&mut out, d.cutoffs.len());
    let _ = writeln!(out, "\nresults that changed ({}):", d.results.len());
    for r in d.results.iter().take(limit) {
        let _ = writeln!(
            out,
            "  {}  {}: A {}{} → B {}{}",
            r.name,
            visited_path_text(&r.path, &r.visits),
            ended_text(&r.a, &d.units),
            scout(r.a_visit),
            ended_text(&r.b, &d.units_b),
            scout(r.b_visit)
        );
    }
    more(&mut out, d.results.len());
    out
}
