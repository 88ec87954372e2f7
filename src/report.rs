//! Text and JSON renderings of a run: seed 000's three lines, the call trace (table, tsv,
//! jsonl), the fixtures. Each reads one indexed run; none walks the events on its own.

pub mod iterations;
mod mcts;
pub mod players;

pub use mcts::{Draws, RunView};

use std::fmt::Write;

use serde_json::{Value, json};

use crate::error::Result;
use crate::event::{Bound, Chance, Scout, Vector};
use crate::index::{CallRows, Recorded, Row, TreeNode};
use crate::lesson::{Lesson, Overrides, builtin_names};
use crate::search::{Options, RunResult, Stats};
use crate::text::{Chunked, one_line, rendered};
use crate::trace::{Catalog, Event};
use crate::value::{Flag, Units};

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

/// How the result's score is written: `score=3` when it is exact (seed 000's format, and every
/// full-window run), `score<=3` or `score>=6` when the root window made it only a bound.
fn score_field(score: i32, bound: Option<Flag>, units: &Units) -> String {
    let score = units.result_text(score);
    match bound {
        Some(Flag::Upper) => format!("score<={score}"),
        Some(Flag::Lower) => format!("score>={score}"),
        Some(Flag::Exact) | None => format!("score={score}"),
    }
}

/// How a result names what the core records as numbers: a move the game names itself by
/// that name (a tic-tac-toe move by its square), a max-n value (a terminal's id) by the
/// payoff of the root's mover, whose whole vector `players::lines` gives, and every other
/// value in the run's units. The default writes the numbers as they are (seed 000's lines).
#[derive(Clone, Debug, Default)]
pub struct Wording {
    /// The units the run's values are written in.
    units: Units,
    /// The root's move names by move number (empty: moves are written as numbers).
    moves: Vec<String>,
    /// Max-n: the root mover's seat and the payoff vector of every leaf the result names.
    maxn: Option<(usize, std::collections::HashMap<i32, Vec<i32>>)>,
}

/// What `Wording` needs of a state: its move names, whose turn it is, its payoff vector.
type Described = (Vec<String>, crate::game::Side, Vec<i32>);

impl Wording {
    /// From what the game says of a state (`describe`: its move names, whose turn, its
    /// payoffs), for `r` run from `start` under `options`, its values in `units`.
    fn new(
        describe: &dyn Fn(u32) -> Option<Described>,
        start: u32,
        options: &Options,
        r: &RunResult,
        units: Units,
    ) -> Wording {
        let root = describe(start);
        let moves = root.as_ref().map(|d| d.0.clone()).unwrap_or_default();
        let seat = match root.map(|d| d.1) {
            Some(crate::game::Side::Player(seat)) => seat.index(),
            _ => 0,
        };
        let maxn = options.family().vectors().then(|| {
            let ids = std::iter::once(r.score).chain(r.history.iter().map(|p| p.score));
            let vectors = ids
                .filter_map(|id| Some((id, describe(u32::try_from(id).ok()?)?.2)))
                .filter(|(_, v)| !v.is_empty())
                .collect();
            (seat, vectors)
        });
        Wording { units, moves, maxn }
    }

    /// The wording of a run of the lesson's game (`prune run`): its values in the graph's
    /// units (a max-n value is named by its payoff, not by the units).
    pub fn of_model(
        model: &crate::game::model::Model,
        start: u32,
        options: &Options,
        r: &RunResult,
    ) -> Wording {
        // The start, or a max-n leaf a graph numbers: a game with a root of its own is only
        // ever asked about its root.
        let describe = |id: u32| (model.describe_at(id, &[])).map(|d| (d.moves, d.turn, d.payoffs));
        Wording::new(&describe, start, options, r, Units::of(model.scale()))
    }

    /// The wording of a run of `setup` on `lesson`: in the units of the game the run
    /// searches, which a leaf map may make finer than the lesson's (x^2 of 1/2 is 1/4).
    pub fn of_run(
        lesson: &crate::lesson::Lesson,
        setup: &crate::lesson::RunSetup,
        r: &RunResult,
    ) -> Wording {
        let model = crate::run::game(lesson, &setup.options);
        Wording::of_model(&model, setup.start, &setup.options, r)
    }

    /// The wording of a recorded run, from its catalog.
    pub fn of_trace(rec: &Recorded) -> Wording {
        Wording::of_rows(rec)
    }

    /// The wording of a run's rows, its states asked of its catalog or of its game, its
    /// values in the units its header gives.
    pub fn of_rows(rec: &dyn CallRows) -> Wording {
        let h = rec.header();
        let describe = |id: u32| rec.state(id).map(|s| (s.moves, s.turn, s.payoffs));
        Wording::new(&describe, h.start, &h.options, &h.result, h.units())
    }

    /// The units the run's values are written in.
    pub fn units(&self) -> &Units {
        &self.units
    }

    /// Max-n: the seat whose payoff `score` is (the root's mover).
    pub fn score_for(&self) -> Option<usize> {
        self.maxn.as_ref().map(|(seat, _)| *seat)
    }

    /// A root move: its name when the game names it ("7", a square), else its number.
    pub fn mv(&self, mv: i16) -> String {
        usize::try_from(mv)
            .ok()
            .and_then(|i| self.moves.get(i))
            .cloned()
            .unwrap_or_else(|| mv.to_string())
    }

    /// A root move as a JSON number: the square a tic-tac-toe move marks, else its number.
    pub fn mv_json(&self, mv: i16) -> Value {
        self.mv(mv)
            .parse::<i64>()
            .map_or_else(|_| mv.into(), Value::from)
    }

    /// Max-n: the root mover's payoff in the vector `leaf` stands for.
    fn payoff(&self, leaf: i32) -> Option<i32> {
        let (seat, vectors) = self.maxn.as_ref()?;
        vectors.get(&leaf)?.get(*seat).copied()
    }

    /// A result's score as text: max-n's root mover's payoff, else the score itself.
    pub fn score(&self, v: i32) -> String {
        match (&self.maxn, self.payoff(v)) {
            (Some(_), Some(p)) => self.units.payoff(p),
            (Some(_), None) => "-".into(),
            (None, _) => self.units.result_text(v),
        }
    }

    pub fn score_json(&self, v: i32) -> Value {
        match (&self.maxn, self.payoff(v)) {
            (Some(_), Some(p)) => self.units.score_json(p),
            (Some(_), None) => Value::Null,
            (None, _) => self.units.result_json(v),
        }
    }
}

/// `NAME: STATUS, depth=…` / counters / `passes=[…]`, as seed 000 prints a run; `bound` is
/// what the committed answer proves (`Tree::committed_bound`, `index::result_with_bound`).
pub fn three_lines(name: &str, r: &RunResult, bound: Option<Flag>) -> String {
    three_lines_in(name, r, bound, &Wording::default())
}

/// `three_lines`, with moves and max-n values named as `w` says: a tic-tac-toe run's
/// `move=7` is the square, a max-n run's `score=5` the root mover's payoff.
pub fn three_lines_in(name: &str, r: &RunResult, bound: Option<Flag>, w: &Wording) -> String {
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
                w.score(p.score),
                w.mv(p.mv),
                p.delta[0]
            )
        })
        .collect();
    // The name is a lesson's path or preset: whatever it holds, these stay three lines.
    let name = one_line(name);
    // Max-n's score is the root mover's payoff; `players::lines` gives the whole vector.
    let score = if w.maxn.is_some() {
        format!("score={}", w.score(r.score))
    } else {
        score_field(r.score, bound, &w.units)
    };
    format!(
        "{name}: {}, depth={}, {}, move={}\n{}, restored={}\npasses=[{}]\n",
        r.status.name(),
        r.depth,
        score,
        w.mv(r.mv),
        counters.join(", "),
        if r.restored { "YES" } else { "NO" },
        passes.join(",")
    )
}

/// The run as one JSON object; `"bound"` says what the score proves (`"exact"`, `"upper"`,
/// `"lower"`; `null` when no depth completed and the score is a dummy).
pub fn json(r: &RunResult, bound: Option<Flag>) -> String {
    json_in(r, bound, &Wording::default())
}

/// `json`, with moves and max-n values named as `w` says (see `three_lines_in`).
pub fn json_in(r: &RunResult, bound: Option<Flag>, w: &Wording) -> String {
    let s = &r.stats;
    let history: Vec<_> = r
        .history
        .iter()
        .map(|p| {
            let mut row = json!({"depth": p.depth, "code": p.code(), "score": w.score_json(p.score), "move": w.mv_json(p.mv), "delta": p.delta});
            if let Some(exact) = w.units.score_exact(p.score) {
                row["score_exact"] = exact.into();
            }
            if !p.attempts.is_empty() {
                let attempts: Vec<_> = p
                    .attempts
                    .iter()
                    .map(|a| {
                        json!({"alpha": w.units.score_json(a.alpha), "beta": w.units.score_json(a.beta),
                               "outcome": a.outcome, "value": a.value})
                    })
                    .collect();
                row["attempts"] = attempts.into();
            }
            row
        })
        .collect();
    let c = &r.counters;
    let mut value = json!({
        "status": r.status.name(),
        "depth": r.depth,
        "score": w.score_json(r.score),
        "bound": bound.map(Flag::bound_name),
        "move": w.mv_json(r.mv),
        "stats": {"nodes": s.nodes, "evals": s.evals, "cutoffs": s.cutoffs,
                  "tt_hits": s.tt_hits, "qnodes": s.qnodes, "peak": s.peak},
        "counters": {"null_windows": c.null_windows, "researches": c.researches,
                     "aspiration_misses": c.aspiration_misses},
        "history": history,
    });
    if let Some(exact) = w.units.score_exact(r.score).filter(|_| w.maxn.is_none()) {
        value["score_exact"] = exact.into();
    }
    if c.chance_cutoffs > 0 {
        value["counters"]["chance_cutoffs"] = c.chance_cutoffs.into();
    }
    format!("{value}\n")
}

/// What `prune run` adds below the three lines for seed 002's searches (PVS, aspiration
/// windows): their counters, and every aspiration attempt as depth:α:β:outcome:value, the
/// window in `units`.
pub fn seed_002_lines(options: &Options, r: &RunResult, units: &Units) -> String {
    if !options.family().scouts(options) && options.aspiration.is_none() {
        return String::new();
    }
    let c = &r.counters;
    let attempts: Vec<String> = r
        .history
        .iter()
        .flat_map(|p| {
            p.attempts.iter().map(|a| {
                format!(
                    "{}:{}:{}:{}:{}",
                    p.depth,
                    units.fmt(a.alpha),
                    units.fmt(a.beta),
                    a.outcome.name().replace(' ', "-"),
                    a.value
                )
            })
        })
        .collect();
    format!(
        "null_windows={}, researches={}, aspiration_misses={}\nattempts=[{}]\n",
        c.null_windows,
        c.researches,
        c.aspiration_misses,
        attempts.join(",")
    )
}

/// What `prune run` adds for seed 004's chance nodes: how many chance nodes cut, and the
/// models the run used (pruning bounds, chance searched as MIN).
pub fn seed_004_lines(options: &Options, r: &RunResult) -> String {
    if !options.family().needs_chance() && !options.chance_as_min {
        return String::new();
    }
    let mut words = vec![format!("chance_cutoffs={}", r.counters.chance_cutoffs)];
    if let Some((lo, hi)) = options.chance_pruning {
        words.push(format!("bounds=[{lo},{hi}]"));
    }
    if options.chance_as_min {
        words.push("chance_as=min".into());
    }
    format!("{}\n", words.join(", "))
}

/// What `prune run` says of a leaf map: what it is over this graph's utilities, and what
/// that means for the run's decisions.
pub fn leaf_map_line(lesson: &crate::lesson::Lesson, options: &Options) -> String {
    let Some(map) = options.leaf_map else {
        return String::new();
    };
    let utilities = lesson.utilities();
    format!(
        "leaf_map={} ({}): {}\n",
        map.text(),
        map.classify(&utilities).name(),
        map.explain(&utilities)
    )
}

/// What `prune run` adds for a game scored by seed 002's mate convention when the committed
/// score is in the mate band: `mate=mate in 2` (nothing otherwise, and never for a graph,
/// whose scores are plain numbers whatever their size).
pub fn mate_line(game: &crate::game::model::GameSpec, r: &RunResult) -> String {
    if !game.mate_scores() || r.depth == 0 {
        return String::new();
    }
    let Some(m) = crate::value::mate_report(r.score, 0) else {
        return String::new();
    };
    // Seed 002's band, with where this score sits in it: a mate p plies from the root
    // scores MATE − p, and every |score| above MATE − MAX_PLY is one.
    let (mate, band) = (
        crate::value::MATE,
        crate::value::MATE - crate::value::MAX_PLY,
    );
    let plies = crate::value::mate_plies(r.score).unwrap_or(0).abs();
    let shown = if r.score < 0 {
        format!("−({mate} − {plies})")
    } else {
        format!("{mate} − {plies}")
    };
    format!(
        "mate={m}\nmate_band=|score| > {band} = {mate} − {}: {} = {shown}, {plies} plies from the root\n",
        crate::value::MAX_PLY,
        r.score
    )
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
        match self_check(&plain, recorded) {
            Ok(bound) => text.push_str(&three_lines(preset, &plain, bound)),
            Err(why) => {
                text.push_str(&three_lines(preset, &plain, None));
                failures.push(format!("{preset}: {why}"));
            }
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

/// The checks, and on success what the recorded run's committed answer proves.
fn self_check(
    plain: &RunResult,
    trace: crate::trace::Trace,
) -> std::result::Result<Option<Flag>, String> {
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
    Ok(tree.committed_bound())
}

pub const TSV_HEADER: &str =
    "step\tpass\tply\tstate\tdepth\tqleft\talpha\tbeta\tvalue\tmove\tresult";

/// The value and best move a call returned: a max-n value as its payoff vector (`units`
/// carry them), a move as the game names it (a tic-tac-toe square).
fn value_cell(rec: &dyn CallRows, c: &Row, units: &Units) -> (String, String) {
    match c.returned() {
        Some((v, m)) if m >= 0 => (units.result_text(v), move_number(rec, c.state, m)),
        Some((v, m)) => (units.result_text(v), m.to_string()),
        None => ("-".into(), "-".into()),
    }
}

/// A window bound's cell: `-` in a max-n run, which has no window.
fn window_cell(v: i32, units: &Units, write: fn(&Units, i32) -> String) -> String {
    if units.vectors() {
        "-".into()
    } else {
        write(units, v)
    }
}

/// How a call ended: its stored flag, a table hit, an abort; a max-n call, whose vector is
/// no bound of anything, is `done`.
fn result_cell(c: &Row, units: &Units) -> &'static str {
    match c.outcome {
        None => "open",
        Some(crate::index::Outcome::Stored(_)) if units.vectors() => "done",
        Some(o) => o.name(),
    }
}

/// The state column for scripts: the state's number, or its label where the number is only
/// the game's internal code (a tic-tac-toe board).
fn state_cell(rec: &dyn CallRows, state: u32) -> String {
    match rec.state(state) {
        Some(s) if s.label_only => rec.name(state),
        _ => state.to_string(),
    }
}

/// The game's name of move `mv` of `state` ("7", a square), when it names its moves.
fn move_name(rec: &dyn CallRows, state: u32, mv: i16) -> Option<String> {
    let info = rec.state(state)?;
    info.moves.get(usize::try_from(mv).ok()?).cloned()
}

/// A move where a number column is expected: the game's name when it has one, else its number.
fn move_number(rec: &dyn CallRows, state: u32, mv: i16) -> String {
    move_name(rec, state, mv).unwrap_or_else(|| mv.to_string())
}

/// The cells of call `step` in the tsv columns, separated by `sep` (tsv and Markdown rows),
/// the values in `units` (the run's, `Header::units`).
pub fn tsv_cells(
    out: &mut String,
    rec: &dyn CallRows,
    units: &Units,
    step: usize,
    c: &TreeNode,
    sep: &str,
) {
    row_cells(out, rec, units, step, &Row::from(c), sep)
}

fn row_cells(out: &mut String, rec: &dyn CallRows, units: &Units, step: usize, c: &Row, sep: &str) {
    let (value, mv) = value_cell(rec, c, units);
    let _ = write!(
        out,
        "{step}{sep}{}{sep}{}{sep}{}{sep}{}{sep}{}{sep}{}{sep}{}{sep}{value}{sep}{mv}{sep}{}",
        c.pass,
        c.ply,
        state_cell(rec, c.state),
        c.depth,
        c.qleft,
        window_cell(c.alpha, units, Units::fmt),
        window_cell(c.beta, units, Units::fmt),
        result_cell(c, units)
    );
}

pub fn write_trace_tsv(rec: &dyn CallRows, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let units = rec.header().units();
    let mut rows = Chunked::new(out);
    rows.buf.push_str(TSV_HEADER);
    rows.buf.push('\n');
    rec.each_row(&mut |i, c| {
        row_cells(&mut rows.buf, rec, &units, i + 1, c, "\t");
        rows.buf.push('\n');
        rows.row_done()
    })?;
    rows.finish()
}

pub fn trace_tsv(rec: &dyn CallRows) -> String {
    rendered(|out| write_trace_tsv(rec, out))
}

const TABLE_HEADER: [&str; 11] = [
    "call", "pass", "ply", "state", "d", "q", "α", "β", "value", "move", "result",
];

const CUT_MARK: &str = "  ✂ cut";

/// The cells of call `step` in the table, written into `cells` (reused from row to row).
fn table_cells(rec: &dyn CallRows, units: &Units, step: usize, c: &Row, cells: &mut [String; 11]) {
    use std::fmt::Write as _;
    for cell in cells.iter_mut() {
        cell.clear();
    }
    let (value, mv) = value_cell(rec, c, units);
    let _ = write!(cells[0], "{step}");
    let _ = write!(cells[1], "{}", c.pass);
    let _ = write!(cells[2], "{}", c.ply);
    // The state column is indented by ply so the tree's shape shows; a label stays on its line.
    let _ = write!(
        cells[3],
        "{}{} {}",
        "  ".repeat(c.ply as usize),
        c.turn.glyph(),
        one_line(&rec.name(c.state))
    );
    let _ = write!(cells[4], "{}", c.depth);
    let _ = write!(cells[5], "{}", c.qleft);
    cells[6].push_str(&window_cell(c.alpha, units, Units::sc));
    cells[7].push_str(&window_cell(c.beta, units, Units::sc));
    cells[8].push_str(&value);
    cells[9].push_str(&mv);
    cells[10].push_str(result_cell(c, units));
    // The node whose window closed is the one that cut (seed 000: a node "cuts off" and stops
    // scanning its moves), as the tree and the DOT export mark it, not the child that closed it.
    if c.cut {
        cells[10].push_str(CUT_MARK);
    }
}

/// One table line: cells padded to their column's width, two spaces apart.
fn table_line(out: &mut String, cells: &[&str], widths: &[usize]) {
    let start = out.len();
    for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
        if i > 0 {
            out.push_str("  ");
        }
        let pad = " ".repeat(w.saturating_sub(crate::text::width(cell)));
        // The state column reads left to right; numbers line up on the right.
        if i == 3 || i == 10 {
            out.push_str(cell);
            out.push_str(&pad);
        } else {
            out.push_str(&pad);
            out.push_str(cell);
        }
    }
    let end = out[start..].trim_end().len() + start;
    out.truncate(end);
    out.push('\n');
}

/// The width of each table column: what `table_cells` would write, counted without writing
/// it (a million-call table is measured before its first row goes out).
fn table_widths(rec: &dyn CallRows, units: &Units) -> std::io::Result<Vec<usize>> {
    fn digits(v: i64) -> usize {
        v.unsigned_abs()
            .checked_ilog10()
            .map_or(1, |d| d as usize + 1)
            + (v < 0) as usize
    }
    let vectors = units.vectors();
    let plain = units.scale() == 1 && !vectors;
    let score = |v: i32| match v {
        crate::search::INF => 2,
        v if v == -crate::search::INF => 2,
        v if plain => digits(v as i64),
        v => units.sc(v).chars().count(),
    };
    let window = |v: i32| if vectors { 1 } else { score(v) };
    // A catalog's names are counted once; a game without one names each state as it comes.
    let names: std::collections::HashMap<u32, usize> = (rec.header().catalog.iter())
        .map(|s| (s.id, crate::text::width(&one_line(&rec.name(s.id)))))
        .collect();
    let mut w: Vec<usize> = TABLE_HEADER.iter().map(|h| h.chars().count()).collect();
    rec.each_row(&mut |i, c| {
        let (value, mv) = c.returned().map_or((1, 1), |(v, m)| {
            let named = (m >= 0).then(|| move_name(rec, c.state, m)).flatten();
            (
                score(v),
                named.map_or(digits(m as i64), |n| crate::text::width(&n)),
            )
        });
        let name = (names.get(&c.state).copied())
            .unwrap_or_else(|| crate::text::width(&one_line(&rec.name(c.state))));
        let result = result_cell(c, units).len() + CUT_MARK.chars().count() * c.cut as usize;
        let row = [
            digits(i as i64 + 1),
            digits(c.pass as i64),
            digits(c.ply as i64),
            2 * c.ply as usize + 2 + name,
            digits(c.depth as i64),
            digits(c.qleft as i64),
            window(c.alpha),
            window(c.beta),
            value,
            mv,
            result,
        ];
        for (w, cell) in w.iter_mut().zip(row) {
            *w = (*w).max(cell);
        }
        Ok(())
    })?;
    Ok(w)
}

/// The complete call trace as a table for people, and the run's result lines. The widths come
/// from a first pass over the calls, so rows are written as they are made.
pub fn write_trace_table(rec: &dyn CallRows, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    let words = Wording::of_rows(rec);
    let units = words.units();
    let mut cells: [String; 11] = Default::default();
    let widths = table_widths(rec, units)?;
    let mut rows = Chunked::new(out);
    table_line(&mut rows.buf, &TABLE_HEADER, &widths);
    rec.each_row(&mut |i, c| {
        table_cells(rec, units, i + 1, c, &mut cells);
        let row: Vec<&str> = cells.iter().map(String::as_str).collect();
        table_line(&mut rows.buf, &row, &widths);
        rows.row_done()
    })?;
    let header = rec.header();
    rows.buf.push_str(&three_lines_in(
        &header.lesson,
        &header.result,
        rec.committed_bound(),
        &words,
    ));
    rows.finish()
}

pub fn trace_table(rec: &dyn CallRows) -> String {
    rendered(|out| write_trace_table(rec, out))
}

/// One event as the JSON object of the jsonl rendering, written to `buf` as one line. A Monte
/// Carlo event is written straight from its figures (a run of 100,000 iterations writes half a
/// gigabyte); the others go through a JSON value (a max-n run's values are rewritten in it).
fn write_event_json(rec: &Recorded, i: usize, event: &Event, jsonl: &JsonlRun, buf: &mut String) {
    use std::fmt::Write as _;
    if let Event::Mcts(d) = *event {
        mcts::write_event_json(rec, i, d, buf);
        return;
    }
    let mut value = event_json(rec, i, event, &jsonl.cut_owner);
    if jsonl.maxn {
        value = maxn_event(value, rec.catalog());
    }
    let _ = writeln!(buf, "{value}");
}

/// What writing one run's events needs besides the run: which call each cutoff belongs to, by
/// event index (sorted), and whether the values are max-n's vectors.
struct JsonlRun {
    cut_owner: Vec<(u32, u32)>,
    maxn: bool,
}

/// One event other than a Monte Carlo one as the JSON object of the jsonl rendering.
fn event_json(rec: &Recorded, i: usize, event: &Event, cut_owner: &[(u32, u32)]) -> Value {
    let tree = rec.tree();
    match *event {
        Event::Order { state, start, len } => {
            let (moves, children) = rec.trace.order(start, len);
            json!({"event": "order", "state": state, "candidates": moves, "children": children})
        }
        Event::Bound(Bound::Cutoff {
            state,
            pos,
            alpha,
            beta,
        }) => {
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
            if let (Some(map), Some(call)) = (value.as_object_mut(), tree.call_entered_at(i as u32))
            {
                map.insert("ply".into(), tree.get(call).ply.into());
            }
            value
        }
        // Every other kind is written as the trace writes it.
        Event::PassStart { .. }
        | Event::PassEnd { .. }
        | Event::Aspiration { .. }
        | Event::Refused { .. }
        | Event::Push { .. }
        | Event::Pop { .. }
        | Event::Return { .. }
        | Event::Unwind { .. }
        | Event::Bound(
            Bound::Probe { .. }
            | Bound::Read { .. }
            | Bound::StandPat { .. }
            | Bound::Best { .. }
            | Bound::Window { .. }
            | Bound::Narrow { .. }
            | Bound::Split { .. }
            | Bound::Settled { .. }
            | Bound::Filtered { .. }
            | Bound::Store { .. },
        )
        | Event::Scout(Scout::NullWindow { .. } | Scout::Research { .. })
        | Event::Chance(Chance::Average { .. } | Chance::Interval { .. })
        | Event::Vector(Vector::Tie { .. }) => serde_json::to_value(event).unwrap_or_default(),
        // Written by `write_event_json` without a JSON value in between.
        Event::Mcts(d) => mcts::event_json(rec, i, d),
    }
}

/// A max-n event as scripts read it: a value is the payoff vector it stands for, with the
/// terminal it comes from as `leaf`; the window and bound flags seed 000's events carry mean
/// nothing without a window, so they are left out.
fn maxn_event(mut value: Value, catalog: &Catalog) -> Value {
    let Some(map) = value.as_object_mut() else {
        return value;
    };
    for key in ["alpha", "beta", "flag"] {
        map.remove(key);
    }
    if let Some(Value::Object(how)) = map.get("how")
        && how.contains_key("searched")
    {
        map.insert("how".into(), "searched".into());
    }
    for key in ["value", "score"] {
        let Some(id) = map.get(key).and_then(Value::as_u64) else {
            continue;
        };
        let vector = u32::try_from(id).map_or(&[][..], |id| catalog.payoffs(id));
        // In the trace's units, as every other value of the stream (the scale event first).
        if !vector.is_empty() {
            map.insert(key.into(), json!(vector));
            map.insert("leaf".into(), id.into());
        }
    }
    value
}

/// Every event as one JSON object per line, with candidate lists (and the states they lead
/// to) spelled out, and each cutoff's skipped candidates.
pub fn write_trace_jsonl(rec: &Recorded, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    use std::fmt::Write as _;
    let tree = rec.tree();
    // Which call each cutoff belongs to, by event index (the marks are sorted).
    let mut cut_owner: Vec<(u32, u32)> = (0..tree.calls())
        .filter(|&i| tree.get(i).cutoff.is_some())
        .map(|i| (tree.get(i).cut_event, i))
        .collect();
    cut_owner.sort_unstable();
    let mut rows = Chunked::new(out);
    // Values are the trace's scaled integers; a chance graph's scale comes first.
    let scale = rec.trace.header.scale;
    if scale != 1 {
        let _ = writeln!(
            rows.buf,
            "{}",
            json!({"event": "scale", "scale": scale, "meaning": format!("every value counts units of 1/{scale}")})
        );
    }
    if let Some(line) = mcts::unit_line(rec) {
        let _ = writeln!(rows.buf, "{line}");
    }
    let run = JsonlRun {
        cut_owner,
        maxn: rec.options().family().vectors(),
    };
    for (i, event) in rec.trace.events.iter().enumerate() {
        write_event_json(rec, i, &event, &run, &mut rows.buf);
        rows.row_done()?;
    }
    rows.finish()
}

pub fn trace_jsonl(rec: &Recorded) -> String {
    rendered(|out| write_trace_jsonl(rec, out))
}

/// The saved trace (`--format json`): the document `Trace::to_json` makes, written as it is
/// serialised.
pub fn write_trace_json(rec: &Recorded, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    use std::io::Write as _;
    // serde writes token by token; the buffer hands the output's filter large pieces.
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer(&mut buffered, &rec.trace)?;
    buffered.write_all(b"\n")?;
    buffered.flush()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A run's wording carries its units: with no units set around the calls, a chance
    /// graph's result is written as its exact fraction.
    #[test]
    fn a_chance_result_is_written_in_the_runs_units() {
        // Backgammon's 21 rolls at their true odds: the 6 doubles move 4·(1 + … + 6) = 84 pips
        // in all at 1/36 each, the 15 other rolls 5·21 = 105 at 1/18 each: 7/3 + 35/6 = 49/6.
        let lesson = Lesson::open("004-chance-backgammon").unwrap();
        let setup = lesson
            .setup(Some("true odds"), &Overrides::default())
            .unwrap();
        let r = crate::run::plain(&lesson, &setup).unwrap();
        let w = Wording::of_run(&lesson, &setup, &r);
        let text = three_lines_in("bg", &r, Some(Flag::Exact), &w);
        assert!(
            text.starts_with("bg: COMPLETE, depth=1, score=49/6, "),
            "{text}"
        );
        let json: Value = serde_json::from_str(&json_in(&r, Some(Flag::Exact), &w)).unwrap();
        assert_eq!(json["score"], json!(8.166667));
        assert_eq!(json["score_exact"], json!("49/6"));
        let rec = crate::index::record(&lesson, &setup).unwrap();
        let table = trace_table(&rec);
        assert!(table.contains(", score=49/6, "), "{table}");
    }

    /// The counted widths are the widths of the cells as written, on every built-in run.
    #[test]
    fn counted_widths_match_the_written_cells() {
        for name in builtin_names() {
            let lesson = Lesson::open(name).unwrap();
            for run in &lesson.spec.runs {
                let setup = lesson
                    .setup(Some(&run.name), &Overrides::default())
                    .unwrap();
                let rec = crate::index::record(&lesson, &setup).unwrap();
                // Plain integers, as this check has always counted them: in a chance run's
                // own units the value column is counted in `sc`'s wider form ("8.17 (49/6)")
                // but written as `result_text` ("49/6"), so it is padded wider than its cells.
                let units = Units::integers();
                let mut cells: [String; 11] = Default::default();
                let mut want: Vec<usize> = TABLE_HEADER.iter().map(|h| h.chars().count()).collect();
                for (i, c) in rec.tree().call_nodes().enumerate() {
                    table_cells(&rec, &units, i + 1, &Row::from(&c), &mut cells);
                    for (w, cell) in want.iter_mut().zip(&cells) {
                        *w = (*w).max(crate::text::width(cell));
                    }
                }
                assert_eq!(
                    table_widths(&rec, &units).unwrap(),
                    want,
                    "{name} / {}",
                    run.name
                );
            }
        }
    }
}
