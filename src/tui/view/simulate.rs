//! The simulate exercise's screen, from the exercise's board only (nothing is shown before
//! the step that reveals it):
//!
//! ```text
//!  Simulate alphabeta · seed 7 · b 2 · d 3 · feedback each step     step 9/27 · 7 right (87 %)
//! ┌Tree (values hidden until visited)──┐┌Frame──────────────────────────────┐
//! │  R MAX (-∞, +∞)                    ││ A MIN entered (-∞, +∞)            │
//! │* A MIN (-∞, +∞)                    ││ now (-∞, 3)  returned: C 3        │
//! │▶   B MAX (-∞, 3)                   │├Stack (root first)─────────────────┤
//! │      C = 3                         ││ R MAX (-∞, +∞) › A MIN (-∞, 3)    │
//! │      D = ?                         │├Steps──────────────────────────────┤
//! │    E MAX                           ││ ✓ 8 3 inf                         │
//! └────────────────────────────────────┘└───────────────────────────────────┘
//!  ✗ Expected: cut. D returned 2, so A's window is now (3, 2): α ≥ β, …
//!  B (MAX) moves next: a child to visit, cut, or return V
//!  › visit C                              Enter · ↓↑: pick on the tree · Esc
//! ```
//! - title: the settings (the seed a teacher hands out), the step count and the score (a
//!   faded exercise: `Faded alphabeta: windows 1/3`, its stage and the right answers in a
//!   row, ahead of the seed);
//! - tree: every node, a leaf's value once visited, windows and returns as revealed, `▶` the
//!   node worked on, `*` the open frames, `✂` the skipped ones, the node cursor's row (↓ ↑
//!   Tab) reversed with its step after it (`◂ visit`); it scrolls to the current node;
//! - frame and stack: the current frame's window as entered and as it stands, the open frames;
//! - steps: the graded steps, latest last (`✓` right first time, `✗` corrected, `·` made
//!   by prune in a faded exercise);
//! - footer: the last verdict with its sentence, what is asked, the line being typed.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Widget};

use crate::practice::render::wrap;
use crate::practice::simulate::{
    Action, Ask, Board, Exercise, Feedback, Mark, Method, NodeRow, Reply, STREAK, Stage,
};
use crate::tui::simulate::{Pick, SimulateScreen};
use crate::tui::theme::Theme;

pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 16;

/// Whether the student types windows and marks cuts: alpha-beta does, minimax has neither
/// (decided per method here, so a new method must say what its screen asks).
fn asks_windows(ex: &Exercise) -> bool {
    match ex.settings.method {
        Method::AlphaBeta => true,
        Method::Minimax => false,
    }
}

fn width(text: &str) -> usize {
    Span::raw(text).width()
}

impl Widget for &SimulateScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = Theme::from_env();
        if super::fit::too_small(area, (MIN_WIDTH, MIN_HEIGHT), buf) {
            return;
        }
        let ex = &self.exercise;
        let board = ex.board();
        let inner = area.width.saturating_sub(2) as usize;
        let feedback = feedback_lines(self, inner);
        let foot = feedback.len() as u16 + 2;
        let body = Rect::new(area.x, area.y + 1, area.width, area.height - 1 - foot);
        title(ex, theme, Rect::new(area.x, area.y, area.width, 1), buf);
        let tree_w = (area.width * 11 / 20).clamp(40, 64).min(area.width - 24);
        let left = Rect::new(body.x, body.y, tree_w, body.height);
        let right = Rect::new(body.x + tree_w, body.y, body.width - tree_w, body.height);
        tree(ex, (&board, self.cursor()), theme, left, buf);
        side(self, &board, theme, right, buf);
        let mut y = body.bottom();
        for (text, style) in feedback {
            Line::styled(format!(" {text}"), style)
                .render(Rect::new(area.x, y, area.width, 1), buf);
            y += 1;
        }
        Line::styled(format!(" {}", board.asked), theme.header())
            .render(Rect::new(area.x, y, area.width, 1), buf);
        input(self, theme, Rect::new(area.x, y + 1, area.width, 1), buf);
    }
}

fn title(ex: &Exercise, theme: Theme, area: Rect, buf: &mut Buffer) {
    let s = &ex.settings;
    let shape = format!("seed {} · b{} d{}", s.seed, s.branching, s.depth);
    // A faded exercise always tells each step: its stage and count lead, right after the
    // method, so a narrow title clips the seed and shape, never the count.
    let left = match ex.fade() {
        Some(f) if f.stage == Stage::All => {
            format!(" Faded {}: every step · {shape}", s.method.name())
        }
        Some(f) => format!(
            " Faded {}: {} {}/{STREAK} · {shape}",
            s.method.name(),
            f.stage.name(),
            f.streak
        ),
        None => format!(
            " Simulate {} · {shape} · feedback {}",
            s.method.name(),
            s.feedback.name()
        ),
    };
    let (right_first, graded) = ex.score();
    let score = match s.feedback {
        Feedback::End if !ex.finished() => String::new(),
        _ if graded == 0 => String::new(),
        _ => format!(" · {right_first}/{graded} ✓ {} %", ex.percent()),
    };
    let right = format!(
        "step {}/{}{score} ",
        (ex.done() + 1).min(ex.steps().len()),
        ex.steps().len()
    );
    let room = (area.width as usize).saturating_sub(width(&right) + 1);
    // One space at least between the settings and the step count.
    let left = clip(&left, room.saturating_sub(1));
    let pad = room.saturating_sub(width(&left));
    Line::from(vec![
        Span::styled(left, theme.title()),
        Span::raw(" ".repeat(pad)),
        Span::styled(right, theme.header()),
    ])
    .render(area, buf);
}

fn clip(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_string();
    }
    let mut out: String = text.chars().take(room.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A tree row: marker, indent, name, side, and what is revealed.
fn row_text(ex: &Exercise, r: &NodeRow) -> String {
    let marker = match r.mark {
        Mark::Current => "▶",
        Mark::Path => "*",
        Mark::Skipped => "✂",
        Mark::Visited | Mark::Unseen => " ",
    };
    let u = ex.units();
    let indent = "  ".repeat(r.depth as usize);
    let what = if r.leaf {
        match r.value {
            Some(v) => format!("= {}", u.sc(v)),
            None if r.mark == Mark::Skipped => "skipped".into(),
            None => "= ?".into(),
        }
    } else {
        let mut t = r.side.name().to_string();
        if let Some((a, b)) = r.window {
            t.push_str(&format!(" ({}, {})", u.sc(a), u.sc(b)));
        }
        if let Some(v) = r.returned {
            t.push_str(&format!(" → {}", u.sc(v)));
        }
        if r.mark == Mark::Skipped {
            t.push_str(" skipped");
        }
        t
    };
    format!("{marker}{indent}{} {what}", r.name)
}

/// The tree pane; the node cursor's row (`cursor`) is drawn reversed, with its step named
/// after it (`◂ visit`, `◂ cut: skip the rest`), so it reads without colour.
fn tree(
    ex: &Exercise,
    (board, cursor): (&Board, Option<Pick>),
    theme: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let rows = area.height.saturating_sub(2) as usize;
    let total = board.rows.len();
    let picked = cursor
        .as_ref()
        .and_then(|p| board.rows.iter().position(|r| r.name == p.row));
    // Scroll so the current node shows, a third of the way down when the tree is taller,
    // and the cursor's row too (a child below a deep sibling's subtree).
    let mut top = match board.current {
        Some(c) if total > rows => c.saturating_sub(rows / 3).min(total - rows),
        _ => 0,
    };
    match picked {
        Some(p) if p < top => top = p,
        Some(p) if rows > 0 && p >= top + rows => top = p + 1 - rows,
        _ => {}
    }
    let more = match (top > 0, top + rows < total) {
        (true, true) => " ↑↓ more",
        (true, false) => " ↑ more",
        (false, true) => " ↓ more",
        (false, false) => "",
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!("Tree (values hidden until visited){more}"))
        .border_style(theme.block())
        .title_style(theme.title());
    let inner = block.inner(area);
    block.render(area, buf);
    for (i, r) in board.rows.iter().skip(top).take(rows).enumerate() {
        let style = match r.mark {
            Mark::Current => theme.current(),
            Mark::Path => theme.path(),
            Mark::Skipped => theme.skipped(),
            Mark::Unseen => theme.faint(),
            Mark::Visited => theme.done(),
        };
        let (text, style) = match &cursor {
            Some(p) if p.row == r.name => (
                format!("{}  ◂ {}", row_text(ex, r), p.what),
                style.add_modifier(Modifier::REVERSED),
            ),
            _ => (row_text(ex, r), style),
        };
        let text = clip(&text, inner.width as usize);
        Line::styled(text, style)
            .render(Rect::new(inner.x, inner.y + i as u16, inner.width, 1), buf);
    }
}

fn side(screen: &SimulateScreen, board: &Board, theme: Theme, area: Rect, buf: &mut Buffer) {
    let ex = &screen.exercise;
    let u = ex.units();
    let w = |p: Option<(i32, i32)>| {
        p.map_or("?".into(), |(a, b)| format!("({}, {})", u.sc(a), u.sc(b)))
    };
    let room = area.width.saturating_sub(2) as usize;
    let mut lines: Vec<(String, Style)> = Vec::new();
    let section = |title: &str, body: Vec<String>, lines: &mut Vec<(String, Style)>| {
        lines.push((format!("─ {title} "), theme.title()));
        for b in body {
            for l in wrap(&b, room).lines() {
                lines.push((l.to_string(), Style::new()));
            }
        }
    };
    let mut frame = Vec::new();
    if let Some(f) = board.stack.last() {
        // Minimax has no windows: a frame is its name and side.
        frame.push(match asks_windows(ex) {
            true => format!("{} {} entered {}", f.name, f.side.name(), w(f.entered)),
            false => format!("{} {}", f.name, f.side.name()),
        });
        if let Some(now) = f.now {
            frame.push(format!("now {}", w(Some(now))));
        }
        if !f.taken.is_empty() {
            let taken: Vec<String> = f
                .taken
                .iter()
                .map(|(n, v)| format!("{n} {}", u.sc(*v)))
                .collect();
            frame.push(format!("returned: {}", taken.join(", ")));
        }
    }
    section("Frame", frame, &mut lines);
    let stack: Vec<String> = board
        .stack
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let shown = f.now.or(f.entered);
            let lead = if i == 0 { "" } else { "› " };
            let window = if asks_windows(ex) {
                format!(" {}", w(shown))
            } else {
                String::new()
            };
            format!("{lead}{} {}{window}", f.name, f.side.name())
        })
        .collect();
    section("Stack (root first)", stack, &mut lines);
    section("Steps", steps(ex), &mut lines);
    let block = Block::default()
        .borders(Borders::ALL)
        .title("Frame · stack · steps")
        .border_style(theme.block())
        .title_style(theme.title());
    let inner = block.inner(area);
    block.render(area, buf);
    // The steps run on below: keep the latest ones in view.
    let h = inner.height as usize;
    let shown: Vec<&(String, Style)> = if lines.len() <= h {
        lines.iter().collect()
    } else {
        let head = lines
            .iter()
            .position(|(t, _)| t.starts_with("─ Steps"))
            .map_or(h, |k| (k + 1).min(h));
        let tail = h - head;
        lines[..head]
            .iter()
            .chain(lines[lines.len() - tail..].iter())
            .collect()
    };
    for (i, (t, s)) in shown.into_iter().enumerate() {
        Line::styled(clip(t, inner.width as usize), *s)
            .render(Rect::new(inner.x, inner.y + i as u16, inner.width, 1), buf);
    }
}

/// The graded steps, one line each: `✓ 4 visit B`, `✗ 7 cut (you: visit E)`; with feedback
/// at the end only the count until it is over.
fn steps(ex: &Exercise) -> Vec<String> {
    if ex.settings.feedback == Feedback::End && !ex.finished() {
        return vec![format!("{} noted; graded at the end", ex.done())];
    }
    ex.graded()
        .iter()
        .map(|g| {
            let entry = ex.entry(g.step);
            let n = g.step + 1;
            match g.ask {
                // A faded exercise's step carried out by prune, shown as made.
                None => format!("· {n} {entry} (prune)"),
                Some(Ask::Cut { .. }) => {
                    // `on` says what the frame did instead of cutting: the step itself.
                    let said = match ex.answer_to(g.step, g.ask) {
                        a if a == entry => a,
                        a => format!("{a}: {entry}"),
                    };
                    match g.right {
                        true => format!("✓ {n} {said}"),
                        false => format!("✗ {n} {said} (you: {})", typed(ex, &g.given)),
                    }
                }
                Some(_) if g.right => format!("✓ {n} {entry}"),
                Some(_) => format!("✗ {n} {entry} (you: {})", typed(ex, &g.given)),
            }
        })
        .collect()
}

fn typed(ex: &Exercise, a: &Action) -> String {
    let u = ex.units();
    match a {
        Action::Visit(s) => format!("visit {}", ex.graph().name(*s)),
        Action::Window(a, b) => format!("{} {}", u.fmt(*a), u.fmt(*b)),
        Action::Cut => "cut".into(),
        Action::Return(v) => format!("return {}", u.fmt(*v)),
        Action::On => "on".into(),
    }
}

/// The verdict on the last line typed, wrapped (the steps list keeps every verdict).
fn feedback_lines(screen: &SimulateScreen, room: usize) -> Vec<(String, Style)> {
    let theme = Theme::from_env();
    let ex = &screen.exercise;
    let (text, style) = match &screen.last {
        None => (intro(ex), theme.note()),
        Some((_, Reply::Hint(h))) => (format!("? {h}"), theme.changed()),
        Some((_, Reply::Right { why })) => (format!("✓ Right. {why}"), theme.note()),
        Some((line, Reply::Wrong { correction })) => (
            format!(
                "✗ Not {}: expected {}. {}",
                crate::text::one_line(line.trim()),
                correction.expected,
                correction.why
            ),
            theme.warn(),
        ),
        Some((_, Reply::Noted)) if ex.finished() => (
            "Graded: the tree now shows the run, and Steps lists each wrong step with the right one."
                .into(),
            theme.note(),
        ),
        Some((_, Reply::Noted)) => (
            "Noted; every step is graded at the end.".into(),
            theme.note(),
        ),
    };
    let mut text = text;
    if screen.last.is_some() {
        text.push_str(&carried_since(ex));
    }
    // The news of a new stage comes first: a long verdict is cut at six lines.
    if let Some(stage) = screen.moved_on {
        text = format!("{} {text}", moved_on(stage));
    }
    if ex.finished() {
        let (right, all) = ex.score();
        text = format!(
            "{text} Done: {right} of {all} steps right first time ({} %). n: a new tree · Esc: leave{}",
            ex.percent(),
            screen
                .saved
                .as_deref()
                .map(|s| format!(" · {s}"))
                .unwrap_or_default()
        );
    }
    // At most six lines: a longer text (a long progress path) ends in "…" on the sixth.
    let mut lines: Vec<String> = wrap(&text, room).lines().map(str::to_string).collect();
    if lines.len() > 6 {
        lines.truncate(6);
        let last = clip(&format!("{} …", lines[5]), room);
        lines[5] = last;
    }
    lines.into_iter().map(|l| (l, style)).collect()
}

/// The steps prune carried out after the student's last answer, in a faded exercise.
fn carried_since(ex: &Exercise) -> String {
    let last = ex.graded().iter().rposition(|g| g.ask.is_some());
    let after: Vec<String> = ex.graded()[last.map_or(0, |k| k + 1)..]
        .iter()
        .map(|g| ex.entry(g.step))
        .collect();
    if after.is_empty() {
        return String::new();
    }
    format!(" Prune then: {}.", after.join(" · "))
}

/// The news that three right in a row moved a faded exercise on.
fn moved_on(stage: Stage) -> String {
    let what = match stage {
        Stage::Windows => "the windows",
        Stage::Cuts => "the cutoffs (cut, or on)",
        Stage::Returns => "the values each call returns",
        Stage::All => "every step, as prune makes them",
    };
    format!("{STREAK} right in a row: now you fill in {what}.")
}

/// What a faded exercise asks of the student, before their first answer.
fn fade_intro(ex: &Exercise, stage: Stage) -> String {
    let name = ex.settings.method.name();
    let order: Vec<&str> = Stage::order(ex.settings.method)
        .iter()
        .map(|s| s.name())
        .collect();
    let now = match stage {
        Stage::All => "every step".to_string(),
        s => format!("only the {}", s.name()),
    };
    format!(
        "Prune carries out {name} on this tree and shows each step; you fill in {now}. {STREAK} right in a row move you on ({}).",
        order.join(", then ")
    )
}

/// What the student does, before the first step: minimax has no windows and no cutoffs.
fn intro(ex: &Exercise) -> String {
    if let Some(f) = ex.fade() {
        return fade_intro(ex, f.stage);
    }
    let name = ex.settings.method.name();
    if asks_windows(ex) {
        format!(
            "Carry out {name} on this tree: choose each node to visit, type the window it gets and what each call returns, and mark each cutoff."
        )
    } else {
        format!(
            "Carry out {name} on this tree: choose each node to visit and type what each call returns: {name} visits every child, with no α or β to narrow."
        )
    }
}

fn input(screen: &SimulateScreen, theme: Theme, area: Rect, buf: &mut Buffer) {
    let prefix = " › ";
    let keys = "  Enter · ↓↑: pick on the tree · Esc";
    let total = area.width as usize;
    let keys = if total > width(prefix) + width(keys) + 12 {
        keys
    } else {
        ""
    };
    let room = total.saturating_sub(width(prefix) + width(keys)).max(1);
    let (shown, col) = screen.edit.view(room);
    let pad = room.saturating_sub(width(&shown));
    Line::from(vec![
        Span::styled(prefix, theme.highlight()),
        Span::raw(shown),
        Span::raw(" ".repeat(pad)),
        Span::styled(keys, theme.faint()),
    ])
    .render(area, buf);
    let x = area.x as usize + width(prefix) + col;
    if x < area.right() as usize
        && let Some(cell) = buf.cell_mut(Position::new(x as u16, area.y))
    {
        cell.set_style(Style::new().add_modifier(Modifier::REVERSED));
    }
}
