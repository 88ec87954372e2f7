//! Predict mode never gives its answer away (issue 24.1): on every built-in lesson and
//! preset, at each question (the first ones of long runs), the screen at 80×24 and 200×60
//! does not hold what showing the step would say (the narration of every event up to the
//! one that decides the answer, computed for the step after), nor the item on screen that
//! states that answer once shown: the child's frame on the stack (a window), the node's
//! value in the tree (a return), the call's store or probe in the table (a flag, a probe),
//! the cutoff mark on the parent (a cut), the re-search mark on the scout; for a Monte Carlo
//! question, no sentence of the selection or of any backup of the iteration.

mod common;

use common::predict::{Key, events, key_of, next_question, open, predicting, type_line, typed};
use common::tutor::{flat, screen};
use prune::index::question::{Kind, Question};
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::legend;
use prune::tui::predict::Ask;

const STEPS: usize = 1500;
const QUESTIONS: usize = 40;

/// The events a reveal shows or decides: the one the question is due at, and for a reply
/// the frame's events up to its decisive one (a return's after its store).
fn revealed(ev: &[serde_json::Value], q: &Question) -> std::ops::RangeInclusive<usize> {
    let d = q.due as usize;
    let tag = |i: usize| ev[i]["event"].as_str().unwrap_or("").to_string();
    let end = match q.kind {
        Kind::Return if tag(d) == "store" => d + 1,
        Kind::Cut | Kind::Research => (d + 1..ev.len())
            .find(|&i| {
                matches!(
                    tag(i).as_str(),
                    "cutoff" | "research" | "null_window" | "push" | "store" | "return"
                )
            })
            .unwrap_or(d),
        // Every backup of the iteration states new counts.
        Kind::Counts => (d..ev.len())
            .take_while(|&i| tag(i) == "backup")
            .last()
            .unwrap_or(d),
        _ => d,
    };
    d..=end
}

fn label(app: &App, node: u32) -> String {
    let ctx = app.tree_ctx();
    prune::tui::view::tree::label(&ctx, node)
        .iter()
        .map(|s| s.content.to_string())
        .collect()
}

/// The item that states the answer is not on screen (read from the state the views draw).
fn item_held(app: &App, q: &Question, what: &str) {
    let tree = app.replay.tree();
    let n = || tree.get(q.node);
    match q.kind {
        Kind::Window => assert!(
            !app.st.frames.iter().any(|f| f.node == q.node),
            "{what}: the child is on the stack"
        ),
        Kind::Return => {
            let l = label(app, q.node);
            let v = app.units.sc(n().value);
            for mark in ["=", "≤", "≥"] {
                assert!(!l.contains(&format!("{mark}{v}")), "{what}: tree shows {l}");
            }
        }
        Kind::Flag => assert!(
            app.st.last_store.is_none_or(|s| s.event != q.due),
            "{what}: the table shows the store"
        ),
        Kind::Probe => assert!(
            app.st.last_probe.is_none_or(|p| p.event != q.due),
            "{what}: the table shows the probe"
        ),
        Kind::Cut => {
            let l = label(app, n().parent);
            assert!(!l.contains(legend::CUT.glyph), "{what}: parent shows {l}");
        }
        Kind::Research => {
            let l = label(app, q.node);
            assert!(
                !l.contains(legend::FAILED_HIGH.glyph),
                "{what}: scout shows {l}"
            );
        }
        // A Monte Carlo step's table and counts are those before it: the narration of the
        // select or backups (checked below) is what would state the answer.
        Kind::Interval | Kind::Select | Kind::Counts => {}
    }
}

/// The flag word a store at `due` gives, when the question is due at one.
fn stored_flag(ev: &[serde_json::Value], due: usize) -> Option<&'static str> {
    (ev[due]["event"] == "store").then(|| match ev[due]["flag"].as_str().unwrap() {
        "EXACT" => "EXACT",
        "LOWER" => "LOWER",
        _ => "UPPER",
    })
}

/// The rows of the screen as drawn (quotes of TestBackend's print taken off).
fn rows(s: &str) -> Vec<&str> {
    s.lines().map(|l| l.trim_matches('"')).collect()
}

/// The answer itself is nowhere on screen while its question is open (issue 34.1): for a
/// return or a flag, "What happened" names neither the flag nor the value as the call's
/// (stored, returned, its best, its α or β), and the call's stack row shows `?` for its
/// window now, best and move; for a Monte Carlo selection the child is not yet on the path;
/// for counts, the child's row does not show them.
fn answer_unsaid(
    app: &App,
    q: &Question,
    key: Key,
    ev: &[serde_json::Value],
    shown: &str,
    what: &str,
) {
    let u = &app.units;
    // A return and its flag are asked at one step: neither may show while either is open.
    let key = match q.kind {
        Kind::Return | Kind::Flag => key_of(ev, Kind::Return, q.due as usize),
        _ => key,
    };
    match key {
        Key::Value(v) => {
            let said: String = prune::tui::view::narration::text(app)
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            let v = u.sc(v);
            for stated in [
                format!("{v} will be stored"),
                format!("returns {v} as"),
                format!("best so far was {v}"),
                format!("raises α to {v}"),
                format!("lowers β to {v}"),
                format!("now expects {v}"),
                format!("stores {v}"),
            ] {
                assert!(!said.contains(&stated), "{what}: says '{stated}': {said}");
            }
            if let Some(flag) = stored_flag(ev, q.due as usize) {
                assert!(!said.contains(flag), "{what}: says {flag}: {said}");
            }
            stack_row_held(shown, what);
        }
        Key::Child(node, pos) => {
            let monte = &app.replay.index().monte;
            let child = monte.child(node, pos).unwrap();
            let tag = format!("#{child}");
            for row in rows(shown) {
                let at = row.split_whitespace().position(|w| w == tag);
                let lead = row.split('N').next().unwrap_or("");
                assert!(
                    at.is_none() || !(lead.contains('›') || lead.contains('▶')),
                    "{what}: the child picked is on the path: {row}"
                );
            }
        }
        Key::Counts(n, w) => {
            let monte = &app.replay.index().monte;
            let wins = prune::index::monte::wins_compact(w, monte.per_win());
            let tag = format!("#{}", q.node);
            for row in rows(shown) {
                if row.split_whitespace().any(|w| w == tag) {
                    assert!(
                        !row.contains(&format!("N {n} ")) && !row.contains(&format!("{wins}/{n}")),
                        "{what}: the row shows the counts asked: {row}"
                    );
                }
            }
        }
        _ => {}
    }
}

/// The stack row of the call on top (`›`): its window now, best and move are `?`.
fn stack_row_held(shown: &str, what: &str) {
    let Some(row) = rows(shown)
        .into_iter()
        .find(|r| r.starts_with("› ") && r.matches('│').count() >= 3)
    else {
        return;
    };
    let cells: Vec<&str> = row.split('│').collect();
    for cell in &cells[2..4] {
        assert!(
            cell.split_whitespace().all(|c| c == "?" || c == "…"),
            "{what}: the stack shows the call's figures: {row}"
        );
    }
}

#[test]
fn no_question_is_answered_on_screen_before_its_reveal() {
    let mut checked = 0;
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let what = format!("{} / {}", lesson.name, preset.name);
            let mut app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            app.theme = prune::tui::theme::Theme { color: false };
            let mut app = predicting(app, Ask::All);
            let ev = events(&app);
            let mut n = 0;
            while n < QUESTIONS && next_question(&mut app, STEPS) {
                let q = open(&app).unwrap();
                let what = format!("{what}, {:?} at event {}", q.kind, q.due);
                item_held(&app, &q, &what);
                let said: Vec<String> = revealed(&ev, &q)
                    .map(|e| {
                        let after = app.replay.seek(e + 1);
                        prune::replay::narrate::narrate(&app.replay, &after, &|_| None)
                    })
                    .filter(|s| s.len() > 12)
                    .collect();
                let key = key_of(&ev, q.kind, q.due as usize);
                for (w, h) in [(80, 24), (200, 60)] {
                    let drawn = screen(&mut app, w, h);
                    answer_unsaid(&app, &q, key, &ev, &drawn, &format!("{what} {w}×{h}"));
                    let s = flat(&drawn);
                    for line in &said {
                        assert!(
                            !s.contains(line.as_str()),
                            "{what} {w}×{h}: shows {line}\n{s}"
                        );
                    }
                }
                let line = typed(&app, q.kind, key);
                type_line(&mut app, &line);
                n += 1;
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}
