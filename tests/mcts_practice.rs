//! Monte Carlo practice kinds in the shared practice system: every generated problem (hundreds
//! of each kind) is gradable, the right answer worked out here from the problem's JSON alone
//! (`common/mcts_practice_oracle.rs`: UCB1 computed in the test, a tiny UCT step for the
//! backup) is accepted and the usual wrong ones are not, with the reasons the grader gives;
//! the seed's items give the answers worked out from the seed's own figures; the kinds go
//! through set files, answer files and the command line like every other kind.

#[path = "common/mcts_practice_oracle.rs"]
mod oracle;

use oracle::{
    backed_up, counts_text, highest_ucb1, most_visited, root_children, selected, stated, tree,
};
use prune::practice::{Kind, Problem, generate, lesson_problems, make_set};

const KINDS: [Kind; 4] = [
    Kind::MctsUcb1,
    Kind::MctsSelect,
    Kind::MctsBackup,
    Kind::MctsPlayed,
];

fn accepted(p: &Problem, text: &str) -> bool {
    p.grade(text).unwrap().correct
}

/// Every kind's right answer as worked out here, and the checks that the grader takes it
/// and turns down the usual mistakes with the reason.
fn check(p: &Problem) {
    let ctx = format!("{} {}: {}", p.item.id, p.item.kind.name(), p.item.question);
    let t = tree(p);
    let s = stated(p);
    let right = oracle::answer(p);
    let v = p.grade(&right).unwrap();
    assert!(
        v.correct,
        "{ctx}: oracle `{right}`, grader {} ({})",
        v.expected, v.why
    );
    assert_eq!(v.expected, right, "{ctx}");
    match p.item.kind {
        Kind::MctsUcb1 => {
            let want = oracle::asked_ucb1(p, &s);
            assert!(accepted(p, &format!("{:.4}", want + 0.0004)), "{ctx}");
            assert!(!accepted(p, &format!("{:.4}", want + 0.0007)), "{ctx}");
            // The mean alone, the log in base 10, and half-wins read as wins.
            let asked = p.item.node.clone().unwrap();
            let (n, u) = s.counts(std::slice::from_ref(&asked)).unwrap();
            let parent = s.counts(&[]).unwrap().0 as f64;
            let mean = u as f64 / 2.0 / n as f64;
            let log10 = mean + s.c * (parent.log10() / n as f64).sqrt();
            let halves = u as f64 / n as f64 + s.c * (parent.ln() / n as f64).sqrt();
            for wrong in [mean, log10, halves] {
                if (wrong - want).abs() > 0.001 {
                    let v = p.grade(&format!("{wrong:.3}")).unwrap();
                    assert!(!v.correct, "{ctx}: {wrong}");
                    assert_eq!(v.node.as_deref(), Some(asked.as_str()));
                    assert!(v.why.contains("sqrt(ln"), "{}", v.why);
                    assert!(v.why.contains(&format!("UCB1 = {mean:.3} + ")), "{}", v.why);
                    assert_eq!(v.step, Some(1));
                }
            }
        }
        Kind::MctsSelect => {
            let want = selected(&t, &s);
            assert_eq!(right, want);
            assert!(accepted(p, &want.to_lowercase()), "{ctx}");
            let most = most_visited(&t, &s);
            if most != want {
                let v = p.grade(&most).unwrap();
                assert!(!v.correct, "{ctx}");
                assert_eq!(v.node.as_deref(), Some(want.as_str()));
                let unvisited = root_children(&t, &s).iter().any(|k| k.1.is_none());
                let reason = if unvisited {
                    "never been visited"
                } else {
                    "largest UCB1"
                };
                assert!(v.why.contains(reason), "{}", v.why);
            }
        }
        Kind::MctsPlayed => {
            let want = most_visited(&t, &s);
            assert_eq!(right, want);
            let high = highest_ucb1(&t, &s);
            if high != want {
                let v = p.grade(&high).unwrap();
                assert!(!v.correct, "{ctx}");
                assert!(v.why.contains("most visits"), "{}", v.why);
            }
        }
        _ => {
            let want = backed_up(&t, &s, false);
            // Numbers alone, in the order asked; names in another order and case.
            let bare: Vec<String> = (want.iter())
                .map(|(_, n, u)| format!("{n} {}", *u as f64 / 2.0))
                .collect();
            assert!(accepted(p, &bare.join(" ")), "{ctx}");
            let mut shuffled = want.clone();
            shuffled.reverse();
            let upper: Vec<(String, u32, u32)> = (shuffled.into_iter())
                .map(|(l, n, u)| (l.to_uppercase(), n, u))
                .collect();
            assert!(accepted(p, &counts_text(&upper)), "{ctx}");
            let bug = backed_up(&t, &s, true);
            if bug != want {
                let v = p.grade(&counts_text(&bug)).unwrap();
                assert!(!v.correct, "{ctx}");
                assert!(v.why.contains("moved into"), "{}", v.why);
            }
            // Visits left as they were.
            let stale: Vec<(String, u32, u32)> = (want.iter())
                .map(|(l, n, u)| (l.clone(), n - 1, *u))
                .collect();
            assert!(!accepted(p, &counts_text(&stale)), "{ctx}");
        }
    }
    for (line, node) in oracle::wrong(p) {
        let v = p.grade(&line).unwrap();
        assert!(!v.correct, "{ctx}: `{line}` accepted");
        assert_eq!(
            v.node.as_deref(),
            Some(node.as_str()),
            "{ctx}: `{line}`: {}",
            v.why
        );
    }
    // Something that is not an answer is read as such, not graded as wrong silently.
    let v = p.grade("").unwrap();
    assert!(!v.correct);
    assert!(v.why.contains("could not read"), "{}", v.why);
}

#[test]
fn hundreds_of_generated_problems_of_every_kind_are_graded_right() {
    let mut checked = 0;
    for kind in KINDS {
        for seed in 1..=50u64 {
            for index in 0..4 {
                let p = generate(seed, index, kind).unwrap();
                assert_eq!(p.item.kind, kind);
                check(&p);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 800);
}

#[test]
fn mixed_sets_hold_the_monte_carlo_kinds_and_the_same_seed_gives_the_same_set() {
    // A set over every kind cycles through the four Monte Carlo ones too.
    let all = make_set(4, 34, &[], false).unwrap();
    for kind in KINDS {
        let of_kind: Vec<&Problem> = all.iter().filter(|p| p.item.kind == kind).collect();
        assert_eq!(of_kind.len(), 2, "{kind:?}");
        for p in of_kind {
            check(p);
        }
    }
    let json = |s| {
        let set = make_set(s, 8, &KINDS, false).unwrap();
        serde_json::to_string(&set.iter().map(|p| &p.item).collect::<Vec<_>>()).unwrap()
    };
    assert_eq!(json(5), json(5));
    assert_ne!(json(5), json(6));
}

fn item(id: &str) -> Problem {
    lesson_problems()
        .unwrap()
        .into_iter()
        .find(|p| p.item.id == id)
        .unwrap_or_else(|| panic!("no item {id}"))
}

fn answer(id: &str) -> String {
    let p = item(id);
    let right = oracle::answer(&p);
    assert!(p.grade(&right).unwrap().correct, "{id}");
    p.grade("?").unwrap().expected
}

#[test]
fn the_seeds_items_give_the_answers_worked_out_from_the_seeds_figures() {
    // Line 708: a parent of 50; 21/30, 7/12, 3/8. The seed's totals 1.211, 1.391, 1.364 are
    // C = √2 in this form (its "C = 2" would give 1.422, 1.725, 1.774 and pick the third).
    let ln50 = 50f64.ln();
    let table = |c: f64| {
        [(21.0, 30.0), (7.0, 12.0), (3.0, 8.0)].map(|(u, n)| u / n + c * (ln50 / n).sqrt())
    };
    let sqrt2 = table(2f64.sqrt());
    assert_eq!(
        sqrt2.map(|x| format!("{x:.3}")),
        ["1.211", "1.391", "1.364"]
    );
    assert_eq!(
        table(2.0).map(|x| format!("{x:.3}")),
        ["1.422", "1.725", "1.774"]
    );
    assert_eq!(answer("seed-004-708-ucb1"), "1.391");
    assert_eq!(answer("seed-004-708-select"), "Second");
    // Line 717: C = 0.5 gives 0.881, 0.869, 0.725: the first child.
    let half = table(0.5);
    assert_eq!(half.map(|x| format!("{x:.3}")), ["0.881", "0.869", "0.725"]);
    assert_eq!(answer("seed-004-717-ucb1"), "0.725");
    assert_eq!(answer("seed-004-717-select"), "First");
    // Line 1266: parent 16; A 6 wins in 12, B 1 in 4; C = 1: B 1.083 against A 0.981.
    let b = 1.0 / 4.0 + (16f64.ln() / 4.0).sqrt();
    assert_eq!(answer("seed-004-1266-mcts-ucb1"), format!("{b:.3}"));
    assert_eq!(answer("seed-004-1266-mcts-ucb1"), "1.083");
    assert_eq!(answer("seed-004-1266-mcts-select"), "B");
    assert_eq!(answer("seed-004-1266-mcts-played"), "A");
    // Line 1367: root 40; X 18 wins in 30, Y 4 in 10; C = 2.
    let x = 18.0 / 30.0 + 2.0 * (40f64.ln() / 30.0).sqrt();
    assert_eq!(answer("seed-004-1367-mcts-ucb1"), format!("{x:.3}"));
    assert_eq!(answer("seed-004-1367-mcts-select"), "Y");
    assert_eq!(answer("seed-004-1367-mcts-played"), "X");
    // Line 1588: root 100; A 54 in 90, B 4 in 10: B at C = 1, A at C = 0.2, A played.
    assert_eq!(answer("seed-004-1588-c1"), "B");
    assert_eq!(answer("seed-004-1588-c02"), "A");
    assert_eq!(answer("seed-004-1588-mcts-played"), "A");
    // Line 1148: an unvisited child is tried first (D: C is the exploration constant).
    assert_eq!(answer("seed-004-1148"), "D");
    let q = item("seed-004-1148").item.question;
    assert!(q.contains("D never visited"), "{q}");
    // C names the constant alone: "C = √2", never a child.
    assert!(
        !q.contains("C never visited") && !q.contains("C with N"),
        "{q}"
    );
    // Line 1577: White into a and c, Black into b, Black wins: a 13 8, b 8 4, c 3 1.
    assert_eq!(answer("seed-004-1577"), "a 13 8, b 8 4, c 3 1");
    let p = item("seed-004-1577");
    assert!(p.grade("a: 13, 8; b: 8, 4; c: 3, 1").unwrap().correct);
    assert!(
        p.grade("a N = 13, U = 8; b N = 8 U = 4; c 3 1")
            .unwrap()
            .correct
    );
    // The seed's distractors: Black's win rewarded at every node, and no visit for a.
    assert!(!p.grade("a 13 9, b 8 4, c 3 2").unwrap().correct);
    assert!(!p.grade("a 12 8, b 7 3, c 3 2").unwrap().correct);
    // Line 1137: a draw gives every node one visit and half a win (our starting counts).
    assert_eq!(answer("seed-004-1137"), "n1 10 5.5, n2 6 2.5, n3 3 1");
    // Line 1356: Gold (who moved into v) wins: only v's U grows, by one.
    assert_eq!(answer("seed-004-1356"), "u 11 4.5, v 7 4.5, w 4 1");
    // Line 1255: selection reaches a finished game (a MIN win) and backs it up.
    assert_eq!(answer("seed-004-1255"), "p 7 4, q 4 2");
    let seeds: Vec<Problem> = (lesson_problems().unwrap().into_iter())
        .filter(|p| p.item.kind.is_mcts())
        .collect();
    assert_eq!(seeds.len(), 18);
    for p in &seeds {
        check(p);
    }
}

#[test]
fn explanations_use_the_runs_numbers() {
    let v = item("seed-004-1266-mcts-ucb1").grade("0.250").unwrap();
    assert!(!v.correct);
    // B: mean 1/4 = 0.250, bonus 1 × sqrt(ln 16 / 4) = 0.833, UCB1 1.083.
    assert!(v.why.contains("mean 1/4 = 0.250"), "{}", v.why);
    assert!(v.why.contains("sqrt(ln 16 / 4)"), "{}", v.why);
    assert!(v.why.contains("= 0.833"), "{}", v.why);
    assert!(v.why.contains("= 1.083"), "{}", v.why);
    assert_eq!(v.node.as_deref(), Some("B"));
    let v = item("seed-004-1266-mcts-select").grade("A").unwrap();
    assert!(
        v.why.contains("A 0.981") && v.why.contains("B 1.083"),
        "{}",
        v.why
    );
    assert!(v.why.contains("the most visited child, A"), "{}", v.why);
    let v = item("seed-004-1577").grade("a 13 9, b 8 4, c 3 2").unwrap();
    assert!(v.why.contains("a should be N = 13, U = 8"), "{}", v.why);
    // The incoming mover, from the trace: Black moved into b, which gains the win.
    assert!(
        v.why.contains("b (MIN moved into it) 7/3 → 8/4"),
        "{}",
        v.why
    );
    assert!(
        v.why.contains("a (MAX moved into it) 12/8 → 13/8"),
        "{}",
        v.why
    );
    let v = item("seed-004-1266-mcts-played").grade("B").unwrap();
    assert!(v.why.contains("A N = 12, B N = 4"), "{}", v.why);
}

/// Runs the binary; stdout.
fn prune(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(args)
        .env(
            "PRUNE_DATA_DIR",
            std::env::temp_dir().join("prune-mcts-practice-data"),
        )
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn sets_answer_files_and_traces_work_for_the_monte_carlo_kinds() {
    let dir = std::env::temp_dir().join(format!("prune-mcts-practice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let set = dir.join("set.json");
    let set_s = set.to_str().unwrap();
    prune(&[
        "practice",
        "export",
        "--seed",
        "3",
        "--count",
        "8",
        "--kinds",
        "mcts-ucb1,mcts-select,mcts-backup,mcts-played",
        "--lessons",
        "--out",
        set_s,
    ]);
    // The set reads back as the library made it, seed 004's items first.
    let problems = prune::practice::read_set(&set).unwrap();
    assert_eq!(problems.len(), 18 + 8);
    // An answer file with the oracle's answers, one of them wrong.
    let mut answers = serde_json::Map::new();
    for p in &problems {
        answers.insert(p.item.id.clone(), oracle::answer(p).into());
    }
    answers.insert("seed-004-1577".into(), "a 13 9, b 8 4, c 3 2".into());
    let file = dir.join("answers.json");
    std::fs::write(&file, serde_json::Value::Object(answers).to_string()).unwrap();
    let report = prune(&["practice", "grade", set_s, file.to_str().unwrap()]);
    assert!(report.contains("total: 25/26"), "{report}");
    assert!(
        report.contains("seed-004-1577: wrong at node a (see iteration 1 of run 'practice')"),
        "{report}"
    );
    // The key is the oracle's.
    let key: serde_json::Value = serde_json::from_str(&prune(&["practice", "key", set_s])).unwrap();
    for p in &problems {
        assert_eq!(key[&p.item.id], oracle::answer(p).as_str(), "{}", p.item.id);
    }
    // The cited step is iteration 1 of the run's trace: its path and its updates.
    let trace = prune(&["practice", "trace", set_s, "seed-004-1577"]);
    assert!(trace.contains("iter"), "{trace}");
    assert!(
        trace.contains("12/8→13/8 · 12/8→13/8 · 7/3→8/4 · 2/1→3/1"),
        "{trace}"
    );
    // `show` poses each with its settings.
    let show = prune(&["practice", "show", set_s]);
    assert!(
        show.contains("[Monte Carlo tree search (UCT), C = √2, 1 iteration, scripted playout]")
    );
    for line in show.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_monte_carlo_problem_fits_an_80_by_24_terminal() {
    let seeds = lesson_problems().unwrap();
    let generated = make_set(9, 40, &KINDS, false).unwrap();
    for p in seeds
        .iter()
        .filter(|p| p.item.kind.is_mcts())
        .chain(&generated)
    {
        let text = p.describe();
        assert!(text.lines().count() + 2 <= 24, "{}:\n{text}", p.item.id);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{}: {line}", p.item.id);
        }
    }
}
