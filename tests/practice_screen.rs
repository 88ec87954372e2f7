//! The full-screen practice round (`prune practice tui`): snapshots at 80×24 (and one wide
//! size) after scripted keys, key handling, and rendering at every size without a panic.
//!
//! The answers typed here are the core's own key (`Problem::answer`), as a learner would read
//! it from `prune practice key`; wrong answers are that key with a piece removed or changed.
//! What the screen must show is checked against the verdict state and by reading the
//! snapshots (reviewed by hand when accepted).

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use prune::practice::render::outline;
use prune::practice::store::Progress;
use prune::practice::{Kind, make_set};
use prune::tui::components::practice::{MIN_HEIGHT, MIN_WIDTH, Outcome, Phase, PracticeScreen};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier};

/// The set `prune practice tui --seed 3 --count 3` plays: decision, leaves, window.
fn round() -> PracticeScreen {
    let problems = make_set(3, 3, &[], false).unwrap();
    PracticeScreen::new(problems, Progress::default()).with_color(false)
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn ctrl(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn press(s: &mut PracticeScreen, code: KeyCode) -> Outcome {
    s.handle_key(key(code))
}

/// Types the core's answer to the current problem.
fn type_key(s: &mut PracticeScreen) {
    let answer = key_of(s);
    type_text(s, &answer);
}

fn type_text(s: &mut PracticeScreen, text: &str) {
    for c in text.chars() {
        assert_eq!(
            press(s, KeyCode::Char(c)),
            Outcome::Continue,
            "typing {c:?}"
        );
    }
}

fn key_of(s: &PracticeScreen) -> String {
    s.problems()[s.index()].answer().unwrap().to_string()
}

/// The right answer without its last word: still well-formed for a leaves problem, but it
/// leaves out one skipped child.
fn short_of(answer: &str) -> String {
    let mut words: Vec<&str> = answer.split_whitespace().collect();
    words.pop();
    words.join(" ")
}

fn draw(s: &PracticeScreen, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(s, f.area())).unwrap();
    t
}

fn text_of(t: &Terminal<TestBackend>) -> String {
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

#[test]
fn same_problems_as_export() {
    // The TUI and `export` draw from the same seed/count/kinds; the e2e script relies on it.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["practice", "export", "--seed", "3", "--count", "3"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let set: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let s = round();
    let items = set["items"].as_array().unwrap();
    assert_eq!(items.len(), s.problems().len());
    for (item, p) in items.iter().zip(s.problems()) {
        assert_eq!(item["id"], p.item.id.as_str());
        assert_eq!(item["question"], p.item.question.as_str());
        assert_eq!(item["graph"], serde_json::to_value(&p.item.graph).unwrap());
    }
    let kinds: Vec<Kind> = s.problems().iter().map(|p| p.item.kind).collect();
    assert_eq!(kinds, [Kind::Decision, Kind::Leaves, Kind::Window]);
}

#[test]
fn question_at_80x24() {
    let mut s = round();
    type_text(&mut s, "12");
    let t = draw(&s, 80, 24);
    let text = text_of(&t);
    assert!(text.contains("problem 1/3 · decision"), "{text}");
    assert!(text.contains("score 0/0 · streak 0"), "{text}");
    assert!(text.contains("› 12"), "{text}");
    // The cursor follows the typed text: prompt (2 columns) + 2 characters, on the input row.
    let pos = s.cursor_position(Rect::new(0, 0, 80, 24)).unwrap();
    assert_eq!(pos.x, 4);
    let row: String = (0..80)
        .map(|x| t.backend().buffer()[(x, pos.y)].symbol().to_string())
        .collect();
    assert!(row.starts_with("› 12"), "{row}");
    let cell = &t.backend().buffer()[(pos.x, pos.y)];
    assert!(cell.modifier.contains(Modifier::REVERSED));
    insta::assert_snapshot!("question_80x24", t.backend());
}

#[test]
fn question_at_160x48() {
    let mut s = round();
    press(&mut s, KeyCode::Enter);
    type_key(&mut s);
    press(&mut s, KeyCode::Enter);
    press(&mut s, KeyCode::Char('n'));
    let t = draw(&s, 160, 48);
    assert!(text_of(&t).contains("problem 2/3 · leaves"));
    insta::assert_snapshot!("question_160x48", t.backend());
}

#[test]
fn correct_verdict() {
    let mut s = round();
    let answer = key_of(&s);
    type_text(&mut s, &answer);
    assert_eq!(press(&mut s, KeyCode::Enter), Outcome::Continue);
    assert_eq!(s.phase(), Phase::Graded);
    let v = s.verdicts();
    assert_eq!(v.len(), 1);
    assert!(v[0].correct);
    assert_eq!(s.score(), (1, 1));
    assert_eq!(s.streak(), 1);
    assert_eq!(s.progress().attempts, 1);
    assert_eq!(s.progress().by_kind["decision"].correct, 1);
    let t = draw(&s, 80, 24);
    let text = text_of(&t);
    assert!(text.contains(&format!("✓ Correct: {answer}")), "{text}");
    assert!(text.contains("score 1/1 · streak 1"), "{text}");
    insta::assert_snapshot!("correct_80x24", t.backend());
}

#[test]
fn wrong_verdict_names_the_node_and_step() {
    let mut s = round();
    type_key(&mut s);
    press(&mut s, KeyCode::Enter);
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.index(), 1);
    let answer = key_of(&s);
    let missing = answer.split_whitespace().last().unwrap().to_string();
    type_text(&mut s, &short_of(&answer));
    press(&mut s, KeyCode::Enter);
    let v = s.verdicts()[1].clone();
    assert!(!v.correct);
    // The one skipped child left out is the node the verdict names.
    assert_eq!(v.node.as_deref(), Some(missing.as_str()));
    let step = v.step.expect("a step to look at");
    assert_eq!(s.streak(), 0);
    assert_eq!(s.score(), (1, 2));
    let t = draw(&s, 80, 24);
    let text = text_of(&t);
    assert!(
        text.contains(&format!("✗ Wrong at node {missing}.")),
        "{text}"
    );
    assert!(text.contains(&format!("Expected: {answer}")), "{text}");
    assert!(
        text.contains(&format!("See call {step} of run \"{}\".", v.run)),
        "{text}"
    );
    insta::assert_snapshot!("wrong_80x24", t.backend());

    // t shows the run's trace with the cited step marked; the marked row is that step, and it
    // is the call of the node the verdict is about or the one that decided it.
    press(&mut s, KeyCode::Char('t'));
    let t = draw(&s, 80, 24);
    let text = text_of(&t);
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("│▶")).collect();
    assert_eq!(marked.len(), 1, "{text}");
    let from_mark = &marked[0][marked[0].find("│▶").unwrap()..];
    let cols: Vec<&str> = from_mark
        .trim_matches(|c| c == '│' || c == ' ')
        .split_whitespace()
        .collect();
    assert_eq!(cols[1], step.to_string(), "{text}");
    assert!(text.contains("call  pass  ply  state"), "{text}");
    insta::assert_snapshot!("wrong_trace_80x24", t.backend());
    press(&mut s, KeyCode::Char('t'));
    assert!(!text_of(&draw(&s, 80, 24)).contains("│▶"));
}

#[test]
fn full_round_and_summary() {
    let mut s = round();
    for i in 0..3 {
        let answer = key_of(&s);
        let typed = if i == 1 { short_of(&answer) } else { answer };
        type_text(&mut s, &typed);
        press(&mut s, KeyCode::Enter);
        assert_eq!(s.phase(), Phase::Graded);
        press(&mut s, KeyCode::Enter);
    }
    assert_eq!(s.phase(), Phase::Summary);
    assert_eq!(s.score(), (2, 3));
    let by: Vec<(&str, (usize, usize))> = s.by_kind().into_iter().collect();
    assert_eq!(
        by,
        [("decision", (1, 1)), ("leaves", (0, 1)), ("window", (1, 1))]
    );
    assert_eq!(s.progress().attempts, 3);
    assert_eq!(s.progress().correct, 2);
    assert_eq!(s.progress().best_streak, 1);
    let t = draw(&s, 80, 24);
    let text = text_of(&t);
    assert!(text.contains("Round complete: 2/3 correct"), "{text}");
    insta::assert_snapshot!("summary_80x24", t.backend());
    // On the summary, q quits (nothing is being typed).
    assert_eq!(press(&mut s, KeyCode::Char('q')), Outcome::Quit);
}

#[test]
fn too_small_asks_for_more_room() {
    let s = round();
    let t = draw(&s, 40, 12);
    let text = text_of(&t);
    assert!(
        text.contains(&format!("make the terminal at least {MIN_WIDTH}×")),
        "{text}"
    );
    insta::assert_snapshot!("too_small_40x12", t.backend());
    // Exactly the minimum draws the round.
    let t = draw(&s, MIN_WIDTH, MIN_HEIGHT);
    assert!(text_of(&t).contains("problem 1/3"));
    let t = draw(&s, MIN_WIDTH - 1, MIN_HEIGHT);
    assert!(text_of(&t).contains("make the terminal"));
    assert_eq!(s.cursor_position(Rect::new(0, 0, 40, 12)), None);
}

#[test]
fn q_and_n_are_letters_while_typing() {
    let mut s = round();
    type_text(&mut s, "q n");
    assert_eq!(s.input(), "q n");
    assert_eq!(s.phase(), Phase::Asking);
    assert_eq!(s.handle_key(ctrl('c')), Outcome::Quit);
    assert_eq!(press(&mut s, KeyCode::Esc), Outcome::Quit);
}

#[test]
fn cursor_editing() {
    let mut s = round();
    type_text(&mut s, "3 A");
    press(&mut s, KeyCode::Left);
    press(&mut s, KeyCode::Left);
    press(&mut s, KeyCode::Backspace);
    type_text(&mut s, "12");
    assert_eq!((s.input().as_str(), s.cursor()), ("12 A", 2));
    press(&mut s, KeyCode::Home);
    press(&mut s, KeyCode::Delete);
    assert_eq!((s.input().as_str(), s.cursor()), ("2 A", 0));
    press(&mut s, KeyCode::End);
    assert_eq!(s.cursor(), 3);
    press(&mut s, KeyCode::Right);
    assert_eq!(s.cursor(), 3);
    s.handle_key(ctrl('w'));
    assert_eq!(s.input(), "2 ");
    s.handle_key(ctrl('a'));
    s.handle_key(ctrl('k'));
    assert_eq!(s.input(), "");
    type_text(&mut s, "7 B");
    press(&mut s, KeyCode::Left);
    s.handle_key(ctrl('u'));
    assert_eq!((s.input().as_str(), s.cursor()), ("B", 0));
    // Key releases (sent by some terminals) do not type twice.
    let mut release = key(KeyCode::Char('x'));
    release.kind = KeyEventKind::Release;
    s.handle_key(release);
    assert_eq!(s.input(), "B");
}

#[test]
fn malformed_answer_is_not_counted() {
    let mut s = round();
    // Problem 1 asks for VALUE MOVE: one word is not that form.
    type_text(&mut s, "12");
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.phase(), Phase::Asking);
    assert_eq!(s.score(), (0, 0));
    assert_eq!(s.progress().attempts, 0);
    let text = text_of(&draw(&s, 80, 24));
    assert!(
        text.contains("Not read (not counted): expected 2 words"),
        "{text}"
    );
    // The typed text stays, to be fixed.
    assert_eq!(s.input(), "12");
    type_text(&mut s, " A");
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.phase(), Phase::Graded);
    assert!(!text_of(&draw(&s, 80, 24)).contains("Not read"));
}

#[test]
fn empty_answer_is_not_graded_and_help_toggles() {
    let mut s = round();
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.phase(), Phase::Asking);
    assert!(s.verdicts().is_empty());
    assert!(text_of(&draw(&s, 80, 24)).contains("Type an answer first"));
    press(&mut s, KeyCode::Char('?'));
    assert!(s.help_shown());
    let text = text_of(&draw(&s, 80, 24));
    assert!(text.contains("Keys (? closes)"), "{text}");
    assert!(text.contains("Esc  Ctrl-C"), "{text}");
    press(&mut s, KeyCode::Char('?'));
    assert!(!s.help_shown());
    assert_eq!(s.input(), "");
}

#[test]
fn tree_scrolls_when_it_does_not_fit() {
    let mut s = round();
    type_key(&mut s);
    press(&mut s, KeyCode::Enter);
    press(&mut s, KeyCode::Enter);
    // Problem 2's tree has 15 lines; at the minimum height it cannot all show.
    let p = &s.problems()[1];
    let lines = outline(&p.lesson.graph, p.start()).lines().count();
    assert_eq!(lines, 15);
    let first = text_of(&draw(&s, MIN_WIDTH, MIN_HEIGHT));
    assert!(first.contains("▲ R MAX"), "{first}");
    // Rows for the tree: all but header, footer, answer rule, answer line and a status row.
    let shown = MIN_HEIGHT - 5;
    assert!(first.contains(&format!("↓ 1-{shown}/15 PgDn")), "{first}");
    press(&mut s, KeyCode::PageDown);
    let later = text_of(&draw(&s, MIN_WIDTH, MIN_HEIGHT));
    assert!(!later.contains("▲ R MAX"), "{later}");
    assert!(later.contains("↑"), "{later}");
    press(&mut s, KeyCode::PageUp);
    assert!(text_of(&draw(&s, MIN_WIDTH, MIN_HEIGHT)).contains("▲ R MAX"));
}

#[test]
fn meaning_is_never_colour_alone() {
    for color in [false, true] {
        let problems = make_set(3, 3, &[], false).unwrap();
        let mut s = PracticeScreen::new(problems, Progress::default()).with_color(color);
        type_key(&mut s);
        press(&mut s, KeyCode::Enter);
        let t = draw(&s, 80, 24);
        let buf = t.backend().buffer();
        let coloured = buf
            .content()
            .iter()
            .filter(|c| c.fg != Color::Reset || c.bg != Color::Reset)
            .count();
        // The ✓ is there either way; colour only adds to it.
        let tick = buf.content().iter().find(|c| c.symbol() == "✓").unwrap();
        if color {
            assert!(coloured > 0);
            assert_eq!(tick.fg, Color::Green);
        } else {
            assert_eq!(coloured, 0, "NO_COLOR: no cell may carry a colour");
        }
    }
}

#[test]
fn empty_set_goes_to_the_summary() {
    let mut s = PracticeScreen::new(Vec::new(), Progress::default()).with_color(false);
    assert_eq!(s.phase(), Phase::Summary);
    assert!(text_of(&draw(&s, 80, 24)).contains("This set has no problems."));
    assert_eq!(press(&mut s, KeyCode::Enter), Outcome::Quit);
}

/// Every phase (asking with a long answer, graded wrong, summary, help open) at a sample of
/// sizes from 1×1 to 120×40, including both sides of the minimum.
#[test]
fn renders_at_any_size_without_panic() {
    let mut states = Vec::new();
    let mut s = round();
    type_text(&mut s, &"H I J M N F | G K L ".repeat(8));
    for _ in 0..5 {
        press(&mut s, KeyCode::Left);
    }
    states.push(s.clone());
    let mut s = round();
    type_text(&mut s, "0 Z");
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.phase(), Phase::Graded);
    states.push(s.clone());
    press(&mut s, KeyCode::Char('?'));
    states.push(s.clone());
    press(&mut s, KeyCode::Char('?'));
    press(&mut s, KeyCode::Char('t'));
    states.push(s.clone());
    press(&mut s, KeyCode::Char('t'));
    // Two more well-formed wrong answers (leaves, then window) reach the summary.
    for wrong in ["x | y", "0 0"] {
        press(&mut s, KeyCode::Enter);
        type_text(&mut s, wrong);
        press(&mut s, KeyCode::Enter);
    }
    press(&mut s, KeyCode::Enter);
    assert_eq!(s.phase(), Phase::Summary);
    states.push(s);
    let mut widths: Vec<u16> = (1..=120).step_by(7).collect();
    widths.extend([MIN_WIDTH - 1, MIN_WIDTH, MIN_WIDTH + 1, 80, 120]);
    let mut heights: Vec<u16> = (1..=40).step_by(3).collect();
    heights.extend([MIN_HEIGHT - 1, MIN_HEIGHT, MIN_HEIGHT + 1, 24, 40]);
    for s in &states {
        for &w in &widths {
            for &h in &heights {
                let t = draw(s, w, h);
                if let Some(Position { x, y }) = s.cursor_position(Rect::new(0, 0, w, h)) {
                    assert!(x < w && y < h, "cursor ({x}, {y}) outside {w}×{h}");
                }
                drop(t);
            }
        }
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn any_key() -> impl Strategy<Value = KeyEvent> {
        prop_oneof![
            4 => proptest::char::range(' ', '~').prop_map(|c| key(KeyCode::Char(c))),
            1 => Just(key(KeyCode::Left)),
            1 => Just(key(KeyCode::Right)),
            1 => Just(key(KeyCode::Home)),
            1 => Just(key(KeyCode::End)),
            1 => Just(key(KeyCode::Backspace)),
            1 => Just(key(KeyCode::Delete)),
            1 => Just(key(KeyCode::Enter)),
            1 => Just(key(KeyCode::PageDown)),
            1 => Just(key(KeyCode::PageUp)),
            1 => Just(ctrl('w')),
            1 => Just(ctrl('u')),
            1 => Just(ctrl('k')),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Any keys then any size: no panic, the cursor stays inside the answer
        /// and the screen, and the score never exceeds the problems answered.
        #[test]
        fn any_keys_any_size(keys in proptest::collection::vec(any_key(), 0..60),
                             w in 1u16..=120, h in 1u16..=40) {
            let mut s = round();
            for k in keys {
                if s.handle_key(k) == Outcome::Quit {
                    // Only the summary quits on an ordinary key (Enter or q).
                    prop_assert_eq!(s.phase(), Phase::Summary);
                    break;
                }
                prop_assert!(s.cursor() <= s.input().chars().count());
            }
            let (right, asked) = s.score();
            prop_assert!(right <= asked && asked <= 3);
            let _ = draw(&s, w, h);
            if let Some(p) = s.cursor_position(Rect::new(0, 0, w, h)) {
                prop_assert!(p.x < w && p.y < h);
            }
        }
    }
}

#[test]
fn tui_without_a_terminal_is_a_clear_error() {
    // Under `cargo test` stdin is not a terminal (here: explicitly null).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["practice", "tui", "--seed", "3", "--count", "3"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs a terminal"), "{err}");
    // Nothing was drawn: no escape sequences on stdout.
    assert!(out.stdout.is_empty());
}
