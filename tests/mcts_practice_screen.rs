//! The practice screen on Monte Carlo problems: seed 004's back-propagation question (a, b, c
//! after a Black win) posed, answered wrong, its verdict naming the node and the iteration,
//! and the run's iteration table with that iteration marked; at 80×24 and at 200×50. Each
//! snapshot is paired with assertions of what it must show.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::practice::lesson_problems;
use prune::practice::store::Progress;
use prune::tui::components::practice::{Phase, PracticeScreen};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn round(id: &str) -> PracticeScreen {
    let p = (lesson_problems().unwrap().into_iter())
        .find(|p| p.item.id == id)
        .unwrap();
    PracticeScreen::new(vec![p], Progress::default()).with_color(false)
}

fn type_text(s: &mut PracticeScreen, text: &str) {
    for c in text.chars() {
        s.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
}

fn press(s: &mut PracticeScreen, code: KeyCode) {
    s.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn draw(s: &PracticeScreen, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(s, f.area())).unwrap();
    t
}

fn text_of(t: &Terminal<TestBackend>) -> String {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_backup_question_its_wrong_answer_and_the_cited_iteration() {
    for (w, h) in [(80u16, 24u16), (200, 50)] {
        let mut s = round("seed-004-1577");
        let t = draw(&s, w, h);
        let text = text_of(&t);
        assert!(text.contains("mcts-backup"), "{text}");
        assert!(
            text.contains("White (MAX) is to move at the root R"),
            "{text}"
        );
        insta::assert_snapshot!(format!("mcts_question_{w}x{h}"), t.backend());
        // Black's win rewarded at every node: the seed's distractor.
        type_text(&mut s, "a 13 9, b 8 4, c 3 2");
        press(&mut s, KeyCode::Enter);
        assert_eq!(s.phase(), Phase::Graded);
        let t = draw(&s, w, h);
        let text = text_of(&t);
        assert!(text.contains("✗ Wrong at node a."), "{text}");
        assert!(
            text.contains("See iteration 1 of run \"practice\"."),
            "{text}"
        );
        assert!(text.contains("Expected: a 13 8, b 8 4, c 3 1"), "{text}");
        insta::assert_snapshot!(format!("mcts_wrong_{w}x{h}"), t.backend());
        // The run's trace: one row per iteration, the cited one marked.
        press(&mut s, KeyCode::Char('t'));
        let t = draw(&s, w, h);
        let text = text_of(&t);
        assert!(text.contains("iteration 1 marked"), "{text}");
        assert!(text.contains("▶    1  a b c new"), "{text}");
        insta::assert_snapshot!(format!("mcts_trace_{w}x{h}"), t.backend());
    }
}

#[test]
fn a_ucb1_answer_within_half_a_thousandth_is_right() {
    let mut s = round("seed-004-1266-mcts-ucb1");
    // B: 1/4 + sqrt(ln 16 / 4) = 1.08256…, written within half a thousandth.
    type_text(&mut s, "1.0828");
    press(&mut s, KeyCode::Enter);
    let text = text_of(&draw(&s, 80, 24));
    assert!(text.contains("✓ Correct: 1.083"), "{text}");
    assert_eq!(s.score(), (1, 1));
    assert_eq!(s.by_kind().get("mcts-ucb1"), Some(&(1, 1)));
}
