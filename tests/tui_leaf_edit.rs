//! Editing a leaf on the node cursor (`V`, issue 39 "touch the tree"): the search is recorded
//! again on the edited graph and the "what changed" window (the weights editor's) lists the
//! decisions that changed. Over hundreds of seeded random trees, the root's value and move
//! before and after the edit are a minimax written here, and every decision, cutoff and score
//! the window lists is exactly what this test's own alpha-beta (or minimax) finds changed
//! between the two trees. Screens at 80×24 and 200×50 are paired with the values they show;
//! a game without written leaves, a node that is no leaf and bad input each get one line.

mod common;

use std::collections::BTreeMap;

use common::tutor::{app, app_of, flat, key, screen};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use prune::index::tree::NodeKind;
use prune::tui::app::App;
use prune::tui::components::weights::Weights;

// ---- the test's own trees ----

/// A tree of the test's own: each node's side, children (graph numbers) and, for a leaf, its
/// score.
#[derive(Clone, Debug)]
struct Tree {
    max: Vec<bool>,
    children: Vec<Vec<usize>>,
    score: Vec<Option<i64>>,
}

/// A small seeded generator of the test's own (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random tree: 1–3 children per inner node down to `depth` (2–4), leaves scored −9..=9
/// (ties are frequent, so the first-best rule is exercised), at most 64 nodes.
fn random_tree(rng: &mut Rng) -> Tree {
    let depth = 2 + rng.below(3) as usize;
    let mut t = Tree {
        max: vec![true],
        children: vec![Vec::new()],
        score: vec![None],
    };
    let mut level = vec![0usize];
    for d in 0..depth {
        let mut below = Vec::new();
        for &n in &level {
            let k = if d == 0 {
                2 + rng.below(2)
            } else {
                1 + rng.below(3)
            };
            for _ in 0..k {
                if t.max.len() >= 60 {
                    break;
                }
                let c = t.max.len();
                t.max.push(!t.max[n]);
                t.children.push(Vec::new());
                t.score.push(None);
                t.children[n].push(c);
                below.push(c);
            }
        }
        level = below;
    }
    for n in 0..t.max.len() {
        if t.children[n].is_empty() {
            t.score[n] = Some(rng.below(19) as i64 - 9);
        }
    }
    t
}

fn height(t: &Tree, n: usize) -> usize {
    t.children[n]
        .iter()
        .map(|&c| 1 + height(t, c))
        .max()
        .unwrap_or(0)
}

/// The tree as a lesson, with an alpha-beta and a minimax preset searching it whole (no
/// table, no deepening, no ordering).
fn lesson_text(t: &Tree) -> String {
    let nodes: Vec<String> = (0..t.max.len())
        .map(|n| {
            let player = if t.max[n] { "MAX" } else { "MIN" };
            let moves: Vec<String> = t.children[n]
                .iter()
                .map(|c| format!("{{\"child\": {c}}}"))
                .collect();
            let score = t.score[n].map_or(String::new(), |s| format!(", \"score\": {s}"));
            format!(
                "{{\"player\": \"{player}\", \"label\": \"n{n}\"{score}, \"moves\": [{}]}}",
                moves.join(", ")
            )
        })
        .collect();
    let d = height(t, 0);
    format!(
        "{{\"title\": \"generated\", \"graph\": {{\"nodes\": [{}]}}, \"runs\": [\
         {{\"name\": \"ab\", \"depth\": {d}, \"deepening\": false, \"table\": false}}, \
         {{\"name\": \"mm\", \"depth\": {d}, \"algorithm\": \"minimax\", \"deepening\": false, \"table\": false}}]}}",
        nodes.join(", ")
    )
}

// ---- the oracles ----

/// Plain minimax: the root's value and its first best move.
fn minimax(t: &Tree, n: usize) -> (i64, Option<usize>) {
    if t.children[n].is_empty() {
        return (t.score[n].unwrap(), None);
    }
    let mut best: Option<(i64, usize)> = None;
    for (i, &c) in t.children[n].iter().enumerate() {
        let v = minimax(t, c).0;
        let better = match best {
            None => true,
            Some((b, _)) => (t.max[n] && v > b) || (!t.max[n] && v < b),
        };
        if better {
            best = Some((v, i));
        }
    }
    let (v, i) = best.unwrap();
    (v, Some(i))
}

/// How the oracle's search ended at one inner node: value, flag (0 exact, 1 at least, -1 at
/// most), first best move, and its cutoff (the move after which the window closed and the
/// moves it skipped).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ended {
    value: i64,
    flag: i8,
    mv: u16,
    cut: Option<(u16, Vec<u16>)>,
}

const INF: i64 = 1_000_000;

/// Seed 000's alpha-beta, fail-soft, cutting on α ≥ β (`prunes` false: minimax, the full
/// window everywhere), recording each inner node's end by its path of moves.
fn search(
    t: &Tree,
    n: usize,
    (mut alpha, mut beta): (i64, i64),
    prunes: bool,
    path: &mut Vec<u16>,
    out: &mut BTreeMap<Vec<u16>, Ended>,
) -> i64 {
    if t.children[n].is_empty() {
        return t.score[n].unwrap();
    }
    let (a0, b0) = (alpha, beta);
    let mut best = if t.max[n] { -INF } else { INF };
    let mut mv = 0u16;
    let mut cut = None;
    let k = t.children[n].len();
    for (i, &c) in t.children[n].iter().enumerate() {
        path.push(i as u16);
        let v = search(t, c, (alpha, beta), prunes, path, out);
        path.pop();
        if (t.max[n] && v > best) || (!t.max[n] && v < best) {
            best = v;
            mv = i as u16;
        }
        // Minimax keeps the full window: it narrows nothing and never cuts.
        if !prunes {
            continue;
        }
        if t.max[n] {
            alpha = alpha.max(best);
        } else {
            beta = beta.min(best);
        }
        if alpha >= beta {
            cut = Some((i as u16, (i as u16 + 1..k as u16).collect()));
            break;
        }
    }
    let flag = if a0 >= best {
        -1
    } else if best >= b0 {
        1
    } else {
        0
    };
    out.insert(
        path.clone(),
        Ended {
            value: best,
            flag,
            mv,
            cut,
        },
    );
    best
}

fn ends(t: &Tree, prunes: bool) -> BTreeMap<Vec<u16>, Ended> {
    let mut out = BTreeMap::new();
    search(t, 0, (-INF, INF), prunes, &mut Vec::new(), &mut out);
    out
}

/// A decision as the window lists it: path, (value, flag, move) before and after.
type Decision = (Vec<u16>, (i64, i8, u16), (i64, i8, u16));
/// A cutoff that changed: path, cut before, cut after.
type CutMoved = (Vec<u16>, Option<(u16, Vec<u16>)>, Option<(u16, Vec<u16>)>);

/// What the oracle finds changed between `a` and `b` at the inner nodes both searches reached.
fn oracle(a: &Tree, b: &Tree, prunes: bool) -> (Vec<Decision>, Vec<CutMoved>) {
    let (ea, eb) = (ends(a, prunes), ends(b, prunes));
    let (mut decisions, mut cuts) = (Vec::new(), Vec::new());
    for (path, x) in &ea {
        let Some(y) = eb.get(path) else { continue };
        let (p, q) = ((x.value, x.flag, x.mv), (y.value, y.flag, y.mv));
        if p != q {
            decisions.push((path.clone(), p, q));
        }
        if x.cut != y.cut {
            cuts.push((path.clone(), x.cut.clone(), y.cut.clone()));
        }
    }
    (decisions, cuts)
}

// ---- the tutor, driven by keys ----

fn ctrl(a: &mut App, c: char) {
    a.on_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
}

fn type_leaf(a: &mut App, text: &str) {
    key(a, KeyCode::Char('V'));
    ctrl(a, 'u');
    for c in text.chars() {
        key(a, KeyCode::Char(c));
    }
    key(a, KeyCode::Enter);
}

/// The tree node of the run on screen at graph state `state` that the search entered.
fn node_of(a: &App, state: u32) -> Option<u32> {
    let tree = a.replay.tree();
    (0..tree.calls()).find(|&id| {
        let n = tree.get(id);
        n.state == state && n.kind == NodeKind::Call
    })
}

/// What the window lists: decisions and changed cutoffs, in the oracle's terms.
fn tutor_says(a: &App) -> (Vec<Decision>, Vec<CutMoved>) {
    let report = a.weights().unwrap().report.as_ref().unwrap();
    let c = report.changes.as_ref().unwrap();
    let flag = |text: &str| {
        if text.starts_with("at least") {
            1
        } else if text.starts_with("at most") {
            -1
        } else {
            0
        }
    };
    let v = |r: &prune::exact::Ratio| {
        assert_eq!(r.den(), 1);
        r.num()
    };
    let decisions = c
        .decisions
        .iter()
        .map(|d| {
            (
                d.path.clone(),
                (
                    v(&d.before.value.unwrap()),
                    flag(&d.before.text),
                    d.before.mv.unwrap(),
                ),
                (
                    v(&d.after.value.unwrap()),
                    flag(&d.after.text),
                    d.after.mv.unwrap(),
                ),
            )
        })
        .collect();
    let cuts = c
        .cuts
        .iter()
        .map(|k| {
            // A skipped child is named "nK (K)": its move is its place among its parent's
            // children.
            let mv = |c: &Option<(Option<u16>, Vec<String>)>| {
                c.as_ref().map(|(after, skipped)| {
                    (
                        after.unwrap(),
                        skipped.iter().map(|s| skip_index(s)).collect(),
                    )
                })
            };
            (k.path.clone(), mv(&k.before), mv(&k.after))
        })
        .collect();
    (decisions, cuts)
}

thread_local! {
    /// The tree being checked, for `skip_index` (a skipped child is named by its node).
    static CURRENT: std::cell::RefCell<Option<Tree>> = const { std::cell::RefCell::new(None) };
}

/// The move index of a skipped child named "nK (K)" among its parent's children.
fn skip_index(name: &str) -> u16 {
    let k: usize = name
        .trim_start_matches('n')
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    CURRENT.with(|t| {
        let t = t.borrow();
        let t = t.as_ref().unwrap();
        let parent = (0..t.max.len())
            .find(|&p| t.children[p].contains(&k))
            .unwrap();
        t.children[parent].iter().position(|&c| c == k).unwrap() as u16
    })
}

/// One generated tree: a leaf the search entered is edited through the cursor, and the
/// window's decisions are the oracle's. Returns whether the root changed.
fn check_one(seed: u64, preset: &str) -> bool {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let t = random_tree(&mut rng);
    CURRENT.with(|c| *c.borrow_mut() = Some(t.clone()));
    let mut a = app_of(&lesson_text(&t), preset);
    let leaves: Vec<usize> = (0..t.max.len())
        .filter(|&n| t.children[n].is_empty() && node_of(&a, n as u32).is_some())
        .collect();
    let leaf = leaves[rng.below(leaves.len() as u64) as usize];
    let old = t.score[leaf].unwrap();
    let new = loop {
        let v = rng.below(19) as i64 - 9;
        if v != old {
            break v;
        }
    };
    let mut edited = t.clone();
    edited.score[leaf] = Some(new);

    key(&mut a, KeyCode::End);
    a.select(node_of(&a, leaf as u32));
    key(&mut a, KeyCode::Char('v'));
    assert!(a.inspecting());
    type_leaf(&mut a, &new.to_string());
    assert!(
        a.layers.top::<Weights>().is_some(),
        "seed {seed}: {:?}",
        a.message
    );

    let prunes = preset == "ab";
    let report = a.weights().unwrap().report.as_ref().unwrap();
    let changes = report.changes.as_ref().unwrap();
    // The root before and after is plain minimax's value and first best move.
    let (root_a, root_b) = changes.root.clone().unwrap();
    let ((va, ma), (vb, mb)) = (minimax(&t, 0), minimax(&edited, 0));
    assert_eq!(root_a.text, va.to_string(), "seed {seed}");
    assert_eq!(root_b.text, vb.to_string(), "seed {seed}");
    assert_eq!(root_a.mv, ma.map(|m| m as u16), "seed {seed}");
    assert_eq!(root_b.mv, mb.map(|m| m as u16), "seed {seed}");
    // Every decision and cutoff listed is the oracle's, and only those (each list in the
    // order of the paths).
    let sorted = |(mut d, mut c): (Vec<Decision>, Vec<CutMoved>)| {
        d.sort();
        c.sort();
        (d, c)
    };
    assert_eq!(
        sorted(tutor_says(&a)),
        sorted(oracle(&t, &edited, prunes)),
        "seed {seed}"
    );
    // The one score that changed is the leaf's, where both searches read it.
    let read: Vec<(i64, i64)> = changes
        .leaves
        .iter()
        .map(|l| (l.before.num(), l.after.num()))
        .collect();
    assert_eq!(read, vec![(old, new)], "seed {seed}");
    // The title marks the run as edited; `undo` brings the lesson's tree back.
    assert_eq!(a.leaves_edited(), vec![format!("n{leaf}={new}")]);
    key(&mut a, KeyCode::Esc);
    type_leaf(&mut a, "undo");
    assert!(a.leaves_edited().is_empty(), "seed {seed}");
    let back = a.weights().unwrap().report.as_ref().unwrap();
    let back = back.changes.as_ref().unwrap().root.clone().unwrap().1;
    assert_eq!(back.text, va.to_string(), "seed {seed}");
    va != vb || ma != mb
}

#[test]
fn the_changes_listed_are_the_oracles_on_300_random_trees() {
    let mut moved = 0;
    for seed in 0..300u64 {
        for preset in ["ab", "mm"] {
            moved += usize::from(check_one(seed, preset));
        }
    }
    // The trees exercise both kinds of edit: some turn the root, some do not.
    assert!(
        (1..600).contains(&moved),
        "{moved} of 600 edits moved the root"
    );
}

// ---- the screens ----

/// Seed 000's worked tree on its `worked` preset: the cursor walks to leaf 6 (score 2, the
/// first child of MIN node 2) and makes it 8.
fn worked_edited() -> App {
    let mut a = worked_at_leaf_6();
    type_leaf(&mut a, "8");
    a
}

/// Seed 000's worked tree at its end, the node cursor on leaf 6.
fn worked_at_leaf_6() -> App {
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, KeyCode::End);
    key(&mut a, KeyCode::Char('v'));
    // From the root: down to its first child (1), right to 2, down to 2's first child (6).
    while a.replay.tree().get(a.selected().unwrap()).state != 0 {
        key(&mut a, KeyCode::Up);
    }
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Right);
    key(&mut a, KeyCode::Down);
    assert_eq!(a.replay.tree().get(a.selected().unwrap()).state, 6);
    a
}

/// The worked tree as this test's `Tree`, read from the lesson file.
fn worked_tree(six: i64) -> Tree {
    let path = format!(
        "{}/lessons/000-worked-tree.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let j: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let nodes = j["graph"]["nodes"].as_array().unwrap();
    let mut t = Tree {
        max: nodes.iter().map(|n| n["player"] == "MAX").collect(),
        children: nodes
            .iter()
            .map(|n| {
                n["moves"].as_array().map_or_else(Vec::new, |m| {
                    m.iter()
                        .map(|e| e["child"].as_u64().unwrap() as usize)
                        .collect()
                })
            })
            .collect(),
        score: nodes.iter().map(|n| n["score"].as_i64()).collect(),
    };
    t.score[6] = Some(six);
    t
}

#[test]
fn editing_a_leaf_of_the_worked_tree_at_80x24() {
    let (before, after) = (worked_tree(2), worked_tree(8));
    let ((v0, m0), (v1, m1)) = (minimax(&before, 0), minimax(&after, 0));
    // Leaf 6 at 8 makes MIN node 2 worth 8, above node 1's 3: the root turns to it.
    assert_eq!((v0, m0, v1, m1), (3, Some(0), 8, Some(1)));
    let mut a = worked_edited();
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("leaf_edit_worked_window_80x24", s);
    let f = flat(&s);
    assert!(s.contains("What the leaf's value changed"), "{s}");
    assert!(f.contains("Leaf node 6: 2 → 8."), "{s}");
    assert!(
        f.contains(&format!("value {v0} → {v1}; move node 1 → node 2")),
        "{s}"
    );
    // MIN node 2 cut after leaf 6 before (2 ≤ α = 3); now 6's 8 leaves the window open.
    let (_, cuts) = oracle(&before, &after, true);
    assert!(
        cuts.iter()
            .any(|(p, x, y)| p == &vec![1] && x.is_some() && y.is_none())
    );
    assert!(
        f.contains("MIN node 2: cut after node 6, skipping node 7 → no cutoff"),
        "{s}"
    );
    // Closed, the run on screen is the edited one, marked so in the title.
    key(&mut a, KeyCode::Esc);
    let s = screen(&mut a, 80, 24);
    insta::assert_snapshot!("leaf_edit_worked_after_80x24", s);
    let title = s.lines().next().unwrap();
    assert!(title.contains("edited node 6=8"), "{s}");
    assert!(title.contains("worked*"), "{s}");
    assert!(flat(&s).contains(&format!("COMPLETE d2: {v1}")), "{s}");
    assert_eq!(a.would_lose(), "live changes");
    // `undo` in the editor takes the edit back: the lesson's run, unmarked.
    type_leaf(&mut a, "undo");
    assert!(flat(&screen(&mut a, 80, 24)).contains(&format!("value {v1} → {v0}")));
    key(&mut a, KeyCode::Esc);
    let s = screen(&mut a, 80, 24);
    assert!(!s.lines().next().unwrap().contains("edited"), "{s}");
    assert_eq!(a.replay.result().score, v0 as i32);
}

#[test]
fn the_open_editor_shows_what_it_edits_above_its_line() {
    // Leaf 6 of the worked tree scores 2 in the lesson file; the prompt opens prefilled with
    // it, and the line naming the leaf stays on screen above the prompt at both sizes.
    let six = worked_tree(2).score[6];
    assert_eq!(six, Some(2));
    for (w, h) in [(80, 24), (200, 50)] {
        let mut a = worked_at_leaf_6();
        key(&mut a, KeyCode::Char('V'));
        let s = screen(&mut a, w, h);
        let rows: Vec<&str> = s.lines().collect();
        let last = rows[rows.len() - 1];
        assert!(
            last.contains("Leaf value (number; undo; lesson restores): 2"),
            "{s}"
        );
        let above = rows[rows.len() - 2];
        assert!(
            above.contains("leaf node 6: 2 now, 2 in the lesson; type a value, undo or lesson"),
            "{s}"
        );
    }
}

#[test]
fn editing_a_leaf_of_the_worked_tree_at_200x50() {
    let mut a = worked_edited();
    let s = screen(&mut a, 200, 50);
    insta::assert_snapshot!("leaf_edit_worked_window_200x50", s);
    let (d, _) = oracle(&worked_tree(2), &worked_tree(8), true);
    // Every decision that changed is listed: the root and the others.
    assert!(
        s.contains(&format!("Other decisions that changed ({})", d.len() - 1)),
        "{s}"
    );
    assert!(s.contains("Scores that changed (1)"), "{s}");
    assert!(flat(&s).contains("node 6: 2 → 8"), "{s}");
    // Two edits, then lesson: every leaf back to the lesson's.
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Right);
    type_leaf(&mut a, "-3");
    assert_eq!(
        a.leaves_edited(),
        vec!["node 6=8".to_string(), "node 7=-3".to_string()]
    );
    key(&mut a, KeyCode::Esc);
    assert!(screen(&mut a, 200, 50).contains("edited node 6=8 node 7=-3"));
    type_leaf(&mut a, "lesson");
    assert!(a.leaves_edited().is_empty());
    let s = flat(&screen(&mut a, 200, 50));
    assert!(
        s.contains("Back to the lesson's scores: node 6: 8 → 2, node 7: -3 → 9."),
        "{s}"
    );
    assert_eq!(a.replay.result().score, 3);
}

#[test]
fn where_no_leaf_can_be_edited_one_line_says_why() {
    // A game that computes its own scores.
    let mut a = app("004-tictactoe-block", "minimax");
    key(&mut a, KeyCode::End);
    key(&mut a, KeyCode::Char('v'));
    key(&mut a, KeyCode::Char('V'));
    assert!(a.layers.is_empty());
    let m = a.message.clone().unwrap();
    assert_eq!(
        m,
        "V edits a leaf a graph lesson writes out; a tic-tac-toe computes its own scores"
    );
    assert!(screen(&mut a, 80, 24).contains("computes its own scores"));
    // No cursor, then an inner node.
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, KeyCode::End);
    key(&mut a, KeyCode::Char('V'));
    assert!(
        a.message
            .as_deref()
            .unwrap()
            .starts_with("V edits the leaf under the node cursor")
    );
    key(&mut a, KeyCode::Char('v'));
    while a.replay.tree().get(a.selected().unwrap()).state != 0 {
        key(&mut a, KeyCode::Up);
    }
    key(&mut a, KeyCode::Down);
    key(&mut a, KeyCode::Char('V'));
    assert_eq!(
        a.message.as_deref(),
        Some("node 1 is not a leaf: its value comes from its children (↓ goes down to them)")
    );
    // Bad values leave the run alone.
    key(&mut a, KeyCode::Down);
    let (len, score) = (a.replay.len(), a.replay.result().score);
    for (typed, said) in [
        (
            "two",
            "leaf node 4: 'two' is not a number (write 3, -0.5, 0.25 or 7/2)",
        ),
        (
            "1/0",
            "leaf node 4: 1/0 divides by zero, which is no number",
        ),
        (
            "5000",
            "leaf node 4: 5000 is past ±1000, the most a lesson's score may be",
        ),
        ("3", "leaf node 4 is 3 already: the run stays"),
        ("undo", "no leaf edit to undo"),
    ] {
        type_leaf(&mut a, typed);
        assert_eq!(a.message.as_deref(), Some(said), "{typed}");
        assert_eq!((a.replay.len(), a.replay.result().score), (len, score));
        assert!(a.leaves_edited().is_empty());
    }
    // A fraction is exact: the run is written in halves.
    type_leaf(&mut a, "7/2");
    assert_eq!(a.leaves_edited(), vec!["node 4=3.5".to_string()]);
    let f = flat(&screen(&mut a, 80, 24));
    assert!(f.contains("Leaf node 4: 3 → 3.5."), "{f}");
    assert!(f.contains("value 3 → 3.5"), "{f}");
}

#[test]
fn the_help_lists_the_key() {
    let mut a = app("000-worked-tree", "worked");
    key(&mut a, KeyCode::Char('v'));
    key(&mut a, KeyCode::Char('?'));
    let s = flat(&screen(&mut a, 200, 50));
    assert!(s.contains("edit the leaf at v's cursor"), "{s}");
    assert!(s.contains("on a leaf: edit its value"), "{s}");
}
