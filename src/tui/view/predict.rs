//! Predict mode on screen: the open question and its answer line in the footer, the reveal
//! (verdict, misconception, why) above the narration of the step it shows, and the sentences
//! a question and a reveal say. Every "why" is a link of the index's own chain for the node
//! (`Tree::why_*`) or, where a step has no chain, the narration of that step.

use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use crate::index::question::{Kind, Question, Truth};
use crate::practice::predict as grader;
use crate::tui::app::App;

/// The name of a node as the tutor says it.
fn called(app: &App, node: u32) -> String {
    let tree = app.replay.tree();
    app.replay.catalog().called(tree.get(node).state)
}

fn parent(app: &App, node: u32) -> String {
    let tree = app.replay.tree();
    let p = tree.get(node).parent;
    if p == crate::index::NONE {
        "the root".into()
    } else {
        called(app, p)
    }
}

/// The question, as the footer asks it (its first letter a capital).
pub fn asked(app: &App, q: &Question) -> String {
    let text = asked_plain(app, q);
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn asked_plain(app: &App, q: &Question) -> String {
    let (n, p) = (called(app, q.node), parent(app, q.node));
    let negamax = app.replay.options().family().side_to_move();
    match q.kind {
        Kind::Window if negamax => {
            format!("What window does {n} get from {p} (from {n}'s side to move)?")
        }
        Kind::Window => format!("What window does {n} get from {p}?"),
        Kind::Probe => format!("The table has an entry for {n}: does it answer {n}?"),
        Kind::Return => format!("What does {n} return?"),
        Kind::Flag => format!("Which flag does {n} store with its value?"),
        Kind::Cut => format!("{n} has returned: does {p}'s window close (a cutoff)?"),
        Kind::Research => format!("{n}'s scout has returned: is {n} searched again?"),
        Kind::Interval => {
            format!("An outcome of {n} is back: in what interval does {n}'s average now lie?")
        }
    }
}

/// The answer in a sentence, for the verdict: "B gets (3, +∞)".
pub fn answer_phrase(app: &App, q: &Question, truth: &str) -> String {
    let (n, p) = (called(app, q.node), parent(app, q.node));
    let yes = matches!(q.answer, Truth::YesNo(true));
    match q.kind {
        Kind::Window => format!("{n} gets {truth}"),
        Kind::Probe if yes => format!("the table answers {n}"),
        Kind::Probe => format!("the table does not answer {n}"),
        Kind::Return => format!("{n} returns {truth}"),
        Kind::Flag => format!("{n} stores {truth}"),
        Kind::Cut if yes => format!("{n}'s reply closes {p}'s window: a cutoff"),
        Kind::Cut => format!("{p}'s window stays open after {n}'s reply"),
        Kind::Research if yes => format!("{n} is searched again with the full window"),
        Kind::Research => format!("{n} is not searched again"),
        Kind::Interval => format!("{n}'s average lies in {truth}"),
    }
}

/// Why the answer is what it is: the index's chain for the node where there is one, else
/// the narration of the step the question was due at.
pub fn why(app: &App, q: &Question) -> Option<String> {
    let (tree, u) = (app.replay.tree(), &app.units);
    let links = |a: Option<crate::index::why::Answer>, k: usize| {
        a.map(|a| {
            let texts: Vec<String> = a.links.into_iter().take(k).map(|l| l.text).collect();
            texts.join(" ")
        })
    };
    let chain = match q.kind {
        Kind::Window => links(tree.why_window(u, q.node), 1),
        Kind::Probe => links(tree.why_probe(u, q.node), 1),
        Kind::Flag => links(tree.why_flag(u, q.node), 1),
        Kind::Return => links(tree.why_chosen(u, q.node), 2),
        Kind::Cut if q.answer == Truth::YesNo(true) => {
            let p = tree.get(q.node).parent;
            let skipped = tree
                .children(p)
                .find(|&c| tree.get(c).kind == crate::index::NodeKind::Skipped);
            links(skipped.and_then(|s| tree.why_skipped(u, s)), 1)
        }
        _ => None,
    };
    chain.filter(|t| !t.is_empty()).or_else(|| {
        let after = app.replay.seek(q.due as usize + 1);
        let said = crate::replay::narrate::narrate(&app.replay, &after, &|_| None);
        (!said.is_empty()).then_some(said)
    })
}

/// The footer's line while a question is open: the question, how to write the answer (or
/// why the last line could not be read), and the line being typed with its cursor.
pub fn footer_line(app: &App, width: u16) -> Option<Line<'static>> {
    let p = app.predict.as_deref()?;
    let open = p.open.as_ref()?;
    let t = app.theme;
    let ask = asked(app, &open.q);
    let how = match &open.hint {
        Some(h) => h.clone(),
        None => format!(
            "{} · Enter answers · Esc shows it",
            grader::form(open.q.kind)
        ),
    };
    let head = format!(" {} · {ask} ", p.score());
    let room = (width as usize)
        .saturating_sub(head.chars().count() + 4)
        .max(8);
    let (shown, col) = open.edit.view(room);
    let (before, after): (String, String) = {
        let chars: Vec<char> = shown.chars().collect();
        let col = col.min(chars.len());
        (chars[..col].iter().collect(), chars[col..].iter().collect())
    };
    let mut after = after.chars();
    let at = after.next().map_or(" ".to_string(), |c| c.to_string());
    let hint_style = if open.hint.is_some() {
        t.warn()
    } else {
        t.faint()
    };
    Some(Line::from(vec![
        Span::styled(head, t.changed()),
        Span::raw("› "),
        Span::raw(before),
        Span::styled(
            at,
            ratatui::style::Style::default().add_modifier(Modifier::REVERSED),
        ),
        Span::raw(after.collect::<String>()),
        Span::raw("  "),
        Span::styled(how, hint_style),
    ]))
}

/// The reveal's lines for the step on screen, above its narration.
pub fn reveal_lines(app: &App) -> Vec<Line<'static>> {
    let Some(p) = app.predict.as_deref() else {
        return Vec::new();
    };
    let t = app.theme;
    p.reveal_at(app.st.step)
        .flat_map(|r| {
            let style = if r.right { t.changed() } else { t.warn() };
            r.lines
                .iter()
                .enumerate()
                .map(move |(i, l)| Line::styled(l.clone(), if i == 0 { style } else { t.note() }))
                .collect::<Vec<_>>()
        })
        .collect()
}
