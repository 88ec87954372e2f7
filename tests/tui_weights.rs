//! Live weight editing in the tutor (`*`, issue 23): the screens at 80×24 and 200×60, each
//! paired with the values shown, which come from a minimax written here over the lesson's
//! graph as its JSON file writes it (exact rationals of this test's own); bad input leaves
//! the run alone; and, over hundreds of random weight vectors, the decisions and scores the
//! tutor says changed are exactly the ones this test's oracle finds.

mod common;

use std::collections::BTreeMap;

use common::tutor::{app, app_of, flat, key, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use proptest::prelude::*;
use prune::tui::app::App;
use prune::tui::components::weights::Weights;

// ---- an exact rational of the test's own ----

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: i128, d: i128) -> Q {
        assert!(d != 0);
        let g = gcd(n, d).max(1);
        let s = if d < 0 { -1 } else { 1 };
        Q(s * n / g, s * d / g)
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
    /// "1.5", "-97", "1/3": a terminating decimal as a decimal, else a fraction.
    fn text(self) -> String {
        if self.1 == 1 {
            return self.0.to_string();
        }
        let (mut n, mut places) = (self.0, 0);
        while places < 18 {
            n *= 10;
            places += 1;
            if n % self.1 == 0 {
                let v = n / self.1;
                let sign = if v < 0 { "-" } else { "" };
                let digits = format!("{:0>width$}", v.abs(), width = places + 1);
                let (int, frac) = digits.split_at(digits.len() - places);
                return format!("{sign}{int}.{frac}");
            }
        }
        format!("{}/{}", self.0, self.1)
    }
    /// Read as a JSON number or a string writes it: "-0.25", "100", "7/2".
    fn parse(t: &str) -> Q {
        if let Some((n, d)) = t.split_once('/') {
            let (n, d) = (Q::parse(n), Q::parse(d));
            return Q::new(n.0 * d.1, n.1 * d.0);
        }
        let (neg, t) = t.strip_prefix('-').map_or((false, t), |r| (true, r));
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        let mut n: i128 = int.parse().unwrap_or(0);
        let mut d: i128 = 1;
        for c in frac.chars() {
            n = n * 10 + c.to_digit(10).unwrap() as i128;
            d *= 10;
        }
        Q::new(if neg { -n } else { n }, d)
    }
}

fn amount(v: &serde_json::Value) -> Q {
    match v {
        serde_json::Value::String(s) => Q::parse(s),
        other => Q::parse(&other.to_string()),
    }
}

// ---- the lesson's graph, read from its JSON file here ----

struct Node {
    label: String,
    max: bool,
    children: Vec<usize>,
    features: Vec<(String, Q)>,
    score: Option<Q>,
}

struct Graph {
    nodes: Vec<Node>,
    weights: Vec<(String, Q)>,
    depth: u32,
}

fn named(v: &serde_json::Value) -> Vec<(String, Q)> {
    v.as_object()
        .map(|m| m.iter().map(|(k, v)| (k.clone(), amount(v))).collect())
        .unwrap_or_default()
}

fn graph_of(text: &str) -> Graph {
    let j: serde_json::Value = serde_json::from_str(text).unwrap();
    let g = &j["graph"];
    let nodes = g["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, n)| Node {
            label: n["label"].as_str().map_or(i.to_string(), str::to_string),
            max: n["player"] == "MAX",
            children: n["moves"].as_array().map_or_else(Vec::new, |m| {
                m.iter()
                    .map(|e| e["child"].as_u64().unwrap() as usize)
                    .collect()
            }),
            features: named(&n["features"]),
            score: (!n["score"].is_null()).then(|| amount(&n["score"])),
        })
        .collect();
    Graph {
        nodes,
        weights: named(&g["weights"]),
        depth: j["runs"][0]["depth"].as_u64().unwrap() as u32,
    }
}

fn lesson_graph(name: &str) -> Graph {
    let path = format!("{}/lessons/{name}.json", env!("CARGO_MANIFEST_DIR"));
    graph_of(&std::fs::read_to_string(path).unwrap())
}

fn static_score(n: &Node, weights: &[(String, Q)]) -> Q {
    if n.features.is_empty() {
        return n.score.expect("a scored node");
    }
    weights.iter().fold(Q(0, 1), |acc, (name, w)| {
        let f = n.features.iter().find(|(f, _)| f == name).unwrap().1;
        acc.add(w.mul(f))
    })
}

/// What minimax finds at one path: an inner node's value and first best move, or a read
/// node's static score.
#[derive(Clone, Copy, Debug, PartialEq)]
enum At {
    Inner(Q, u16),
    Read(Q),
}

/// Minimax to the lesson's depth, every path's result (ties keep the first move tried).
fn minimax(g: &Graph, weights: &[(String, Q)]) -> BTreeMap<Vec<u16>, At> {
    fn go(
        g: &Graph,
        w: &[(String, Q)],
        node: usize,
        depth: u32,
        path: &mut Vec<u16>,
        out: &mut BTreeMap<Vec<u16>, At>,
    ) -> Q {
        let n = &g.nodes[node];
        if n.children.is_empty() || depth == 0 {
            let v = static_score(n, w);
            out.insert(path.clone(), At::Read(v));
            return v;
        }
        let mut best: Option<(Q, u16)> = None;
        for (i, &c) in n.children.iter().enumerate() {
            path.push(i as u16);
            let v = go(g, w, c, depth - 1, path, out);
            path.pop();
            let better = match best {
                None => true,
                Some((b, _)) if n.max => b.less(v),
                Some((b, _)) => v.less(b),
            };
            if better {
                best = Some((v, i as u16));
            }
        }
        let (v, mv) = best.unwrap();
        out.insert(path.clone(), At::Inner(v, mv));
        v
    }
    let mut out = BTreeMap::new();
    go(g, weights, 0, g.depth, &mut Vec::new(), &mut out);
    out
}

/// The oracle's account of a change: decisions (path, move before, move after, value before,
/// value after) and read scores (path, before, after) that differ.
type Decisions = Vec<(Vec<u16>, u16, u16, Q, Q)>;
type Scores = Vec<(Vec<u16>, Q, Q)>;

fn oracle(g: &Graph, before: &[(String, Q)], after: &[(String, Q)]) -> (Decisions, Scores) {
    let (a, b) = (minimax(g, before), minimax(g, after));
    let (mut decisions, mut scores) = (Vec::new(), Vec::new());
    for (path, x) in &a {
        match (x, &b[path]) {
            (At::Inner(v, m), At::Inner(w, n)) if v != w || m != n => {
                decisions.push((path.clone(), *m, *n, *v, *w))
            }
            (At::Read(v), At::Read(w)) if v != w => scores.push((path.clone(), *v, *w)),
            _ => {}
        }
    }
    (decisions, scores)
}

/// The child `mv` of the root, as the catalog calls it: "cramped (2)".
fn root_child(g: &Graph, mv: u16) -> String {
    let c = g.nodes[0].children[mv as usize];
    format!("{} ({c})", g.nodes[c].label)
}

fn root(g: &Graph, w: &[(String, Q)]) -> (Q, u16) {
    match minimax(g, w)[&Vec::new()] {
        At::Inner(v, m) => (v, m),
        At::Read(_) => panic!("the root has moves"),
    }
}

fn with(weights: &[(String, Q)], name: &str, v: Q) -> Vec<(String, Q)> {
    weights
        .iter()
        .map(|(n, w)| (n.clone(), if n == name { v } else { *w }))
        .collect()
}

// ---- the tutor, driven by keys ----

fn ctrl(a: &mut App, c: char) {
    a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

fn type_weights(a: &mut App, text: &str) {
    key(a, KeyCode::Char('*'));
    ctrl(a, 'u');
    for c in text.chars() {
        key(a, KeyCode::Char(c));
    }
    key(a, KeyCode::Enter);
}

fn tutor_says(a: &App) -> (Decisions, Scores) {
    let report = a.weights().unwrap().report.as_ref().unwrap();
    let c = report.changes.as_ref().unwrap();
    let q = |r: &prune::exact::Ratio| Q::new(r.num() as i128, r.den() as i128);
    let decisions = c
        .decisions
        .iter()
        .map(|d| {
            (
                d.path.clone(),
                d.before.mv.unwrap(),
                d.after.mv.unwrap(),
                q(&d.before.value.unwrap()),
                q(&d.after.value.unwrap()),
            )
        })
        .collect();
    let scores = c
        .leaves
        .iter()
        .map(|l| (l.path.clone(), q(&l.before), q(&l.after)))
        .collect();
    (decisions, scores)
}

fn report_text(a: &App) -> String {
    let report = a.weights().unwrap().report.as_ref().unwrap();
    report
        .lines()
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn f_weighed_three_makes_max_prefer_the_cramped_position_at_80x24() {
    let g = lesson_graph("004-eval-two-features");
    let lesson = g.weights.clone();
    let new = with(&lesson, "f", Q::new(3, 1));
    let (v0, m0) = root(&g, &lesson);
    let (v1, m1) = root(&g, &new);
    // Seed 004's E = 2f + 0.25g: mobile 1 beats cramped 0.5; with f weighed 3 it turns.
    assert_eq!(
        (v0.text(), root_child(&g, m0)),
        ("1".into(), "mobile (1)".into())
    );
    assert_eq!(
        (v1.text(), root_child(&g, m1)),
        ("1.5".into(), "cramped (2)".into())
    );

    let mut a = app("004-eval-two-features", "one ply");
    key(&mut a, KeyCode::End);
    let (len, call) = (a.replay.len(), a.st.stats.nodes);
    type_weights(&mut a, "f=3");
    assert!(a.layers.top::<Weights>().is_some());
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("weights_two_features_window_80x24", s);
    let root_line = format!(
        "value {} → {}; move {} → {}",
        v0.text(),
        v1.text(),
        root_child(&g, m0),
        root_child(&g, m1)
    );
    assert!(s.contains(&root_line), "{s}");
    // Each changed score with its new sum, from the oracle's own arithmetic.
    for (path, before, after) in oracle(&g, &lesson, &new).1 {
        let c = g.nodes[0].children[path[0] as usize];
        let n = &g.nodes[c];
        let f = |name: &str| n.features.iter().find(|(k, _)| k == name).unwrap().1;
        let paren = |q: Q| {
            if q.0 < 0 {
                format!("({})", q.text())
            } else {
                q.text()
            }
        };
        let line = format!(
            "{} ({c}): {} → {} = 3·f + 0.25·g = 3 × {} + 0.25 × {} = {}",
            n.label,
            before.text(),
            after.text(),
            paren(f("f")),
            paren(f("g")),
            after.text()
        );
        assert!(flat(&s).contains(&line), "{line}\n{s}");
    }
    // The cursor stays at the run's end, in the same call; every pane reads the new run.
    assert_eq!(a.st.stats.nodes, call);
    assert_eq!(a.st.step, a.replay.len());
    assert!(a.replay.len() >= len.min(a.replay.len()));
    key(&mut a, KeyCode::Esc);
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("weights_two_features_after_80x24", s);
    assert!(
        s.contains(&format!("COMPLETE d1: {}, plays cramped", v1.text())),
        "{s}"
    );
    assert!(s.contains("weights f=3 g=0.25"), "{s}");
    assert!(
        flat(&s).contains(&format!("the root is worth {}", v1.text())),
        "{s}"
    );
    assert_eq!(a.would_lose(), "live changes");
}

#[test]
fn faster_wins_under_other_timing_weights_at_200x60() {
    let g = lesson_graph("004-eval-win-timing");
    let lesson = g.weights.clone();
    let new = with(&lesson, "timed result", Q::new(-5, 1));
    let (v0, _) = root(&g, &lesson);
    let (v1, m1) = root(&g, &new);
    assert_eq!((v0.text(), v1.text()), ("97".into(), "85".into()));

    let mut a = app("004-eval-win-timing", "timed scores");
    key(&mut a, KeyCode::End);
    type_weights(&mut a, "timed result=-5");
    let s = screen(&mut a, 200, 60);
    insta::assert_snapshot!("weights_win_timing_window_200x60", s);
    assert!(
        s.contains(&format!(
            "value {} → {}; move {}, unchanged",
            v0.text(),
            v1.text(),
            root_child(&g, m1)
        )),
        "{s}"
    );
    let (decisions, scores) = oracle(&g, &lesson, &new);
    assert_eq!(tutor_says(&a), (decisions.clone(), scores.clone()));
    // Every changed decision and score is in the window (it fits at 200×60).
    assert!(s.contains(&format!(
        "Other decisions that changed ({})",
        decisions.len() - 1
    )));
    assert!(s.contains(&format!("Scores that changed ({})", scores.len())));
    assert!(
        s.contains("win at 3 (3): 97 → 85 = 100·result + -5·timed result = 100 × 1 + -5 × 3 = 85")
    );
    // At 80×24 the same window scrolls and says how much is below.
    let small = screen(&mut a, 80, 24);
    assert!(small.contains("more lines (↑↓ PgUp PgDn)"), "{small}");
    key(&mut a, KeyCode::End);
    let small = screen(&mut a, 80, 24);
    assert!(small.contains("loss at 7 (20): -93 → -65"), "{small}");
}

#[test]
fn bad_weights_leave_the_run_alone_with_one_line() {
    let mut a = app("004-eval-two-features", "one ply");
    key(&mut a, KeyCode::End);
    let (len, value) = (a.replay.len(), a.replay.result().score);
    for (typed, said) in [
        (
            "h=2",
            "weights: unknown feature \"h\": this graph weighs \"f\", \"g\"",
        ),
        (
            "f=two",
            "weights: \"f\": 'two' is not a number (write 3, -0.5, 0.25 or 7/2)",
        ),
        (
            "f=1/0",
            "weights: \"f\": 1/0 divides by zero, which is no number",
        ),
        ("f=1 f=2", "weights: \"f\" is given twice"),
    ] {
        type_weights(&mut a, typed);
        assert_eq!(a.message.as_deref(), Some(said));
        assert_eq!((a.replay.len(), a.replay.result().score), (len, value));
        assert!(!a.weights_changed());
        let s = screen(&mut a, 80, 24);
        assert!(s.contains(said), "{s}");
    }
    // A weight past what a score may hold is refused as the file would be.
    type_weights(&mut a, "f=2000");
    let m = a.message.clone().unwrap();
    assert!(m.starts_with("weights f=2000 g=0.25: node 1"), "{m}");
    assert!(!a.weights_changed());
}

#[test]
fn a_run_without_weights_says_so_and_lesson_restores_them() {
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, KeyCode::Char('*'));
    assert!(a.layers.is_empty());
    let m = a.message.clone().unwrap();
    assert_eq!(
        m,
        "this game has no evaluation weights (the 004-eval lessons have them)"
    );
    assert!(!m.contains('\n'));

    let mut a = app("004-eval-material-mobility", "one ply");
    let notes_before = a.notes().len();
    type_weights(&mut a, "mobility=1/3");
    let g = lesson_graph("004-eval-material-mobility");
    let new = with(&g.weights, "mobility", Q::new(1, 3));
    let (v1, m1) = root(&g, &new);
    // quiet: 2 + 6/3 = 4; capture: 3 - 5/3 = 4/3.
    assert_eq!(
        (v1.text(), root_child(&g, m1)),
        ("4".into(), "quiet (1)".into())
    );
    let text = report_text(&a);
    assert!(
        text.contains("value 2.6 → 4; move quiet (1), unchanged"),
        "{text}"
    );
    assert!(
        text.contains("capture (2): 2.5 → 4/3 = 1·material + 1/3·mobility"),
        "{text}"
    );
    // Before the first step, the narration no longer repeats the lesson's figures.
    key(&mut a, KeyCode::Esc);
    let s = flat(&screen(&mut a, 80, 24));
    assert!(!s.contains("scores 2.6"), "{s}");
    assert!(
        s.contains("This run weighs its features material=1 mobility=1/3"),
        "{s}"
    );
    // The lesson's demo speaks of its own weights: it waits for them.
    key(&mut a, KeyCode::Char('d'));
    assert_eq!(
        a.message.as_deref(),
        Some(
            "the demo speaks of the lesson's weights (material=1 mobility=0.1): * then lesson restores them"
        )
    );
    assert!(a.demo().is_none());
    type_weights(&mut a, "lesson");
    assert!(!a.weights_changed());
    assert!(report_text(&a).contains("value 4 → 2.6"));
    key(&mut a, KeyCode::Esc);
    let s = screen(&mut a, 80, 24);
    // The title is the lesson's run again (the footer still says what the last change did).
    let title = s.lines().next().unwrap();
    assert!(
        !title.contains("weights") && title.contains("one ply "),
        "{s}"
    );
    assert_eq!(a.notes().len(), notes_before);
    // The same weights again change nothing.
    type_weights(&mut a, "material=1");
    assert!(
        a.message
            .as_deref()
            .unwrap()
            .starts_with("weights unchanged")
    );
}

/// A deeper graph of the test's own: MAX, MIN, MAX levels of `b` children, the leaves
/// measured by two features, so inner choices below the root can change too.
fn deep_lesson(b: usize, leaves: &[(i32, i32)]) -> String {
    let mut nodes = Vec::new();
    let mut next = 1usize;
    let mut level = vec![0usize];
    let players = ["MAX", "MIN", "MAX"];
    let mut specs: Vec<String> = vec![String::new(); 1 + b + b * b + b * b * b];
    for (d, p) in players.iter().enumerate() {
        let mut below = Vec::new();
        for &n in &level {
            let kids: Vec<usize> = (next..next + b).collect();
            next += b;
            let moves: Vec<String> = kids.iter().map(|k| format!("{{\"child\": {k}}}")).collect();
            specs[n] = format!(
                "{{\"player\": \"{p}\", \"label\": \"n{n}\", \"moves\": [{}]}}",
                moves.join(", ")
            );
            below.extend(kids);
        }
        level = below;
        let _ = d;
    }
    for (i, &n) in level.iter().enumerate() {
        let (x, y) = leaves[i % leaves.len()];
        specs[n] = format!(
            "{{\"player\": \"MIN\", \"label\": \"n{n}\", \"features\": {{\"x\": {x}, \"y\": {y}}}}}"
        );
    }
    nodes.extend(specs);
    format!(
        "{{\"title\": \"deep\", \"graph\": {{\"weights\": {{\"x\": 1, \"y\": 1}}, \"nodes\": [{}]}}, \"runs\": [{{\"name\": \"mm\", \"depth\": 3, \"algorithm\": \"minimax\", \"deepening\": false, \"table\": false}}]}}",
        nodes.join(", ")
    )
}

fn weight_text(names: &[String], ws: &[(i32, i32)]) -> (String, Vec<(String, Q)>) {
    let mut text = Vec::new();
    let mut exact = Vec::new();
    for (n, &(num, den)) in names.iter().zip(ws) {
        let q = Q::new(num as i128, den as i128);
        let written = if den == 1 {
            num.to_string()
        } else {
            format!("{num}/{den}")
        };
        text.push(format!("{n}={written}"));
        exact.push((n.clone(), q));
    }
    (text.join(" "), exact)
}

const EVAL: [(&str, &str); 3] = [
    ("004-eval-material-mobility", "one ply"),
    ("004-eval-two-features", "one ply"),
    ("004-eval-win-timing", "timed scores"),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The decisions and scores the tutor says changed are the oracle's, on the eval
    /// lessons' graphs.
    #[test]
    fn the_changes_told_are_the_oracles_on_the_eval_lessons(
        which in 0usize..3,
        ws in proptest::collection::vec((-6i32..=6, prop::sample::select(vec![1, 2, 4, 5, 10])), 2),
    ) {
        let (lesson, run) = EVAL[which];
        let g = lesson_graph(lesson);
        let names: Vec<String> = g.weights.iter().map(|(n, _)| n.clone()).collect();
        let (text, new) = weight_text(&names, &ws);
        prop_assume!(new != g.weights);
        let mut a = app(lesson, run);
        type_weights(&mut a, &text);
        let (v, m) = root(&g, &new);
        let report = a.weights().unwrap().report.as_ref().unwrap();
        let (_, after) = report.changes.as_ref().unwrap().root.clone().unwrap();
        prop_assert_eq!(after.mv, Some(m));
        prop_assert_eq!(after.text, v.text());
        prop_assert_eq!(tutor_says(&a), oracle(&g, &g.weights, &new));
    }

    /// The same on deeper graphs of the test's own, where choices below the root move too.
    #[test]
    fn the_changes_told_are_the_oracles_on_deeper_graphs(
        leaves in proptest::collection::vec((-4i32..=4, -4i32..=4), 8),
        ws in proptest::collection::vec((-3i32..=3, prop::sample::select(vec![1, 2, 3])), 2),
    ) {
        let text = deep_lesson(2, &leaves);
        let g = graph_of(&text);
        let names: Vec<String> = g.weights.iter().map(|(n, _)| n.clone()).collect();
        let (typed, new) = weight_text(&names, &ws);
        prop_assume!(new != g.weights);
        let mut a = app_of(&text, "mm");
        type_weights(&mut a, &typed);
        prop_assert_eq!(tutor_says(&a), oracle(&g, &g.weights, &new));
    }
}
