//! "Why?" chains (issue 24.2) on every built-in lesson and preset: for every skipped node and
//! every stored entry there is an answer; every chain ends at a recorded step; every step a
//! chain names exists, comes no later than the decision it explains, and its sentence states
//! the numbers the event at that step carries (read here from the event, not from the chain).
//! The solver's presets (Connect Four) are walked too: a window narrowed before any move is a
//! step a chain names, and where it closed the window, the step the chain rests on.

use prune::event::{Bound, Chance, Mcts, Scout};
use prune::index::why::{Answer, Question, why_played, why_selected};
use prune::index::{NodeKind, Recorded};
use prune::lesson::{Lesson, Overrides};
use prune::trace::Event;
use prune::value::Units;

/// The numbers an event carries that a sentence about it must state, written out here.
fn numbers(u: &Units, e: Event) -> Vec<String> {
    let sc = |v: i32| u.sc(v);
    match e {
        Event::Enter { alpha, beta, .. } => vec![sc(alpha), sc(beta)],
        Event::Return { value, .. } => vec![sc(value)],
        Event::Bound(b) => match b {
            Bound::Cutoff { alpha, beta, .. } | Bound::Window { alpha, beta, .. } => {
                vec![sc(alpha), sc(beta)]
            }
            Bound::Best { value, .. }
            | Bound::Read { value, .. }
            | Bound::StandPat { value, .. }
            | Bound::Store { value, .. } => vec![sc(value)],
            Bound::Probe { found, .. } => found.map(|e| sc(e.value)).into_iter().collect(),
            Bound::Narrow { alpha, beta, .. } => vec![sc(alpha), sc(beta)],
            Bound::Split { lo, hi, probe } => vec![sc(lo), sc(hi), sc(probe)],
            Bound::Settled { .. } | Bound::Filtered { .. } => Vec::new(),
        },
        Event::Chance(Chance::Average { sum, .. }) => vec![sc(sum)],
        Event::Chance(Chance::Interval { lo, hi, .. }) => vec![sc(lo), sc(hi)],
        Event::Scout(Scout::NullWindow { alpha, beta, .. }) => vec![sc(alpha), sc(beta)],
        Event::Mcts(Mcts::Backup { n, .. }) => vec![format!("{n} visits")],
        _ => Vec::new(),
    }
}

/// The event kinds a chain may rest on: where a value was read, found or summed.
fn is_source(e: Event) -> bool {
    matches!(
        e,
        Event::Bound(
            Bound::Read { .. }
                | Bound::StandPat { .. }
                | Bound::Probe { .. }
                | Bound::Store { .. }
                // A solver's call whose window its narrowing closed: the bound that closed it.
                | Bound::Narrow { .. }
        ) | Event::Chance(_)
            // A window that came closed from the root (a wrong variant's) rests on the
            // root's entry.
            | Event::Enter { .. }
    )
}

fn check(rec: &Recorded, u: &Units, a: &Answer, what: &str) {
    let events = &rec.trace.events;
    assert!(!a.links.is_empty(), "{what}: {} has no links", a.title);
    assert!((a.at as usize) < events.len(), "{what}: decided at no step");
    assert_eq!(
        a.links[0].step, a.at,
        "{what}: the first link is the decision"
    );
    for l in &a.links {
        let e = events
            .get(l.step as usize)
            .unwrap_or_else(|| panic!("{what}: step {} is not in the trace", l.step));
        assert!(l.step <= a.at, "{what}: {} names a later step", l.text);
        for n in numbers(u, e) {
            assert!(
                l.text.contains(&n),
                "{what}: '{}' does not state {n} of step {} ({e:?})",
                l.text,
                l.step
            );
        }
    }
}

#[test]
fn every_chain_names_recorded_steps_and_their_numbers() {
    let (mut skipped, mut stored, mut others) = (0, 0, 0);
    for lesson in Lesson::builtins().unwrap() {
        for preset in &lesson.spec.runs {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let rec = prune::index::record(&lesson, &setup).unwrap();
            let u = rec.trace.header.units();
            let what = format!("{} / {}", lesson.name, preset.name);
            if setup.options.family().samples() {
                others += check_monte(&rec, &u, &what);
                continue;
            }
            let tree = rec.tree();
            // A whole game tree's calls are many; its first calls and their stubs are enough.
            let calls = tree.calls().min(3000);
            let stores = (0..calls).filter(|&c| {
                let n = tree.get(c);
                n.exit != prune::index::NONE
                    && rec.trace.events.at(n.exit as usize - 1).stored().is_some()
            });
            for c in stores {
                if !setup.options.family().has_window() {
                    continue;
                }
                let a = tree
                    .why_flag(&u, c)
                    .unwrap_or_else(|| panic!("{what}: call {c}"));
                check(&rec, &u, &a, &what);
                assert_eq!(a.question, Question::Flag);
                let last = rec.trace.events.at(a.links.last().unwrap().step as usize);
                assert!(is_source(last), "{what}: {} ends at {last:?}", a.title);
                stored += 1;
            }
            for c in 0..calls {
                for kid in tree.children(c) {
                    if tree.get(kid).kind != NodeKind::Skipped {
                        continue;
                    }
                    let a = tree.why_skipped(&u, kid).expect("a skipped node's answer");
                    check(&rec, &u, &a, &what);
                    let last = rec.trace.events.at(a.links.last().unwrap().step as usize);
                    assert!(is_source(last), "{what}: {} ends at {last:?}", a.title);
                    skipped += 1;
                }
                for a in tree.why(&u, c) {
                    check(&rec, &u, &a, &what);
                    others += 1;
                }
            }
        }
    }
    // Every family's lessons have skips and stores to explain.
    assert!(
        skipped > 100 && stored > 1000 && others > 1000,
        "{skipped} {stored} {others}"
    );
}

/// Every selection of a Monte Carlo run, and its move played.
fn check_monte(rec: &Recorded, u: &Units, what: &str) -> usize {
    let mut n = 0;
    for (i, e) in rec.trace.events.iter().enumerate().take(20_000) {
        if let Event::Mcts(Mcts::Select { .. }) = e {
            let a = why_selected(&rec.index, &rec.trace, i as u32).expect("an answer");
            assert_eq!(a.links[0].step, i as u32);
            for l in &a.links[1..] {
                // Each child's counts come from the backup that set them, before the selection.
                assert!(l.step < i as u32, "{what}: {}", l.text);
                check_link_numbers(rec, u, &l.text, l.step, what);
            }
            n += 1;
        }
    }
    if let Some(a) = why_played(&rec.index, &rec.trace) {
        assert!(!a.links.is_empty());
        for l in &a.links {
            check_link_numbers(rec, u, &l.text, l.step, what);
        }
        n += 1;
    }
    n
}

fn check_link_numbers(rec: &Recorded, u: &Units, text: &str, step: u32, what: &str) {
    for n in numbers(u, rec.trace.events.at(step as usize)) {
        assert!(text.contains(&n), "{what}: '{text}' does not state {n}");
    }
}

/// Negamax: every child's window is its parent's negated and swapped, and the chain says so
/// with the parent's window at the push (checked here against the child's own `Enter`).
#[test]
fn negamax_windows_are_said_negated_and_swapped() {
    let lesson = Lesson::open("002-negamax-two-branch").unwrap();
    let setup = lesson
        .setup(Some("negamax"), &Overrides::default())
        .unwrap();
    let rec = prune::index::record(&lesson, &setup).unwrap();
    let u = rec.trace.header.units();
    let tree = rec.tree();
    let mut seen = 0;
    for c in 1..tree.calls() {
        let n = tree.get(c);
        let a = tree.why_window(&u, c).unwrap();
        assert!(a.title.contains("negamax"), "{}", a.title);
        let first = &a.links[0].text;
        // The parent's window at the push, as the sentence states it, is (−β, −α) of the
        // child's.
        let parent = format!("({}, {})", u.sc(-n.beta), u.sc(-n.alpha));
        assert!(
            first.contains(&format!("window {parent} negated and swapped")),
            "{first}"
        );
        seen += 1;
    }
    assert!(seen > 3);
}

/// Connect Four's solver stages narrow a call's window before its moves (the score it can
/// still reach, a bound the table kept). A first child's window is passed from that narrowed
/// window: its chain names the narrowing step (found here by scanning the parent's events),
/// and a call the narrowing closed rests its value on that step.
#[test]
fn a_window_narrowed_before_the_moves_is_in_the_chain() {
    let (mut passed, mut closed) = (0, 0);
    for lesson in Lesson::builtins().unwrap() {
        for preset in lesson.spec.runs.iter().filter(|p| p.stage.is_some()) {
            let setup = lesson
                .setup(Some(&preset.name), &Overrides::default())
                .unwrap();
            let rec = prune::index::record(&lesson, &setup).unwrap();
            let (u, tree, events) = (rec.trace.header.units(), rec.tree(), &rec.trace.events);
            let what = format!("{} / {}", lesson.name, preset.name);
            for c in 0..tree.calls().min(3000) {
                let n = tree.get(c);
                if n.kind != NodeKind::Call {
                    continue;
                }
                // The parent's last narrowing before this first child, nothing after it.
                let first = tree.children(c).next();
                let end = first.map_or(n.exit, |k| tree.get(k).enter);
                if end == prune::index::NONE {
                    continue;
                }
                let narrow = (n.enter..end).rev().find(|&i| {
                    matches!(
                        events.at(i as usize),
                        Event::Bound(Bound::Narrow { .. } | Bound::Window { .. }) | Event::Scout(_)
                    )
                });
                let Some(i) = narrow else { continue };
                let Event::Bound(Bound::Narrow { alpha, beta, .. }) = events.at(i as usize) else {
                    continue;
                };
                match first {
                    Some(k) if tree.get(k).kind == NodeKind::Call => {
                        let a = tree.why_window(&u, k).unwrap();
                        assert!(
                            a.links.iter().any(|l| l.step == i),
                            "{what}: {} does not name step {i}",
                            a.title
                        );
                        passed += 1;
                    }
                    None if alpha >= beta && n.exit != prune::index::NONE => {
                        // Closed: asked of the parent, the chain of its return ends there.
                        if n.parent == prune::index::NONE {
                            continue;
                        }
                        let p = tree.get(n.parent);
                        let Some(a) = tree.why_chosen(&u, n.parent) else {
                            continue;
                        };
                        if p.best_mv != n.mv {
                            continue;
                        }
                        let last = a.links.iter().find(|l| l.step == i);
                        assert!(last.is_some(), "{what}: {} does not rest on {i}", a.title);
                        closed += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(passed > 20, "{passed} windows passed from a narrowing");
    assert!(closed > 0, "no chain rests on a closing narrowing");
}
