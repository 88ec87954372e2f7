//! The counters region: the counters at this step, one line per pass (done or aborted), and
//! the run's result at the end or what the open pass has committed so far. After a live change
//! its title names the change.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::replay::narrate;
use crate::replay::{Replay, ReplayState};
use crate::search::{Attempt, Flag, Stats, Status};
use crate::value::Units;

use crate::tui::app::Change;
use crate::tui::legend;
use crate::tui::look::Look;
use crate::tui::theme::Theme;
use crate::tui::view::{fit, scroll};

pub fn draw(
    r: &Replay,
    st: &ReplayState,
    u: &Units,
    change: Option<&Change>,
    t: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let one_pass = !r.options().deepening;
    let title = match change {
        Some(c) => format!(" Counters · after {} ", c.what),
        None if one_pass => " Counters · one pass ".to_string(),
        None => " Counters · passes ".to_string(),
    };
    let title = fit::clip_str(&title, area.width.saturating_sub(1) as usize);
    let block = t.side_block(title);
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines: Vec<Line> = stats_lines(&st.stats).into_iter().map(Line::from).collect();
    lines.extend(family_lines(r, st));
    lines.extend(pass_lines(r, st, u, t));
    if st.step >= r.len() {
        lines.push(result_line(r, u, t, inner.width));
    } else if st.pass_open {
        lines.push(running_line(r, st, u, t));
    }
    let mut lines = fitted(lines, inner.width, inner.height as usize, t);
    // A row to spare says what the easily misread `qnodes` counts (not quiescence nodes).
    if lines.len() < inner.height as usize {
        lines.extend(qnodes_line(inner.width as usize, t));
    }
    for (i, line) in lines.iter().enumerate().take(inner.height as usize) {
        fit::put_line(buf, inner.x, inner.y + i as u16, line, inner.width);
    }
}

/// The counters of what this run's family and options add: PVS's scouts, aspiration misses,
/// chance cutoffs.
fn family_lines(r: &Replay, st: &ReplayState) -> Vec<Line<'static>> {
    let o = r.options();
    let c = &st.counters;
    let mut lines = Vec::new();
    if Look::of(o).scouts {
        lines.push(Line::from(format!(
            "null windows {}  re-searches {}",
            c.null_windows, c.researches
        )));
    }
    if o.aspiration.is_some() {
        lines.push(Line::from(format!(
            "aspiration misses {}",
            c.aspiration_misses
        )));
    }
    if let Some((lo, hi)) = o.chance_pruning {
        lines.push(Line::from(format!(
            "chance cutoffs {}  bounds [{lo}, {hi}]",
            c.chance_cutoffs
        )));
    }
    lines
}

/// A line per pass (done or aborted) with its aspiration attempts, then the open pass's
/// attempts and the one in progress.
fn pass_lines(r: &Replay, st: &ReplayState, u: &Units, t: Theme) -> Vec<Line<'static>> {
    let tree = r.tree();
    let mut lines = Vec::new();
    for (k, p) in st.passes.iter().enumerate() {
        let d = p.delta;
        let text = if p.done {
            // A root value outside its window is only a bound: "≤3", "≥6".
            let score = match tree.pass_bound(k) {
                Some(b) if b != Flag::Exact => format!("{}{}", b.mark(), u.sc(p.score)),
                _ => u.sc(p.score),
            };
            format!(
                "d{} DONE  {:>4} {:<3} +{}n {}e {}c {}h",
                p.depth,
                score,
                r.catalog().move_short(r.trace().header.start, p.mv),
                d[0],
                d[1],
                d[2],
                d[3]
            )
        } else {
            format!("d{} ABORT  (no score)  +{}n", p.depth, d[0])
        };
        lines.push(Line::styled(text, if p.done { t.done() } else { t.warn() }));
        lines.extend(attempt_lines(u, &p.attempts, t));
    }
    if st.pass_open {
        lines.extend(attempt_lines(u, &st.attempts, t));
        // The attempt in progress: its root's window, once the root is entered.
        let root = tree.root_at(st.step).map(|n| tree.get(n));
        if let Some(n) =
            root.filter(|n| r.options().aspiration.is_some() && (n.enter as usize) < st.step)
            && (n.exit == crate::index::NONE || n.exit as usize >= st.step)
        {
            lines.push(Line::styled(
                format!("  asp ({}, {}) searching…", u.sc(n.alpha), u.sc(n.beta)),
                t.faint(),
            ));
        }
    }
    lines
}

/// The run's result at its end, in the long wording when it fits `width`.
fn result_line(r: &Replay, u: &Units, t: Theme, width: u16) -> Line<'static> {
    let res = &r.result();
    let bound = r.tree().committed_bound();
    let plays = plays(r, res.mv);
    let text = match res.status {
        Status::Complete => format!(
            "COMPLETE d{}: {}, {plays}",
            res.depth,
            worth(u, res.score, bound)
        ),
        Status::Partial => {
            let worth = worth(u, res.score, bound);
            let long = format!("PARTIAL: depth {} stands: {worth}, {plays}", res.depth);
            // The short wording when the long one does not fit (it wraps if need be).
            if fit::width(&long) <= width as usize {
                long
            } else {
                format!("PARTIAL d{}: {worth}, {plays}", res.depth)
            }
        }
        Status::NoCompletedDepth => "NO_COMPLETED_DEPTH: no move".to_string(),
    };
    let style = if res.status == Status::Complete {
        t.title()
    } else {
        t.warn()
    };
    Line::styled(text, style)
}

/// What the open pass has committed so far.
fn running_line(r: &Replay, st: &ReplayState, u: &Units, t: Theme) -> Line<'static> {
    let tree = r.tree();
    let pass = narrate::pass_name(r.options(), st.pass.unwrap_or(0));
    let text = match st.committed {
        Some((d, s, m)) => {
            let bound = (tree.passes().iter())
                .rposition(|p| p.done && p.depth == d)
                .and_then(|k| tree.pass_bound(k));
            let score = match bound {
                Some(b) if b != Flag::Exact => format!("{}{}", b.mark(), u.sc(s)),
                _ => u.sc(s),
            };
            format!("{pass} running · d{d} stands: {score} m{m}")
        }
        None if !r.options().deepening => format!("{pass} running…"),
        None => format!("{pass} running, no answer yet"),
    };
    Line::styled(text, t.faint())
}

/// The lines as the pane `width` wide and `h` rows tall shows them: a line too wide loses its
/// column spacing, and wraps if that is not enough (the others keep their spacing); when the
/// history is longer than the pane, the newest lines are kept.
fn fitted(lines: Vec<Line<'static>>, width: u16, h: usize, t: Theme) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = lines
        .into_iter()
        .flat_map(|l| {
            if l.width() <= width as usize {
                return vec![l];
            }
            let tight = squeeze(&l);
            if tight.width() <= width as usize {
                vec![tight]
            } else {
                scroll::wrap(&[tight], width)
            }
        })
        .collect();
    if lines.len() > h && h >= 4 {
        let keep = lines.split_off(lines.len() - (h - 3));
        let hidden = lines.len() - 2;
        lines.truncate(2);
        lines.push(Line::styled(format!("⋮ {hidden} earlier lines"), t.faint()));
        lines.extend(keep);
    } else if lines.len() > h {
        let keep = lines.split_off(lines.len() - h.saturating_sub(2));
        lines.truncate(2);
        lines.extend(keep);
    }
    lines
}

/// What `qnodes` counts, in the longest wording that fits `width` (none when neither does).
fn qnodes_line(width: usize, t: Theme) -> Option<Line<'static>> {
    let meaning = legend::counters()
        .into_iter()
        .find_map(|(name, meaning)| (name == "qnodes").then_some(meaning))
        .unwrap_or_default();
    let long = format!("qnodes: {meaning}");
    let short = "qnodes: calls at d=0 (horizon)".to_string();
    [long, short]
        .into_iter()
        .find(|l| l.chars().count() <= width)
        .map(|text| Line::styled(text, t.faint()))
}

/// The lines the pane would like below the two counter lines at this step: seed 002's counter
/// lines, a line per pass and per aspiration attempt, and the attempt in progress.
pub fn history_rows(r: &Replay, st: &ReplayState) -> usize {
    let o = r.options();
    let extra = Look::of(o).scouts as usize
        + o.aspiration.is_some() as usize
        + o.chance_pruning.is_some() as usize;
    let attempts: usize = st.passes.iter().map(|p| p.attempts.len()).sum::<usize>()
        + st.attempts.len()
        + (o.aspiration.is_some() && st.pass_open) as usize;
    st.passes.len() + attempts + extra
}

/// One line per aspiration attempt: its window and how it ended.
fn attempt_lines(u: &Units, attempts: &[Attempt], t: Theme) -> Vec<Line<'static>> {
    attempts
        .iter()
        .map(|a| {
            let style = if a.outcome.missed() {
                t.warn()
            } else {
                t.done()
            };
            Line::styled(
                format!(
                    "  asp ({}, {}) {} {}",
                    u.sc(a.alpha),
                    u.sc(a.beta),
                    a.outcome.name(),
                    u.sc(a.value)
                ),
                style,
            )
        })
        .collect()
}

/// What a root result is worth, written with what it proves: "3", "at most 3", "at least 6".
fn worth(u: &Units, value: i32, bound: Option<Flag>) -> String {
    let v = u.sc(value);
    match bound.unwrap_or(Flag::Exact) {
        Flag::Exact => v,
        Flag::Lower => format!("at least {v}"),
        Flag::Upper => format!("at most {v}"),
    }
}

/// "plays B" for the root's move (the child's name), "no move" for a terminal root.
fn plays(r: &Replay, mv: i16) -> String {
    let tree = r.tree();
    // The committed answer is the last completed pass's.
    let root = tree.passes().iter().rev().find(|p| p.done).map(|p| p.root);
    let child = root.and_then(|root| {
        tree.children(root)
            .map(|c| tree.get(c))
            .find(|c| c.mv == mv && mv >= 0)
    });
    // A game that names its moves is played by the move's name ("sq2"), as the pass lines
    // above say it; a graph's move by the child's name.
    let named = root.and_then(|root| r.catalog().move_name(tree.get(root).state, mv));
    match (child, root) {
        (Some(_), Some(root)) if named.is_some() => {
            format!("plays {}", r.catalog().move_short(tree.get(root).state, mv))
        }
        (Some(c), _) => format!("plays {}", r.catalog().name(c.state)),
        _ => "no move".to_string(),
    }
}

fn stats_lines(s: &Stats) -> [String; 2] {
    [
        format!(
            "nodes {}  evals {}  cutoffs {}",
            s.nodes, s.evals, s.cutoffs
        ),
        // `qnodes` is the seed's name; it counts calls at depth 0, not quiescence nodes.
        format!(
            "tt_hits {}  qnodes(d=0) {}  peak {}",
            s.tt_hits, s.qnodes, s.peak
        ),
    ]
}

/// `line` with each run of spaces made one (a pass line's column spacing given up to fit).
fn squeeze(line: &Line) -> Line<'static> {
    let mut prev_space = false;
    let spans = line
        .spans
        .iter()
        .map(|s| {
            let mut text = String::new();
            for c in s.content.chars() {
                if c == ' ' && prev_space {
                    continue;
                }
                prev_space = c == ' ';
                text.push(c);
            }
            ratatui::text::Span::styled(text, line.style.patch(s.style))
        })
        .collect::<Vec<_>>();
    Line::from(spans)
}
