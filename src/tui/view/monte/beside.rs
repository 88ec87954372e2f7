//! Monte Carlo tree search beside a search of calls on the same position (seed 004 §6.3), the
//! pane compare mode (`c`) adds: a sentence saying which move each would play, then one row
//! per root move with MCTS's visits N and mean U/N beside the value the search of calls
//! (alpha-beta; expectiminimax with chance) gave the move.
//!
//! ```text
//!  Beside αβ, depth 9 · same position ─────────────
//!  After 37 iterations MCTS would play square 5 (21
//!  visits); alpha-beta plays square 5 with value 0:
//!  the same move.
//!    move      N    U/N      αβ
//!  › 5        21  0.619       0 ◂
//!    6         3  0.333     ≤-1
//!  › MCTS's move · ◂ alpha-beta's · U/N: wins of MAX,
//!  who moves at the root (a draw ½) · values: MAX's
//! ```
//!
//! On a Monte Carlo run the MCTS side is read after the iterations finished so far (so "after
//! 37 iterations" is exactly so, mid-iteration too) and follows the student's steps; beside a
//! search of calls it is the sampling run's end. The search of calls is always its end: one
//! value and move. Every figure comes from `crate::diff::monte` (as `prune diff` prints
//! them), which reads the index; nothing is counted here.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use crate::diff::monte::{Beside, Moment, Root, Said};
use crate::replay::Replay;
use crate::tui::look::Look;
use crate::tui::monte;
use crate::tui::theme::Theme;
use crate::tui::view::fit;
use crate::tui::view::scroll::{Shown, wrap};

/// The two runs of a comparison, one of them sampling: which is which, and where each is read.
pub struct Pair<'a> {
    /// The Monte Carlo run, read after the iterations finished at step `step`.
    pub mcts: &'a Replay,
    pub step: usize,
    /// The search of calls, read at its end.
    pub calls: &'a Replay,
    /// How the comparison names the search of calls ("αβ, depth 9").
    pub label: &'a str,
    /// The search of calls is the run on screen (stepped through): its result is said to be
    /// its end's.
    pub calls_on_screen: bool,
}

impl Pair<'_> {
    /// The iterations finished at the step, and the two runs side by side there (MCTS is A).
    fn beside(&self) -> (usize, Result<Beside, String>) {
        let (k, at) = monte::completed(self.mcts, self.step);
        let mcts = (
            &self.mcts.rec,
            Moment::After {
                iterations: k,
                step: at,
            },
        );
        (k, Beside::at(mcts, (&self.calls.rec, Moment::End)))
    }

    /// How a move is said in prose: "square 5" where the game numbers squares, else its name.
    fn said(&self, b: &Beside, mv: i16) -> String {
        let start = self.mcts.trace().header.start;
        let catalog = self.mcts.catalog();
        match catalog.move_name(start, mv) {
            Some(_) => format!("{} {}", catalog.move_words(start).0, b.name(mv)),
            None => b.name(mv),
        }
    }

    /// The search of calls in prose: "alpha-beta", "expectiminimax".
    fn calls_title(&self) -> &'static str {
        self.calls.options().algorithm.title()
    }

    /// The sentence for the step on screen: what MCTS would play after the iterations so far
    /// and with how many visits, what the search of calls plays and its value, and whether
    /// the two moves agree.
    pub fn sentence(&self) -> String {
        let (k, b) = self.beside();
        let b = match b {
            Ok(b) => b,
            Err(e) => return format!("No comparison: {e}."),
        };
        let total = self.mcts.index().monte.iterations().len();
        let given = Look::of_run(self.mcts).sampled()
            && (0..self.step.min(self.mcts.len()))
                .any(|i| monte::phase_of(self.mcts, i) == Some(monte::Phase::Given));
        let when = match k {
            0 if given => "From the stated tree, before iteration 1,".to_string(),
            0 => "Before any iteration".to_string(),
            k if k == total && self.step >= self.mcts.len() => {
                format!("After all {k} iteration{}", plural(k))
            }
            k => format!("After {k} iteration{}", plural(k)),
        };
        let end = k == total && self.step >= self.mcts.len();
        let mcts = match b.a.mv {
            Some(mv) => {
                let n = match Beside::said(&b.a, mv as u16) {
                    Some(Said::Counts { n, .. }) => *n,
                    _ => 0,
                };
                let verb = if end { "plays" } else { "would play" };
                format!(
                    "{when} MCTS {verb} {} ({n} visit{})",
                    self.said(&b, mv),
                    plural(n as usize)
                )
            }
            None => format!("{when} MCTS has no move yet: no root move has a node"),
        };
        let calls = match (b.b.mv, b.b.value) {
            (Some(mv), Some(v)) => format!(
                "{}{} plays {} with value {}",
                if self.calls_on_screen {
                    "at the end of this run, "
                } else {
                    ""
                },
                self.calls_title(),
                self.said(&b, mv),
                b.value_text(v)
            ),
            (None, Some(v)) => format!(
                "{} has value {} and no move",
                self.calls_title(),
                b.value_text(v)
            ),
            _ => format!("{} has no move", self.calls_title()),
        };
        let verdict = match (b.a.mv, b.b.mv) {
            (Some(x), Some(y)) if x == y => ": the same move.",
            (Some(_), Some(_)) => ": another move.",
            _ => ".",
        };
        format!("{mcts}; {calls}{verdict}")
    }

    /// Whose wins U counts at the root's children: the player to move at the root.
    fn mover(&self) -> String {
        let monte = &self.mcts.index().monte;
        let turn = monte.node(0).map(|n| n.turn);
        turn.map_or("the player to move".into(), |t| {
            self.mcts.trace().header.turn_name(t)
        })
    }

    /// Everything the pane shows, one logical line each (the prose wraps).
    pub fn lines(&self, theme: Theme, width: u16) -> Vec<Line<'static>> {
        // The prose wraps at the width; the table's rows are made to fit it.
        // One column is kept free at the right: the pane beside starts at the next one.
        let prose = width.saturating_sub(1).max(1);
        let mut out = wrap(&[Line::styled(self.sentence(), theme.highlight())], prose);
        let (_, b) = self.beside();
        let Ok(b) = b else {
            return out;
        };
        let short = crate::tui::model::algorithm_name(self.calls.options().algorithm);
        // The move column takes what the numbers leave.
        let room = (width as usize).saturating_sub(28).max(4);
        let mw = (b.names.iter())
            .map(|(_, n)| fit::width(n))
            .max()
            .unwrap_or(4)
            .clamp(4, room);
        out.push(Line::styled(
            format!("  {}{:>6} {:>6} {:>8}", pad("move", mw), "N", "U/N", short),
            theme.header(),
        ));
        for (pos, name) in &b.names {
            let row = row_text(&b, (*pos, name), mw);
            let style = if b.a.mv == Some(*pos as i16) {
                theme.current()
            } else {
                Style::default()
            };
            out.push(Line::styled(row, style));
        }
        // What a finished game counts as: a draw half a win, or under the score reward the
        // score itself (MAX's reward).
        let rule = match self.mcts.options().mcts.reward {
            crate::search::mcts::Reward::Outcome => "a draw ½",
            crate::search::mcts::Reward::Score => "a score is MAX's reward",
        };
        let legend = Line::styled(
            format!(
                "› MCTS's move · ◂ {}'s · U/N: wins of {}, who moves at the root ({rule}) · values: MAX's side",
                self.calls_title(),
                self.mover()
            ),
            theme.faint(),
        );
        out.extend(wrap(&[legend], prose));
        out
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `text` in exactly `w` columns: padded, or cut with the cue.
fn pad(text: &str, w: usize) -> String {
    let cut = fit::clip_str(text, w);
    let fill = w.saturating_sub(fit::width(&cut));
    format!("{cut}{}", " ".repeat(fill))
}

/// One root move's row: MCTS's N and U/N, the other search's value, the two marks.
fn row_text(b: &Beside, (pos, name): (u16, &str), mw: usize) -> String {
    let mine = |r: &Root| r.mv == Some(pos as i16);
    let counts = b.cells(&b.a, pos);
    let (n, mean) = match counts.as_slice() {
        [n, mean] => (n.clone(), mean.clone()),
        _ => ("0".into(), "—".into()),
    };
    let value = b.cells(&b.b, pos).join(" ");
    format!(
        "{} {}{n:>6} {mean:>6} {value:>8}{}",
        if mine(&b.a) { "›" } else { " " },
        pad(name, mw),
        if mine(&b.b) { " ◂" } else { "" }
    )
}

/// Draws the pane into `area` (its title rule included), from wrapped row `scroll` (the tree
/// pane's PgDn / PgUp: the pane stands in the tree's place or beside it); a cut pane says
/// what is left on its last row. Returns what it showed.
pub fn draw(pair: &Pair, scroll: usize, theme: Theme, area: Rect, buf: &mut Buffer) -> Shown {
    let title = fit::first_fit(
        [
            format!(" Beside {} · same position ", pair.label),
            format!(" Beside {} ", pair.label),
        ],
        area.width as usize,
    );
    theme.top_block(title).render(area, buf);
    let body = Rect {
        y: area.y + 1,
        height: area.height.saturating_sub(1),
        ..area
    };
    let lines = pair.lines(theme, body.width);
    super::phase::rows(&lines, (scroll, "PgDn PgUp"), theme, body, buf)
}

/// The comparison's second half beside a search of calls on screen (its tree on the left):
/// the Monte Carlo partner at its end, under a head line naming it, in `area`.
pub fn draw_partner(
    app: &crate::tui::app::App,
    c: &crate::tui::app::Compare,
    area: Rect,
    buf: &mut Buffer,
) {
    let pair = Pair {
        mcts: &c.replay,
        step: c.replay.len(),
        calls: &app.replay,
        label: &c.label,
        calls_on_screen: true,
    };
    if area.height == 0 {
        return;
    }
    let head = fit::first_fit(
        [format!("{}: all its iterations", c.label), c.label.clone()],
        area.width as usize,
    );
    fit::put(buf, area.x, area.y, &head, area.width, app.theme.header());
    let body = Rect {
        y: area.y + 1,
        height: area.height - 1,
        ..area
    };
    let lines = pair.lines(app.theme, body.width);
    let offset = app.scrolls.tree.max(0) as usize;
    super::phase::rows(&lines, (offset, "PgDn PgUp"), app.theme, body, buf);
}
