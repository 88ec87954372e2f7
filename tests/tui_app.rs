//! The tutor's behaviour without a terminal: keys, live re-runs, comparison, notes, mouse.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use prune::lesson::{Lesson, Overrides};
use prune::run;
use prune::trace::Event;
use prune::tui::app::App;
use prune::tui::keys::{self, Action, BINDINGS};
use prune::tui::theme::Theme;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;

fn app(lesson: &Lesson, run: &str) -> App {
    let setup = lesson.setup(Some(run), &Overrides::default()).unwrap();
    let mut a = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
    a.theme = Theme { color: false };
    a
}

fn worked() -> App {
    app(&Lesson::open("000-worked-tree").unwrap(), "worked")
}

fn screen(a: &mut App, w: u16, h: u16) -> (String, Terminal<TestBackend>) {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view::draw(f, a)).unwrap();
    (t.backend().to_string(), t)
}

fn press(a: &mut App, code: KeyCode) {
    a.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn every_binding_reaches_its_action_and_appears_in_help() {
    let help = keys::help_lines();
    for b in BINDINGS {
        for k in b.keys {
            let mods = if k.ctrl {
                KeyModifiers::CONTROL
            } else {
                KeyModifiers::NONE
            };
            assert_eq!(
                keys::action_for(KeyEvent::new(k.code, mods)),
                Some(b.action)
            );
        }
        assert!(
            help.iter().any(|(l, h)| l == b.label && h == b.help),
            "{}",
            b.help
        );
    }
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(keys::action_for(ctrl_c), Some(Action::Quit));
}

#[test]
fn stepping_by_event_call_and_out() {
    let mut a = worked();
    press(&mut a, KeyCode::Down);
    // Right after call 1 (the root of pass 1) was admitted: one event for PassStart, one Enter.
    assert_eq!((a.st.step, a.st.stats.nodes), (2, 1));
    press(&mut a, KeyCode::Char('j'));
    assert_eq!(a.st.stats.nodes, 2);
    assert_eq!(a.st.top().unwrap().state, 1);
    // Out of node 1: right after its Return, back in the root's frame.
    press(&mut a, KeyCode::Char('o'));
    assert!(matches!(
        a.replay.events().at(a.st.step - 1),
        Event::Return { state: 1, .. }
    ));
    assert_eq!(a.st.top().unwrap().state, 0);
    press(&mut a, KeyCode::Left);
    assert!(a.st.top().unwrap().state == 1);
    press(&mut a, KeyCode::Char('k'));
    assert_eq!(a.st.stats.nodes, 2);
    press(&mut a, KeyCode::End);
    assert_eq!(a.st.step, a.replay.len());
    press(&mut a, KeyCode::Char('X'));
    // The last cutoff of the worked tree is at MIN 3 (α = 3, β = 0).
    let top = *a.st.top().unwrap();
    assert_eq!((top.state, top.alpha, top.beta), (3, 3, 0));
    press(&mut a, KeyCode::Home);
    assert_eq!(a.st.step, 0);
    // Go to call 10 through the prompt.
    press(&mut a, KeyCode::Char(':'));
    for c in "c10".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.st.stats.nodes, 10);
}

#[test]
fn a_live_change_reruns_the_core_and_keeps_the_call() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let mut a = app(&lesson, "worked");
    a.seek(a.replay.call_step(8).unwrap());
    assert_eq!(a.st.stats.nodes, 9);
    press(&mut a, KeyCode::Char(']'));
    assert_eq!(a.setup.options.depth, 3);
    // The oracle for the new counters is an independent plain (unrecorded) run of the core.
    let mut setup = lesson.setup(Some("worked"), &Overrides::default()).unwrap();
    setup.options.depth = 3;
    let plain = run::plain(&lesson, &setup).unwrap();
    assert_eq!(a.replay.result().stats, plain.stats);
    assert_eq!(a.st.stats.nodes, 9, "the view stays at call 9");
    let msg = a.message.clone().unwrap();
    assert!(
        msg.contains(&format!("nodes 12 → {}", plain.stats.nodes)),
        "{msg}"
    );
    // Table off, ordering on, strict cut rule, minimax: each re-runs and says so.
    for (key, word) in [
        ('m', "table off"),
        ('r', "ordering on"),
        ('=', "α>β"),
        ('a', "minimax"),
    ] {
        press(&mut a, KeyCode::Char(key));
        assert!(a.message.as_deref().unwrap().contains(word), "{word}");
    }
    // A budget below the calls used interrupts the run.
    press(&mut a, KeyCode::Char('a'));
    for _ in 0..3 {
        press(&mut a, KeyCode::Char('<'));
    }
    assert!(a.replay.result().stats.nodes <= a.setup.options.budget);
    // The root window through the prompt.
    press(&mut a, KeyCode::Char('w'));
    for c in "2 4".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.setup.options.window, (2, 4));
}

#[test]
fn compare_shows_a_second_run_aligned_by_call() {
    let mut a = worked();
    a.seek(a.replay.call_step(9).unwrap());
    press(&mut a, KeyCode::Char('c'));
    let c = a.compare.as_ref().unwrap();
    assert_eq!(c.label, "minimax");
    assert_eq!(c.st.stats.nodes, 10);
    // Minimax never cuts: pass 1 makes 1 + 3 calls, pass 2 makes 1 + 3 + 6.
    assert_eq!(c.replay.result().stats.cutoffs, 0);
    assert_eq!(c.replay.result().stats.nodes, 14);
    let (text, _) = screen(&mut a, 120, 40);
    assert!(text.contains("minimax: call 10/14"), "{text}");
    press(&mut a, KeyCode::Char('c'));
    assert_eq!(a.compare.as_ref().unwrap().label, "ordering on");
}

#[test]
fn notes_show_at_their_call() {
    let text = r#"{"title": "t", "graph": {"nodes": [
        {"player": "MAX", "score": 0, "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "score": 3}, {"player": "MIN", "score": 5}]},
      "runs": [{"name": "r", "depth": 1}],
      "notes": [{"run": "r", "step": 2, "text": "Node 1 is a leaf at the horizon."}]}"#;
    let lesson = Lesson::parse("notes.json", text).unwrap();
    let mut a = app(&lesson, "r");
    a.seek(a.replay.call_step(0).unwrap());
    assert!(a.notes().is_empty());
    a.seek(a.replay.call_step(1).unwrap());
    assert_eq!(a.notes(), vec!["Node 1 is a leaf at the horizon."]);
    let (screen_text, _) = screen(&mut a, 80, 24);
    assert!(screen_text.contains("Note: Node 1 is a leaf"));
}

#[test]
fn clicking_a_node_selects_it() {
    let mut a = worked();
    a.seek(a.replay.len());
    let (text, _) = screen(&mut a, 80, 24);
    let (row, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("▼2≤2"))
        .unwrap();
    // Lines are quoted: column = characters before the symbol, minus the opening quote.
    let col = line.split("▼2≤2").next().unwrap().chars().count() - 1;
    a.on_mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: col as u16,
        row: row as u16,
        modifiers: KeyModifiers::NONE,
    });
    let sel = a.selected().expect("a node is selected");
    assert_eq!(a.replay.tree().get(sel).state, 2);
    let (text, _) = screen(&mut a, 80, 24);
    // The click opens the inspector on it.
    assert!(a.inspecting());
    assert!(text.contains("▸ node 2 · MIN to move"), "{text}");
}

#[test]
fn without_colour_only_attributes_carry_meaning() {
    let mut a = worked();
    a.seek(a.replay.len() / 2);
    let (_, t) = screen(&mut a, 100, 30);
    for cell in t.backend().buffer().content() {
        assert_eq!(cell.fg, Color::Reset);
        assert_eq!(cell.bg, Color::Reset);
    }
}

#[test]
fn the_picker_lists_every_builtin_run() {
    let mut a = App::with_picker().unwrap();
    let total: usize = Lesson::builtins()
        .unwrap()
        .iter()
        .map(|l| l.spec.runs.len())
        .sum();
    assert_eq!(a.picker_items().len(), total);
    assert_eq!(a.lesson.name, "000-worked-tree");
    press(&mut a, KeyCode::Up);
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.lesson.name, "000-transposition");
    assert_eq!(a.preset.as_deref(), Some("no table"));
}

#[test]
fn a_file_opens_from_the_prompt() {
    let dir = std::env::temp_dir().join(format!("prune-tui-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tiny.json");
    std::fs::write(
        &path,
        r#"{"nodes": [{"player": "MAX", "score": 0, "moves": [{"child": 1}]},
                      {"player": "MIN", "score": 7}]}"#,
    )
    .unwrap();
    let mut a = worked();
    press(&mut a, KeyCode::Char('O'));
    for c in path.display().to_string().chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert_eq!(a.lesson.name, path.display().to_string());
    // A bare graph opens at depth 2: pass 1 is 2 calls, pass 2 is 2 calls (node 1 is a leaf).
    assert_eq!(a.setup.options.depth, 2);
    assert_eq!(a.replay.result().stats.nodes, 4);
    assert_eq!(a.replay.result().score, 7);
    // A missing file is a message, not a crash.
    press(&mut a, KeyCode::Char('O'));
    for c in "/no/such/file.json".chars() {
        press(&mut a, KeyCode::Char(c));
    }
    press(&mut a, KeyCode::Enter);
    assert!(a.message.as_deref().unwrap().contains("/no/such/file.json"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn e_opens_a_practice_round_on_the_lessons_problems_and_esc_returns() {
    // Nothing is answered, so nothing is saved to the progress file.
    let mut a = worked();
    press(&mut a, KeyCode::Char('e'));
    assert!(
        a.layers
            .has::<prune::tui::components::practice::PracticeScreen>(),
        "{:?}",
        a.message
    );
    let (text, _) = screen(&mut a, 80, 24);
    assert!(text.contains("Practice"), "{text}");
    // Typing goes to the answer line, not to the tutor's bindings ('q' would quit it).
    press(&mut a, KeyCode::Char('q'));
    assert!(
        !a.quit
            && a.layers
                .has::<prune::tui::components::practice::PracticeScreen>()
    );
    press(&mut a, KeyCode::Esc);
    assert!(
        !a.layers
            .has::<prune::tui::components::practice::PracticeScreen>()
    );
    let (text, _) = screen(&mut a, 80, 24);
    assert!(text.contains("000-worked-tree"), "{text}");
}
