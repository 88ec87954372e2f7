//! The `:`, `w` and `O` prompts (issue 10, item 16): one line editor for all of them, so
//! Ctrl-U, Ctrl-W, Ctrl-A … edit the line instead of landing in it as letters, and Tab in the
//! `O` prompt completes lesson names and `.json` paths with the candidates shown.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::{App, PromptKind};
use prune::tui::components::prompt::Prompt;
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Modifier;

fn worked() -> App {
    let l = Lesson::open("000-worked-tree").unwrap();
    let setup = l.setup(Some("worked"), &Overrides::default()).unwrap();
    let mut a = App::new(Lesson::builtins().unwrap(), l, setup).unwrap();
    a.theme = Theme { color: false };
    a
}

fn press(a: &mut App, code: KeyCode) {
    a.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn ctrl(a: &mut App, c: char) {
    a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

fn typed(a: &mut App, text: &str) {
    for c in text.chars() {
        press(a, KeyCode::Char(c));
    }
}

fn line(a: &App) -> String {
    match a.layers.top::<Prompt>() {
        Some(p) => p.edit.text(),
        None => panic!("no prompt is open"),
    }
}

/// The screen's rows, and the terminal (for the cells' styles).
fn screen(a: &mut App, w: u16, h: u16) -> (Vec<String>, Terminal<TestBackend>) {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, a)).unwrap();
    let buf = t.backend().buffer();
    let rows = (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect();
    (rows, t)
}

#[test]
fn control_keys_edit_the_goto_line_and_are_never_letters() {
    let mut a = worked();
    press(&mut a, KeyCode::Char(':'));
    typed(&mut a, "12");
    // Ctrl-U kills the line; Ctrl-B, Ctrl-X and Alt-x are no letters.
    ctrl(&mut a, 'u');
    assert_eq!(line(&a), "");
    typed(&mut a, "4");
    ctrl(&mut a, 'b');
    ctrl(&mut a, 'x');
    a.on_key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
    // Ctrl-A goes to the start, where the call's c goes.
    ctrl(&mut a, 'a');
    typed(&mut a, "c");
    ctrl(&mut a, 'e');
    assert_eq!(line(&a), "c4");
    press(&mut a, KeyCode::Enter);
    assert!(a.layers.is_empty());
    // Call 4 is where the replay admits its fourth call.
    assert_eq!(Some(a.st.step), a.replay.call_step(3));
    assert_eq!(a.st.stats.nodes, 4);
    assert!(a.message.is_none(), "{:?}", a.message);
}

#[test]
fn the_window_prompt_edits_in_the_middle() {
    let mut a = worked();
    press(&mut a, KeyCode::Char('w'));
    typed(&mut a, "-inf 5");
    // Ctrl-W takes the last word; Home, Delete and typing replace the first.
    ctrl(&mut a, 'w');
    typed(&mut a, "6");
    press(&mut a, KeyCode::Home);
    for _ in 0..4 {
        press(&mut a, KeyCode::Delete);
    }
    typed(&mut a, "2");
    assert_eq!(line(&a), "2 6");
    // The line and its cursor (after the 2) on the bottom row.
    let (rows, t) = screen(&mut a, 80, 24);
    let bottom = &rows[23];
    let label = prune::tui::view::prompt::label(PromptKind::Window);
    let text_at = bottom.find(&format!("{label}2 6")).expect(bottom);
    let col = bottom[..text_at].chars().count() + label.chars().count() + 1;
    let cell = &t.backend().buffer()[(col as u16, 23)];
    assert_eq!(cell.symbol(), " ");
    assert!(
        cell.modifier.contains(Modifier::REVERSED),
        "the cursor is drawn"
    );
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.setup.options.window, (2, 6));
}

#[test]
fn esc_closes_a_prompt_and_ctrl_c_quits() {
    let mut a = worked();
    press(&mut a, KeyCode::Char(':'));
    typed(&mut a, "7");
    press(&mut a, KeyCode::Esc);
    assert!(a.layers.is_empty());
    assert_eq!(a.st.step, 0, "nothing was submitted");
    assert!(!a.quit);
    press(&mut a, KeyCode::Char('O'));
    ctrl(&mut a, 'c');
    assert!(a.quit);
}

/// What Tab may offer for `typed`: the built-in names and, in the working directory, the
/// `.json` files and directories that start with it (the test oracle, not the prompt's code).
fn offered(typed: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(".")
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let dir = e.path().is_dir();
            (name.starts_with(typed) && (dir || name.ends_with(".json")))
                .then(|| if dir { format!("{name}/") } else { name })
        })
        .collect();
    files.sort();
    let mut all: Vec<String> = prune::lesson::builtin_names()
        .into_iter()
        .filter(|n| n.starts_with(typed))
        .map(str::to_string)
        .collect();
    all.extend(files);
    all
}

#[test]
fn tab_completes_lesson_names_and_cycles_with_the_candidates_shown() {
    let mut a = worked();
    press(&mut a, KeyCode::Char('O'));
    typed(&mut a, "000-t");
    let want = offered("000-t");
    assert!(want.len() >= 3, "{want:?}");
    press(&mut a, KeyCode::Tab);
    assert_eq!(
        line(&a),
        want[0],
        "they share no more than 000-t: Tab takes the first"
    );
    let (rows, _) = screen(&mut a, 80, 24);
    let hint = &rows[22];
    assert!(hint.starts_with(" Tab:"), "{hint}");
    assert!(hint.contains(&format!("›{}", want[0])), "{hint}");
    assert!(hint.contains(&format!(" {}", want[1])), "{hint}");
    insta::assert_snapshot!("open_prompt_tab_80x24", rows[22..].join("\n"));
    press(&mut a, KeyCode::Tab);
    assert_eq!(line(&a), want[1]);
    a.on_key(KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT));
    assert_eq!(line(&a), want[0]);
    // Editing the line ends the cycle; the next Tab completes what is typed now.
    press(&mut a, KeyCode::Backspace);
    let (rows, _) = screen(&mut a, 80, 24);
    assert!(
        !rows[22].starts_with(" Tab:"),
        "the candidates go with the edit"
    );
    ctrl(&mut a, 'u');
    typed(&mut a, "000-wor");
    press(&mut a, KeyCode::Tab);
    assert_eq!(line(&a), "000-worked-tree");
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.lesson.name, "000-worked-tree");
}

#[test]
fn tab_completes_json_paths_in_the_typed_directory() {
    let dir = std::env::temp_dir().join(format!("prune-prompt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Tests run in the crate's root, where the built-in lessons' files are.
    std::fs::copy("lessons/000-tactical.json", dir.join("horizon.json")).unwrap();
    std::fs::write(dir.join("readme.txt"), "not a lesson").unwrap();
    let mut a = worked();
    press(&mut a, KeyCode::Char('O'));
    typed(&mut a, &format!("{}/", dir.display()));
    press(&mut a, KeyCode::Tab);
    // One .json file there (the .txt is no candidate): Tab completes it whole.
    assert_eq!(line(&a), format!("{}/horizon.json", dir.display()));
    let (rows, _) = screen(&mut a, 120, 35);
    assert!(rows[33].contains("›horizon.json"), "{}", rows[33]);
    press(&mut a, KeyCode::Enter);
    let want = Lesson::open("000-tactical").unwrap();
    assert_eq!(a.lesson.spec.title, want.spec.title, "{:?}", a.message);
    // Nothing to complete is said, not silent.
    press(&mut a, KeyCode::Char('O'));
    typed(&mut a, &format!("{}/zz", dir.display()));
    press(&mut a, KeyCode::Tab);
    let (rows, _) = screen(&mut a, 120, 35);
    assert!(rows[33].contains("starts with"), "{}", rows[33]);
    std::fs::remove_dir_all(&dir).unwrap();
}
