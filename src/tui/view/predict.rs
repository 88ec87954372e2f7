//! Predict mode on screen: the open question and its answer line in the footer (with the
//! run's score), and the reveal (verdict, misconception, why) above the narration of the
//! step it shows. The sentences are `tui::predict::words`'.

use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

use crate::practice::predict as grader;
use crate::tui::app::App;

/// The footer's line while a question is open: the question, how to write the answer (or
/// why the last line could not be read), and the line being typed with its cursor.
pub fn footer_line(app: &App, width: u16) -> Option<Line<'static>> {
    let p = app.predict.as_deref()?;
    if let Some(w) = &p.why {
        let n = w.choice.options.len();
        return Some(Line::from(vec![
            Span::styled(
                format!(
                    " {} · Why is it so? Pick the chain that explains it ",
                    p.score()
                ),
                app.theme.changed(),
            ),
            Span::styled(format!("1–{n} · Esc shows it"), app.theme.faint()),
        ]));
    }
    let open = p.open.as_ref()?;
    let t = app.theme;
    let ask = crate::tui::predict::words::asked(&app.replay, &open.q);
    // The answer's form is a placeholder: once something is typed, only the keys stay.
    let how = match &open.hint {
        Some(h) => h.clone(),
        None if !open.edit.is_empty() => "Enter answers · Esc shows it".to_string(),
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
    // The verdict goes once the next question opens: the question has the screen now.
    if p.open.is_some() {
        return Vec::new();
    }
    let t = app.theme;
    // The why choice: the verdict so far (its "Why:" line kept back), then the options.
    if let Some(w) = &p.why {
        let mut lines: Vec<Line<'static>> = Vec::new();
        if let Some(r) = p.reveals.last() {
            let style = if r.right { t.changed() } else { t.warn() };
            lines.extend(r.lines.iter().map(|l| Line::styled(l.clone(), style)));
        }
        lines.push(Line::styled(
            "Why is it so? Press the number of the chain that explains it:",
            t.header(),
        ));
        for (i, o) in w.choice.options.iter().enumerate() {
            lines.push(Line::from(format!("{}) {}", i + 1, o.text)));
        }
        return lines;
    }
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
