//! The largest valid graph (64 nodes, 4,032 edges, depth 12, q 6) opens in the tutor, runs,
//! steps and renders; its replay agrees with the core.

use prune::lesson::Overrides;
use prune::replay::samples;
use prune::tui::app::App;
use prune::tui::keys::Action;
use prune::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn open(run: &str) -> App {
    let lesson = samples::largest_lesson();
    assert_eq!(lesson.graph.len(), 64);
    assert_eq!(lesson.graph.total_edges(), 4032);
    let setup = lesson.setup(Some(run), &Overrides::default()).unwrap();
    App::new(vec![lesson.clone()], lesson, setup).unwrap()
}

#[test]
fn largest_graph_opens_steps_and_renders() {
    for run in ["largest", "heavy"] {
        let mut app = open(run);
        let end = app.replay.seek(app.replay.len());
        assert_eq!(
            end.stats,
            app.replay.result().stats,
            "{run}: counters at the end"
        );
        eprintln!(
            "{run}: {} calls, {} events",
            app.replay.tree().calls(),
            app.replay.len()
        );
        let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
        let actions = [
            Action::StepForward,
            Action::CallForward,
            Action::CallForward,
            Action::StepOut,
            Action::NextCutoff,
            Action::NextStore,
            Action::NextPass,
            Action::End,
            Action::PrevPass,
            Action::CallBack,
            Action::StepBack,
            Action::TreeMode,
            Action::Collapse,
            Action::Start,
        ];
        for a in actions {
            app.act(a);
            terminal.draw(|f| view::draw(f, &mut app)).unwrap();
            // The step counter is always on screen.
            let text = terminal.backend().to_string();
            assert!(
                text.contains(&format!("step {}/", app.st.step)),
                "{run} after {a:?}"
            );
        }
    }
}

#[test]
fn deep_outline_names_the_path_above_it() {
    let mut app = open("heavy");
    app.seek(app.replay.len() / 2);
    assert!(app.st.frames.len() > 6);
    let mut terminal = Terminal::new(TestBackend::new(120, 30)).unwrap();
    terminal.draw(|f| view::draw(f, &mut app)).unwrap();
    let text = terminal.backend().to_string();
    if std::env::var_os("PRUNE_SHOW").is_some() {
        println!("{text}");
    }
    // Too big for boxes: the outline, with a breadcrumb from the root of the pass.
    assert!(text.contains("outline") || text.contains("↑ ▲0"), "{text}");
    assert!(text.contains("↑ ▲0 › "), "{text}");
}
