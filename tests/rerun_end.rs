//! Re-running the search from the last step lands on the new run's last step (not one short),
//! for every built-in run and every option a live change toggles.

use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;

#[test]
fn a_rerun_from_the_end_lands_at_the_end() {
    let mut checked = 0;
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let o = setup.options;
            let changes = [
                (
                    "table",
                    prune::search::Options {
                        table: !o.table,
                        ..o
                    },
                ),
                (
                    "ordering",
                    prune::search::Options {
                        ordering: !o.ordering,
                        ..o
                    },
                ),
                (
                    "deepening",
                    prune::search::Options {
                        deepening: !o.deepening,
                        ..o
                    },
                ),
            ];
            for (what, options) in changes {
                let mut app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
                app.seek(app.replay.len());
                let mut changed = setup;
                changed.options = options;
                app.rerun(changed, what.to_string());
                assert_eq!(
                    app.st.step,
                    app.replay.len(),
                    "{} / {} after {what}",
                    lesson.name,
                    preset.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}
