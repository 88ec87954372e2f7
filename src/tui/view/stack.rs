//! The stack region: one row per active frame (node, ply, depth, q, the window it was entered
//! with and the window now, best so far, and the candidates in trying order), the top frame
//! marked `›`; older frames scroll off the top.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::replay::narrate::sc;
use crate::replay::{Replay, ReplayState};
use crate::search::INF;

use crate::tui::theme::Theme;

pub fn draw(r: &Replay, st: &ReplayState, t: Theme, area: Rect, buf: &mut Buffer) {
    let frames = &st.frames;
    let rows = area.height.saturating_sub(2) as usize;
    let hidden = frames.len().saturating_sub(rows);
    let title = if hidden > 0 {
        format!(" Stack · {} frames ({hidden} more above) ", frames.len())
    } else {
        format!(" Stack · {} frames ", frames.len())
    };
    let block = t.top_block(title);
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let header = "  node  ply  d  q │    α₀     β₀ │     α      β │  best move │ trying (order)";
    buf.set_stringn(inner.x, inner.y, header, inner.width as usize, t.header());
    for (i, f) in frames.iter().skip(hidden).enumerate() {
        let y = inner.y + 1 + i as u16;
        if y >= inner.bottom() {
            break;
        }
        let last = hidden + i + 1 == frames.len();
        let sym = if f.turn.is_max() { "▲" } else { "▼" };
        let best = if f.best.abs() == INF {
            "—".to_string()
        } else {
            f.best.to_string()
        };
        let mv = if f.best_mv >= 0 {
            format!("m{}", f.best_mv)
        } else {
            "—".into()
        };
        let order = r.order_of(f);
        let trying = if !f.ordered {
            match f.stand_pat {
                Some(v) => format!("stand pat {v}"),
                None => "—".into(),
            }
        } else {
            let list: Vec<String> = order
                .iter()
                .enumerate()
                .map(|(p, m)| {
                    if Some(p as u16) == f.trying {
                        format!("[{m}]")
                    } else if f.cutoff.is_some_and(|c| p as u16 > c) {
                        format!("⊘{m}")
                    } else {
                        m.to_string()
                    }
                })
                .collect();
            let pos = f.trying.map_or(0, |p| p + 1);
            let cut = if f.cutoff.is_some() { " ✂" } else { "" };
            format!("{pos}/{} ({}){cut}", order.len(), list.join(" "))
        };
        let text = format!(
            "{}{sym}{:<4} {:>3} {:>2} {:>2} │ {:>5}  {:>5} │ {:>5}  {:>5} │ {:>5} {:>4} │ {trying}",
            if last { "›" } else { " " },
            f.state,
            f.ply,
            f.depth,
            f.qleft,
            sc(f.alpha0),
            sc(f.beta0),
            sc(f.alpha),
            sc(f.beta),
            best,
            mv
        );
        let style = if last { t.current() } else { t.path() };
        buf.set_stringn(inner.x, y, text, inner.width as usize, style);
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
