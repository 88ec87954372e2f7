//! The regions around the tree: title, stack, table, counters and passes, narration, footer,
//! and the lesson picker and prompt windows.

use super::centered;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

use super::tree::{self, Ctx};
use crate::index::{NONE, NodeKind, Outcome};
use crate::replay::narrate::{self, sc};
use crate::replay::{Replay, ReplayState};
use crate::search::{Algorithm, INF, Stats, Status};

use crate::tui::app::{App, PromptKind, algorithm_name, cut_name, on_off};
use crate::tui::keys::{self, Action};

fn top_block(app: &App, title: String) -> Block<'static> {
    Block::default()
        .borders(Borders::TOP)
        .title(title)
        .border_style(app.theme.block())
        .title_style(app.theme.title())
}

fn settings(app: &App) -> String {
    let o = &app.setup.options;
    let mut s = format!(
        "d{} q{} tt:{} ord:{} {} {}",
        o.depth,
        o.qlimit,
        on_off(o.table),
        on_off(o.ordering),
        cut_name(o.cut),
        algorithm_name(o.algorithm)
    );
    if o.budget < crate::search::MAX_BUDGET {
        s.push_str(&format!(" budget {}", o.budget));
    }
    if o.window != (-INF, INF) {
        s.push_str(&format!(" window ({}, {})", sc(o.window.0), sc(o.window.1)));
    }
    s
}

pub fn title(app: &App, area: Rect, buf: &mut Buffer) {
    let r = &app.replay;
    let counter = format!(
        " step {}/{} · call {}/{} ",
        app.st.step,
        r.len(),
        app.st.stats.nodes,
        r.tree().calls,
    );
    let run = format!(
        "{} · {} · {}",
        app.lesson.name,
        app.preset.as_deref().unwrap_or("custom"),
        settings(app)
    );
    let line = Line::from(vec![
        Span::styled(counter, app.theme.current()),
        Span::styled(format!(" │ {run}"), app.theme.title()),
    ]);
    buf.set_line(area.x, area.y, &line, area.width);
}

pub fn tree_block(app: &mut App, area: Rect, buf: &mut Buffer) {
    let mode = if app.outline { "outline" } else { "auto" };
    let pass = app
        .replay
        .tree()
        .pass_at(app.st.step)
        .map_or(String::new(), |p| format!(" · pass {}", p.depth));
    let block = top_block(app, format!(" Tree{pass} · {mode} (Tab) "));
    let inner = block.inner(area);
    block.render(area, buf);
    let Some(c) = &app.compare else {
        app.tree_area = inner;
        tree::render(&Ctx::main(app), inner, buf);
        return;
    };
    let [left, right] = Layout::horizontal([Constraint::Fill(1), Constraint::Fill(1)]).areas(inner);
    let [lt, lb] = Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(left);
    let [rt, rb] = Layout::vertical([Constraint::Length(2), Constraint::Fill(1)]).areas(right);
    let this = format!("this run ({})", algorithm_name(app.setup.options.algorithm));
    compare_head(app, &this, &app.replay, &app.st, lt, buf);
    compare_head(app, &c.label, &c.replay, &c.st, rt, buf);
    tree::render(&Ctx::main(app), lb, buf);
    tree::render(&Ctx::partner(app, &c.replay, &c.st), rb, buf);
    app.tree_area = lb;
}

fn compare_head(
    app: &App,
    label: &str,
    r: &Replay,
    st: &ReplayState,
    area: Rect,
    buf: &mut Buffer,
) {
    let s = st.stats;
    let f = r.result().stats;
    let lines = vec![
        Line::styled(
            format!("{label}: call {}/{}", s.nodes, f.nodes),
            app.theme.header(),
        ),
        Line::from(format!(
            "end: nodes {} evals {} cut {} hits {}",
            f.nodes, f.evals, f.cutoffs, f.tt_hits
        )),
    ];
    Paragraph::new(lines).render(area, buf);
}

pub fn table(app: &App, area: Rect, buf: &mut Buffer) {
    let r = &app.replay;
    let rows = r.table().at(app.st.step);
    let block = Block::default()
        .borders(Borders::TOP | Borders::LEFT)
        .title(format!(" Table · {} entries ", rows.len()))
        .border_style(app.theme.block())
        .title_style(app.theme.title());
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let t = app.theme;
    // Line 1: what the last probe or store meant.
    let probe = app.st.last_probe;
    let store = app.st.last_store;
    let recent_probe = probe.filter(|p| store.is_none_or(|s| p.event > s.event));
    let headline = match (recent_probe, store) {
        (Some(_), _) => narrate::probe_verdict(r, &app.st).unwrap_or_default(),
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
            crate::replay::Replay::flag_mark(row.entry.flag),
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

fn stats_line(s: &Stats) -> [String; 2] {
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

pub fn counters(app: &App, area: Rect, buf: &mut Buffer) {
    let title = match &app.change {
        Some(c) => format!(" Counters · after {} ", c.what),
        None => " Counters · passes ".to_string(),
    };
    let block = Block::default()
        .borders(Borders::TOP | Borders::LEFT)
        .title(title)
        .border_style(app.theme.block())
        .title_style(app.theme.title());
    let inner = block.inner(area);
    block.render(area, buf);
    let t = app.theme;
    let mut lines: Vec<Line> = stats_line(&app.st.stats)
        .into_iter()
        .map(Line::from)
        .collect();
    for p in &app.st.passes {
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
    let r = &app.replay;
    if app.st.step >= r.len() {
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
    } else if app.st.pass_open {
        let text = match app.st.committed {
            Some((d, s, m)) => format!(
                "d{} running… committed: depth {d} {s} m{m}",
                app.st.pass.unwrap_or(0)
            ),
            None => format!(
                "d{} running… nothing committed yet",
                app.st.pass.unwrap_or(0)
            ),
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

pub fn stack(app: &App, area: Rect, buf: &mut Buffer) {
    let frames = &app.st.frames;
    let rows = area.height.saturating_sub(2) as usize;
    let hidden = frames.len().saturating_sub(rows);
    let title = if hidden > 0 {
        format!(" Stack · {} frames ({hidden} more above) ", frames.len())
    } else {
        format!(" Stack · {} frames ", frames.len())
    };
    let block = top_block(app, title);
    let inner = block.inner(area);
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let t = app.theme;
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
        let order = app.replay.order_of(f);
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
        let text = if app.st.step == 0 {
            "  (empty: the search has not started)"
        } else if app.st.step >= app.replay.len() {
            "  (empty: the search is over and the path is restored)"
        } else {
            "  (empty: between passes)"
        };
        buf.set_stringn(inner.x, inner.y + 1, text, inner.width as usize, t.faint());
    }
}

pub fn narration(app: &App, area: Rect, buf: &mut Buffer) {
    let block = top_block(app, " What happened ".to_string());
    let inner = block.inner(area);
    block.render(area, buf);
    let catalog = app.replay.catalog();
    let namer = |s: u32| catalog.label(s).map(str::to_string);
    let mut lines = vec![Line::from(narrate::narrate(&app.replay, &app.st, &namer))];
    // Before the first step the lesson introduces itself.
    if app.st.step == 0 && !app.lesson.spec.intro.is_empty() {
        lines.push(Line::styled(
            "Press i to read the whole introduction.",
            app.theme.faint(),
        ));
        for paragraph in &app.lesson.spec.intro {
            lines.push(Line::from(paragraph.clone()));
        }
    }
    // What the user just clicked comes before the lesson's note: it answers their action.
    if let Some(sel) = app.selected {
        lines.push(Line::styled(describe(app, sel), app.theme.highlight()));
    }
    for note in app.notes() {
        lines.push(Line::styled(format!("Note: {note}"), app.theme.note()));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}

/// What is known about a clicked node at this step.
pub fn describe(app: &App, id: u32) -> String {
    let r = &app.replay;
    let n = r.tree().get(id);
    let sym = if n.turn.is_max() { "MAX" } else { "MIN" };
    let step = app.st.step;
    match n.kind {
        NodeKind::Skipped if (n.enter as usize) < step => format!(
            "Selected {sym} node {}: never searched; its parent's window closed first.",
            n.state
        ),
        NodeKind::Refused if (n.enter as usize) < step => format!(
            "Selected {sym} node {}: refused, the budget was spent.",
            n.state
        ),
        NodeKind::Unreached if (n.enter as usize) < step => format!(
            "Selected {sym} node {}: never reached, the budget stopped the pass first.",
            n.state
        ),
        NodeKind::Call if (n.enter as usize) < step => {
            let result = if n.exit != NONE && (n.exit as usize) < step {
                match n.outcome {
                    Some(Outcome::Stored(f)) => format!("returned {} ({})", n.value, f.name()),
                    Some(Outcome::TableHit) => format!("returned {} from the table", n.value),
                    _ => "abandoned by the budget".into(),
                }
            } else {
                "still searching".into()
            };
            format!(
                "Selected {sym} node {}: call {}, ply {}, d{} q{}, window ({}, {}); {result}{}.",
                n.state,
                id + 1,
                n.ply,
                n.depth,
                n.qleft,
                sc(n.alpha),
                sc(n.beta),
                if n.transposed {
                    "; reached by more than one path in this pass"
                } else {
                    ""
                }
            )
        }
        _ => format!("Selected {sym} node {}: not reached yet.", n.state),
    }
}

pub fn footer(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let line = match &app.message {
        Some(m) => Line::styled(format!(" {m}"), t.changed()),
        None => {
            let play = if app.playing {
                format!("▶ playing every {} ms  ", app.speed_ms)
            } else {
                String::new()
            };
            Line::from(vec![
                Span::styled(format!(" {play}"), t.changed()),
                Span::styled(
                    keys::footer(&[
                        Action::StepForward,
                        Action::CallForward,
                        Action::StepOut,
                        Action::NextCutoff,
                        Action::NextHit,
                        Action::PlayPause,
                        Action::Help,
                        Action::Quit,
                    ]),
                    t.faint().remove_modifier(ratatui::style::Modifier::DIM),
                ),
            ])
        }
    };
    buf.set_line(area.x, area.y, &line, area.width);
}

pub fn picker(app: &App, cursor: usize, area: Rect, buf: &mut Buffer) {
    let items = app.picker_items();
    let w = area.width.saturating_sub(4).min(90);
    let h = area.height.saturating_sub(2).min(items.len() as u16 + 4);
    let popup = centered(area, w, h);
    Clear.render(popup, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Lessons · ↑↓ choose · Enter open · Esc close ")
        .border_style(app.theme.block())
        .title_style(app.theme.title());
    let inner = block.inner(popup);
    block.render(popup, buf);
    let rows = inner.height as usize;
    let first = cursor.saturating_sub(rows.saturating_sub(1));
    for (i, (li, name)) in items.iter().enumerate().skip(first).take(rows) {
        let l = &app.lessons[*li];
        let about = l
            .spec
            .runs
            .iter()
            .find(|r| &r.name == name)
            .map_or("", |r| r.about.as_str());
        let mark = if i == cursor { "›" } else { " " };
        let text = format!("{mark} {} · {name} — {about}", l.name);
        let style: Style = if i == cursor {
            app.theme.current()
        } else {
            app.theme.done()
        };
        buf.set_stringn(
            inner.x,
            inner.y + (i - first) as u16,
            text,
            inner.width as usize,
            style,
        );
    }
}

pub fn prompt(app: &App, kind: PromptKind, text: &str, area: Rect, buf: &mut Buffer) {
    let label = match kind {
        PromptKind::GoTo => "Go to step N, or call cN: ",
        PromptKind::Window => "Root window α β (e.g. -inf 5): ",
        PromptKind::Open => "Open file (lesson or graph JSON): ",
    };
    let y = area.bottom().saturating_sub(1);
    let line = Rect::new(area.x, y, area.width, 1);
    Clear.render(line, buf);
    buf.set_stringn(
        area.x,
        y,
        format!(" {label}{text}█  (Enter, Esc)"),
        area.width as usize,
        app.theme.highlight(),
    );
}
