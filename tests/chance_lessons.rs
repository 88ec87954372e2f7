//! The key figures of seed 004's chance-node lessons, worked out by hand (each test's comment
//! is the computation) and by a small exact expectiminimax written here over the lesson file's
//! raw JSON, then asserted against the recorded runs and against what the lesson files state.
//! Nothing here is pasted from the program's output.

use prune::index::{Recorded, record};
use prune::lesson::{Lesson, Overrides};
use serde_json::Value;

/// An exact fraction, reduced, with a positive denominator: this test's own arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        let g = gcd(n, d).max(1) * d.signum();
        Q(n / g, d / g)
    }
    fn int(n: i128) -> Q {
        Q(n, 1)
    }
    fn add(self, o: Q) -> Q {
        Q::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
    fn less(self, o: Q) -> bool {
        self.0 * o.1 < o.0 * self.1
    }
    /// "0.25", "1/36", "3" or a JSON number's text.
    fn parse(text: &str) -> Q {
        if let Some((n, d)) = text.split_once('/') {
            return Q::parse(n).mul(Q::parse(d).inv());
        }
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits: i128 = format!("{whole}{frac}").parse().unwrap();
        Q::new(digits, 10i128.pow(frac.len() as u32))
    }
    fn inv(self) -> Q {
        Q::new(self.1, self.0)
    }
}

fn q_of(v: &Value) -> Q {
    match v {
        Value::Number(n) => Q::parse(&n.to_string()),
        Value::String(s) => Q::parse(s),
        other => panic!("not a number: {other}"),
    }
}

/// The lesson file's own nodes, read as plain JSON (not through the project's graph).
fn nodes(stem: &str) -> Vec<Value> {
    let path = format!("{}/lessons/{stem}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let file: Value = serde_json::from_str(&text).unwrap();
    file["graph"]["nodes"].as_array().unwrap().clone()
}

fn label_of(nodes: &[Value], label: &str) -> usize {
    nodes.iter().position(|n| n["label"] == label).unwrap()
}

/// Expectiminimax by the textbook rule: a leaf's score, MAX's largest, MIN's smallest, a
/// chance node's probability-weighted sum (or its smallest when `chance_as_min`).
fn oracle(nodes: &[Value], s: usize, chance_as_min: bool) -> Q {
    let node = &nodes[s];
    let Some(moves) = node["moves"].as_array().filter(|m| !m.is_empty()) else {
        return q_of(&node["score"]);
    };
    let kids = moves.iter().map(|m| {
        let v = oracle(nodes, m["child"].as_u64().unwrap() as usize, chance_as_min);
        (v, &m["p"])
    });
    let pick = |better: fn(Q, Q) -> bool| {
        kids.clone()
            .map(|(v, _)| v)
            .reduce(|a, b| if better(b, a) { b } else { a })
            .unwrap()
    };
    match (node["player"].as_str().unwrap(), chance_as_min) {
        ("MAX", _) => pick(|b, a| a.less(b)),
        ("MIN", _) | ("CHANCE", true) => pick(|b, a| b.less(a)),
        _ => kids.fold(Q::int(0), |sum, (v, p)| sum.add(q_of(p).mul(v))),
    }
}

fn run(stem: &str, preset: &str) -> (Lesson, Recorded) {
    let lesson = Lesson::open(stem).unwrap();
    let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
    let rec = record(&lesson, &setup).unwrap();
    (lesson, rec)
}

/// A recorded value as a fraction: the trace stores value × scale.
fn recorded(rec: &Recorded, v: i32) -> Q {
    Q::new(v as i128, rec.trace.header.scale as i128)
}

/// The value the run's (first) call of `name` returned.
fn value_of(rec: &Recorded, name: &str) -> Q {
    let tree = rec.tree();
    let state = rec.catalog().find(name).unwrap();
    let call = tree.call_of(None, state, 1).unwrap();
    recorded(rec, tree.get(call).value)
}

/// The lesson states `want` as an exact fact for (run, node).
fn states(lesson: &Lesson, run: &str, node: Option<&str>, want: Q) {
    let fact = (lesson.spec.facts.iter())
        .find(|f| f.run == run && f.node.as_deref() == node && format!("{:?}", f.what) == "Exact")
        .unwrap_or_else(|| panic!("{}: no exact fact for {run} {node:?}", lesson.name));
    assert_eq!(q_of(&fact.equals), want, "{}: {run} {node:?}", lesson.name);
}

#[test]
fn coin_tree() {
    // L: MIN(3, 7) = 3 and MIN(8, 4) = 4; ½·3 + ½·4 = 7/2.
    // R: MIN(10, 1) = 1 and MIN(6, 5) = 5; ¼·1 + ¾·5 = 1/4 + 15/4 = 4. MAX plays R with 4.
    // Chance as MIN: L = min(3, 4) = 3, R = min(1, 5) = 1: MAX plays L with 3.
    let stem = "004-chance-coin";
    let g = nodes(stem);
    let (l, r) = (label_of(&g, "L"), label_of(&g, "R"));
    assert_eq!(oracle(&g, l, false), Q::new(7, 2));
    assert_eq!(oracle(&g, r, false), Q::int(4));
    assert_eq!(oracle(&g, 0, true), Q::int(3));
    assert_eq!(oracle(&g, r, true), Q::int(1));

    let (lesson, rec) = run(stem, "expectiminimax");
    assert_eq!(value_of(&rec, "L"), Q::new(7, 2));
    assert_eq!(value_of(&rec, "R"), Q::int(4));
    assert_eq!(recorded(&rec, rec.result().score), Q::int(4));
    assert_eq!(rec.result().mv, 1, "MAX plays R, its second move");
    states(&lesson, "expectiminimax", Some("L"), Q::new(7, 2));
    states(&lesson, "expectiminimax", None, Q::int(4));

    let (lesson, rec) = run(stem, "chance as MIN");
    assert_eq!(recorded(&rec, rec.result().score), Q::int(3));
    assert_eq!(rec.result().mv, 0, "MAX plays L");
    states(&lesson, "chance as MIN", Some("R"), Q::int(1));
}

#[test]
fn expectimax_against_minimax() {
    // Uniform replies: A = (4 + 9 + 6)/3 = 19/3, B = (2 + 15 + 13)/3 = 10,
    // C = (5 + 8 + 10)/3 = 23/3: expectimax plays B (its second move) with 10.
    // Replies as MIN: 4, 2, 5: minimax plays C (its third move) with 5.
    let stem = "004-chance-expectimax";
    let g = nodes(stem);
    let hand = [
        ("A", Q::new(19, 3)),
        ("B", Q::int(10)),
        ("C", Q::new(23, 3)),
    ];
    let (lesson, rec) = run(stem, "expectimax");
    for (name, v) in hand {
        assert_eq!(oracle(&g, label_of(&g, name), false), v, "{name}");
        assert_eq!(value_of(&rec, name), v, "{name}");
        states(&lesson, "expectimax", Some(name), v);
    }
    assert_eq!(recorded(&rec, rec.result().score), Q::int(10));
    assert_eq!(rec.result().mv, 1);

    let (lesson, rec) = run(stem, "minimax");
    assert_eq!(oracle(&g, 0, true), Q::int(5));
    assert_eq!(recorded(&rec, rec.result().score), Q::int(5));
    assert_eq!(rec.result().mv, 2);
    states(&lesson, "minimax", Some("C"), Q::int(5));
}

#[test]
fn chance_cutoff_interval() {
    // Utilities in [0, 10]; G1 (probability ½) is worth 2, so before G2 is seen the gamble lies
    // in [½·2 + ½·0, ½·2 + ½·10] = [1, 6]. 6 < 7 (the safe move): cut, G2 skipped, the gamble
    // returns 6 as an upper bound. Without pruning: G2 = min(9, 8) = 8, gamble = ½·2 + ½·8 = 5.
    let stem = "004-chance-cutoff";
    let g = nodes(stem);
    let half = Q::new(1, 2);
    let (lo, hi) = (
        half.mul(Q::int(2)).add(half.mul(Q::int(0))),
        half.mul(Q::int(2)).add(half.mul(Q::int(10))),
    );
    assert_eq!((lo, hi), (Q::int(1), Q::int(6)));
    assert!(hi.less(Q::int(7)));
    assert_eq!(oracle(&g, label_of(&g, "gamble"), false), Q::int(5));

    let (_, with) = run(stem, "chance pruning");
    let tree = with.tree();
    let gamble = with.catalog().find("gamble").unwrap();
    let call = tree.call_of(None, gamble, 1).unwrap();
    let intervals = prune::practice::chance::intervals(&with, call as usize);
    let got: Vec<(Q, Q)> = (intervals.iter())
        .map(|&(a, b)| (recorded(&with, a), recorded(&with, b)))
        .collect();
    assert_eq!(got, vec![(lo, hi)]);
    assert_eq!(value_of(&with, "gamble"), hi);
    assert_eq!(recorded(&with, with.result().score), Q::int(7));
    // Calls: root, safe, gamble, G1 with pruning; G2 and its two leaves more without.
    assert_eq!(tree.pass_calls(None).count(), 4);
    let skipped = prune::practice::chance::chance_skips(&with, None);
    assert_eq!(skipped.len(), 1);
    assert_eq!(with.name(skipped[0].child), "G2");

    let (_, without) = run(stem, "no pruning");
    assert_eq!(value_of(&without, "gamble"), Q::int(5));
    assert_eq!(without.tree().pass_calls(None).count(), 7);
    assert_eq!(without.result().mv, with.result().mv);
}

#[test]
fn backgammon_rolls() {
    // 6 doubles d-d move 4d pips: 4·(1 + … + 6) = 84 in all; the 15 other rolls a-b move a + b,
    // and each number is in 5 of them: 5·21 = 105. True odds: 84/36 + 105/18 = 7/3 + 35/6 =
    // 49/6. Each 1/21: (84 + 105)/21 = 9. Both sets of weights sum to 1.
    let stem = "004-chance-backgammon";
    let g = nodes(stem);
    for name in ["dice", "naive"] {
        let s = label_of(&g, name);
        let moves = g[s]["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 21);
        let sum = (moves.iter()).fold(Q::int(0), |t, m| t.add(q_of(&m["p"])));
        assert_eq!(sum, Q::int(1), "{name}");
    }
    assert_eq!(oracle(&g, label_of(&g, "dice"), false), Q::new(49, 6));
    assert_eq!(oracle(&g, label_of(&g, "naive"), false), Q::int(9));

    let (lesson, rec) = run(stem, "true odds");
    assert_eq!(recorded(&rec, rec.result().score), Q::new(49, 6));
    states(&lesson, "true odds", None, Q::new(49, 6));
    let (lesson, rec) = run(stem, "1/21 each");
    assert_eq!(recorded(&rec, rec.result().score), Q::int(9));
    states(&lesson, "1/21 each", None, Q::int(9));
}

/// The lessons' practice items: the exact value is accepted as a decimal or as a fraction,
/// a rounded decimal is not, and the feedback shows the weighted sum in written units.
#[test]
fn chance_practice_items_grade_exactly() {
    let lesson = Lesson::open("004-chance-expectimax").unwrap();
    let problems = prune::practice::problems_of(&lesson).unwrap();
    let a = problems
        .iter()
        .find(|p| p.item.node.as_deref() == Some("A"))
        .unwrap();
    // A = (4 + 9 + 6)/3 = 19/3.
    assert!(a.grade("19/3").unwrap().correct);
    assert!(a.grade("38/6").unwrap().correct);
    let rounded = a.grade("6.33").unwrap();
    assert!(!rounded.correct);
    assert_eq!(rounded.node.as_deref(), Some("A"));
    assert!(rounded.why.contains("1/3 × 4"), "{}", rounded.why);
    assert!(a.grade("six").unwrap().why.contains("not a number"));

    let coin = Lesson::open("004-chance-coin").unwrap();
    let l = &prune::practice::problems_of(&coin).unwrap()[0];
    // L = ½·3 + ½·4 = 7/2.
    for right in ["3.5", "7/2", "35/10"] {
        assert!(l.grade(right).unwrap().correct, "{right}");
    }

    // The cutoff lesson: only G2 is skipped (by the chance cutoff at the gamble).
    let cut = Lesson::open("004-chance-cutoff").unwrap();
    let skipped = &prune::practice::problems_of(&cut).unwrap()[0];
    assert!(skipped.grade("g2").unwrap().correct);
    let none = skipped.grade("-").unwrap();
    assert!(!none.correct);
    assert_eq!(none.node.as_deref(), Some("G2"));
    assert!(none.why.contains("[1, 6]"), "{}", none.why);
}

/// A question whose answer is a whole number cannot be asked of a chance graph's fractions.
#[test]
fn whole_number_kinds_are_refused_on_chance_graphs() {
    let lesson = Lesson::open("004-chance-coin").unwrap();
    let mut spec = lesson.spec.clone();
    spec.practice = vec![
        serde_json::from_value(serde_json::json!(
            {"kind": "decision", "run": "expectiminimax"}
        ))
        .unwrap(),
    ];
    let broken = Lesson {
        spec,
        ..lesson.clone()
    };
    let err = prune::practice::problems_of(&broken)
        .unwrap_err()
        .to_string();
    assert!(err.contains("chance-value"), "{err}");
}
