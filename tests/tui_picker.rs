//! The lesson picker (issue 10, item 17): presets grouped under their lesson's title, a filter
//! typed at the top, the page keys, and rows cut only at a word with "…". What it must show is
//! computed from the lesson list here, never pasted from a screen.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::Lesson;
use prune::tui::app::App;
use prune::tui::components::picker::Picker;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn picker() -> App {
    let mut a = App::with_picker().unwrap();
    a.theme = Theme { color: false };
    a
}

fn press(a: &mut App, code: KeyCode) {
    a.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn typed(a: &mut App, text: &str) {
    for c in text.chars() {
        press(a, KeyCode::Char(c));
    }
}

/// The screen's rows as plain text.
fn screen(a: &mut App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, a)).unwrap();
    let buf = t.backend().buffer();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

/// The picker window's rows inside its frame, from the screen (the screen around it belongs
/// to other views, so snapshots hold only the window).
fn popup(a: &mut App, w: u16, h: u16) -> Vec<String> {
    let rows = screen(a, w, h);
    let top = rows
        .iter()
        .position(|r| r.contains("┌ Lessons"))
        .expect("the picker is drawn");
    let left = rows[top].chars().position(|c| c == '┌').unwrap();
    let right = rows[top]
        .chars()
        .skip(left + 1)
        .position(|c| c == '┐')
        .unwrap()
        + left
        + 1;
    let bottom = (top + 1..rows.len())
        .find(|&y| rows[y].chars().nth(left) == Some('└'))
        .expect("the picker's bottom edge");
    rows[top..=bottom]
        .iter()
        .map(|r| r.chars().skip(left).take(right - left + 1).collect())
        .collect()
}

/// The text inside the frame of a popup row.
fn inner(row: &str) -> String {
    let chars: Vec<char> = row.chars().collect();
    chars[1..chars.len() - 1].iter().collect()
}

/// (lesson name, lesson title, preset name) of every built-in run, in the picker's order.
fn runs() -> Vec<(String, String, String)> {
    Lesson::builtins()
        .unwrap()
        .iter()
        .flat_map(|l| {
            l.spec
                .runs
                .iter()
                .map(|r| (l.name.clone(), l.spec.title.clone(), r.name.clone()))
        })
        .collect()
}

fn cursor(a: &App) -> usize {
    match a.layers.top::<Picker>() {
        Some(p) => p.cursor,
        None => panic!("the picker is closed"),
    }
}

#[test]
fn lessons_are_headings_with_their_presets_below() {
    let mut a = picker();
    let worked = Lesson::open("000-worked-tree").unwrap();
    for (w, h) in [(80, 24), (120, 35)] {
        let rows = popup(&mut a, w, h);
        let text = rows.join("\n");
        // The worked tree's heading, its title in it, and the cursor on its first preset.
        let heading = rows
            .iter()
            .position(|r| inner(r).starts_with(&format!("000-worked-tree · {}", worked.spec.title)))
            .unwrap_or_else(|| panic!("the worked tree's heading at {w}x{h}:\n{text}"));
        let first = &worked.spec.runs[0].name;
        assert!(
            inner(&rows[heading + 1])
                .trim_start()
                .starts_with(&format!("› {first} — ")),
            "{text}"
        );
        assert!(text.contains(&format!("{} of {} runs", runs().len(), runs().len())));
        insta::assert_snapshot!(format!("picker_{w}x{h}"), text);
    }
}

#[test]
fn typing_filters_by_name_title_and_preset() {
    let mut a = picker();
    typed(&mut a, "QUIESC");
    // The oracle: every run whose lesson name, title or preset holds it, ignoring case.
    let want: Vec<_> = runs()
        .into_iter()
        .filter(|(n, t, p)| {
            [n, t, p]
                .iter()
                .any(|s| s.to_lowercase().contains("quiesc"))
        })
        .collect();
    assert!(want.len() >= 2, "{want:?}");
    assert!(want.len() < runs().len());
    let all = runs();
    let kept: Vec<_> = a
        .picker_matches("QUIESC")
        .into_iter()
        .map(|i| all[i].clone())
        .collect();
    assert_eq!(kept, want);
    for (w, h) in [(80, 24), (120, 35)] {
        let rows = popup(&mut a, w, h);
        let text = rows.join("\n");
        assert!(
            text.contains("Filter: QUIESC"),
            "the filter is shown:\n{text}"
        );
        assert!(text.contains(&format!("{} of {} runs", want.len(), all.len())));
        // Exactly the kept presets are listed, each under its own lesson's heading.
        let presets: Vec<String> = rows[3..rows.len() - 1]
            .iter()
            .map(|r| inner(r))
            .filter(|r| r.starts_with("  ") && !r.trim().is_empty())
            .collect();
        assert_eq!(presets.len(), want.len(), "{text}");
        for ((name, title, preset), row) in want.iter().zip(&presets) {
            assert!(
                row.trim_start_matches([' ', '›'])
                    .starts_with(preset.as_str()),
                "{preset}: {row}"
            );
            assert!(text.contains(&format!("{name} · ")), "{name} {title}");
        }
        insta::assert_snapshot!(format!("picker_quiesc_{w}x{h}"), text);
    }
    // The cursor is on the first kept run, and Enter opens it.
    let first = a.picker_matches("QUIESC")[0];
    assert_eq!(cursor(&a), first);
    press(&mut a, KeyCode::Enter);
    assert!(a.layers.is_empty());
    assert_eq!(a.lesson.name, want[0].0);
    assert_eq!(a.preset.as_deref(), Some(want[0].2.as_str()));
}

#[test]
fn backspace_edits_the_filter_and_esc_clears_it_then_closes() {
    let mut a = picker();
    typed(&mut a, "zzzq");
    assert!(a.picker_matches("zzzq").is_empty());
    assert!(!a.quit, "q is a letter of the filter");
    let text = popup(&mut a, 80, 24).join("\n");
    assert!(text.contains("Nothing holds 'zzzq'"), "{text}");
    assert!(text.contains("0 of"), "{text}");
    // Enter with nothing kept opens nothing.
    press(&mut a, KeyCode::Enter);
    assert!(a.layers.top::<Picker>().is_some());
    for _ in 0..4 {
        press(&mut a, KeyCode::Backspace);
    }
    typed(&mut a, "trans");
    let Some(Picker { filter, .. }) = a.layers.top::<Picker>() else {
        panic!("open")
    };
    assert_eq!(filter.text(), "trans");
    // Ctrl-U empties the filter as in every typed line.
    a.on_key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    let Some(Picker { filter, .. }) = a.layers.top::<Picker>() else {
        panic!("open")
    };
    assert!(filter.is_empty(), "Ctrl-U is not a letter");
    typed(&mut a, "trans");
    press(&mut a, KeyCode::Esc);
    let Some(Picker { filter, .. }) = a.layers.top::<Picker>() else {
        panic!("the first Esc only clears the filter")
    };
    assert!(filter.is_empty());
    press(&mut a, KeyCode::Esc);
    assert!(a.layers.is_empty());
    assert!(!a.quit);
}

#[test]
fn ctrl_c_quits_from_the_picker() {
    let mut a = picker();
    a.on_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(a.quit);
}

#[test]
fn page_keys_move_by_a_page_and_to_the_ends() {
    let mut a = picker();
    let n = runs().len();
    popup(&mut a, 80, 24);
    let page = a.picker_page();
    assert!(page > 2 && page < n, "{page} rows of {n}");
    press(&mut a, KeyCode::Home);
    assert_eq!(cursor(&a), 0);
    // A page is counted in rows, the lesson headings among them: the oracle counts them.
    let all = runs();
    let mut rows = 1;
    let mut want = 0;
    for k in 1..n {
        let step = if all[k].0 != all[k - 1].0 { 2 } else { 1 };
        if rows + step > page {
            break;
        }
        rows += step;
        want = k;
    }
    press(&mut a, KeyCode::PageDown);
    assert_eq!(cursor(&a), want);
    press(&mut a, KeyCode::PageUp);
    assert_eq!(cursor(&a), 0);
    press(&mut a, KeyCode::End);
    assert_eq!(cursor(&a), n - 1);
    press(&mut a, KeyCode::Down);
    assert_eq!(cursor(&a), n - 1, "the cursor stops at the last run");
    // At the end the last run is in view, marked, and the window says what is above it.
    let rows = popup(&mut a, 80, 24);
    let (_, _, last) = runs().pop().unwrap();
    let text = rows.join("\n");
    assert!(
        rows.iter()
            .any(|r| inner(r).trim_start().starts_with(&format!("› {last}"))),
        "{text}"
    );
    assert!(text.contains("↑ ") && text.contains(" more"), "{text}");
    // Within a filter the page keys move among the kept runs only.
    press(&mut a, KeyCode::Esc);
    press(&mut a, KeyCode::Char('L'));
    typed(&mut a, "minimax");
    let kept = a.picker_matches("minimax");
    press(&mut a, KeyCode::End);
    assert_eq!(cursor(&a), *kept.last().unwrap());
    press(&mut a, KeyCode::Home);
    assert_eq!(cursor(&a), kept[0]);
    press(&mut a, KeyCode::Down);
    assert_eq!(cursor(&a), kept[1]);
}

/// Every row, at 80 and 200 columns, scrolled through from top to bottom: shown in full, or
/// cut at a word break and ended with "…".
#[test]
fn rows_are_cut_only_at_a_word_with_an_ellipsis() {
    for (w, h) in [(80, 24), (200, 50)] {
        let mut a = picker();
        press(&mut a, KeyCode::Home);
        let mut seen = std::collections::BTreeSet::new();
        let mut cut = 0;
        loop {
            let rows = popup(&mut a, w, h);
            let c = cursor(&a);
            for row in &rows[3..rows.len() - 1] {
                let text = inner(row).trim_end().to_string();
                if text.is_empty() {
                    continue;
                }
                let full = prune::tui::view::picker::rows(&a, "")
                    .into_iter()
                    .map(|r| prune::tui::view::picker::row_text(&a, r, c))
                    .find(|f| {
                        *f == text || text.strip_suffix('…').is_some_and(|t| f.starts_with(t))
                    })
                    .unwrap_or_else(|| panic!("{w}x{h}: row {text:?} is no row's text"));
                if full != text {
                    cut += 1;
                    let kept = text.strip_suffix('…').unwrap();
                    let next = full[kept.len()..].chars().next();
                    assert!(
                        next.is_some_and(|ch| ch == ' ' || ch == ','),
                        "{w}x{h}: {text:?} is cut inside a word of {full:?}"
                    );
                }
                seen.insert(text.trim_start_matches([' ', '›']).to_string());
            }
            if c == runs().len() - 1 {
                break;
            }
            press(&mut a, KeyCode::PageDown);
        }
        for (_, _, preset) in runs() {
            assert!(
                seen.iter().any(|s| s.starts_with(&preset)),
                "{w}x{h}: {preset} never shown"
            );
        }
        if w == 200 {
            assert_eq!(cut, 0, "nothing is cut at 200 columns");
        }
    }
}
