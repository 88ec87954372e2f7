//! Monte Carlo lessons: a preset's stated tree and script reach the core (the run, the
//! recording and the facts all start from them), bad stated trees are refused at load with one
//! line naming the file, the preset and the rule, and the seed's UCB1 and back-propagation
//! figures are computed here from the formula and the incoming-mover rule, independently of
//! the project, and compared with what the runs recorded.

use std::process::Command;

use prune::event::Mcts;
use prune::index::Recorded;
use prune::lesson::{Lesson, Overrides};
use prune::trace::Event;

fn record(lesson: &Lesson, run: &str) -> Recorded {
    let setup = lesson.setup(Some(run), &Overrides::default()).unwrap();
    prune::index::record(lesson, &setup).unwrap_or_else(|e| panic!("{run}: {e}"))
}

/// The test's own UCB1: wins per visit plus C·sqrt(ln N(parent) / n), natural log.
fn ucb1(wins: f64, n: f64, parent: f64, c: f64) -> f64 {
    wins / n + c * (parent.ln() / n).sqrt()
}

/// The first child with the largest score (the seed's order of the children).
fn argmax(scores: &[f64]) -> usize {
    let mut best = 0;
    for (i, &s) in scores.iter().enumerate() {
        if s > scores[best] {
            best = i;
        }
    }
    best
}

/// The Monte Carlo node of the graph node labelled `label` in a recorded run.
fn node_of(lesson: &Lesson, rec: &Recorded, label: &str) -> u32 {
    let state = (0..lesson.graph.len() as u32)
        .find(|&s| lesson.graph.label(s) == Some(label))
        .unwrap_or_else(|| panic!("no node {label}"));
    let monte = &rec.index.monte;
    (0..monte.len() as u32)
        .find(|&id| monte.node(id).unwrap().state == state)
        .unwrap_or_else(|| panic!("{label} is not in the tree"))
}

/// The first selection event of the run: (event index, node, bonuses, chosen position).
fn first_selection(rec: &Recorded) -> (usize, u32, Vec<f64>, u16) {
    for (i, e) in rec.trace.events.iter().enumerate() {
        let e: Event = *std::borrow::Borrow::<Event>::borrow(&e);
        if let Event::Mcts(Mcts::Select {
            node,
            start,
            len,
            pos,
        }) = e
        {
            let b = rec.trace.bonuses[start as usize..start as usize + len as usize].to_vec();
            return (i, node, b, pos);
        }
    }
    panic!("no selection in the run")
}

/// Seed 004's table: parent 50, children 21/30, 7/12, 3/8. Its figures (1.211, 1.391, 1.364)
/// are C = √2; C = 2 taken literally gives 1.422, 1.725, 1.774; C = 0.5 gives 0.881, 0.869,
/// 0.725. The run's selection must score each child as the formula does and pick its argmax.
#[test]
fn ucb1_table_matches_the_formula_at_each_c() {
    let lesson = Lesson::open("004-mcts-ucb1-table").unwrap();
    let children = [(21.0, 30.0), (7.0, 12.0), (3.0, 8.0)];
    let cases: [(&str, f64, [f64; 3], usize); 3] = [
        ("C = sqrt2", 2f64.sqrt(), [1.211, 1.391, 1.364], 1),
        ("C = 2", 2.0, [1.422, 1.725, 1.774], 2),
        ("C = 0.5", 0.5, [0.881, 0.869, 0.725], 0),
    ];
    for (run, c, printed, chosen) in cases {
        let ours: Vec<f64> = children.iter().map(|&(w, n)| ucb1(w, n, 50.0, c)).collect();
        for (o, p) in ours.iter().zip(printed) {
            assert!(
                (o - p).abs() < 0.0005,
                "{run}: {o} is not {p} to three places"
            );
        }
        assert_eq!(argmax(&ours), chosen, "{run}");

        let rec = record(&lesson, run);
        let (step, node, bonuses, pos) = first_selection(&rec);
        assert_eq!(node, 0, "{run}: the root selects");
        assert_eq!(pos as usize, chosen, "{run}: the run selects another child");
        let rows = rec.index.monte.selection(node, step, &bonuses, pos);
        assert_eq!(rows.len(), 3);
        for (row, (&(w, n), o)) in rows.iter().zip(children.iter().zip(&ours)) {
            assert_eq!((row.counts.n, row.counts.u), (n as u32, (2.0 * w) as u32));
            assert!((row.ucb1 - o).abs() < 1e-12, "{run}: {} vs {o}", row.ucb1);
        }
        // The move played is the most visited child, first, whatever was selected.
        assert_eq!(rec.result().mv, 0, "{run}");
    }
}

/// A seed question: the preset, the parent's visits, (wins, visits) of A and B, and C.
type Question = (&'static str, f64, [(f64, f64); 2], f64);

/// The seed's questions: which child the formula selects, and the run with it.
#[test]
fn seed_questions_select_what_the_formula_selects() {
    let lesson = Lesson::open("004-mcts-ucb1-questions").unwrap();
    let cases: [Question; 5] = [
        ("16 visits, C = 1", 16.0, [(6.0, 12.0), (1.0, 4.0)], 1.0),
        ("40 visits, C = 2", 40.0, [(18.0, 30.0), (4.0, 10.0)], 2.0),
        (
            "40 visits, C = sqrt2",
            40.0,
            [(18.0, 30.0), (4.0, 10.0)],
            2f64.sqrt(),
        ),
        ("100 visits, C = 1", 100.0, [(54.0, 90.0), (4.0, 10.0)], 1.0),
        (
            "100 visits, C = 0.2",
            100.0,
            [(54.0, 90.0), (4.0, 10.0)],
            0.2,
        ),
    ];
    // What the seed's answers need: B at 16/C=1, Y (B) at 40/C=2, B at 100/C=1, A at C=0.2.
    let expected = [1, 1, 1, 1, 0];
    for ((run, parent, kids, c), want) in cases.into_iter().zip(expected) {
        let ours: Vec<f64> = kids.iter().map(|&(w, n)| ucb1(w, n, parent, c)).collect();
        assert_eq!(argmax(&ours), want, "{run}: the oracle");
        let rec = record(&lesson, run);
        let (step, node, bonuses, pos) = first_selection(&rec);
        assert_eq!(pos as usize, want, "{run}");
        let rows = rec.index.monte.selection(node, step, &bonuses, pos);
        for (row, o) in rows.iter().zip(&ours) {
            assert!((row.ucb1 - o).abs() < 1e-12, "{run}: {} vs {o}", row.ucb1);
        }
        // Played if stopped: A has the most visits before and after the iteration.
        assert_eq!(rec.result().mv, 0, "{run}");
    }
}

/// The incoming-mover rule, written here: a node's wins grow by the result for the player
/// who moved into it. The path root (White to move) → n1 (White's move) → n2 (Black's) → n3
/// (White's); the root counts for White. Results for White in half-wins: 0 a Black win, 1 a
/// draw.
#[test]
fn backprop_adds_wins_for_the_player_who_moved_in() {
    let lesson = Lesson::open("004-mcts-backprop").unwrap();
    // (label, the mover into it is White, stated visits, stated half-wins)
    let stated = [
        ("root", true, 2, 4),
        ("n1", true, 2, 4),
        ("n2", false, 1, 0),
    ];
    for (run, white_result) in [("Black wins", 0u32), ("draw", 1)] {
        let rec = record(&lesson, run);
        let end = rec.trace.events.len();
        for (label, white, n, u) in stated {
            let id = node_of(&lesson, &rec, label);
            let first = rec.index.monte.iterations()[0] as usize;
            let before = rec.index.monte.counts(id, first);
            assert_eq!((before.n, before.u), (n, u), "{run}: {label} as stated");
            let reward = if white {
                white_result
            } else {
                2 - white_result
            };
            let after = rec.index.monte.counts(id, end);
            assert_eq!((after.n, after.u), (n + 1, u + reward), "{run}: {label}");
        }
        let n3 = rec.index.monte.counts(node_of(&lesson, &rec, "n3"), end);
        assert_eq!((n3.n, n3.u), (1, white_result), "{run}: the new n3");
    }
    // The seed's a, b, c (12/8, 7/3, 2/1), Black wins: a 13/8, b 8/4, c 3/1 (answer 4).
    let rec = record(&lesson, "a, b, c");
    let end = rec.trace.events.len();
    for (label, n, wins) in [("n1", 13, 8), ("n2", 8, 4), ("n3", 3, 1), ("n4", 1, 1)] {
        let c = rec.index.monte.counts(node_of(&lesson, &rec, label), end);
        assert_eq!((c.n, c.u), (n, 2 * wins), "a, b, c: {label}");
    }
}

/// `prune run` and the recording start from the preset's stated tree: the root's visits are
/// the stated ones plus the iterations, and the trace states each given node.
#[test]
fn runs_start_from_the_stated_tree() {
    let lesson = Lesson::open("004-mcts-ucb1-table").unwrap();
    let setup = lesson.setup(Some("C = 2"), &Overrides::default()).unwrap();
    let plain = prune::run::plain(&lesson, &setup).unwrap();
    let summary = plain.mcts.as_ref().unwrap();
    assert_eq!(summary.root_n, 51);
    let visits: Vec<u32> = summary.children.iter().map(|c| c.n).collect();
    assert_eq!(visits, [30, 12, 9]);
    let trace = prune::run::recorded(&lesson, &setup).unwrap();
    let given: Vec<(u32, u32)> = trace
        .events
        .iter()
        .filter_map(|e| match *std::borrow::Borrow::<Event>::borrow(&e) {
            Event::Mcts(Mcts::Given { n, u, .. }) => Some((n, u)),
            _ => None,
        })
        .collect();
    assert_eq!(given, [(50, 0), (30, 42), (12, 14), (8, 6)]);

    // The tree is stated from the preset's start: another start is refused, in one line.
    let over = Overrides {
        start: Some(1),
        ..Overrides::default()
    };
    let e = lesson.setup(Some("C = 2"), &over).unwrap_err().to_string();
    assert!(e.contains("own start") && !e.contains('\n'), "{e}");

    // The command line runs the preset from the same tree: the third child is selected, so
    // it ends with 9 visits beside 30 and 12, and the first is played.
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(["run", "004-mcts-ucb1-table", "--run", "C = 2"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("move=first"), "{text}");
    let visits = |name: &str| {
        let row = text.lines().find(|l| l.starts_with(name)).unwrap_or("");
        row.split_whitespace()
            .nth(1)
            .and_then(|n| n.parse::<u32>().ok())
    };
    assert_eq!(
        (visits("first"), visits("second"), visits("third")),
        (Some(30), Some(12), Some(9)),
        "{text}"
    );
}

/// A lesson with one Monte Carlo preset on R → (a → a1 → a2, b → b1 → b2), the preset's
/// fields given.
fn lesson_text(preset: &str) -> String {
    format!(
        r#"{{"title": "t", "graph": {{"nodes": [
            {{"player": "MAX", "moves": [{{"child": 1}}, {{"child": 2}}], "label": "R"}},
            {{"player": "MIN", "moves": [{{"child": 3}}], "label": "a"}},
            {{"player": "MIN", "moves": [{{"child": 4}}], "label": "b"}},
            {{"player": "MAX", "moves": [{{"child": 5}}], "label": "a1"}},
            {{"player": "MAX", "moves": [{{"child": 6}}], "label": "b1"}},
            {{"player": "MIN", "score": 1, "label": "a2"}},
            {{"player": "MIN", "score": -1, "label": "b2"}}
        ]}},
        "runs": [{{"name": "stated", "depth": 2, "algorithm": "mcts", "iterations": 2, {preset}}}]}}"#
    )
}

fn refusal(preset: &str) -> String {
    let err = Lesson::parse("bad.json", &lesson_text(preset))
        .expect_err("the lesson should be refused")
        .to_string();
    assert!(!err.contains('\n'), "one line: {err}");
    assert!(err.contains("bad.json"), "names the file: {err}");
    assert!(err.contains("stated"), "names the preset: {err}");
    err
}

#[test]
fn inconsistent_stated_trees_are_refused_at_load() {
    // A child with more visits than its parent.
    let e = refusal(r#""given": [{"path": [], "n": 5, "u": 0}, {"path": ["a"], "n": 6, "u": 1}]"#);
    assert!(
        e.contains("[a]") && e.contains("more than its parent"),
        "{e}"
    );
    // More wins than visits.
    let e =
        refusal(r#""given": [{"path": [], "n": 5, "u": 0}, {"path": ["a"], "n": 3, "u": 3.5}]"#);
    assert!(e.contains("half-wins"), "{e}");
    // Children's visits past their parent's.
    let e = refusal(
        r#""given": [{"path": [], "n": 5, "u": 0}, {"path": ["a"], "n": 3, "u": 1}, {"path": ["b"], "n": 3, "u": 1}]"#,
    );
    assert!(e.contains("together"), "{e}");
    // A path that does not exist.
    let e = refusal(r#""given": [{"path": ["a", "b1"], "n": 1, "u": 0}]"#);
    assert!(e.contains("does not exist") && e.contains("b1"), "{e}");
    // Wins that are not whole or half.
    let e = refusal(r#""given": [{"path": ["a"], "n": 1, "u": 0.25}]"#);
    assert!(e.contains("a half"), "{e}");
    // A script shorter than the iterations.
    let e = refusal(r#""playout": "scripted", "script": ["MAX"]"#);
    assert!(e.contains("every iteration"), "{e}");
    // A script that a random playout would never read.
    let e = refusal(r#""script": ["MAX", "MIN"]"#);
    assert!(e.contains("\"playout\": \"scripted\""), "{e}");
    // A script word that is not a result.
    let e = refusal(r#""playout": "scripted", "script": ["MAX", "White"]"#);
    assert!(e.contains("not a result"), "{e}");
}

#[test]
fn stated_trees_need_a_monte_carlo_run_of_two_players() {
    // A stated tree on a preset that is not Monte Carlo.
    let text = lesson_text(r#""given": [{"path": ["a"], "n": 1, "u": 0}]"#)
        .replace(r#""algorithm": "mcts", "iterations": 2, "#, "");
    let e = Lesson::parse("bad.json", &text).unwrap_err().to_string();
    assert!(
        e.contains("stated") && e.contains("needs \"algorithm\": \"mcts\""),
        "{e}"
    );
    // Monte Carlo settings on a game of several players.
    let several = r#"{"title": "t", "graph": {"players": ["A", "B", "C"], "nodes": [
        {"player": "A", "moves": [{"child": 1}]},
        {"player": "B", "score": [1, 2, 3]}
    ]}, "runs": [{"name": "stated", "depth": 1, "algorithm": "mcts", "iterations": 2}]}"#;
    let e = Lesson::parse("bad.json", several).unwrap_err().to_string();
    assert!(
        !e.contains('\n') && e.contains("bad.json") && e.contains("stated"),
        "{e}"
    );
    assert!(e.contains("players"), "{e}");
}

/// A good stated tree loads, and its scripted results reach the run. Root 4 visits, a 1 win
/// in 2, b 0.5 in 2 (C = √2): the first iteration selects a (same bonus, better rate),
/// expands a1 and MIN wins (a gains nothing); then a scores 1/3 + √2·sqrt(ln 5 / 3) ≈ 1.369
/// and b 1/4 + √2·sqrt(ln 5 / 2) ≈ 1.519, so b is selected, b1 expanded, and the draw adds
/// half a win to b and to the root (which counts for MAX).
#[test]
fn scripted_results_reach_the_run() {
    let text = lesson_text(
        r#""playout": "scripted", "script": ["MIN", "draw"], "given": [{"path": [], "n": 4, "u": 1.5}, {"path": ["a"], "n": 2, "u": 1}, {"path": ["b"], "n": 2, "u": 0.5}]"#,
    );
    let lesson = Lesson::parse("good.json", &text).unwrap();
    let (a, b) = (
        ucb1(1.0, 3.0, 5.0, 2f64.sqrt()),
        ucb1(0.25 * 2.0, 2.0, 5.0, 2f64.sqrt()),
    );
    assert!(b > a, "the oracle selects b in the second iteration");
    let rec = record(&lesson, "stated");
    let summary = rec.result().mcts.as_ref().unwrap();
    // Half-wins: the root's 3 stated, 0 for MIN's win, 1 for the draw.
    assert_eq!((summary.root_n, summary.root_u), (6, 4));
    let kids: Vec<(u32, u32)> = summary.children.iter().map(|c| (c.n, c.u)).collect();
    assert_eq!(kids, [(3, 2), (3, 2)]);
}

/// The Monte Carlo facts can fail: a lesson that states the seed's √2 figure for the third
/// child under a literal C = 2, or the wrong selected child, or a count the iteration did not
/// give, is caught by the fact checker.
#[test]
fn a_wrong_monte_carlo_figure_is_caught() {
    let mut lesson = Lesson::open("004-mcts-ucb1-table").unwrap();
    let wrong: Vec<prune::lesson::facts::FactSpec> = serde_json::from_value(serde_json::json!([
        {"run": "C = 2", "what": "ucb1", "node": "third", "equals": 1.364},
        {"run": "C = 2", "what": "selected", "node": "R", "equals": "second"},
        {"run": "C = 2", "what": "visits", "node": "third", "equals": 8},
        {"run": "C = 2", "what": "wins", "node": "first", "iteration": 0, "equals": 10.5}
    ]))
    .unwrap();
    lesson.spec.facts = wrong;
    let caught = prune::practice::check::check_facts(&lesson).unwrap();
    assert_eq!(caught.len(), 4, "{caught:#?}");
    assert!(caught[0].contains("1.774"), "{}", caught[0]);
    assert!(caught[1].contains("third"), "{}", caught[1]);
    assert!(caught[2].contains('9'), "{}", caught[2]);
    assert!(
        caught[3].contains("21") || caught[3].contains("10.5"),
        "{}",
        caught[3]
    );
}

/// Monte Carlo narration numbers a node once (issue 34.5): by its number in the search's
/// tree, with its position's label, never with the input's own number beside it ("node 4
/// (second-end (5))"); and a finished game just added by this iteration's expansion is not
/// said to have "no expansion" (004-mcts-ucb1-table: expansion adds node 4, second-end, a
/// finished game, at the step before).
#[test]
fn monte_carlo_narration_numbers_a_node_once_and_never_denies_its_expansion() {
    use prune::replay::{Replay, ReplayState};
    let mut known_new = 0;
    for lesson in Lesson::builtins().unwrap() {
        if !lesson.name.starts_with("004-mcts") {
            continue;
        }
        for preset in &lesson.spec.runs {
            let replay = Replay::new(record(&lesson, &preset.name));
            let catalog = replay.catalog();
            let mut st = ReplayState::default();
            let mut expanded = Vec::new();
            for _ in 0..replay.len().min(3000) {
                let event = replay.events().at(st.step);
                replay.apply(&mut st);
                let said = prune::replay::narrate::narrate(&replay, &st, &|_| None);
                let at = format!("{} / {} step {}: {said}", lesson.name, preset.name, st.step);
                for (id, n) in replay.index().monte.nodes_at(st.step) {
                    let twice = format!("({} ({}))", catalog.name(n.state), n.state);
                    assert!(!said.contains(&twice), "{at}: node {id} as {twice}");
                }
                match event {
                    Event::Mcts(Mcts::Iteration { .. }) => expanded.clear(),
                    Event::Mcts(Mcts::Expand { node, .. }) => expanded.push(node),
                    Event::Mcts(Mcts::Known { node, .. }) if expanded.contains(&node) => {
                        known_new += 1;
                        assert!(!said.contains("no expansion"), "{at}");
                        assert!(said.contains("no playout"), "{at}");
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(known_new >= 1, "{known_new}");
}
