//! Snapshots (insta, TestBackend, colour off) of the panes that scroll or rearrange so that
//! nothing is lost at 80×24, and the same states at 120×35: the narration paged with `n`, the
//! introduction at its last paragraph, compare mode across the full width, the table scrolled
//! with the wheel and the stack at depth 3. Each is paired with a value it must show, from
//! seed 000 or worked out here.

mod common;

use common::tutor::{app, screen};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};
use prune::trace::{Event, ReturnKind};
use prune::tui::app::App;
use prune::tui::keys::Action;

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 35)];

/// The screen as plain text, one line per row, with each row's quotes taken off.
fn plain(text: &str) -> String {
    text.lines()
        .map(|l| l.trim_matches('"'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `words` appear on the screen in this order, across line breaks.
fn reads(screen: &str, words: &str) -> bool {
    let text = plain(screen).replace('│', " ");
    let flat: Vec<&str> = text.split_whitespace().collect();
    let want: Vec<&str> = words.split_whitespace().collect();
    flat.windows(want.len()).any(|w| w == want.as_slice())
}

fn step_after(app: &App, pick: impl Fn(&Event) -> bool) -> usize {
    let events = app.replay.events();
    (0..events.len()).find(|&i| pick(&events.at(i))).unwrap() + 1
}

fn key(app: &mut App, code: KeyCode) {
    app.on_key(KeyEvent::new(code, KeyModifiers::NONE));
}

#[test]
fn the_narration_pages_to_the_end_of_the_cutoff_note() {
    for (w, h) in SIZES {
        let mut a = app("000-worked-tree", "worked");
        a.act(Action::NextCutoff);
        // The note about the cutoff shows once MIN 2 has returned (it says so).
        let back = (a.st.step..a.replay.len())
            .find(|&i| matches!(a.replay.events().at(i), Event::Return { .. }))
            .unwrap();
        a.seek(back + 1);
        assert!(!a.notes().is_empty());
        // In compare mode the outline fills the tree pane at 80×24, so the note is cut.
        a.act(Action::Compare);
        let first = screen(&mut a, w, h);
        let shown = a.scrolls().narration_shown;
        if !shown.fits() {
            assert!(first.contains("more lines (n)"), "{first}");
        }
        a.act(Action::MoreText);
        let text = screen(&mut a, w, h);
        // Seed 000: MIN 2 returns 2 after its first reply; the store says it is at most 2.
        assert!(reads(&text, "node 2 is worth at most 2."), "{text}");
        insta::assert_snapshot!(format!("narration_paged_{w}x{h}"), text);
    }
}

#[test]
fn the_intro_scrolls_to_its_last_paragraph() {
    for (w, h) in SIZES {
        let mut a = app("000-bound-not-exact", "with table");
        a.act(Action::Intro);
        screen(&mut a, w, h);
        key(&mut a, KeyCode::End);
        let text = screen(&mut a, w, h);
        // Inside the window only (it is centred, 4 columns narrower than the screen).
        let pw = (w - 4).min(90) as usize;
        let x0 = (w as usize - pw) / 2 + 1;
        let inside: String = plain(&text)
            .lines()
            .map(|l| l.chars().skip(x0).take(pw - 2).collect::<String>() + "\n")
            .collect();
        let last = a.lesson.spec.intro.last().unwrap().clone();
        assert!(reads(&inside, &last), "{inside}");
        // The lesson's own numbers: Y's first reply is worth 5, its true value 3.
        assert!(
            reads(&inside, "Had the table stored EXACT 5 instead,"),
            "{inside}"
        );
        // Issue 34, item 13: predict mode is announced where every run starts, after the
        // lesson's own words.
        let hint = prune::tui::view::intro::PREDICT_HINT;
        assert!(reads(&inside, hint), "{inside}");
        insta::assert_snapshot!(format!("intro_end_{w}x{h}"), text);
        // Any other key closes it.
        key(&mut a, KeyCode::Char('x'));
        assert!(a.layers.is_empty());
    }
}

#[test]
fn compare_mode_gives_both_runs_the_width() {
    for (w, h) in SIZES {
        let mut a = app("000-worked-tree", "worked");
        a.act(Action::End);
        a.act(Action::Compare);
        let text = screen(&mut a, w, h);
        // Seed 000: the worked run makes 12 calls and 2 cutoffs. Plain minimax at depth 2 with
        // iterative deepening visits every node of both passes: 1 + 3 at depth 1, then
        // 1 + 3 + 6 at depth 2, that is 14 calls and no cutoff.
        assert!(reads(&text, "end: nodes 12 evals 7"), "{text}");
        assert!(reads(&text, "end: nodes 14 evals 9"), "{text}");
        assert!(!text.contains("cend:"), "{text}");
        // Seed 000: the root is worth 3; at the end of this run the minimax run is shown at
        // its own end (14 of 14), not at the same call number.
        assert!(text.contains("▲0=3"), "{text}");
        assert!(reads(&text, "minimax: call 14/14"), "{text}");
        insta::assert_snapshot!(format!("compare_{w}x{h}"), text);
    }
}

#[test]
fn the_table_scrolls_and_the_stack_keeps_the_root_frame() {
    for (w, h) in SIZES {
        let mut a = app("000-transposition", "transposition");
        // The second table hit: seed 000 reports tt_hits=2 for the run, so this is the last.
        let first = step_after(&a, |e| {
            matches!(
                e,
                Event::Return {
                    how: ReturnKind::TableHit,
                    ..
                }
            )
        });
        let events = a.replay.events();
        let second = (first..events.len())
            .find(|&i| {
                matches!(
                    events.at(i),
                    Event::Return {
                        how: ReturnKind::TableHit,
                        ..
                    }
                )
            })
            .unwrap();
        // Back to the deepest frame before it, so the stack is at its peak of 4 frames.
        let deep = (0..second)
            .rev()
            .find(|&s| {
                let mut st = prune::replay::ReplayState::default();
                a.replay.seek_into(s, &mut st);
                st.frames.len() == 4
            })
            .unwrap();
        a.seek(deep);
        assert_eq!(a.st.frames.len(), 4);
        screen(&mut a, w, h);
        // The wheel over the table scrolls it to the top.
        let t = a.scrolls().table_area;
        a.on_mouse(MouseEvent {
            kind: MouseEventKind::ScrollUp,
            column: t.x + 2,
            row: t.y + 3,
            modifiers: KeyModifiers::NONE,
        });
        let text = screen(&mut a, w, h);
        // Seed 000's transposition run: depth 3, so the root frame is ▲0 at d3 (α from -∞).
        assert!(
            plain(&text).contains(" ▲0      0  3  0 │    -∞     +∞"),
            "{text}"
        );
        if h == 24 {
            assert!(text.contains("more frame"), "{text}");
            assert!(text.contains("more (wheel)"), "{text}");
        }
        insta::assert_snapshot!(format!("table_and_stack_{w}x{h}"), text);
    }
}

#[test]
fn the_textbook_tree_scrolls_at_80x24() {
    let mut a = app("004-abc-tree", "left to right");
    a.act(Action::End);
    let text = screen(&mut a, 80, 24);
    // 13 nodes do not fit: the outline says how many more there are.
    assert!(text.contains("more (PgDn, wheel)"), "{text}");
    key(&mut a, KeyCode::PageDown);
    let text = screen(&mut a, 80, 24);
    // The last leaf comes into view: C3 is worth 10, and C, worth 5, is the root's choice
    // (the textbook's R = max(A 4, B ≤ 2, C 5) = 5 by move 2).
    assert!(text.contains("▲C3=10"), "{text}");
    assert!(text.contains("▼C=5"), "{text}");
    assert!(text.contains("COMPLETE d2: 5, plays C"), "{text}");
    insta::assert_snapshot!("textbook_tree_paged_80x24", text);
}
