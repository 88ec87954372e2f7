//! Any terminal size from 1×1 to 400×120 renders without panicking, at any step, with any
//! window open, for every built-in lesson run and the largest graph.

use proptest::prelude::*;
use prune::lesson::{Lesson, Overrides};
use prune::replay::samples;
use prune::tui::app::App;
use prune::tui::keys::Action;
use prune::tui::view;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

fn apps() -> Vec<App> {
    let mut out = Vec::new();
    for l in Lesson::builtins().unwrap() {
        for r in &l.spec.runs {
            let setup = l.setup(Some(&r.name), &Overrides::default()).unwrap();
            out.push(App::new(vec![l.clone()], l.clone(), setup).unwrap());
        }
    }
    let big = samples::largest_lesson();
    let setup = big.setup(Some("largest"), &Overrides::default()).unwrap();
    out.push(App::new(vec![big.clone()], big, setup).unwrap());
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn renders_at_any_size(
        w in 1u16..=400,
        h in 1u16..=120,
        which in 0usize..64,
        at in 0.0f64..=1.0,
        extra in 0u8..6,
    ) {
        let mut all = apps();
        let n = all.len();
        let app = &mut all[which % n];
        let step = (app.replay.len() as f64 * at) as usize;
        app.seek(step);
        match extra {
            1 => app.act(Action::Help),
            2 => app.act(Action::Lessons),
            3 => app.act(Action::Compare),
            4 => app.act(Action::TreeMode),
            5 => app.act(Action::GoTo),
            _ => {}
        }
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        view::render(app, area, &mut buf);
        if w < view::MIN_WIDTH || h < view::MIN_HEIGHT {
            // The message, as much of it as fits.
            let text: String = buf.content().iter().map(|c| c.symbol()).collect();
            prop_assert!(w < 10 || h < 2 || text.contains("The"), "{w}x{h}");
        }
    }
}

#[test]
fn renders_at_the_corner_sizes() {
    let sizes = [
        (1, 1),
        (1, 120),
        (400, 1),
        (400, 120),
        (59, 17),
        (60, 18),
        (80, 24),
        (2, 2),
    ];
    for mut app in apps() {
        for at in [0, app.replay.len() / 3, app.replay.len()] {
            app.seek(at);
            for (w, h) in sizes {
                let area = Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                view::render(&mut app, area, &mut buf);
            }
        }
    }
}
