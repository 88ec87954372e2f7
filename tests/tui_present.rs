//! Presenter mode (`F`, `--present`): whole-screen snapshots at 80×24, 120×35 and 200×60 on
//! seed 000's worked tree at its first cutoff, each with what must be on it (the cutoff mark,
//! the window of every node on the active path, the step indicator), the same with colour
//! off (`NO_COLOR`: the same text, the current node still in reversed video, nothing dim),
//! the palettes, the panes on 1 2 3, and the narration paged so nothing is lost.

mod common;

use common::tutor::{app, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::event::Bound;
use prune::lesson::{Lesson, Overrides};
use prune::search::INF;
use prune::trace::Event;
use prune::tui::app::App;
use prune::tui::present::Presenter;
use prune::tui::theme::{Palette, Stage, Theme};
use prune::tui::view::{self, present, scroll};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 35), (200, 60)];

fn press(a: &mut App, c: char) {
    a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
}

/// The worked tree in presenter mode at the step right after its first Cutoff event.
fn at_first_cutoff() -> App {
    let mut a = app("000-worked-tree", "worked");
    press(&mut a, 'F');
    assert!(a.present().on);
    a.message = None;
    let first = a
        .replay
        .events()
        .iter()
        .position(|e| matches!(e, Event::Bound(Bound::Cutoff { .. })))
        .unwrap();
    a.seek(first + 1);
    a
}

/// A bound as the boxes write it (the oracle's own formatter).
fn bound(v: i32) -> String {
    match v {
        v if v >= INF => "+∞".into(),
        v if v <= -INF => "-∞".into(),
        v => v.to_string(),
    }
}

fn render(a: &mut App, w: u16, h: u16) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    view::render(a, area, &mut buf);
    buf
}

/// Every cell whose symbol starts `text` on some row, as (x, y).
fn find(buf: &Buffer, text: &str) -> Option<(u16, u16)> {
    let area = buf.area;
    let n = text.chars().count() as u16;
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right().saturating_sub(n - 1) {
            let got: String = (x..x + n).map(|i| buf[(i, y)].symbol()).collect();
            if got == text {
                return Some((x, y));
            }
        }
    }
    None
}

#[test]
fn presenter_at_the_first_cutoff() {
    let mut a = at_first_cutoff();
    // Seed 000: the first cutoff is at MIN node 2 (window closed at (3, 2)), in pass 2, at
    // call 10 of 12: pass 1 made 4 calls (root and its three replies), pass 2 then the root,
    // node 1 with leaves 4 and 5, node 2 and its leaf 6.
    let top = *a.st.top().unwrap();
    assert_eq!((top.state, top.alpha, top.beta), (2, 3, 2));
    let step = a.st.step;
    let len = a.replay.events().len();
    let calls = a
        .replay
        .events()
        .iter()
        .filter(|e| matches!(e, Event::Enter { .. }))
        .count();
    assert_eq!(calls, 12);
    let tree = a.replay.tree();
    let path: Vec<String> =
        a.st.frames
            .iter()
            .map(|f| {
                let n = tree.get(f.node);
                format!("({},{})", bound(n.alpha), bound(n.beta))
            })
            .collect();
    // The root is entered with the full window, node 2 with α = 3 from node 1's value 3.
    assert_eq!(path, ["(-∞,+∞)", "(3,+∞)"]);
    for (w, h) in SIZES {
        let text = screen(&mut a, w, h);
        if std::env::var_os("PRUNE_SHOW").is_some() {
            println!("=== {w}x{h}\n{text}");
        }
        let what = format!("{w}×{h}:\n{text}");
        assert!(text.contains('✂'), "the cutoff mark, {what}");
        assert!(
            text.contains("›▼2"),
            "MIN node 2 on the active path, {what}"
        );
        assert!(text.contains('⊘'), "the skipped reply, {what}");
        for window in &path {
            assert!(text.contains(window.as_str()), "window {window}, {what}");
        }
        let indicator = format!("STEP {step}/{len} · CALL 10/{calls} · PASS 2");
        assert!(text.contains(&indicator), "{indicator}, {what}");
        assert!(text.contains("Space play:"), "the play setting, {what}");
        insta::assert_snapshot!(format!("present_worked_first_cutoff_{w}x{h}"), text);
    }
}

#[test]
fn under_no_color_nothing_of_meaning_disappears() {
    let mut plain = at_first_cutoff();
    assert!(!plain.theme.color, "the tests' tutor is the NO_COLOR one");
    let mut coloured = at_first_cutoff();
    coloured.theme = Theme { color: true };
    for (w, h) in SIZES {
        let (p, c) = (render(&mut plain, w, h), render(&mut coloured, w, h));
        let symbols = |b: &Buffer| -> Vec<String> {
            b.content().iter().map(|c| c.symbol().to_string()).collect()
        };
        assert_eq!(symbols(&p), symbols(&c), "the same text at {w}×{h}");
        for cell in p.content() {
            assert_eq!(
                (cell.fg, cell.bg),
                (Color::Reset, Color::Reset),
                "no colour"
            );
        }
        for b in [&p, &c] {
            // Windows, values and unvisited nodes are never dim.
            assert!(
                b.content()
                    .iter()
                    .all(|c| !c.modifier.contains(Modifier::DIM))
            );
            // The node the search is at is in reversed video, colour or not; the rest of
            // the active path is bold.
            let (x, y) = find(b, "›▼2").expect("MIN node 2");
            assert!(b[(x, y)].modifier.contains(Modifier::REVERSED), "{w}×{h}");
            let (x, y) = find(b, "›▲0").expect("the root");
            assert!(b[(x, y)].modifier.contains(Modifier::BOLD), "{w}×{h}");
            let (x, y) = find(b, "(3,+∞)").expect("node 2's window");
            assert!(!b[(x, y)].modifier.contains(Modifier::DIM));
        }
    }
}

#[test]
fn the_palettes_keep_every_mark_and_avoid_red_against_green() {
    let mut a = at_first_cutoff();
    a.theme = Theme { color: true };
    assert_eq!(a.present().palette, Palette::HighContrast);
    let high = render(&mut a, 120, 35);
    press(&mut a, 'C');
    assert_eq!(a.present().palette, Palette::ColourBlind);
    assert!(a.message.as_deref().unwrap().contains("colour-blind"));
    a.message = None;
    let safe = render(&mut a, 120, 35);
    // Every row the same but the footer, which names the palette.
    let symbols = |b: &Buffer| -> String {
        let keep = b.content().len() - b.area.width as usize;
        b.content()[..keep].iter().map(|c| c.symbol()).collect()
    };
    assert_eq!(symbols(&high), symbols(&safe));
    let (x, y) = find(&safe, "✂").unwrap();
    assert_ne!(
        high[(x, y)].fg,
        safe[(x, y)].fg,
        "the cut mark changes colour"
    );
    for cell in safe.content() {
        assert!(
            ![Color::Red, Color::Green, Color::LightRed, Color::LightGreen].contains(&cell.fg),
            "red or green in the colour-blind palette"
        );
    }
    press(&mut a, 'C');
    assert_eq!(a.present().palette, Palette::HighContrast);
}

#[test]
fn the_panes_show_over_the_tree_on_1_2_3() {
    let mut a = at_first_cutoff();
    let entries = a.replay.table().at(a.st.step).len();
    for (w, h) in [(80, 24), (200, 60)] {
        press(&mut a, '1');
        let text = screen(&mut a, w, h);
        assert!(text.contains("1 again hides it"), "{text}");
        assert!(
            text.contains(&format!("Table · {entries} entries")),
            "{text}"
        );
        press(&mut a, '2');
        let text = screen(&mut a, w, h);
        assert!(text.contains("2 again hides it"), "{text}");
        // The stack's rows: the root and node 2, with node 2's window closed at (3, 2).
        assert!(text.contains("Stack · 2 frames"), "{text}");
        press(&mut a, '3');
        let text = screen(&mut a, w, h);
        assert!(text.contains("3 again hides it"), "{text}");
        assert!(text.contains("Counters · passes"), "{text}");
        assert!(
            text.contains(&format!("nodes {}", a.st.stats.nodes)),
            "{text}"
        );
        press(&mut a, '3');
        let text = screen(&mut a, w, h);
        assert!(!text.contains("again hides it"), "{text}");
    }
    // Off presenter mode the keys only say what they are for.
    press(&mut a, 'F');
    assert!(!a.present().on);
    press(&mut a, '1');
    assert!(a.present().pane.is_none());
    assert!(a.message.as_deref().unwrap().contains("presenter mode"));
}

#[test]
fn the_narration_pages_so_nothing_is_lost() {
    // Node 2's return after the first cutoff: the sentence and the lesson's note about it.
    let mut a = at_first_cutoff();
    let back = (a.st.step..a.replay.len())
        .find(|&i| matches!(a.replay.events().at(i), Event::Return { .. }))
        .unwrap();
    a.seek(back + 1);
    assert!(!a.notes().is_empty());
    let (w, h) = (80, 24);
    let stage = Stage::new(a.present().palette, a.theme);
    render(&mut a, w, h);
    let region = a.scrolls().narration_area;
    let want = scroll::plain(&scroll::wrap(&present::text(&a, stage), region.width - 2));
    assert!(
        want.len() > 2,
        "the test wants a narration longer than the region"
    );
    let mut seen = vec![false; want.len()];
    for _ in 0..want.len() + 1 {
        let buf = render(&mut a, w, h);
        let rows: Vec<String> = (region.y + 1..region.bottom())
            .map(|y| {
                (region.x + 1..region.right() - 1)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect();
        for (i, wrow) in want.iter().enumerate() {
            if rows.iter().any(|r| r == wrow.trim_end()) {
                seen[i] = true;
            }
        }
        press(&mut a, 'n');
    }
    assert!(
        seen.iter().all(|&s| s),
        "rows never shown: {seen:?} of {want:?}"
    );
}

#[test]
fn every_lesson_draws_in_presenter_mode_at_every_size() {
    for l in Lesson::builtins().unwrap() {
        for run in &l.spec.runs {
            let setup = l.setup(Some(&run.name), &Overrides::default()).unwrap();
            let mut a = App::new(vec![l.clone()], l.clone(), setup).unwrap();
            if a.replay.len() > 100_000 {
                continue;
            }
            a.set_presenter(Presenter::on());
            let len = a.replay.len();
            for step in [0, 1, len / 3, len / 2, len] {
                a.seek(step);
                for (w, h) in [(60, 18), (80, 24), (120, 35), (200, 60), (300, 90)] {
                    let text = screen(&mut a, w, h);
                    let want = format!("STEP {step}/{len}");
                    assert!(
                        text.contains(&want),
                        "{} {}: {want}\n{text}",
                        l.name,
                        run.name
                    );
                }
            }
        }
    }
}

/// Issue 34, item 4: presenter mode on a search of calls says what the demo says, as the
/// main screen does. The worked tree's demo asks its first question at its fourth step; the
/// question's words come from the lesson file, and the footer says where the demo is.
#[test]
fn presenter_mode_shows_the_demos_question_on_the_worked_tree() {
    let path = common::repo().join("lessons/000-worked-tree.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let steps = json["demos"][0]["steps"].as_array().unwrap();
    let asked = steps[3]["ask"].as_str().unwrap();
    let said = steps[0]["say"].as_str().unwrap();
    let name = json["demos"][0]["name"].as_str().unwrap();
    let mut a = app("000-worked-tree", "worked").presenting(true);
    press(&mut a, 'd');
    for (w, h) in SIZES {
        let s = common::tutor::flat(&screen(&mut a, w, h));
        assert!(s.contains(&format!("Demo: {said}")), "{w}×{h}:\n{s}");
        let place = format!("demo '{name}' 1/{}", steps.len());
        assert!(s.contains(&place), "{w}×{h}:\n{s}");
    }
    for _ in 0..3 {
        a.message = None;
        press(&mut a, 'd');
    }
    assert!(a.present().on);
    for (w, h) in SIZES {
        let s = common::tutor::flat(&screen(&mut a, w, h));
        assert!(
            s.contains(&format!("Demo: Question: {asked}")),
            "{w}×{h}:\n{s}"
        );
        let place = format!("demo '{name}' 4/{} · d reveals", steps.len());
        assert!(s.contains(&place), "{w}×{h}:\n{s}");
    }
}

/// Issue 34, item 12: on a game with a board, a pane (1 2 3) opens over the tree beside the
/// board, which stays whole; at 80×24 the pane was centred over both and left the board's
/// cells standing around its edges.
#[test]
fn a_pane_over_a_tictactoe_tree_leaves_the_board_whole() {
    let mut a = app("004-faster-win-plain", "plain scores");
    press(&mut a, 'F');
    a.message = None;
    a.seek(6);
    for (w, h) in [(80, 24), (200, 60)] {
        let plain = screen(&mut a, w, h);
        let board_rows: Vec<String> = plain
            .lines()
            .filter(|l| l.contains("┌ Board") || l.contains(" to move ─┘"))
            .map(|l| l.to_string())
            .collect();
        assert_eq!(board_rows.len(), 2, "the board's frame\n{plain}");
        for pane in ['1', '2', '3'] {
            press(&mut a, pane);
            let s = screen(&mut a, w, h);
            assert!(s.contains("again hides it"), "pane {pane}\n{s}");
            assert!(
                s.contains("┌ Board"),
                "pane {pane} covers the board's top\n{s}"
            );
            assert!(
                s.contains(" to move ─┘"),
                "pane {pane} covers the board's foot\n{s}"
            );
            press(&mut a, pane);
        }
    }
}

/// Issue 34, item 12: presenter mode enlarges the Monte Carlo tree, as it does a search's
/// calls: each node a box with the move into it and its number on the border and its visits
/// inside (the main screen keeps its one-row outline). Each node's visits are read off the
/// trace's events: the last count stated for it or backed up to it by the step shown.
#[test]
fn presenter_mode_draws_the_monte_carlo_tree_in_boxes() {
    let mut a = app("004-mcts-ucb1-table", "C = sqrt2");
    let events: Vec<serde_json::Value> = a
        .replay
        .events()
        .iter()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    let visits = |step: usize, node: u64| {
        events[..step]
            .iter()
            .rev()
            .find(|e| (e["event"] == "backup" || e["event"] == "given") && e["node"] == node)
            .map_or(0, |e| e["n"].as_i64().unwrap())
    };
    // The lesson states the root with 50 visits; its one iteration adds the 51st.
    assert_eq!(visits(a.replay.len(), 0), 51);
    for step in [10, a.replay.len()] {
        a.set_presenter(Presenter::default());
        a.seek(step);
        let outline = render(&mut a, 200, 50);
        assert!(
            find(&outline, "root #0").is_none(),
            "the main screen's outline"
        );
        a.set_presenter(Presenter::on());
        for (w, h) in [(80, 24), (200, 50)] {
            let buf = render(&mut a, w, h);
            let row = |y: u16| -> String { (0..w).map(|i| buf[(i, y)].symbol()).collect() };
            let mut boxes = 0;
            for node in 0..8u64 {
                // A node's box is on screen once it is in the tree (0 visits when new).
                let Some((x, y)) = find(&buf, &format!("#{node} ")) else {
                    continue;
                };
                let n = visits(step, node);
                boxes += 1;
                let (border, inside) = (row(y), row(y + 1));
                assert!(
                    ["┌", "┏", "╔"].iter().any(|c| border.contains(c)),
                    "{w}×{h}: {border}"
                );
                let inside: String = inside.chars().skip(x.saturating_sub(16) as usize).collect();
                assert!(
                    inside.contains(&format!(" N {n} ")),
                    "{w}×{h} step {step} node {node}: {inside}"
                );
            }
            assert!(boxes >= 4, "{w}×{h} step {step}: {boxes} boxes");
        }
    }
}
