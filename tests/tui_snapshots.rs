//! Whole-screen snapshots of the tutor (ratatui TestBackend + insta) at 80×24 and 160×48, at
//! the steps issue 3 names. Colour is off so the snapshots hold exactly what a reader sees.

mod common;

use common::tutor::{app, screen};

use prune::event::Bound;
use prune::trace::{Event, ReturnKind};
use prune::tui::app::App;

/// The step right after the first event `pick` accepts.
fn step_after(app: &App, pick: impl Fn(&App, usize, &Event) -> bool) -> usize {
    let events = app.replay.events();
    let i = (0..events.len())
        .find(|&i| pick(app, i, &events.at(i)))
        .expect("the event exists");
    i + 1
}

fn both(name: &str, app: &mut App) {
    for (w, h) in [(80, 24), (160, 48)] {
        let text = screen(app, w, h);
        if std::env::var_os("PRUNE_SHOW").is_some() {
            println!("=== {name} {w}x{h}\n{text}");
        }
        insta::assert_snapshot!(format!("{name}_{w}x{h}"), text);
    }
}

#[test]
fn worked_tree_at_the_min_2_cutoff() {
    let mut a = app("000-worked-tree", "worked");
    let s = step_after(&a, |_, _, e| {
        matches!(e, Event::Bound(Bound::Cutoff { state: 2, .. }))
    });
    a.seek(s);
    // Seed 000: MIN 2's window is (3, 2) after reply 6 returned 2; reply 7 is skipped.
    let top = *a.st.top().unwrap();
    assert_eq!((top.state, top.alpha, top.beta), (2, 3, 2));
    both("worked_min2_cutoff", &mut a);
}

#[test]
fn worked_tree_at_the_end_of_pass_2() {
    let mut a = app("000-worked-tree", "worked");
    let s = step_after(&a, |_, _, e| matches!(e, Event::PassEnd { depth: 2, .. }));
    a.seek(s);
    assert_eq!(a.st.stats.as_array(), [12, 7, 2, 0, 7, 2]);
    both("worked_end_of_pass_2", &mut a);
}

#[test]
fn transposition_at_the_first_table_hit() {
    let mut a = app("000-transposition", "transposition");
    let s = step_after(&a, |_, _, e| {
        matches!(
            e,
            Event::Return {
                how: ReturnKind::TableHit,
                ..
            }
        )
    });
    a.seek(s);
    assert_eq!(a.st.stats.tt_hits, 1);
    both("transposition_first_hit", &mut a);
}

#[test]
fn quiescence_at_stand_pat_and_tactical_step() {
    let mut a = app("000-tactical", "quiescence");
    let s = step_after(&a, |_, _, e| {
        matches!(e, Event::Bound(Bound::StandPat { .. }))
    });
    a.seek(s);
    both("quiescence_stand_pat", &mut a);
    // The first move tried from a horizon node: a tactical move followed by quiescence.
    let s = step_after(&a, |app, i, e| {
        matches!(e, Event::Push { .. }) && app.replay.seek(i).top().is_some_and(|f| f.depth == 0)
    });
    a.seek(s);
    both("quiescence_tactical_step", &mut a);
}

#[test]
fn interrupted_at_the_abort_and_the_partial_result() {
    let mut a = app("000-worked-tree", "interrupted");
    let s = step_after(&a, |_, _, e| matches!(e, Event::Refused { .. }));
    a.seek(s);
    assert_eq!(a.st.stats.nodes, 7);
    // The note about the unwinding and the fall-back waits for the end of the pass.
    assert!(a.notes().is_empty(), "{:?}", a.notes());
    both("interrupted_abort", &mut a);
    let end = a.replay.len();
    a.seek(end);
    assert_eq!(a.replay.result().status, prune::search::Status::Partial);
    assert!(
        a.notes()
            .iter()
            .any(|n| n.contains("Call 8 (node 5) is refused"))
    );
    both("interrupted_partial", &mut a);
}

#[test]
fn terminal_too_small() {
    let mut a = app("000-worked-tree", "worked");
    let text = screen(&mut a, 40, 10);
    if std::env::var_os("PRUNE_SHOW").is_some() {
        println!("{text}");
    }
    assert!(text.contains("too small"));
    insta::assert_snapshot!("too_small_40x10", text);
}

#[test]
fn help_and_picker_fit_at_80x24() {
    let mut a = app("000-worked-tree", "worked");
    a.act(prune::tui::keys::Action::Help);
    let text = screen(&mut a, 80, 24);
    if std::env::var_os("PRUNE_SHOW").is_some() {
        println!("{text}");
    }
    // Every binding's help text is on the help screen (it is generated from the table): at
    // 80×24 the list scrolls, so every binding is on one of its pages.
    let mut pages = text.clone();
    for _ in 0..prune::tui::keys::BINDINGS.len() {
        a.on_key(crossterm::event::KeyEvent::new(
            crossterm::event::KeyCode::Down,
            crossterm::event::KeyModifiers::NONE,
        ));
        pages.push_str(&screen(&mut a, 80, 24));
    }
    // The help lists its own keys under the bindings (headings make way at 80×24): two
    // columns of 21 rows, less the cue's row, are on the first page.
    // Then the command line the course gives this lesson (issue 39: `prune check`).
    let tools = prune::tui::components::help::tools(&a);
    assert_eq!(
        tools.last(),
        Some(&("check".to_string(), "--print 000-worked-tree".to_string()))
    );
    let rows = prune::tui::keys::BINDINGS.len()
        + prune::tui::components::help::KEYS.len()
        + prune::tui::components::help::COMMANDS.len()
        + tools.iter().filter(|(k, _)| !k.is_empty()).count();
    assert!(
        text.contains(&format!("↓ {} more (↓ PgDn)", rows - 2 * 21)),
        "{text}"
    );
    for b in prune::tui::keys::BINDINGS {
        let probe: String = b.help.chars().take(12).collect();
        assert!(pages.contains(&probe), "help lacks '{}'", b.help);
    }
    // Issue 34, item 13: the tools outside the tutor are named on its help screen.
    for k in prune::tui::components::help::COMMANDS {
        let probe: String = k.help.chars().take(12).collect();
        assert!(
            pages.contains(&format!("{} {probe}", k.label)),
            "help lacks '{} {}'",
            k.label,
            k.help
        );
    }
    insta::assert_snapshot!("help_80x24", text);
}

/// Every key any component takes is on the help screen: each component is opened as a
/// layer, the help over it, and the help's pages (at 80×24, where it scrolls) hold every
/// label of the component's key list with the start of what it does.
#[test]
fn every_components_keys_are_on_the_help_screen_over_it() {
    use prune::tui::app::Layers;
    use prune::tui::components::{self as c, Component};
    use prune::tui::keys::KeyHelp;
    let a = app("000-worked-tree", "worked");
    let problems = prune::practice::problems_of(&a.lesson).unwrap();
    let why = prune::tui::inspect::WhyPane::new(Some(0), 0, Vec::new());
    let layers: Vec<Box<dyn Component<App>>> = vec![
        Box::new(c::help::Help::default()),
        Box::new(c::intro::Intro::default()),
        Box::new(c::growth::Growth::default()),
        Box::new(c::diff::Diff),
        Box::new(c::weights::Weights),
        Box::new(c::picker::Picker::at(0)),
        Box::new(c::prompt::Prompt::new(c::PromptKind::GoTo)),
        Box::new(why),
        Box::new(c::practice::PracticeScreen::new(
            problems,
            Default::default(),
        )),
        Box::new(prune::tui::simulate::SimulateScreen::new(
            prune::practice::simulate::Exercise::new(Default::default()).unwrap(),
        )),
    ];
    let mut checked = 0;
    // The node cursor is a mode of the main screen (`v`), not a layer: the help lists its
    // keys while it is on.
    let mut cursor = app("000-worked-tree", "worked");
    cursor.act(prune::tui::keys::Action::Inspect);
    assert!(cursor.inspecting());
    let mut cases: Vec<(App, &str, &[KeyHelp])> =
        vec![(cursor, prune::tui::cursor::TITLE, prune::tui::cursor::KEYS)];
    // Predict mode is no layer either: the help lists its keys while it is on.
    let predicting = app("000-worked-tree", "worked").predicting(
        Some(prune::tui::predict::Ask::Kinds(vec![
            prune::index::question::Kind::Flag,
        ])),
        false,
    );
    cases.push((
        predicting,
        prune::tui::predict::TITLE,
        prune::tui::predict::KEYS,
    ));
    // Presenter mode and a running demo are layers while they are on (under the help).
    let mut presenting = app("000-worked-tree", "worked").presenting(true);
    presenting.layers = Layers::default();
    presenting
        .layers
        .push(Box::new(prune::tui::present::Presenting));
    cases.push((presenting, c::present::TITLE, c::present::KEYS));
    let mut demoing = app("000-worked-tree", "worked");
    demoing.act(prune::tui::keys::Action::DemoNext);
    assert!(demoing.demo().is_some());
    demoing.layers = Layers::default();
    demoing.layers.push(Box::new(prune::tui::demo_run::Demoing));
    cases.push((demoing, c::demo::TITLE, c::demo::KEYS));
    for layer in layers {
        let (title, keys): (&str, &[KeyHelp]) = (layer.title(), layer.keys());
        let mut a = app("000-worked-tree", "worked");
        a.layers = Layers::default();
        a.layers.push(layer);
        cases.push((a, title, keys));
    }
    for (mut a, title, keys) in cases {
        a.layers.push(Box::new(c::help::Help::default()));
        let mut pages = String::new();
        for _ in 0..60 {
            pages.push_str(&screen(&mut a, 80, 24));
            a.on_key(crossterm::event::KeyEvent::new(
                crossterm::event::KeyCode::Down,
                crossterm::event::KeyModifiers::NONE,
            ));
        }
        for k in keys {
            let probe: String = k.help.chars().take(12).collect();
            assert!(
                pages.contains(&format!("{} {probe}", k.label)),
                "{title}: the help lacks '{} {}'",
                k.label,
                k.help
            );
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} keys checked");
}
