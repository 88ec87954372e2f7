//! The "why" choice after a predicted step (issue 39): the right option is the run's own
//! chain, and each distractor is the chain of a named misconception run that parts from the
//! right run at that very step. Checked over every built-in preset, each distractor's run
//! made again here and compared event by event; and on screen, where the question never
//! shows its own answer.

mod common;

use common::predict::{
    Key, events, key_of, next_question, open, predicting, press, type_line, typed,
};
use crossterm::event::KeyCode;
use prune::index::question::{Kind, Question, Truth};
use prune::index::{NodeKind, Recorded, Tree};
use prune::lesson::{Lesson, Overrides};
use prune::practice::predict::variants;
use prune::practice::why_choice::{offer, parting};
use prune::search::Pitfall;
use prune::tui::predict::Ask;
use prune::value::Units;
use std::collections::HashMap;

/// The tutor's own limit (`VARIANT_LIMIT` in src/tui/predict.rs): every preset it offers
/// the choice on is checked here.
const EVENTS: usize = 400_000;

/// A misconception's run, made again here, and the first event where it parts from the
/// right run (its length if it never does), found by this test's own scan.
struct Wrong {
    rec: Recorded,
    parts_at: usize,
}

fn wrong_run(
    lesson: &Lesson,
    setup: &prune::lesson::RunSetup,
    rec: &Recorded,
    p: Pitfall,
) -> Wrong {
    let mut s = *setup;
    s.options.pitfall = Some(p);
    let wrong = prune::index::record(lesson, &s).unwrap();
    let (a, b) = (&rec.trace.events, &wrong.trace.events);
    let parts_at = (0..a.len().min(b.len()))
        .find(|&k| a.at(k) != b.at(k))
        .unwrap_or(a.len().min(b.len()));
    Wrong {
        rec: wrong,
        parts_at,
    }
}

/// The chain the index gives for `q`'s answer, asked here of the tree directly.
fn own_chain(tree: &Tree, u: &Units, q: &Question) -> Option<String> {
    let join = |a: Option<prune::index::why::Answer>, k: usize| {
        a.map(|a| {
            (a.links.into_iter().take(k))
                .map(|l| l.text)
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    match q.kind {
        Kind::Window => join(tree.why_window(u, q.node), 1),
        Kind::Probe => join(tree.why_probe(u, q.node), 1),
        Kind::Flag => join(tree.why_flag(u, q.node), 1),
        Kind::Return => join(tree.why_chosen(u, q.node), 2),
        Kind::Cut if q.answer == Truth::YesNo(true) => {
            let p = tree.get(q.node).parent;
            let skipped = tree
                .children(p)
                .find(|&c| tree.get(c).kind == NodeKind::Skipped);
            join(skipped.and_then(|s| tree.why_skipped(u, s)), 1)
        }
        _ => None,
    }
    .filter(|t| !t.is_empty())
}

#[test]
fn every_why_choice_is_the_runs_chain_against_misconceptions_that_part_there() {
    let (mut choices, mut presets, mut skipped) = (0, 0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    let mut pitfalls = std::collections::BTreeSet::new();
    let mut places = std::collections::BTreeSet::new();
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let what = format!("{} / {}", lesson.name, preset.name);
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let rec = prune::index::record(&lesson, &setup).unwrap();
            if rec.trace.events.len() > EVENTS {
                skipped += 1;
                continue;
            }
            presets += 1;
            let u = rec.trace.header.units();
            let vs = variants(&lesson, &setup, EVENTS);
            let partings: Vec<usize> = vs.iter().map(|v| parting(&rec, &v.rec)).collect();
            let tree = rec.tree();
            let mut wrongs: HashMap<Pitfall, Wrong> = HashMap::new();
            for q in tree.questions() {
                let Some(c) = offer(&rec, &u, &q, &vs, &partings) else {
                    continue;
                };
                choices += 1;
                kinds.insert(format!("{:?}", q.kind));
                places.insert(c.right);
                let own = own_chain(&tree, &u, &q).expect("a choice only where a chain is");
                assert_eq!(c.options[c.right].text, own, "{what} {q:?}");
                assert_eq!(c.options[c.right].from, None, "{what}");
                assert!(c.options.len() >= 2, "{what}");
                for (i, o) in c.options.iter().enumerate().filter(|(i, _)| *i != c.right) {
                    let p = o
                        .from
                        .unwrap_or_else(|| panic!("{what}: option {i} is named"));
                    pitfalls.insert(p.name());
                    assert_ne!(o.text, own, "{what}");
                    let Wrong {
                        rec: wrong,
                        parts_at,
                    } = wrongs
                        .entry(p)
                        .or_insert_with(|| wrong_run(&lesson, &setup, &rec, p));
                    let due = q.due as usize;
                    assert!(wrong.trace.events.len() > due, "{what} {p:?}");
                    assert!(
                        *parts_at >= due,
                        "{what} {p:?}: parts at {parts_at}, before {due}"
                    );
                    let theirs = (wrong.tree().questions_at(q.due).into_iter())
                        .find(|w| w.kind == q.kind && w.node == q.node)
                        .unwrap_or_else(|| panic!("{what} {p:?}: asks the same question"));
                    assert_ne!(
                        theirs.answer, q.answer,
                        "{what} {p:?}: differs at that step"
                    );
                    let chain = own_chain(&wrong.tree(), &u, &theirs);
                    assert_eq!(chain.as_deref(), Some(o.text.as_str()), "{what} {p:?}");
                }
            }
        }
    }
    println!(
        "{choices} why choices over {presets} presets ({skipped} too long): {kinds:?}, {pitfalls:?}"
    );
    assert!(
        presets > 50,
        "{presets} presets checked, {skipped} too long"
    );
    assert!(choices > 100, "only {choices} why choices");
    // A cutoff's own chain is a "yes" one; a misconception that parts there does not cut,
    // and a step that does not happen has no chain: no cutoff offers a choice.
    for k in ["Window", "Return", "Flag"] {
        assert!(kinds.contains(k), "no why choice on a {k}: {kinds:?}");
    }
    assert!(pitfalls.len() >= 3, "{pitfalls:?}");
    // The right option is not always in one place.
    assert!(places.len() >= 2, "{places:?}");
}

/// In the tutor (`--why`): after the first answer the choice is asked; its right option is
/// on screen only as an option (no "Why:" line, no mark), and the pick is graded.
#[test]
fn the_why_choice_on_screen_never_shows_its_answer() {
    let app = common::tutor::app("000-worked-tree", "worked");
    let mut app = predicting(app, Ask::All).asking_why(true);
    let ev = events(&app);
    let mut seen = 0;
    let mut wrong_once = false;
    while seen < 6 && next_question(&mut app, usize::MAX) {
        let q = open(&app).unwrap();
        let right = key_of(&ev, q.kind, q.due as usize);
        let line = typed(&app, q.kind, right);
        type_line(&mut app, &line);
        let Some(w) = app.predict().unwrap().why.as_ref() else {
            continue;
        };
        let choice = w.choice.clone();
        seen += 1;
        let own = &choice.options[choice.right].text;
        let step = app.st.step;
        assert_eq!(
            step, q.due as usize,
            "the screen stays where the question was asked"
        );
        for (wd, h) in [(80, 24), (200, 50)] {
            let text = common::tutor::screen(&mut app, wd, h);
            let flat = common::tutor::flat(&text);
            assert!(flat.contains("Why is it so?"), "{flat}");
            assert!(
                !flat.contains("Why: "),
                "the reveal's why is kept back: {flat}"
            );
            assert!(!flat.contains("✓ Why") && !flat.contains("✗ Why"), "{flat}");
            if wd == 200 {
                assert_eq!(flat.matches(own.as_str()).count(), 1, "{flat}");
                if seen == 1 {
                    insta::assert_snapshot!("why_choice_200x50", text);
                }
            } else if seen == 1 {
                insta::assert_snapshot!("why_choice_80x24", text);
            }
        }
        // Keys other than a number in range are not a pick.
        press(&mut app, KeyCode::Char('9'));
        press(&mut app, KeyCode::Char('x'));
        assert!(app.predict().unwrap().why.is_some());
        let pick = if wrong_once {
            choice.right
        } else {
            (choice.right + 1) % choice.options.len()
        };
        let digit = char::from_digit(pick as u32 + 1, 10).unwrap();
        press(&mut app, KeyCode::Char(digit));
        let p = app.predict().unwrap();
        assert!(p.why.is_none());
        let lines = &p.reveals.last().unwrap().lines;
        if wrong_once {
            assert!(
                lines
                    .iter()
                    .any(|l| l == "✓ Why: that is the run's own chain."),
                "{lines:?}"
            );
        } else {
            let named = choice.options[pick].from.unwrap().name();
            let verdict = lines.iter().find(|l| l.starts_with("✗ Why")).unwrap();
            assert!(verdict.ends_with(&format!("[{named}].")), "{verdict}");
            wrong_once = true;
        }
        assert_eq!(lines.last().unwrap(), &format!("Why: {own}"));
        // The step is shown after the pick, unless a second question of the same step (a
        // flag after its return) is asked first.
        match open(&app) {
            Some(next) => assert_eq!((app.st.step, next.due), (q.due as usize, q.due)),
            None => assert_eq!(app.st.step, q.due as usize + 1, "shown after the pick"),
        }
    }
    assert!(seen >= 2, "only {seen} why choices on seed 000's run");
    let p = app.predict().unwrap();
    assert_eq!((p.why_right, p.why_asked), (seen - 1, seen));
    let _ = Key::Value(0);
}
