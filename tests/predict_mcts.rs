//! Predict mode on Monte Carlo runs (issue 24.1): on the built-in MCTS lessons, a wrong
//! answer to "which child does selection pick" or "N and U after this iteration" grades
//! wrong and the verdict names the right answer, read here from the run's own events (the
//! `select`'s move, the backup of the root's child), written as the tutor writes it.

mod common;

use common::predict::{Key, events, key_of, next_question, open, predicting, type_line};
use prune::index::question::Kind;
use prune::lesson::{Lesson, Overrides};
use prune::tui::app::App;
use prune::tui::predict::Ask;

#[test]
fn a_wrong_monte_carlo_prediction_is_graded_wrong_with_the_right_answer() {
    let (mut selects, mut counts) = (0, 0);
    for lesson in Lesson::builtins().unwrap() {
        if !lesson.name.starts_with("004-mcts") {
            continue;
        }
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let what = format!("{} / {}", lesson.name, preset.name);
            let app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            let mut app = predicting(app, Ask::Kinds(vec![Kind::Select, Kind::Counts]));
            let ev = events(&app);
            while next_question(&mut app, 3000) {
                let q = open(&app).unwrap();
                let monte = &app.replay.index().monte;
                let per_win = monte.per_win();
                let (wrong, right) = match key_of(&ev, q.kind, q.due as usize) {
                    Key::Child(node, mv) => {
                        selects += 1;
                        let state = monte.node(node).unwrap().state;
                        let kids = monte.children_at(node, q.due as usize);
                        assert!(kids.len() >= 2, "{what}: no choice at event {}", q.due);
                        let other = kids.iter().find(|k| k.0 != mv).unwrap().0;
                        let catalog = app.replay.catalog();
                        // The verdict names the game's move, else the position it reaches.
                        let right = match catalog.move_name(state, mv as i16) {
                            Some(_) => catalog.move_short(state, mv as i16),
                            None => {
                                let child = monte.child(node, mv).unwrap();
                                let called = catalog.called(monte.node(child).unwrap().state);
                                called
                                    .rsplit_once(" (")
                                    .map_or(called.clone(), |c| c.0.into())
                            }
                        };
                        (catalog.move_short(state, other as i16), right)
                    }
                    Key::Counts(n, u) => {
                        counts += 1;
                        let typed = format!("{} {u}/{per_win}", n + 1);
                        (typed, format!("N {n}, U {}", exact(u, per_win)))
                    }
                    k => panic!("{what}: {k:?}"),
                };
                type_line(&mut app, &wrong);
                let p = app.predict().unwrap();
                let last = p.reveals.last().unwrap();
                assert!(!last.right, "{what}: {wrong} graded right");
                assert!(
                    last.lines[0].contains(&right),
                    "{what}: {right} not in {:?}",
                    last.lines
                );
            }
        }
    }
    assert!(selects >= 20 && counts >= 20, "{selects} {counts}");
}

/// Counts answered as a student might write wins: `2.5`, `5/2` and `2 1/2`-free decimals.
#[test]
fn counts_are_read_as_decimals_or_fractions_in_the_run_unit() {
    use prune::index::question::Truth;
    use prune::practice::predict::{Choices, read_in};
    let units = prune::value::Units::default();
    let half = Choices {
        per_win: 2,
        children: Vec::new(),
    };
    let sixths = Choices {
        per_win: 6,
        children: Vec::new(),
    };
    let read = |t: &str, c: &Choices| read_in(Kind::Counts, t, &units, c);
    assert_eq!(read("5 2.5", &half), Ok(Truth::Counts(5, 5)));
    assert_eq!(read("(5, 5/2)", &half), Ok(Truth::Counts(5, 5)));
    assert_eq!(read("7 7/3", &sixths), Ok(Truth::Counts(7, 14)));
    assert!(read("5 2.25", &half).is_err());
    assert!(read("5", &half).is_err());
    assert!(read("x 1", &half).is_err());
}

/// `u / per_win` wins written exactly: whole, a decimal where one ends, else a fraction in
/// lowest terms.
fn exact(u: u32, per_win: u32) -> String {
    let g = gcd(u, per_win);
    let (a, b) = (u / g, per_win / g);
    if b == 1 {
        return a.to_string();
    }
    let mut rest = b;
    while rest % 2 == 0 {
        rest /= 2;
    }
    while rest % 5 == 0 {
        rest /= 5;
    }
    if rest != 1 {
        return format!("{a}/{b}");
    }
    let (whole, mut r) = (a / b, a % b);
    let mut digits = String::new();
    while r != 0 {
        r *= 10;
        digits.push(char::from(b'0' + (r / b) as u8));
        r %= b;
    }
    format!("{whole}.{digits}")
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// A counts question is revealed where the backup pane shows those counts (issue 34.6): the
/// step after the iteration's last backup, not after the leaf's first; its why is the backup
/// of the node asked about, named as the tree pane numbers it.
#[test]
fn a_counts_reveal_waits_for_the_backup_of_its_node() {
    use common::predict::typed;
    use prune::event::Mcts;
    use prune::trace::Event;
    let mut checked = 0;
    for lesson in Lesson::builtins().unwrap() {
        if !lesson.name.starts_with("004-mcts") {
            continue;
        }
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let app = App::new(vec![lesson.clone()], lesson.clone(), setup).unwrap();
            let mut app = predicting(app, Ask::Kinds(vec![Kind::Counts]));
            let ev = events(&app);
            while next_question(&mut app, 3000) {
                let q = open(&app).unwrap();
                let key = key_of(&ev, q.kind, q.due as usize);
                // The backups run from the leaf to the root: the step after the root's.
                let end = (q.due as usize..ev.len())
                    .find(|&e| ev[e]["event"] != "backup")
                    .unwrap_or(ev.len());
                let line = typed(&app, q.kind, key);
                type_line(&mut app, &line);
                assert_eq!(app.st.step, end, "{} at event {}", lesson.name, q.due);
                let p = app.predict().unwrap();
                let last = p.reveals.last().unwrap();
                assert_eq!(last.step, end);
                let why = last.lines.iter().find(|l| l.starts_with("Why:")).unwrap();
                let own = (q.due as usize..end).any(|e| {
                    matches!(app.replay.events().at(e), Event::Mcts(Mcts::Backup { node, .. }) if node == q.node)
                });
                assert!(own);
                assert!(
                    why.contains(&format!("Backup at node {} (", q.node))
                        || (q.node == 0 && why.contains("Backup at the root (")),
                    "{}: {why}",
                    lesson.name
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
}
