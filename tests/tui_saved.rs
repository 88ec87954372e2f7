//! The tutor on a saved trace shows what it shows on the lesson's own run: every built-in
//! lesson and preset, saved to JSON and read back, draws the same screens at the start, a
//! third and two thirds in, and the end, at 80×24 and 160×48. A saved trace whose lesson is
//! not at hand still replays, and a live change says the lesson is needed instead of running.

mod common;

use common::tutor::screen;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::index::Recorded;
use prune::lesson::{Lesson, Overrides, builtin_names};
use prune::tui::app::App;
use prune::tui::theme::Theme;

/// The run of `app`, saved as JSON and read back.
fn saved(app: &App) -> Recorded {
    let json = app.replay.rec.trace.to_json();
    Recorded::new(prune::index::parse("saved.json", &json).unwrap()).unwrap()
}

#[test]
fn saved_traces_draw_the_same_screens_as_their_lessons() {
    let mut compared = 0;
    for stem in builtin_names() {
        let lesson = Lesson::open(stem).unwrap();
        for run in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&run.name), &Overrides::default())
                .unwrap();
            let mut live = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            let mut rec = saved(&live);
            rec.trace.header.preset = live.preset.clone();
            let mut replayed = App::from_saved(rec).unwrap();
            assert_eq!(
                replayed.detached(),
                None,
                "{stem}: the built-in lesson is found"
            );
            (live.theme, replayed.theme) = (Theme { color: false }, Theme { color: false });
            let len = live.replay.len();
            for step in [0, len / 3, 2 * len / 3, len] {
                live.seek(step);
                replayed.seek(step);
                for (w, h) in [(80, 24), (160, 48)] {
                    assert_eq!(
                        screen(&mut live, w, h),
                        screen(&mut replayed, w, h),
                        "{stem} / {} at step {step}, {w}×{h}",
                        run.name
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 160, "only {compared} screens compared");
}

#[test]
fn a_saved_trace_without_its_lesson_replays_but_does_not_rerun() {
    let lesson = Lesson::open("000-worked-tree").unwrap();
    let setup = lesson.setup(Some("worked"), &Overrides::default()).unwrap();
    let live = App::new(vec![lesson.clone()], lesson, setup).unwrap();
    let mut rec = saved(&live);
    rec.trace.header.lesson = "lessons-that-moved/worked.json".into();
    let mut app = App::from_saved(rec).unwrap();
    let why = app
        .detached()
        .map(str::to_string)
        .expect("the lesson is not at hand");
    assert!(why.contains("lessons-that-moved/worked.json"), "{why}");
    // It replays to seed 000's result: value 3 by move 0 in 12 calls.
    app.seek(app.replay.len());
    assert_eq!(app.st.stats.nodes, 12);
    assert_eq!(app.st.committed.map(|c| (c.1, c.2)), Some((3, 0)));
    // The ordering toggle would re-run the search: it is refused, the run stays.
    app.on_key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE));
    let msg = app.message.clone().unwrap_or_default();
    assert!(msg.contains("changing the run needs the lesson"), "{msg}");
    assert_eq!(app.replay.result().stats.nodes, 12);
    assert!(!app.setup.options.ordering);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("lessons-that-moved/worked.json"), "{text}");
}
