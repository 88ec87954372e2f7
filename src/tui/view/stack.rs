//! The stack region: one row per active frame (node by its catalog name, ply, depth, q, the
//! window it was entered with and the window now, best so far, and the candidates in trying
//! order), the top frame marked `›`. When the path is deeper than the region, the root frame
//! (which holds the root's α and β) and the newest frames stay, and one row counts the frames
//! between (`⋮ 2 more frames`).

use ratatui::buffer::Buffer;

use crate::text::{counted, end_within, pad, width};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::index::question::{Held, Kind};
use crate::replay::{Replay, ReplayState};
use crate::search::INF;
use crate::value::Units;

use crate::tui::legend;
use crate::tui::look::Look;
use crate::tui::model::{Convention, side_note};
use crate::tui::theme::Theme;
use crate::tui::view::fit;

pub fn draw(
    r: &Replay,
    st: &ReplayState,
    u: &Units,
    max_side: bool,
    t: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    draw_holding(r, st, u, (max_side, None), t, area, buf);
}

/// The region, keeping back what an open prediction asks (`held`): while the tutor asks what
/// a call returns or stores, its row shows `?` for the window now, the best so far and its
/// move, each of which states or gives away the answer.
pub fn draw_holding(
    r: &Replay,
    st: &ReplayState,
    u: &Units,
    (max_side, held): (bool, Option<Held>),
    t: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let frames = &st.frames;
    let rows = area.height.saturating_sub(2) as usize;
    let (shown, hidden) = shown_frames(frames.len(), rows);
    let count = counted(frames.len() as u64, "frame", "frames");
    let side = side_note(r, max_side);
    let title = if hidden > 0 {
        format!(" Stack · {count} ({hidden} not shown){side} ")
    } else {
        format!(" Stack · {count}{side} ")
    };
    let block = t.top_block(fit::clip_str(&title, area.width as usize));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    // Names as wide on screen as the longest one of the path (at least the header's); padded
    // by columns, so a CJK or emoji name keeps the rows lined up.
    let name_w = name_w_of(r, frames);
    let cells: Vec<Cells> = shown
        .iter()
        .map(|&fi| held_cells(r, u, &frames[fi], (max_side, held)))
        .collect();
    // Numbers as wide as the widest shown (an exact fraction of a chance run is wider than
    // seed 000's integers), so the columns stay under their heads.
    let widest = |of: &dyn Fn(&Cells) -> Vec<&String>| {
        cells
            .iter()
            .flat_map(of)
            .map(|v| fit::width(v))
            .max()
            .unwrap_or(0)
            .max(5)
    };
    let num_w = widest(&|c| c.window.iter().collect());
    let best_w = widest(&|c| vec![&c.best]);
    let width = inner.width as usize;
    // The path mark, the visit mark and the side come before a row's name: one column each,
    // but a seat of several players is written with its player ("●B:").
    let players = &r.trace().header.players;
    let side_w = (frames.iter())
        .map(|f| crate::text::width(&legend::side(f.turn, players)))
        .max()
        .unwrap_or(1);
    let lead = " ".repeat(2 + side_w);
    let header = fit::first_fit(
        [" (order)", ""].map(|order| {
            format!(
                "{lead}{} ply  d  q │ {:>num_w$}  {:>num_w$} │ {:>num_w$}  {:>num_w$} │ {:>best_w$} move │ trying{order}",
                pad("node", name_w), "α₀", "β₀", "α", "β", "best"
            )
        }),
        width,
    );
    fit::put(buf, inner.x, inner.y, &header, inner.width, t.header());
    let mut y = inner.y + 1;
    for (k, (&fi, c)) in shown.iter().zip(cells).enumerate() {
        if y >= inner.bottom() {
            break;
        }
        if hidden > 0 && rows >= 3 && k == 1 {
            let text = fit::first_fit(hidden_row(hidden), width);
            fit::put(buf, inner.x, y, &text, inner.width, t.faint());
            y += 1;
        }
        let f = &frames[fi];
        let text = row_text(r, u, f, &c, fi + 1 == frames.len(), name_w, (num_w, best_w));
        let style = if fi + 1 == frames.len() {
            t.current()
        } else {
            t.path()
        };
        fit::put(buf, inner.x, y, &text, inner.width, style);
        y += 1;
    }
    if frames.is_empty() {
        let text = if st.step == 0 {
            "  (empty: the search has not started)"
        } else if st.step >= r.len() {
            "  (empty: the search is over and the path is restored)"
        } else {
            "  (empty: between passes)"
        };
        fit::put(buf, inner.x, inner.y + 1, text, inner.width, t.faint());
    }
}

/// Which of `len` frames show in `rows` rows: all, or the root, a counting row and the
/// newest ones (only the newest when there are fewer than 3 rows); and how many do not.
fn shown_frames(len: usize, rows: usize) -> (Vec<usize>, usize) {
    if len <= rows {
        ((0..len).collect(), 0)
    } else if rows >= 3 {
        let tail = rows - 2;
        let mut v = vec![0];
        v.extend(len - tail..len);
        (v, len - 1 - tail)
    } else {
        ((len - rows..len).collect(), len - rows)
    }
}

/// The row counting the `hidden` frames between the root and the newest, long and short.
fn hidden_row(hidden: usize) -> [String; 2] {
    [
        format!(
            "  ⋮ {hidden} more {} between the root and the newest",
            if hidden == 1 { "frame" } else { "frames" }
        ),
        format!("  ⋮ {hidden} more"),
    ]
}

/// A name wider than this keeps its end (`end_within`): a Connect Four position's name is its
/// whole move sequence. The narration and the inspector show it whole.
const LONGEST_NAME: usize = 24;

/// The stack's name column: the widest name of the path as a row writes it (a longer one keeps
/// its end within `LONGEST_NAME`), at least the header's 4. The header is padded to the same
/// width, so the ply, depth and window columns stay under their heads.
fn name_w_of(r: &Replay, frames: &[crate::replay::Frame]) -> usize {
    frames
        .iter()
        .map(|f| width(&end_within(&r.catalog().name(f.state), LONGEST_NAME)))
        .max()
        .unwrap_or(0)
        .max(4)
}

/// A frame's numbers as the row writes them: the two windows and the best so far, and its
/// best move (`None`: the frame's own, as the row reads it).
struct Cells {
    window: [String; 4],
    best: String,
    mv: Option<String>,
}

impl Cells {
    /// The same row with what states the call's return kept back: the window now, the best
    /// so far and its move. The window it was entered with stays (the flag is read from it).
    fn held(self) -> Cells {
        let [alpha0, beta0, _, _] = self.window;
        Cells {
            window: [alpha0, beta0, HELD.into(), HELD.into()],
            best: HELD.into(),
            mv: Some(HELD.into()),
        }
    }
}

/// A frame's cells, kept back when an open prediction asks what it returns or stores.
fn held_cells(
    r: &Replay,
    u: &Units,
    f: &crate::replay::Frame,
    (max_side, held): (bool, Option<Held>),
) -> Cells {
    let c = cells(r, u, f, max_side);
    let asked =
        held.is_some_and(|h| matches!(h.kind, Kind::Return | Kind::Flag) && h.node == f.node);
    if asked { c.held() } else { c }
}

/// What a kept-back cell shows.
const HELD: &str = "?";

fn cells(r: &Replay, u: &Units, f: &crate::replay::Frame, max_side: bool) -> Cells {
    let conv = Convention::of(r, max_side, f.turn);
    // A chance frame has no best: it shows the weighted sum of the outcomes back so far.
    let best = if let (crate::game::Side::Player(seat), true) = (f.turn, f.best.abs() != INF) {
        // The mover's own entry, the one it chooses by, in brackets: (1, 2, [6]).
        let payoffs = u32::try_from(f.best).map_or(&[][..], |id| r.catalog().payoffs(id));
        let parts: Vec<String> = payoffs
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let v = crate::value::Units::of(r.scale()).payoff(*v);
                if i == seat.index() {
                    format!("[{v}]")
                } else {
                    v
                }
            })
            .collect();
        format!("({})", parts.join(", "))
    } else if f.turn.is_chance() {
        f.average.map_or("—".to_string(), |(sum, _)| u.sc(sum))
    } else if f.best.abs() == INF {
        "—".to_string()
    } else {
        u.sc(conv.value(f.best))
    };
    // Max-n has no window: its frames show none rather than a (−∞, +∞) never used.
    if !Look::of_run(r).windows {
        return Cells {
            window: ["—", "—", "—", "—"].map(String::from),
            best,
            mv: None,
        };
    }
    let (alpha0, beta0) = conv.window((f.alpha0, f.beta0));
    let (alpha, beta) = conv.window((f.alpha, f.beta));
    Cells {
        window: [u.sc(alpha0), u.sc(beta0), u.sc(alpha), u.sc(beta)],
        best,
        mv: None,
    }
}

/// One frame's row: side, name, ply, depth, q, the windows, best and move, and the candidates.
fn row_text(
    r: &Replay,
    u: &Units,
    f: &crate::replay::Frame,
    c: &Cells,
    last: bool,
    name_w: usize,
    (num_w, best_w): (usize, usize),
) -> String {
    // A PVS scout or re-search frame is marked before the side.
    let visit = if f.research {
        legend::RESEARCH.glyph
    } else if f.scout {
        legend::SCOUT.glyph
    } else {
        " "
    };
    let sym = format!("{visit}{}", legend::side(f.turn, &r.trace().header.players));
    let mv = if let Some(mv) = &c.mv {
        mv.clone()
    } else if f.turn.is_chance() {
        legend::CHANCE_SUM.glyph.into()
    } else if f.best_mv >= 0 {
        r.catalog().move_short(f.state, f.best_mv)
    } else {
        "—".into()
    };
    let order = r.order_of(f);
    let trying = if !f.ordered {
        match f.stand_pat {
            Some(v) => format!("stand pat {}", u.sc(v)),
            None => "—".into(),
        }
    } else {
        let list: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(p, &m)| {
                // A move as the game names it: a tic-tac-toe square, else its number.
                let m = r.catalog().move_number(f.state, m as i16);
                if Some(p as u16) == f.trying {
                    format!("[{m}]")
                } else if f.cutoff.is_some_and(|c| p as u16 > c) {
                    format!("{}{m}", legend::SKIPPED.glyph)
                } else {
                    m.to_string()
                }
            })
            .collect();
        let pos = f.trying.map_or(0, |p| p + 1);
        let cut = if f.cutoff.is_some() {
            format!(" {}", legend::CUT.glyph)
        } else {
            String::new()
        };
        // Chance pruning: the interval the frame's value is known to lie in comes first,
        // so that a narrow stack still shows it.
        match f.interval {
            Some((lo, hi)) => format!(
                "in [{}, {}]{cut} · {pos}/{} ({})",
                u.sc(lo),
                u.sc(hi),
                order.len(),
                list.join(" ")
            ),
            None => format!("{pos}/{} ({}){cut}", order.len(), list.join(" ")),
        }
    };
    let [alpha0, beta0, alpha, beta] = &c.window;
    format!(
        "{}{sym}{} {:>3} {:>2} {:>2} │ {alpha0:>num_w$}  {beta0:>num_w$} │ {alpha:>num_w$}  {beta:>num_w$} │ {:>best_w$} {:>4} │ {trying}",
        if last { legend::PATH.glyph } else { " " },
        pad(
            &end_within(&r.catalog().name(f.state), LONGEST_NAME),
            name_w
        ),
        f.ply,
        f.depth,
        f.qleft,
        c.best,
        mv
    )
}
