//! The table region: what the last probe or store meant, and the transposition table's
//! entries at this step with the probed (`?`) or stored (`+`) one highlighted and kept in view
//! (unless the student scrolled the list with the wheel); rows out of view are counted on the
//! list's first or last row (`↑ 3 above`, `↓ 13 more`).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::replay::narrate;
use crate::replay::{Replay, ReplayState};
use crate::value::Units;

use crate::tui::layout::scroll::Shown;
use crate::tui::legend;
use crate::tui::look::Look;
use crate::tui::theme::Theme;
use crate::tui::view::fit;
use crate::tui::view::scroll;

/// Draws the region, the list from row `scroll` when the student scrolled it, and says which
/// entries are on screen.
pub fn draw(
    r: &Replay,
    st: &ReplayState,
    u: &Units,
    t: Theme,
    scroll: Option<usize>,
    area: Rect,
    buf: &mut Buffer,
) -> Shown {
    let rows = r.table().at(st.step);
    // The table holds what the search stored, in its own convention (M does not change it).
    let side = crate::tui::model::side_note(r, false);
    let n = rows.len();
    let title = [
        format!(" Table · {n} entries{side} "),
        format!(" Table · {n}{side} "),
    ];
    let block = t.side_block(fit::first_fit(title, area.width.saturating_sub(1) as usize));
    let inner = block.inner(area);
    block.render(area, buf);
    let none = Shown {
        total: rows.len(),
        ..Shown::default()
    };
    if inner.height == 0 || inner.width == 0 {
        return none;
    }
    // Line 1: what the last probe or store meant.
    let probe = st.last_probe;
    let store = st.last_store;
    let recent_probe = probe.filter(|p| store.is_none_or(|s| p.event > s.event));
    let headline = headline(r, st, u, recent_probe);
    // The verdict wraps onto a second row when it needs one (and the list has rows to give);
    // past that it is cut with the cue.
    let head_rows = headline_rows(&headline, inner.width, inner.height);
    for (i, row) in head_rows.iter().enumerate() {
        fit::put(
            buf,
            inner.x,
            inner.y + i as u16,
            row,
            inner.width,
            t.highlight(),
        );
    }
    let used = head_rows.len() as u16;
    let body = Rect::new(
        inner.x,
        inner.y + used,
        inner.width,
        inner.height.saturating_sub(used),
    );
    if body.height == 0 {
        return none;
    }
    let header = " key         value  flag   move";
    fit::put(buf, body.x, body.y, header, body.width, t.header());
    let list = Rect::new(
        body.x,
        body.y + 1,
        body.width,
        body.height.saturating_sub(1),
    );
    // Keep the highlighted entry in view, one row kept for the cue when the list is cut.
    let mark = recent_probe.map(|p| p.key).or(store.map(|s| s.key));
    let at = mark
        .and_then(|k| rows.iter().position(|row| row.key == k))
        .unwrap_or(0);
    if list.height == 0 {
        return none;
    }
    let (shown, cut) = in_view(rows.len(), at, list.height as usize, scroll);
    let (first, h) = (shown.first, shown.rows);
    if cut {
        fit::put(
            buf,
            list.x,
            list.y + h as u16,
            &cue(&shown),
            list.width,
            t.changed(),
        );
    }
    for (i, row) in rows.iter().skip(first).take(h).enumerate() {
        let probed = recent_probe.is_some_and(|p| p.key == row.key);
        let stored = store.is_some_and(|s| s.key == row.key && s.kept);
        let (text, style) = entry(r, u, t, row, (probed, stored));
        fit::put(buf, list.x, list.y + i as u16, &text, list.width, style);
    }
    shown
}

/// What the last probe or store meant (the list's first line).
fn headline(
    r: &Replay,
    st: &ReplayState,
    u: &Units,
    recent_probe: Option<crate::replay::ProbeMark>,
) -> String {
    let store = st.last_store;
    match (recent_probe, store) {
        // Max-n has no window, so nothing it backs up could be reused as a bound.
        _ if !Look::of_run(r).windows => {
            format!("{} keeps no table", r.options().family().name())
        }
        (Some(_), _) => narrate::probe_verdict(r, st).unwrap_or_default(),
        (None, Some(s)) if s.kept => format!(
            "{} stored {} d{} q{}: {} {}",
            legend::STORED.glyph,
            r.catalog().name(s.key.state),
            s.key.depth,
            s.key.qleft,
            s.entry.flag.name(),
            u.sc(s.entry.value)
        ),
        (None, Some(s)) => format!(
            "table off: {} would be {} {}",
            r.catalog().name(s.key.state),
            s.entry.flag.name(),
            u.sc(s.entry.value)
        ),
        (None, None) if !r.options().keeps_table() => "table off: nothing is kept".into(),
        (None, None) => "empty".into(),
    }
}

/// Which of `total` rows show in a list `height` rows tall: from `scroll` when the student
/// scrolled it, else keeping row `at` in view; and whether the list is cut (its last row then
/// holds the cue).
fn in_view(total: usize, at: usize, height: usize, scroll: Option<usize>) -> (Shown, bool) {
    let cut = total > height;
    let h = if cut {
        height.saturating_sub(1)
    } else {
        height
    };
    let max_first = total.saturating_sub(h);
    let first = match scroll {
        Some(s) => s.min(max_first),
        None if at >= h => (at + 1 - h).min(max_first),
        None => 0,
    };
    let shown = Shown {
        total,
        first,
        rows: h.min(total),
    };
    (shown, cut)
}

/// The cue on the list's last row when it is cut: the rows above and below it.
fn cue(shown: &Shown) -> String {
    let (above, below) = (shown.above(), shown.below());
    let mut parts = Vec::new();
    if above > 0 {
        parts.push(format!("↑ {above} above"));
    }
    if below > 0 {
        parts.push(format!("↓ {below} more"));
    }
    format!(" {} (wheel)", parts.join(" · "))
}

/// One entry's row and its style, marked when it was just probed or stored.
fn entry(
    r: &Replay,
    u: &Units,
    t: Theme,
    row: &crate::index::TableRow,
    (probed, stored): (bool, bool),
) -> (String, ratatui::style::Style) {
    let m = if probed {
        legend::PROBED.glyph
    } else if stored {
        legend::STORED.glyph
    } else {
        " "
    };
    let style = if probed || stored {
        t.current()
    } else {
        t.done()
    };
    let text = format!(
        "{m}{:>3} d{:<2} q{:<2} {:>1}{:<5} {:<6} {}",
        r.catalog().name(row.key.state),
        row.key.depth,
        row.key.qleft,
        row.entry.flag.mark(),
        u.sc(row.entry.value),
        row.entry.flag.name(),
        if row.entry.mv >= 0 {
            r.catalog().move_short(row.key.state, row.entry.mv)
        } else {
            "-".into()
        }
    );
    (text, style)
}

/// The rows the verdict takes in a pane `width` wide and `height` rows tall: wrapped, at most
/// two when the pane has rows to spare for them (else one), the last cut with the cue when
/// there is still more.
pub fn headline_rows(headline: &str, width: u16, height: u16) -> Vec<String> {
    let rows = scroll::plain(&scroll::wrap(
        &[ratatui::text::Line::from(headline.to_string())],
        width,
    ));
    let room = if height >= 5 { 2 } else { 1 };
    if rows.len() <= room {
        return rows;
    }
    // More than fits: the rows that fit whole, then the rest joined and cut with the cue.
    let mut out: Vec<String> = rows[..room - 1].to_vec();
    out.push(fit::clip_str(&rows[room - 1..].join(" "), width as usize));
    out
}
