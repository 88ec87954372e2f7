//! The counters region: the counters at this step, one line per pass (done or aborted), and
//! the run's result at the end or what the open pass has committed so far. After a live change
//! its title names the change.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget};

use crate::replay::{Replay, ReplayState};
use crate::search::{Stats, Status};

use crate::tui::app::Change;
use crate::tui::theme::Theme;

pub fn draw(
    r: &Replay,
    st: &ReplayState,
    change: Option<&Change>,
    t: Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let title = match change {
        Some(c) => format!(" Counters · after {} ", c.what),
        None => " Counters · passes ".to_string(),
    };
    let block = t.side_block(title);
    let inner = block.inner(area);
    block.render(area, buf);
    let mut lines: Vec<Line> = stats_lines(&st.stats).into_iter().map(Line::from).collect();
    for p in &st.passes {
        let d = p.delta;
        let text = if p.done {
            format!(
                "d{} DONE  {:>4} m{:<2} +{}n {}e {}c {}h",
                p.depth, p.score, p.mv, d[0], d[1], d[2], d[3]
            )
        } else {
            format!("d{} ABORT  (no score)  +{}n", p.depth, d[0])
        };
        lines.push(Line::styled(text, if p.done { t.done() } else { t.warn() }));
    }
    if st.step >= r.len() {
        let res = &r.result();
        let text = match res.status {
            Status::Complete => format!(
                "COMPLETE d{}: score {}, move {}",
                res.depth, res.score, res.mv
            ),
            Status::Partial => format!(
                "PARTIAL: depth {} stands ({} m{})",
                res.depth, res.score, res.mv
            ),
            Status::NoCompletedDepth => "NO_COMPLETED_DEPTH: no move".to_string(),
        };
        let style = if res.status == Status::Complete {
            t.title()
        } else {
            t.warn()
        };
        lines.push(Line::styled(text, style));
    } else if st.pass_open {
        let text = match st.committed {
            Some((d, s, m)) => format!(
                "d{} running… committed: depth {d} {s} m{m}",
                st.pass.unwrap_or(0)
            ),
            None => format!("d{} running… nothing committed yet", st.pass.unwrap_or(0)),
        };
        lines.push(Line::styled(text, t.faint()));
    }
    // Keep the newest lines when the history is longer than the panel.
    let h = inner.height as usize;
    if lines.len() > h {
        let keep = lines.split_off(lines.len() - h.saturating_sub(2));
        lines.truncate(2);
        lines.extend(keep);
    }
    Paragraph::new(lines).render(inner, buf);
}

fn stats_lines(s: &Stats) -> [String; 2] {
    [
        format!(
            "nodes {}  evals {}  cutoffs {}",
            s.nodes, s.evals, s.cutoffs
        ),
        format!(
            "tt_hits {}  qnodes {}  peak {}",
            s.tt_hits, s.qnodes, s.peak
        ),
    ]
}
