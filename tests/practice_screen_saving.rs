//! The full-screen round's saving path (issue 11): every graded answer reaches the progress
//! file even when two rounds run at once, and a save that fails is said on the screen at
//! once, naming what failed, and never claimed as saved.
//!
//! The progress file is located through `PRUNE_DATA_DIR`, as `prune practice tui` finds it.
//! The variable belongs to this process, so this binary holds a single test that sets it
//! before anything else reads it.

use std::path::{Path, PathBuf};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::practice::make_set;
use prune::practice::store::Progress;
use prune::tui::components::practice::PracticeScreen;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use serde_json::{Value, json};

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("prune-screen-saving-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn use_data_dir(dir: &Path) {
    // SAFETY: the only test of this binary; no other thread reads the environment now.
    unsafe { std::env::set_var("PRUNE_DATA_DIR", dir) };
}

fn press(s: &mut PracticeScreen, code: KeyCode) {
    s.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// Types the core's answer to the current problem and submits it, then moves on.
fn answer_right(s: &mut PracticeScreen) {
    let key = s.problems()[s.index()].answer().unwrap().to_string();
    for c in key.chars() {
        press(s, KeyCode::Char(c));
    }
    press(s, KeyCode::Enter);
}

fn screen_text(s: &PracticeScreen) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| f.render_widget(s, f.area())).unwrap();
    let buf = t.backend().buffer();
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

fn new_round() -> PracticeScreen {
    let problems = make_set(3, 2, &[], false).unwrap();
    PracticeScreen::new(problems, Progress::load().unwrap())
        .saving(true)
        .with_color(false)
}

#[test]
fn full_screen_rounds_save_every_answer_and_say_when_they_cannot() {
    // Two rounds open at once, answering in turn: the file holds all four answers.
    let dir = scratch("two");
    use_data_dir(&dir);
    let (mut a, mut b) = (new_round(), new_round());
    for _ in 0..2 {
        answer_right(&mut a);
        answer_right(&mut b);
        press(&mut a, KeyCode::Char('n'));
        press(&mut b, KeyCode::Char('n'));
    }
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("progress.json")).unwrap()).unwrap();
    assert_eq!(saved["attempts"], json!(4));
    assert_eq!(saved["correct"], json!(4));
    // The round that answered last shows the file's total, not only its own two.
    assert_eq!(b.progress().attempts, 4);
    let _ = std::fs::remove_dir_all(&dir);

    // A data directory that cannot be made: the failure is shown at that answer.
    let dir = scratch("blocked");
    let blocker = dir.join("file");
    std::fs::write(&blocker, "").unwrap();
    let data = blocker.join("prune");
    use_data_dir(&data);
    let mut s = new_round();
    answer_right(&mut s);
    let shown = screen_text(&s);
    let flat = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("not saved"), "{shown}");
    press(&mut s, KeyCode::Char('n'));
    answer_right(&mut s);
    press(&mut s, KeyCode::Char('n'));
    let summary = screen_text(&s);
    assert!(!summary.contains("saved in"), "{summary}");
    assert!(summary.contains("not saved"), "{summary}");
    let _ = std::fs::remove_dir_all(&dir);
}
