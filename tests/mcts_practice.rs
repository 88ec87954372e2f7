//! Monte Carlo practice kinds: every generated problem is gradable, the right answer is
//! accepted and the usual wrong ones are not; the seed's items give the answers worked out
//! here from the seed's own figures, and every answer of a generated problem is worked out
//! again from the problem's stated tree by this file's own reading of seed 004's rules.

use prune::game::graph::{GraphSpec, Score};
use prune::practice::mcts_items::{generate, seed_items};
use prune::practice::mcts_kinds::{MctsAnswer, MctsKind, MctsProblem};

/// A root child as stated: label, N, U in half-wins (`None` when it has no node).
fn root_children(p: &MctsProblem) -> Vec<(String, Option<(u32, u32)>)> {
    let g: &GraphSpec = &p.graph;
    let root = &g.nodes[0];
    root.moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let child = m.child.as_u64().unwrap() as usize;
            let label = g.nodes[child].label.clone().unwrap();
            let stated = (p.prior.nodes.iter())
                .find(|n| n.path == [i as u16])
                .map(|n| (n.n, n.u));
            (label, stated)
        })
        .collect()
}

fn root_n(p: &MctsProblem) -> u32 {
    p.prior.nodes.iter().find(|n| n.path.is_empty()).unwrap().n
}

fn ucb1(n: u32, u_halves: u32, parent: u32, c: f64) -> f64 {
    (u_halves as f64 / 2.0) / n as f64 + c * ((parent as f64).ln() / n as f64).sqrt()
}

/// Selection at the root: the first child with no node, else the first largest UCB1.
fn selected(p: &MctsProblem) -> String {
    let kids = root_children(p);
    if let Some((l, _)) = kids.iter().find(|k| k.1.is_none()) {
        return l.clone();
    }
    let parent = root_n(p);
    let mut best: Option<(String, f64)> = None;
    for (l, s) in &kids {
        let (n, u) = s.unwrap();
        let v = ucb1(n, u, parent, p.c);
        if best.as_ref().is_none_or(|b| v > b.1) {
            best = Some((l.clone(), v));
        }
    }
    best.unwrap().0
}

/// The most visited stated root child, the first on a tie.
fn most_visited(p: &MctsProblem) -> String {
    let mut best: Option<(String, u32)> = None;
    for (l, s) in root_children(p) {
        let n = s.map_or(0, |s| s.0);
        if best.as_ref().is_none_or(|b| n > b.1) {
            best = Some((l, n));
        }
    }
    best.unwrap().0
}

/// The child with the largest UCB1 among the visited ones (the usual wrong "played" answer).
fn highest_ucb1(p: &MctsProblem) -> String {
    let parent = root_n(p);
    let mut best: Option<(String, f64)> = None;
    for (l, s) in root_children(p) {
        let Some((n, u)) = s else { continue };
        let v = ucb1(n, u, parent, p.c);
        if best.as_ref().is_none_or(|b| v > b.1) {
            best = Some((l, v));
        }
    }
    best.unwrap().0
}

/// The backup of a path problem: (label, N, U half-wins) after one iteration, by the
/// incoming-mover rule worked out here; `bug` rewards MAX's result at every node instead
/// (the classic mistake).
fn backed_up(p: &MctsProblem, bug: bool) -> Vec<(String, u32, u32)> {
    let g = &p.graph;
    // Follow the single chain of stated nodes from the root.
    let mut at = 0usize;
    let mut max_moved_in = Vec::new();
    let mut out = Vec::new();
    let mut max_to_move = true;
    for given in p.prior.nodes.iter().filter(|n| !n.path.is_empty()) {
        at = g.nodes[at].moves[0].child.as_u64().unwrap() as usize;
        max_moved_in.push(max_to_move);
        max_to_move = !max_to_move;
        out.push((g.nodes[at].label.clone().unwrap(), given.n, given.u));
    }
    let last = &g.nodes[at];
    let result = if last.moves.is_empty() {
        match &last.score {
            Some(Score::One(v)) => match v.as_i64().unwrap() {
                v if v > 0 => 2,
                0 => 1,
                _ => 0,
            },
            _ => panic!("a finished game without a score"),
        }
    } else {
        p.prior.script[0] as u32
    };
    for ((_, n, u), max_in) in out.iter_mut().zip(max_moved_in) {
        *n += 1;
        *u += if max_in || bug { result } else { 2 - result };
    }
    out
}

fn counts_text(rows: &[(String, u32, u32)]) -> String {
    rows.iter()
        .map(|(l, n, u)| format!("{l} {n} {}", *u as f64 / 2.0))
        .collect::<Vec<_>>()
        .join(", ")
}

fn accepted(p: &MctsProblem, text: &str) -> bool {
    p.grade(text).unwrap().correct
}

/// Every kind's right answer as worked out here, and the checks that the grader takes it
/// and turns down the usual mistakes.
fn check(p: &MctsProblem) {
    let ctx = format!("{} {}: {}", p.id, p.kind.name(), p.question);
    let answer = p.answer().unwrap_or_else(|e| panic!("{ctx}: {e}"));
    match p.kind {
        MctsKind::Ucb1 => {
            let asked = &p.ask[0];
            let (_, s) = root_children(p)
                .into_iter()
                .find(|k| k.0 == *asked)
                .unwrap();
            let (n, u) = s.unwrap();
            let want = ucb1(n, u, root_n(p), p.c);
            let MctsAnswer::Number(got) = answer else {
                panic!("{ctx}")
            };
            assert!((got - want).abs() < 1e-9, "{ctx}: {got} vs {want}");
            assert!(accepted(p, &format!("{want:.3}")), "{ctx}");
            assert!(accepted(p, &format!("{:.4}", want + 0.0004)), "{ctx}");
            assert!(!accepted(p, &format!("{:.4}", want + 0.0007)), "{ctx}");
            // The mean alone, the log in base 10, and half-wins read as wins.
            let mean = u as f64 / 2.0 / n as f64;
            let log10 = mean + p.c * ((root_n(p) as f64).log10() / n as f64).sqrt();
            let halves = u as f64 / n as f64 + p.c * ((root_n(p) as f64).ln() / n as f64).sqrt();
            for wrong in [mean, log10, halves] {
                if (wrong - want).abs() > 0.001 {
                    let v = p.grade(&format!("{wrong:.3}")).unwrap();
                    assert!(!v.correct, "{ctx}: {wrong}");
                    assert!(v.why.contains("sqrt(ln"), "{}", v.why);
                }
            }
        }
        MctsKind::Select => {
            let want = selected(p);
            assert_eq!(answer, MctsAnswer::Child(want.clone()), "{ctx}");
            assert!(accepted(p, &want), "{ctx}");
            assert!(accepted(p, &want.to_lowercase()), "{ctx}");
            let most = most_visited(p);
            if most != want {
                let v = p.grade(&most).unwrap();
                assert!(!v.correct, "{ctx}");
                assert!(v.why.contains(&want), "{}", v.why);
            }
        }
        MctsKind::Played => {
            let want = most_visited(p);
            assert_eq!(answer, MctsAnswer::Child(want.clone()), "{ctx}");
            assert!(accepted(p, &want), "{ctx}");
            let high = highest_ucb1(p);
            if high != want {
                let v = p.grade(&high).unwrap();
                assert!(!v.correct, "{ctx}");
                assert!(v.why.contains("most visits"), "{}", v.why);
            }
        }
        MctsKind::Backup => {
            let want = backed_up(p, false);
            assert_eq!(answer, MctsAnswer::Counts(want.clone()), "{ctx}");
            assert!(accepted(p, &counts_text(&want)), "{ctx}");
            // Numbers alone, in the order asked.
            let bare: Vec<String> = (want.iter())
                .map(|(_, n, u)| format!("{n} {}", *u as f64 / 2.0))
                .collect();
            assert!(accepted(p, &bare.join(" ")), "{ctx}");
            let bug = backed_up(p, true);
            if bug != want {
                let v = p.grade(&counts_text(&bug)).unwrap();
                assert!(!v.correct, "{ctx}");
                assert!(v.why.contains("moved into"), "{}", v.why);
            }
            // Visits left as they were.
            let stale: Vec<(String, u32, u32)> = want
                .iter()
                .map(|(l, n, u)| (l.clone(), n - 1, *u))
                .collect();
            assert!(!accepted(p, &counts_text(&stale)), "{ctx}");
        }
    }
    // Something that is not an answer is read as such, not graded as wrong silently.
    let v = p.grade("").unwrap();
    assert!(!v.correct);
}

#[test]
fn generated_problems_of_every_kind_are_gradable_and_graded_right() {
    for kind in MctsKind::ALL {
        for seed in 1..=12u64 {
            for index in 0..3 {
                let p = generate(seed, index, kind).unwrap();
                assert_eq!(p.kind, kind);
                check(&p);
            }
        }
    }
}

#[test]
fn generation_is_reproducible() {
    for kind in MctsKind::ALL {
        let a = generate(5, 2, kind).unwrap();
        let b = generate(5, 2, kind).unwrap();
        assert_eq!(a.question, b.question);
        assert_eq!(a.prior, b.prior);
    }
}

fn item(id: &str) -> MctsProblem {
    seed_items()
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no item {id}"))
}

#[test]
fn the_seeds_items_give_the_answers_worked_out_from_the_seeds_figures() {
    // Line 1266: parent 16; A 6 wins in 12, B 1 in 4; C = 1.
    let a = 6.0 / 12.0 + (16f64.ln() / 12.0).sqrt();
    let b = 1.0 / 4.0 + (16f64.ln() / 4.0).sqrt();
    assert!(b > a); // 1.083 against 0.981: B is simulated next
    let p = item("seed-004-1266-mcts-ucb1");
    assert_eq!(p.answer().unwrap(), MctsAnswer::Number(b));
    assert!(p.grade("1.083").unwrap().correct);
    assert_eq!(
        item("seed-004-1266-mcts-select").answer().unwrap(),
        MctsAnswer::Child("B".into())
    );
    // Played: the most visited, A (12 against 4).
    assert_eq!(
        item("seed-004-1266-mcts-played").answer().unwrap(),
        MctsAnswer::Child("A".into())
    );
    // Line 1367: root 40; X 18 wins in 30, Y 4 in 10; C = 2.
    let x = 18.0 / 30.0 + 2.0 * (40f64.ln() / 30.0).sqrt();
    let y = 4.0 / 10.0 + 2.0 * (40f64.ln() / 10.0).sqrt();
    assert!(y > x);
    assert_eq!(
        item("seed-004-1367-mcts-select").answer().unwrap(),
        MctsAnswer::Child("Y".into())
    );
    assert_eq!(
        item("seed-004-1367-mcts-played").answer().unwrap(),
        MctsAnswer::Child("X".into())
    );
    assert_eq!(
        item("seed-004-1367-mcts-ucb1").answer().unwrap(),
        MctsAnswer::Number(x)
    );
    // Line 1588: root 100; A 54 in 90, B 4 in 10: B at C = 1, A at C = 0.2, A played.
    let at = |c: f64| {
        let a = 54.0 / 90.0 + c * (100f64.ln() / 90.0).sqrt();
        let b = 4.0 / 10.0 + c * (100f64.ln() / 10.0).sqrt();
        if b > a { "B" } else { "A" }
    };
    assert_eq!(at(1.0), "B");
    assert_eq!(at(0.2), "A");
    assert_eq!(
        item("seed-004-1588-c1").answer().unwrap(),
        MctsAnswer::Child(at(1.0).into())
    );
    assert_eq!(
        item("seed-004-1588-c02").answer().unwrap(),
        MctsAnswer::Child(at(0.2).into())
    );
    assert_eq!(
        item("seed-004-1588-mcts-played").answer().unwrap(),
        MctsAnswer::Child("A".into())
    );
    // Line 1148: an unvisited child is tried first.
    assert_eq!(
        item("seed-004-1148").answer().unwrap(),
        MctsAnswer::Child("C".into())
    );
    // Line 1577: White into a and c, Black into b, Black wins: a 13 8, b 8 4, c 3 1.
    let want = |rows: &[(&str, u32, f64)]| {
        MctsAnswer::Counts(
            rows.iter()
                .map(|&(l, n, u)| (l.to_string(), n, (u * 2.0) as u32))
                .collect(),
        )
    };
    let p = item("seed-004-1577");
    assert_eq!(
        p.answer().unwrap(),
        want(&[("a", 13, 8.0), ("b", 8, 4.0), ("c", 3, 1.0)])
    );
    assert!(p.grade("a: 13, 8; b: 8, 4; c: 3, 1").unwrap().correct);
    // The seed's distractor that rewards Black's win to every node is wrong.
    assert!(!p.grade("a 13 9, b 8 4, c 3 2").unwrap().correct);
    // Line 1137: a draw gives every node one visit and half a win (our starting counts).
    assert_eq!(
        item("seed-004-1137").answer().unwrap(),
        want(&[("n1", 10, 5.5), ("n2", 6, 2.5), ("n3", 3, 1.0)])
    );
    // Line 1356: Gold (who moved into v) wins: only v's U grows, by one.
    assert_eq!(
        item("seed-004-1356").answer().unwrap(),
        want(&[("u", 11, 4.5), ("v", 7, 4.5), ("w", 4, 1.0)])
    );
    // Line 1255: selection reaches a finished game (a MIN win) and backs it up.
    assert_eq!(
        item("seed-004-1255").answer().unwrap(),
        want(&[("p", 7, 4.0), ("q", 4, 2.0)])
    );
    for p in seed_items() {
        check(&p);
    }
}

#[test]
fn explanations_use_the_runs_numbers() {
    let p = item("seed-004-1266-mcts-ucb1");
    let v = p.grade("0.250").unwrap();
    assert!(!v.correct);
    // B: mean 1/4 = 0.250, bonus 1 × sqrt(ln 16 / 4) = 0.833, UCB1 1.083.
    assert!(v.why.contains("mean 1/4 = 0.250"), "{}", v.why);
    assert!(v.why.contains("= 0.833"), "{}", v.why);
    assert!(v.why.contains("= 1.083"), "{}", v.why);
    let v = item("seed-004-1266-mcts-select").grade("A").unwrap();
    assert!(
        v.why.contains("A 0.981") && v.why.contains("B 1.083"),
        "{}",
        v.why
    );
    let v = item("seed-004-1577").grade("a 13 9, b 8 4, c 3 2").unwrap();
    assert!(v.why.contains("a should be N = 13, U = 8"), "{}", v.why);
}

#[test]
fn the_practice_command_lists_grades_and_keys_monte_carlo_problems() {
    let prune = env!("CARGO_BIN_EXE_prune");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(prune)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    // The listing shows each generated problem's question, as the library generates it.
    let list = run(&["practice", "mcts", "--seed", "3", "--count", "4"]);
    for (i, kind) in MctsKind::ALL.into_iter().enumerate() {
        let p = generate(3, i as u64, kind).unwrap();
        assert!(
            list.contains(&format!("[{}] {}", p.id, kind.name())),
            "{list}"
        );
    }
    // Line 1266's UCB1 of B: 1/4 + sqrt(ln 16 / 4).
    let b = 0.25 + (16f64.ln() / 4.0).sqrt();
    let graded = run(&[
        "practice",
        "mcts",
        "--seed-items",
        "--answer",
        &format!("seed-004-1266-mcts-ucb1={b:.3}"),
        "--answer",
        "seed-004-1577=a 13 9, b 8 4, c 3 2",
    ]);
    assert!(
        graded.contains("seed-004-1266-mcts-ucb1: correct"),
        "{graded}"
    );
    assert!(
        graded.contains("seed-004-1577: wrong, the answer is a 13 8, b 8 4, c 3 1"),
        "{graded}"
    );
    let key = run(&[
        "practice",
        "mcts",
        "--seed-items",
        "--key",
        "--kinds",
        "mcts-played",
    ]);
    assert!(key.contains("answer: A"), "{key}");
    // Every line fits 80 columns.
    for text in [&list, &graded, &key] {
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }
}
