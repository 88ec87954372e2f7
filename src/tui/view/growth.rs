//! The chart window (`K`): how the run on screen grows, up to the current step, on a log
//! scale. Page 1: calls per pass of iterative deepening. Page 2 (Tab): positions entered at
//! each ply of the pass on screen; on a uniform tree beside b^p and Knuth and Moore's
//! b^⌈p/2⌉ + b^⌊p/2⌋ − 1, the positions of the full and of the minimal tree at that ply.
//! Every point is counted from the index (`Tree::calls_per_pass`, `Tree::calls_per_ply`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::chart::{self, Plot, Point, Series};
use crate::index::Tree;
use crate::size::TreeCounts;
use crate::tui::layout::centered;
use crate::tui::theme::Theme;

/// Which chart the window shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    #[default]
    Passes,
    Plies,
}

impl Page {
    pub fn other(self) -> Page {
        match self {
            Page::Passes => Page::Plies,
            Page::Plies => Page::Passes,
        }
    }
}

/// What the chart is drawn from: the run's index at a step, and the tree's branching when
/// the game is a uniform tree (the formulas need it; other games have no single b).
pub struct Source<'a> {
    pub tree: Tree<'a>,
    pub step: u32,
    pub branching: Option<u32>,
}

fn point(x: u32, y: f64) -> Point {
    Point {
        x,
        y,
        interval: None,
    }
}

/// Calls per pass; the pass still running is named as such.
pub fn passes_plot(src: &Source) -> Plot {
    let passes = src.tree.calls_per_pass(src.step);
    let open = passes.last().is_some_and(|p| !p.ended);
    let mut series = vec![Series {
        name: if open {
            "calls in the pass (the last one so far)".into()
        } else {
            "calls in the pass".into()
        },
        letter: 'C',
        measured: true,
        points: passes
            .iter()
            .map(|p| point(u32::from(p.depth), p.calls as f64))
            .collect(),
    }];
    if let Some(b) = src.branching {
        series.push(Series {
            name: format!("every position to depth d, b = {b}"),
            letter: 'D',
            measured: false,
            points: passes
                .iter()
                .map(|p| {
                    let n = TreeCounts::new(b, u32::from(p.depth)).nodes;
                    point(u32::from(p.depth), big(&n))
                })
                .collect(),
        });
    }
    Plot {
        title: "Calls per pass of iterative deepening, to this step".into(),
        x_label: "pass depth".into(),
        y_label: "calls".into(),
        series,
    }
}

/// Positions entered at each ply of the pass on screen.
pub fn plies_plot(src: &Source, pass: u8) -> Plot {
    let counts = src.tree.calls_per_ply(pass, src.step);
    let mut series = vec![Series {
        name: format!("positions entered at the ply, pass {pass}"),
        letter: 'N',
        measured: true,
        points: counts
            .iter()
            .enumerate()
            .map(|(p, &n)| point(p as u32, n as f64))
            .collect(),
    }];
    if let Some(b) = src.branching {
        let plies = 0..=u32::from(pass);
        series.push(Series {
            name: format!("b^p, the full tree, b = {b}"),
            letter: 'D',
            measured: false,
            points: plies
                .clone()
                .map(|p| point(p, big(&TreeCounts::new(b, p).leaves)))
                .collect(),
        });
        series.push(Series {
            name: "Knuth–Moore b^⌈p/2⌉ + b^⌊p/2⌋ − 1, the minimal tree".into(),
            letter: 'K',
            measured: false,
            points: plies
                .map(|p| point(p, big(&TreeCounts::new(b, p).knuth_moore)))
                .collect(),
        });
    }
    Plot {
        title: format!("Positions per ply, pass {pass}, to this step"),
        x_label: "ply".into(),
        y_label: "positions".into(),
        series,
    }
}

/// "C at 1: 4 · 2: 8", cut with "…" when it does not fit `width`.
pub fn values_line(s: &Series, width: usize) -> String {
    let items: Vec<String> = s
        .points
        .iter()
        .map(|p| format!("{}: {}", p.x, p.y))
        .collect();
    let line = format!("{} at {}", s.letter, items.join(" · "));
    if line.chars().count() <= width {
        return line;
    }
    let mut cut: String = line.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

fn big(n: &num_bigint::BigUint) -> f64 {
    num_traits::ToPrimitive::to_f64(n).unwrap_or(f64::INFINITY)
}

/// Draws the window over `area`: the whole screen but a margin, so the chart has the room.
pub fn draw(
    theme: Theme,
    page: Page,
    src: &Source,
    pass: Option<u8>,
    area: Rect,
    buf: &mut Buffer,
) {
    let popup = centered(area, area.width.min(120), area.height);
    Clear.render(popup, buf);
    let other = match page {
        Page::Passes => "Tab: per ply",
        Page::Plies => "Tab: per pass",
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" Chart · {other} · K or Esc closes "))
        .border_style(theme.block());
    let inner = block.inner(popup);
    block.render(popup, buf);
    let plot = match (page, pass) {
        (Page::Passes, _) => Some(passes_plot(src)),
        (Page::Plies, Some(p)) => Some(plies_plot(src, p)),
        (Page::Plies, None) => None,
    };
    let text = match plot {
        Some(plot) if plot.series[0].points.iter().any(|p| p.y > 0.0) => {
            // The measured numbers under the chart: a log scale is not read to the unit.
            let values: Vec<String> = plot
                .series
                .iter()
                .filter(|s| s.measured)
                .map(|s| values_line(s, inner.width as usize))
                .collect();
            let rows = (inner.height as usize).saturating_sub(values.len());
            chart::text(&plot, inner.width as usize, rows) + &values.join("\n")
        }
        _ => "Nothing searched yet at this step: step on (→) and open the chart again.".into(),
    };
    let lines: Vec<Line> = text.lines().map(|l| Line::raw(l.to_string())).collect();
    Paragraph::new(lines).render(inner, buf);
}
