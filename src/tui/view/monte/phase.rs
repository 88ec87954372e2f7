//! The phase pane of a Monte Carlo run: what the current step's phase is made of, read from
//! its event and the index. A selection is a table of the node's children (move, N, U, mean,
//! bonus, UCB1 to three decimals, the chosen one marked), a chance node's draw lists how often
//! each outcome has been drawn so far, an expansion names the node added, a playout is the line
//! of its moves ending in the result, and a backup is the iteration's path with each node's
//! old and new N and U. What does not fit scrolls (`↓` `↑` or the wheel) behind a cue on the
//! pane's last row, as the table pane's list does.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::event::Mcts;
use crate::index::monte::Counts;
use crate::replay::Replay;
use crate::search::mcts::Reward;
use crate::tui::monte::{self, Phase};
use crate::tui::theme::Theme;
use crate::tui::view::fit;
use crate::tui::view::scroll::{Shown, layout};

/// The pane's title: the iteration and the phase.
pub fn title(r: &Replay, step: usize) -> String {
    let of = r.options().mcts.iterations;
    let k = step
        .checked_sub(1)
        .map_or(0, |i| r.index().monte.iteration_at(i));
    match monte::phase_at(r, step) {
        None => " Before the first iteration ".into(),
        Some(Phase::Given) => " The stated tree, before iteration 1 ".into(),
        Some(p) => format!(" Iteration {k} of {of} · {} ", p.name()),
    }
}

/// The key that scrolls the pane, as its cue names it.
pub const SCROLL_KEY: &str = "↓↑";

/// Draws the pane into `area` (its title rule included), from row `scroll` when the student
/// scrolled it (`↓` `↑`, the wheel; else from the top, where the phase's own sentence is); a
/// cut pane says on its last row what is above and below. Returns what it showed.
pub fn draw(
    r: &Replay,
    step: usize,
    scroll: Option<usize>,
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) -> Shown {
    let title = fit::clip_str(&title(r, step), area.width as usize);
    theme.top_block(title).render(area, buf);
    let body = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    // Prose wraps at the pane's width; the table rows are made to fit it.
    let lines: Vec<Line> = lines(r, step, theme, body.width)
        .into_iter()
        .flat_map(|l| {
            if l.width() <= body.width as usize {
                vec![l]
            } else {
                crate::tui::view::scroll::wrap(&[l], body.width)
            }
        })
        .collect();
    let h = body.height as usize;
    let mut lines = lines;
    // Where the rows leave room, a tic-tac-toe position the phase is about.
    if let Some((what, state)) = pictured(r, step) {
        let board = board_lines(r, state);
        if !board.is_empty() && lines.len() + 2 + board.len() <= h {
            lines.push(Line::raw(""));
            lines.push(Line::styled(what, theme.header()));
            lines.extend(board);
        }
    }
    rows(&lines, (scroll.unwrap_or(0), SCROLL_KEY), theme, body, buf)
}

/// Draws `lines` (one row each, fitted to the width) into `body` from row `offset`; when they
/// do not all fit, the last row is the cue saying what is above and below and the `key` that
/// scrolls them. Returns what was shown.
pub fn rows(
    lines: &[Line],
    (offset, key): (usize, &str),
    theme: Theme,
    body: Rect,
    buf: &mut Buffer,
) -> Shown {
    if body.height == 0 || body.width == 0 {
        return Shown {
            total: lines.len(),
            ..Shown::default()
        };
    }
    let shown = layout(lines.len(), body.height as usize, offset, false);
    for (k, line) in lines.iter().skip(shown.first).take(shown.rows).enumerate() {
        fit::put_line(buf, body.x, body.y + k as u16, line, body.width);
    }
    let cue = shown.cue(key);
    if !cue.is_empty() {
        let y = body.y + body.height - 1;
        fit::put(buf, body.x, y, &cue, body.width, theme.changed());
    }
    shown
}

/// The position the step is about, and what it is: the playout's end, else the node's.
fn pictured(r: &Replay, step: usize) -> Option<(String, u32)> {
    let m = monte::event(r, step.checked_sub(1)?)?;
    if let Mcts::Playout { start, len, .. } = m
        && len > 0
    {
        let (_, states) = r.trace().order(start, len);
        return Some(("The playout's end:".into(), *states.last()?));
    }
    let node = monte::node_of(m);
    let state = r.index().monte.node(node)?.state;
    Some((format!("{}:", title_case(&name_short(node))), state))
}

fn name_short(id: u32) -> String {
    if id == 0 {
        "the root".into()
    } else {
        format!("node {id}")
    }
}

fn title_case(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// A tic-tac-toe position's three rows (`X . O`), from the state's label; none for a state
/// that is not a board.
fn board_lines(r: &Replay, state: u32) -> Vec<Line<'static>> {
    let Some(label) = r.catalog().label(state) else {
        return Vec::new();
    };
    let rows: Vec<&str> = label.split('/').collect();
    let board = rows.len() == 3
        && rows.iter().all(|row| {
            row.chars().count() == 3 && row.chars().all(|c| matches!(c, 'X' | 'O' | '.'))
        });
    if !board {
        return Vec::new();
    }
    rows.iter()
        .map(|row| {
            let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            Line::raw(format!("  {}", cells.join("  ")))
        })
        .collect()
}

/// Everything the pane has to show at `step`, one row each.
pub fn lines(r: &Replay, step: usize, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let Some(m) = step.checked_sub(1).and_then(|i| monte::event(r, i)) else {
        return vec![
            Line::raw("No iteration has started."),
            Line::styled("→ steps; ) jumps to the next iteration.", theme.faint()),
        ];
    };
    let i = step - 1;
    match m {
        Mcts::Select {
            node,
            start,
            len,
            pos,
        } => selection(r, i, node, (start, len), pos, (theme, width)),
        Mcts::Draw { node, pos } => draw_at_chance(r, step, node, pos, theme),
        Mcts::Playout {
            node,
            start,
            len,
            value,
            ..
        } => playout(r, node, (start, len), value, width),
        Mcts::Known { node, value, .. } => vec![
            Line::raw(format!("{} is a finished game:", name(r, node))),
            Line::raw(format!(
                "worth {}, {}.",
                r.units().sc(value),
                outcome(r, value)
            )),
            Line::raw("No playout: its outcome is backed up."),
        ],
        Mcts::Backup { .. } => backup(r, step, theme, width),
        Mcts::Expand { node, parent, .. } => vec![
            Line::raw(format!(
                "{} of {} had no node:",
                monte::move_into(r, node),
                name(r, parent)
            )),
            Line::styled(
                format!("{} is added to the tree.", name(r, node)),
                theme.path(),
            ),
        ],
        Mcts::Iteration { number } => {
            let c = r.index().monte.counts(0, i);
            vec![
                Line::raw(format!("Iteration {number} starts at the root,")),
                Line::raw(format!(
                    "visited {} times so far (U {}).",
                    c.n,
                    r.index().monte.wins(c.u)
                )),
                Line::styled("f: next phase · ): next iteration", theme.faint()),
            ]
        }
        Mcts::Given { node, n, u } => vec![Line::raw(format!(
            "The lesson states {}: N {n}, U {}.",
            name(r, node),
            r.index().monte.wins(u)
        ))],
    }
}

/// "node 3 (5 7)" or "the root": a Monte Carlo node and the position it holds.
fn name(r: &Replay, id: u32) -> String {
    let state = r.index().monte.node(id).map_or(String::new(), |n| {
        format!(" ({})", r.catalog().name(n.state))
    });
    if id == 0 {
        format!("the root{state}")
    } else {
        format!("node {id}{state}")
    }
}

/// MAX's reward for a finished game worth `value` under the score reward (`None` under the
/// outcome reward, which reads a win, a draw or a loss).
fn score_reward(r: &Replay, value: i32) -> Option<String> {
    let monte = &r.index().monte;
    let rule = r.options().mcts.reward;
    (rule == Reward::Score)
        .then(|| rule.units(value, r.scale(), monte.per_win() as u8))
        .flatten()
        .map(|u| monte.wins(u.into()))
}

fn short_outcome(r: &Replay, value: i32) -> String {
    if let Some(reward) = score_reward(r, value) {
        return format!("MAX {reward}");
    }
    match value.signum() {
        1 => "MAX wins",
        0 => "draw",
        _ => "MIN wins",
    }
    .into()
}

fn outcome(r: &Replay, value: i32) -> String {
    if let Some(reward) = score_reward(r, value) {
        return format!("a reward of {reward} for MAX");
    }
    match value.signum() {
        1 => "a win for MAX",
        0 => "a draw",
        _ => "a win for MIN",
    }
    .into()
}

/// A number with three decimals, or ∞ for an untried child's bonus.
fn three(v: f64) -> String {
    if v.is_infinite() {
        "∞".into()
    } else {
        format!("{v:.3}")
    }
}

/// `text` in exactly `w` columns: padded, or cut with the cue.
fn pad(text: &str, w: usize) -> String {
    let cut = fit::clip_str(text, w);
    let fill = w.saturating_sub(fit::width(&cut));
    format!("{cut}{}", " ".repeat(fill))
}

/// `text` right-aligned in `w` columns.
fn right(text: &str, w: usize) -> String {
    let fill = w.saturating_sub(fit::width(text));
    format!("{}{text}", " ".repeat(fill))
}

/// The selection's table at event `i`.
fn selection(
    r: &Replay,
    i: usize,
    node: u32,
    (start, len): (u32, u16),
    pos: u16,
    (theme, width): (Theme, u16),
) -> Vec<Line<'static>> {
    let monte = &r.index().monte;
    let bonuses = r.trace().bonuses(start, len).unwrap_or(&[]);
    let rows = monte.selection(node, i, bonuses, pos);
    let parent = monte.counts(node, i);
    let names: Vec<String> = rows
        .iter()
        .map(|row| monte::move_into(r, row.node))
        .collect();
    // The move column takes what the numbers leave (at least four columns).
    let room = (width as usize).saturating_sub(36).max(4);
    let mw = names
        .iter()
        .map(|n| fit::width(n))
        .max()
        .unwrap_or(4)
        .clamp(4, room);
    // The choice is said first, so that it stays on screen when the rows do not all fit.
    let picks = (rows.iter().zip(&names))
        .find(|(row, _)| row.chosen)
        .map_or(String::new(), |(row, name)| {
            format!(" · picks {name} (UCB1 {:.3})", row.ucb1)
        });
    let mut out = vec![
        Line::raw(format!(
            "At {}: N {} · C {}{picks}",
            name(r, node),
            parent.n,
            r.options().mcts.c_text()
        )),
        Line::styled(
            format!(
                "  {}{:>5} {:>6} {:>6} {:>6} {:>6}",
                pad("move", mw),
                "N",
                "U",
                "mean",
                "bonus",
                "UCB1"
            ),
            theme.header(),
        ),
    ];
    for (row, name) in rows.iter().zip(&names) {
        let mark = if row.chosen { "›" } else { " " };
        let text = format!(
            "{mark} {}{:>5} {:>6} {:>6} {:>6} {:>6}",
            pad(name, mw),
            row.counts.n,
            monte.wins(row.counts.u),
            three(row.mean),
            three(row.bonus),
            three(row.ucb1)
        );
        let style = if row.chosen {
            theme.current()
        } else {
            Style::default()
        };
        out.push(Line::styled(text, style));
    }
    out.push(Line::styled(
        "› chosen: the largest UCB1, the first on a tie",
        theme.faint(),
    ));
    out
}

/// A chance node's draw: the outcome drawn, and each outcome's visits so far (its draws).
fn draw_at_chance(
    r: &Replay,
    step: usize,
    node: u32,
    pos: u16,
    theme: Theme,
) -> Vec<Line<'static>> {
    let monte = &r.index().monte;
    let state = monte.node(node).map_or(0, |n| n.state);
    let mut out = vec![
        Line::raw(format!("{} is a chance node.", name(r, node))),
        Line::raw(format!(
            "Drawn by its probability: {}",
            monte::step_name(
                r,
                state,
                pos,
                monte
                    .child(node, pos)
                    .and_then(|c| monte.node(c))
                    .map(|n| n.state)
            )
        )),
        Line::raw("Earlier draws: each outcome's N."),
        Line::styled(
            format!("  {}{:>8}{:>8}", pad("outcome", 8), "p", "N"),
            theme.header(),
        ),
    ];
    for (mv, c) in monte.children_at(node, step) {
        let mark = if mv == pos { "›" } else { " " };
        let p = r
            .catalog()
            .probability(state, mv as i16)
            .map_or("?".into(), |p| p.to_string());
        out.push(Line::raw(format!(
            "{mark} {}{:>8}{:>8}",
            pad(&monte::move_into(r, c), 8),
            p,
            monte.counts(c, step).n
        )));
    }
    out
}

/// A playout's moves as one line each `width` columns, ending in its result.
fn playout(
    r: &Replay,
    node: u32,
    (start, len): (u32, u16),
    value: i32,
    width: u16,
) -> Vec<Line<'static>> {
    let monte = &r.index().monte;
    let trace = r.trace();
    let mut out = vec![Line::raw(format!("Playout from {}:", name(r, node)))];
    if len == 0 {
        out.push(Line::raw("the lesson states its result."));
    } else {
        let (moves, states) = trace.order(start, len);
        let mut at = monte.node(node).map_or(0, |n| n.state);
        let mut words = Vec::new();
        for (&mv, &child) in moves.iter().zip(states) {
            words.push(monte::step_name(r, at, mv, Some(child)).replace(' ', "_"));
            at = child;
        }
        words.push(format!("→ {}", short_outcome(r, value)));
        let mut row = String::new();
        for w in words {
            if !row.is_empty() && fit::width(&row) + 1 + fit::width(&w) > width as usize {
                out.push(Line::raw(std::mem::take(&mut row)));
            }
            if !row.is_empty() {
                row.push(' ');
            }
            row.push_str(&w);
        }
        out.push(Line::raw(row));
        out.push(Line::raw(format!("{} moves, not stored as nodes.", len)));
    }
    out.push(Line::raw(format!("Result: {}.", outcome(r, value))));
    out
}

/// The backup: the iteration's path with each node's N and U before the backup and now.
fn backup(r: &Replay, step: usize, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let monte = &r.index().monte;
    let Some(from) = monte::backup_start(r, step) else {
        return Vec::new();
    };
    let current = monte::current(r, step);
    // Each row's cells first, so the columns are as wide as what they hold: a graph's
    // moves are its labels ("second-end"), wider than any fixed column.
    let rows: Vec<(u32, [String; 4])> = (monte::iteration_path(r, step).into_iter())
        .map(|id| {
            let (old, new): (Counts, Counts) = (monte.counts(id, from), monte.counts(id, step));
            let (n, u) = if new.n > old.n {
                (
                    format!("{} → {}", old.n, new.n),
                    format!("{} → {}", monte.wins(old.u), monte.wins(new.u)),
                )
            } else {
                (
                    format!("{} → ·", old.n),
                    format!("{} → ·", monte.wins(old.u)),
                )
            };
            (id, [id.to_string(), monte::move_into(r, id), n, u])
        })
        .collect();
    let head = ["node", "move", "N", "U"];
    let mut w = head.map(fit::width);
    for (_, cells) in &rows {
        for (k, c) in cells.iter().enumerate() {
            w[k] = w[k].max(fit::width(c));
        }
    }
    // The mark, four cells and their gaps; a move too wide for the pane is cut with the cue.
    let others = 2 + w[0] + 1 + 2 + w[2] + 2 + w[3];
    w[1] = w[1].min(usize::from(width).saturating_sub(others).max(4));
    let row = |mark: &str, c: [&str; 4]| {
        format!(
            "{mark} {} {}  {}  {}",
            pad(c[0], w[0]),
            pad(c[1], w[1]),
            right(c[2], w[2]),
            right(c[3], w[3])
        )
    };
    let mut out = vec![Line::styled(row(" ", head), theme.header())];
    for (id, cells) in &rows {
        let (mark, style) = if *id == current {
            ("▶", theme.current())
        } else {
            (" ", Style::default())
        };
        let cells = [&*cells[0], &*cells[1], &*cells[2], &*cells[3]];
        out.push(Line::from(vec![Span::styled(row(mark, cells), style)]));
    }
    if out.iter().any(|l| l.to_string().contains("→ ·")) {
        out.push(Line::styled(
            "· not yet: backup goes from the leaf up",
            theme.faint(),
        ));
    }
    out
}
