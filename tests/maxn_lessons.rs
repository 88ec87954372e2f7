//! The figures of seed 004's last lessons (leaf maps under chance, three players, the tie
//! rule), worked out by hand (each test's comment is the computation) and by a small max-n and
//! expectimax written here over the lesson files' raw JSON, then asserted against the recorded
//! runs and against what the lesson files state. Nothing here is pasted from program output.

use prune::index::{Recorded, record};
use prune::lesson::{Lesson, Overrides};
use prune::practice::check::check_facts;
use serde_json::{Value, json};

fn nodes(stem: &str) -> Vec<Value> {
    let path = format!("{}/lessons/{stem}.json", env!("CARGO_MANIFEST_DIR"));
    let file: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    file["graph"]["nodes"].as_array().unwrap().clone()
}

fn label_of(nodes: &[Value], label: &str) -> usize {
    nodes.iter().position(|n| n["label"] == label).unwrap()
}

fn children(node: &Value) -> Vec<usize> {
    (node["moves"].as_array().into_iter().flatten())
        .map(|m| m["child"].as_u64().unwrap() as usize)
        .collect()
}

/// How this test's max-n settles a tie on the mover's entry.
#[derive(Clone, Copy)]
enum Rule {
    First,
    /// Prefer the smaller (false) or larger (true) entry of player 0 (A).
    OfA(bool),
}

/// Max-n by the textbook rule: the mover (A, B, C = entry 0, 1, 2) keeps the child whose
/// vector is largest in its own entry; among equals the rule chooses. Returns the vector and
/// the index of the child chosen (None at a leaf).
fn maxn(nodes: &[Value], s: usize, rule: Rule) -> (Vec<i64>, Option<usize>) {
    let node = &nodes[s];
    let kids = children(node);
    if kids.is_empty() {
        let v = node["score"].as_array().unwrap();
        return (v.iter().map(|x| x.as_i64().unwrap()).collect(), None);
    }
    let me = match node["player"].as_str().unwrap() {
        "A" => 0,
        "B" => 1,
        _ => 2,
    };
    let mut best: Option<(Vec<i64>, usize)> = None;
    for (i, &k) in kids.iter().enumerate() {
        let (v, _) = maxn(nodes, k, rule);
        let take = match &best {
            None => true,
            Some((b, _)) if v[me] != b[me] => v[me] > b[me],
            Some((b, _)) => match rule {
                Rule::First => false,
                Rule::OfA(larger) => {
                    if larger {
                        v[0] > b[0]
                    } else {
                        v[0] < b[0]
                    }
                }
            },
        };
        if take {
            best = Some((v, i));
        }
    }
    let (v, i) = best.unwrap();
    (v, Some(i))
}

/// Paranoid for A: A maximises its own entry, everyone else minimises it.
fn paranoid(nodes: &[Value], s: usize) -> i64 {
    let node = &nodes[s];
    let kids = children(node);
    if kids.is_empty() {
        return node["score"][0].as_i64().unwrap();
    }
    let vals = kids.iter().map(|&k| paranoid(nodes, k));
    if node["player"] == "A" {
        vals.max().unwrap()
    } else {
        vals.min().unwrap()
    }
}

fn run(stem: &str, preset: &str) -> (Lesson, Recorded) {
    let lesson = Lesson::open(stem).unwrap();
    let setup = lesson.setup(Some(preset), &Overrides::default()).unwrap();
    let rec = record(&lesson, &setup).unwrap();
    (lesson, rec)
}

/// The payoff vector the run's first call of `name` backed up, read from the trace's catalog.
fn vector_of(rec: &Recorded, name: &str) -> Vec<i64> {
    let tree = rec.tree();
    let state = rec.catalog().find(name).unwrap();
    let call = tree.call_of(None, state, 1).unwrap();
    let id = tree.get(call).value as u32;
    rec.catalog()
        .payoffs(id)
        .iter()
        .map(|&x| x as i64)
        .collect()
}

/// The lesson states `want` for (run, what, node).
fn states(lesson: &Lesson, run: &str, what: &str, node: Option<&str>, want: Value) {
    let fact = (lesson.spec.facts.iter())
        .find(|f| {
            f.run == run
                && f.node.as_deref() == node
                && serde_json::to_value(f.what).unwrap() == what
        })
        .unwrap_or_else(|| panic!("{}: no {what} fact for {run} {node:?}", lesson.name));
    assert_eq!(fact.equals, want, "{}: {run} {what} {node:?}", lesson.name);
}

#[test]
fn three_players_back_up_vectors() {
    // L1 (C): (1,2,6) vs (4,2,3): 6 > 3, (1,2,6). L2 (C): (6,1,2) vs (7,4,1): 2 > 1, (6,1,2).
    // L (B): 2 > 1, (1,2,6). R1 (C): (5,4,5) vs (2,5,4): 5 > 4, (5,4,5).
    // R2 (C): (5,2,4) vs (7,7,1): 4 > 1, (5,2,4). R (B): 4 > 2, (5,4,5).
    // Root (A): 1 < 5, plays R (its second move), (5,4,5). No two entries compared are equal.
    let stem = "004-three-players";
    let g = nodes(stem);
    let hand: [(&str, [i64; 3]); 7] = [
        ("L1", [1, 2, 6]),
        ("L2", [6, 1, 2]),
        ("L", [1, 2, 6]),
        ("R1", [5, 4, 5]),
        ("R2", [5, 2, 4]),
        ("R", [5, 4, 5]),
        ("root", [5, 4, 5]),
    ];
    let (lesson, rec) = run(stem, "max-n");
    for (name, v) in hand {
        assert_eq!(maxn(&g, label_of(&g, name), Rule::First).0, v, "{name}");
        assert_eq!(vector_of(&rec, name), v, "{name}");
        if name != "root" {
            states(&lesson, "max-n", "vector", Some(name), json!(v));
        }
    }
    // (4, 2, 6) is no leaf's vector, so no node can back it up.
    assert!(g.iter().all(|n| n["score"] != json!([4, 2, 6])));
    assert_eq!(maxn(&g, 0, Rule::First).1, Some(1));
    assert_eq!(rec.result().mv, 1);
    assert_eq!(rec.result().vector, vec![5, 4, 5]);
    assert_eq!(rec.result().counters.ties, 0);
    states(&lesson, "max-n", "vector", None, json!([5, 4, 5]));
    states(&lesson, "max-n", "choice", None, json!("R"));
    states(&lesson, "max-n", "ties", None, json!(0));

    // Paranoid: L1 = min(1, 4) = 1, L2 = min(6, 7) = 6, L = 1; R1 = min(5, 2) = 2,
    // R2 = min(5, 7) = 5, R = 2; A takes max(1, 2) = 2 by R.
    assert_eq!(paranoid(&g, 0), 2);
    let (lesson, rec) = run(stem, "paranoid");
    assert_eq!((rec.result().score, rec.result().mv), (2, 1));
    states(&lesson, "paranoid", "score", None, json!(2));
    states(&lesson, "paranoid", "value", Some("L"), json!(1));
}

#[test]
fn the_tie_rule_changes_a() {
    // C at L: (2,3,4) and (6,1,4) both give C 4, a tie. R is (3,3,3).
    // min:A keeps (2,3,4): A compares 2 with 3 and plays R (3,3,3).
    // max:A keeps (6,1,4): A compares 6 with 3 and plays L (6,1,4).
    // first keeps the first searched, (2,3,4): A plays R again. One tie in each run, at L.
    let stem = "004-tie-rule";
    let g = nodes(stem);
    let cases = [
        ("min:A", Rule::OfA(false), [2, 3, 4], [3, 3, 3], 1, "R"),
        ("max:A", Rule::OfA(true), [6, 1, 4], [6, 1, 4], 0, "L"),
        ("first", Rule::First, [2, 3, 4], [3, 3, 3], 1, "R"),
    ];
    for (preset, rule, l, root, mv, choice) in cases {
        assert_eq!(maxn(&g, label_of(&g, "L"), rule).0, l, "{preset}");
        assert_eq!(maxn(&g, 0, rule), (root.to_vec(), Some(mv)), "{preset}");
        let (lesson, rec) = run(stem, preset);
        assert_eq!(vector_of(&rec, "L"), l, "{preset}");
        assert_eq!(
            rec.result()
                .vector
                .iter()
                .map(|&x| x as i64)
                .collect::<Vec<_>>(),
            root,
            "{preset}"
        );
        assert_eq!(rec.result().mv, mv as i16, "{preset}");
        assert_eq!(rec.result().counters.ties, 1, "{preset}");
        states(&lesson, preset, "vector", Some("L"), json!(l));
        states(&lesson, preset, "choice", None, json!(choice));
        states(&lesson, preset, "tied-at", None, json!(["L"]));
    }
}

/// A chance node's value under a leaf map, in tenths (the probabilities are 0.6 and 0.4).
fn tenths(nodes: &[Value], s: usize, map: fn(i64) -> i64, as_min: bool) -> i64 {
    let node = &nodes[s];
    let kids = children(node);
    if kids.is_empty() {
        return 10 * map(node["score"].as_i64().unwrap());
    }
    let vals: Vec<i64> = kids
        .iter()
        .map(|&k| tenths(nodes, k, map, as_min))
        .collect();
    match node["player"].as_str().unwrap() {
        "MAX" => *vals.iter().max().unwrap(),
        "CHANCE" if as_min => *vals.iter().min().unwrap(),
        _ => {
            let p: Vec<i64> = (node["moves"].as_array().unwrap().iter())
                .map(|m| {
                    let text = m["p"].as_str().unwrap();
                    text.strip_prefix("0.").unwrap().parse::<i64>().unwrap()
                })
                .collect();
            // Σ p·v with p in tenths and v in tenths gives hundredths: back to tenths.
            p.iter().zip(&vals).map(|(p, v)| p * v).sum::<i64>() / 10
        }
    }
}

#[test]
fn cubing_against_positive_affine() {
    // E[A] = 0.6·2 + 0.4·3 = 2.4, E[B] = 0.6·1 + 0.4·4 = 2.2: A.
    // Cubed: 0.6·8 + 0.4·27 = 15.6, 0.6·1 + 0.4·64 = 26.2: B.
    // 10x+5: 0.6·25 + 0.4·35 = 29, 0.6·15 + 0.4·45 = 27: A.
    // As MIN: min(2, 3) = 2, min(1, 4) = 1; cubed 8 and 1: A both times.
    let stem = "004-leaf-map-cubing";
    let g = nodes(stem);
    let (a, b) = (label_of(&g, "A"), label_of(&g, "B"));
    let id: fn(i64) -> i64 = |x| x;
    let cube: fn(i64) -> i64 = |x| x * x * x;
    let affine: fn(i64) -> i64 = |x| 10 * x + 5;
    let cases = [
        ("expected", id, false, 24, 22, "A", "2.4", "2.2"),
        ("cubed", cube, false, 156, 262, "B", "15.6", "26.2"),
        ("10x+5", affine, false, 290, 270, "A", "29", "27"),
        ("as MIN", id, true, 20, 10, "A", "2", "1"),
        ("as MIN, cubed", cube, true, 80, 10, "A", "8", "1"),
    ];
    for (preset, map, as_min, ta, tb, choice, wa, wb) in cases {
        assert_eq!(tenths(&g, a, map, as_min), ta, "{preset}");
        assert_eq!(tenths(&g, b, map, as_min), tb, "{preset}");
        let (lesson, rec) = run(stem, preset);
        let scale = rec.trace.header.scale as i64;
        let value = |name: &str| {
            let tree = rec.tree();
            let call = tree
                .call_of(None, rec.catalog().find(name).unwrap(), 1)
                .unwrap();
            tree.get(call).value as i64
        };
        // value / scale = t / 10, compared without division.
        assert_eq!(value("A") * 10, ta * scale, "{preset}");
        assert_eq!(value("B") * 10, tb * scale, "{preset}");
        assert_eq!(
            rec.result().mv,
            if choice == "A" { 0 } else { 1 },
            "{preset}"
        );
        states(&lesson, preset, "choice", None, json!(choice));
        let stated = |node: &str| {
            (lesson.spec.facts.iter())
                .find(|f| {
                    f.run == preset
                        && f.node.as_deref() == Some(node)
                        && serde_json::to_value(f.what).unwrap() == "exact"
                })
                .map(|f| match &f.equals {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
        };
        assert_eq!(stated("A").as_deref(), Some(wa), "{preset}");
        assert_eq!(stated("B").as_deref(), Some(wb), "{preset}");
    }
    // x^3 keeps the order of 1 < 2 < 3 < 4 but is not ax+b; 10x+5 is ax+b with a = 10 > 0.
    let (lesson, _) = run(stem, "cubed");
    states(
        &lesson,
        "cubed",
        "leaf-map",
        None,
        json!("strictly increasing"),
    );
    states(&lesson, "10x+5", "leaf-map", None, json!("positive affine"));
}

/// The new fact kinds can fail: a lesson that states a wrong vector, tie count, tie place or
/// leaf-map kind is caught.
#[test]
fn wrong_player_facts_are_caught() {
    let cases = [
        ("004-three-players", "vector", json!([4, 2, 6])),
        ("004-tie-rule", "ties", json!(0)),
        ("004-tie-rule", "tied-at", json!(["root"])),
        ("004-leaf-map-cubing", "leaf-map", json!("positive affine")),
    ];
    for (stem, what, wrong) in cases {
        let mut lesson = Lesson::open(stem).unwrap();
        let fact = (lesson.spec.facts.iter_mut())
            .find(|f| serde_json::to_value(f.what).unwrap() == what && f.equals != json!(null))
            .unwrap();
        fact.equals = wrong;
        let found = check_facts(&lesson).unwrap();
        assert_eq!(found.len(), 1, "{stem} {what}: {found:?}");
    }
}
