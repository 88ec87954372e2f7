//! Predict mode's answer key (issue 24.1): on every built-in lesson and preset, every
//! question the tutor asks is answered with the answer read here from the run's own events
//! (`common::predict::key_of`, not the question module), typed as a student would, and
//! every one grades right; the score counts them all. Questions are only ever asked before
//! the step they are about.

mod common;

use std::collections::BTreeMap;

use common::predict::{events, key_of, next_question, open, predicting, type_line, typed};
use prune::index::question::Kind;
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::predict::Ask;

/// Long runs (whole game trees) are walked for their first steps.
const STEPS: usize = 3000;

#[test]
fn every_question_of_every_preset_is_answered_right_by_the_trace() {
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let what = format!("{} / {}", lesson.name, preset.name);
            let app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            let mut app = predicting(app, Ask::All);
            let ev = events(&app);
            let mut asked = 0;
            while next_question(&mut app, STEPS) {
                let q = open(&app).unwrap();
                assert_eq!(app.st.step, q.due as usize, "{what}: asked before its step");
                let key = key_of(&ev, q.kind, q.due as usize);
                let line = typed(&app, q.kind, key);
                type_line(&mut app, &line);
                asked += 1;
                let p = app.predict().unwrap();
                let last = p.reveals.last().unwrap();
                assert!(
                    last.right,
                    "{what}: {:?} at event {} answered {key:?}: {:?}",
                    q.kind, q.due, last.lines
                );
                assert_eq!((p.right, p.asked), (asked, asked), "{what}");
                *by_kind.entry(q.kind.name()).or_default() += 1;
            }
        }
    }
    // The built-in lessons ask every alpha-beta kind and the chance interval.
    for k in [
        Kind::Window,
        Kind::Probe,
        Kind::Return,
        Kind::Flag,
        Kind::Cut,
        Kind::Research,
        Kind::Interval,
    ] {
        assert!(
            by_kind.get(k.name()).copied().unwrap_or(0) > 0,
            "{by_kind:?}"
        );
    }
    // Monte Carlo runs ask which child a selection picks and the counts after a backup.
    for k in [Kind::Select, Kind::Counts] {
        assert!(
            by_kind.get(k.name()).copied().unwrap_or(0) >= 20,
            "{by_kind:?}"
        );
    }
}

#[test]
fn only_cutoffs_asks_only_whether_a_reply_cuts() {
    let app = common::tutor::app("000-worked-tree", "worked");
    let mut app = predicting(app, Ask::Cutoffs);
    let ev = events(&app);
    let mut answers = Vec::new();
    while next_question(&mut app, usize::MAX) {
        let q = open(&app).unwrap();
        assert_eq!(q.kind, Kind::Cut);
        let key = key_of(&ev, q.kind, q.due as usize);
        answers.push(key);
        let line = typed(&app, q.kind, key);
        type_line(&mut app, &line);
    }
    // Seed 000's worked tree: pass 1 has three replies at the root (none cuts); pass 2 has
    // node 1's two replies, the root's reply from node 1, node 2's first reply (6 = 2 ≤ α =
    // 3: the cutoff), the root's reply from node 2, node 3's reply 8 and 9 … as the tree
    // holds them; the one cutoff of each pass is what the seed names.
    let yes = answers
        .iter()
        .filter(|k| **k == common::predict::Key::YesNo(true))
        .count();
    assert_eq!(yes as u64, app.replay.result().stats.cutoffs);
    assert!(answers.len() > yes);
}
