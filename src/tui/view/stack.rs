//! The stack region: one row per active frame (node by its catalog name, ply, depth, q, the
//! window it was entered with and the window now, best so far, and the candidates in trying
//! order), the top frame marked `›`. When the path is deeper than the region, the root frame
//! (which holds the root's α and β) and the newest frames stay, and one row counts the frames
//! between (`⋮ 2 more frames`).

use ratatui::buffer::Buffer;

use crate::text::counted;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::replay::narrate::sc;
use crate::replay::{Replay, ReplayState};
use crate::search::INF;

use crate::tui::legend;
use crate::tui::model::{Convention, side_note};
use crate::tui::theme::Theme;

pub fn draw(r: &Replay, st: &ReplayState, max_side: bool, t: Theme, area: Rect, buf: &mut Buffer) {
    let frames = &st.frames;
    let rows = area.height.saturating_sub(2) as usize;
    // Which frames show: all, or the root, a counting row, and the newest ones.
    let (shown, hidden): (Vec<usize>, usize) = if frames.len() <= rows {
        ((0..frames.len()).collect(), 0)
    } else if rows >= 3 {
        let tail = rows - 2;
        let mut v = vec![0];
        v.extend(frames.len() - tail..frames.len());
        (v, frames.len() - 1 - tail)
    } else {
        let keep = rows;
        (
            (frames.len() - keep..frames.len()).collect(),
            frames.len() - keep,
        )
    };
    let count = counted(frames.len() as u64, "frame", "frames");
    let side = side_note(r, max_side);
    let title = if hidden > 0 {
        format!(" Stack · {count} ({hidden} not shown){side} ")
    } else {
        format!(" Stack · {count}{side} ")
    };
    let block = t.top_block(title);
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    // Names as wide as the longest one of the path (at least the header's), at most 12.
    let name = |f: &crate::replay::Frame| r.catalog().name(f.state);
    let name_w = frames
        .iter()
        .map(|f| name(f).chars().count())
        .max()
        .unwrap_or(0)
        .clamp(4, 12);
    let header = format!(
        "   {:<name_w$}  ply  d  q │    α₀     β₀ │     α      β │  best move │ trying (order)",
        "node"
    );
    buf.set_stringn(inner.x, inner.y, header, inner.width as usize, t.header());
    let windowless = r.options().algorithm.vectors();
    let mut y = inner.y + 1;
    for (k, &fi) in shown.iter().enumerate() {
        if y >= inner.bottom() {
            break;
        }
        if hidden > 0 && rows >= 3 && k == 1 {
            let text = format!(
                "  ⋮ {hidden} more {} between the root and the newest",
                if hidden == 1 { "frame" } else { "frames" }
            );
            buf.set_stringn(inner.x, y, text, inner.width as usize, t.faint());
            y += 1;
        }
        let f = &frames[fi];
        let last = fi + 1 == frames.len();
        let conv = Convention::of(r, max_side, f.turn);
        // A PVS scout or re-search frame is marked before the side.
        let visit = if f.research {
            legend::RESEARCH.glyph
        } else if f.scout {
            legend::SCOUT.glyph
        } else {
            " "
        };
        let sym = format!("{visit}{}", legend::side(f.turn, &r.trace().header.players));
        // A chance frame has no best: it shows the weighted sum of the outcomes back so far.
        let best = if let (crate::game::Side::Player(seat), true) = (f.turn, f.best.abs() != INF) {
            // The mover's own entry, the one it chooses by, in brackets: (1, 2, [6]).
            let payoffs = u32::try_from(f.best).map_or(&[][..], |id| r.catalog().payoffs(id));
            let parts: Vec<String> = payoffs
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    if i == seat.index() {
                        format!("[{v}]")
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            format!("({})", parts.join(", "))
        } else if f.turn.is_chance() {
            f.average.map_or("—".to_string(), |(sum, _)| sc(sum))
        } else if f.best.abs() == INF {
            "—".to_string()
        } else {
            sc(conv.value(f.best))
        };
        // Max-n has no window: its frames show none rather than a (−∞, +∞) never used.
        let window = |w: (i32, i32)| match windowless {
            true => ("—".to_string(), "—".to_string()),
            false => {
                let (a, b) = conv.window(w);
                (sc(a), sc(b))
            }
        };
        let (alpha0, beta0) = window((f.alpha0, f.beta0));
        let (alpha, beta) = window((f.alpha, f.beta));
        let mv = if f.turn.is_chance() {
            legend::CHANCE_SUM.glyph.into()
        } else if f.best_mv >= 0 {
            r.catalog().move_short(f.state, f.best_mv)
        } else {
            "—".into()
        };
        let order = r.order_of(f);
        let trying = if !f.ordered {
            match f.stand_pat {
                Some(v) => format!("stand pat {}", sc(v)),
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
                    sc(lo),
                    sc(hi),
                    order.len(),
                    list.join(" ")
                ),
                None => format!("{pos}/{} ({}){cut}", order.len(), list.join(" ")),
            }
        };
        let text = format!(
            "{}{sym}{:<name_w$} {:>3} {:>2} {:>2} │ {:>5}  {:>5} │ {:>5}  {:>5} │ {:>5} {:>4} │ {trying}",
            if last { legend::PATH.glyph } else { " " },
            name(f),
            f.ply,
            f.depth,
            f.qleft,
            alpha0,
            beta0,
            alpha,
            beta,
            best,
            mv
        );
        let style = if last { t.current() } else { t.path() };
        buf.set_stringn(inner.x, y, text, inner.width as usize, style);
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
        buf.set_stringn(inner.x, inner.y + 1, text, inner.width as usize, t.faint());
    }
}
