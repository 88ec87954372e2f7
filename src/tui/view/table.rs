//! The table region: what the last probe or store meant, and the transposition table's
//! entries at this step with the probed (`?`) or stored (`+`) one highlighted and kept in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::replay::narrate;
use crate::replay::{Replay, ReplayState};
use crate::search::Algorithm;

use crate::tui::theme::Theme;

pub fn draw(r: &Replay, st: &ReplayState, t: Theme, area: Rect, buf: &mut Buffer) {
    let rows = r.table().at(st.step);
    let block = t.side_block(format!(" Table · {} entries ", rows.len()));
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    // Line 1: what the last probe or store meant.
    let probe = st.last_probe;
    let store = st.last_store;
    let recent_probe = probe.filter(|p| store.is_none_or(|s| p.event > s.event));
    let headline = match (recent_probe, store) {
        (Some(_), _) => narrate::probe_verdict(r, st).unwrap_or_default(),
        (None, Some(s)) if s.kept => format!(
            "+ stored {} d{} q{}: {} {}",
            s.key.state,
            s.key.depth,
            s.key.qleft,
            s.entry.flag.name(),
            s.entry.value
        ),
        (None, Some(s)) => format!(
            "table off: {} would be {} {}",
            s.key.state,
            s.entry.flag.name(),
            s.entry.value
        ),
        (None, None) if !r.options().table || r.options().algorithm == Algorithm::Minimax => {
            "table off: nothing is kept".into()
        }
        (None, None) => "empty".into(),
    };
    buf.set_stringn(
        inner.x,
        inner.y,
        headline,
        inner.width as usize,
        t.highlight(),
    );
    let body = Rect::new(inner.x, inner.y + 1, inner.width, inner.height - 1);
    if body.height == 0 {
        return;
    }
    let header = " key         value  flag   move";
    buf.set_stringn(body.x, body.y, header, body.width as usize, t.header());
    let list = Rect::new(
        body.x,
        body.y + 1,
        body.width,
        body.height.saturating_sub(1),
    );
    // Keep the highlighted entry in view.
    let mark = recent_probe.map(|p| p.key).or(store.map(|s| s.key));
    let at = mark
        .and_then(|k| rows.iter().position(|row| row.key == k))
        .unwrap_or(0);
    let h = list.height as usize;
    let first = if at >= h { at + 1 - h } else { 0 };
    for (i, row) in rows.iter().skip(first).take(h).enumerate() {
        let probed = recent_probe.is_some_and(|p| p.key == row.key);
        let stored = store.is_some_and(|s| s.key == row.key && s.kept);
        let m = if probed {
            "?"
        } else if stored {
            "+"
        } else {
            " "
        };
        let text = format!(
            "{m}{:>3} d{:<2} q{:<2} {:>1}{:<5} {:<6} {}",
            row.key.state,
            row.key.depth,
            row.key.qleft,
            row.entry.flag.mark(),
            row.entry.value,
            row.entry.flag.name(),
            if row.entry.mv >= 0 {
                format!("m{}", row.entry.mv)
            } else {
                "-".into()
            }
        );
        let style = if probed || stored {
            t.current()
        } else {
            t.done()
        };
        buf.set_stringn(list.x, list.y + i as u16, text, list.width as usize, style);
    }
}
