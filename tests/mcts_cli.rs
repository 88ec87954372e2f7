//! `prune run`, `prune trace` and `prune diff` on Monte Carlo runs, end to end. Every figure
//! is checked against this file's own UCT (seed 004's rules written again here, over its own
//! tic-tac-toe and its own reading of a graph file), run with the deterministic
//! first-move playout, so that no number comes from the program under test.

mod common;

use common::ttt::LINES;

use common::run_prune;
use serde_json::{Value, json};

/// A game for the oracle: positions, their moves in order, whose turn, the outcome for MAX
/// in half-wins at a finished game.
trait OracleGame {
    type S: Clone;
    fn moves(&self, s: &Self::S) -> Vec<(String, Self::S)>;
    /// true for MAX (X), false for MIN (O).
    fn max_to_move(&self, s: &Self::S) -> bool;
    /// Half-wins for MAX at a finished game (2 win, 1 draw, 0 loss).
    fn result(&self, s: &Self::S) -> u32;
}

/// Tic-tac-toe: squares 0..9, X first; a move is named by its square.
struct Ttt;

fn winner(b: &[u8; 9]) -> Option<u8> {
    LINES
        .iter()
        .find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]])
        .map(|l| b[l[0]])
}

impl OracleGame for Ttt {
    type S = [u8; 9];
    fn moves(&self, b: &[u8; 9]) -> Vec<(String, [u8; 9])> {
        if winner(b).is_some() {
            return Vec::new();
        }
        let mark = if self.max_to_move(b) { 1 } else { 2 };
        (0..9)
            .filter(|&i| b[i] == 0)
            .map(|i| {
                let mut c = *b;
                c[i] = mark;
                (i.to_string(), c)
            })
            .collect()
    }
    fn max_to_move(&self, b: &[u8; 9]) -> bool {
        let x = b.iter().filter(|&&m| m == 1).count();
        let o = b.iter().filter(|&&m| m == 2).count();
        x == o
    }
    fn result(&self, b: &[u8; 9]) -> u32 {
        match winner(b) {
            Some(1) => 2,
            Some(_) => 0,
            None => 1,
        }
    }
}

fn board(text: &str) -> [u8; 9] {
    let mut b = [0u8; 9];
    let marks: Vec<char> = text.chars().filter(|c| "XO.".contains(*c)).collect();
    for (i, c) in marks.iter().enumerate() {
        b[i] = match c {
            'X' => 1,
            'O' => 2,
            _ => 0,
        };
    }
    b
}

/// A graph file read by the oracle itself: each node's player, score and children; a move
/// is named by its child's label.
struct GraphGame {
    nodes: Vec<(bool, i64, Vec<usize>, String)>,
}

impl GraphGame {
    fn from_json(v: &Value) -> GraphGame {
        let nodes = v["nodes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                (
                    n["player"] == "MAX",
                    n["score"].as_i64().unwrap_or(0),
                    (n["moves"].as_array().cloned().unwrap_or_default())
                        .iter()
                        .map(|m| m["child"].as_u64().unwrap() as usize)
                        .collect(),
                    n["label"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        GraphGame { nodes }
    }
}

impl OracleGame for GraphGame {
    type S = usize;
    fn moves(&self, s: &usize) -> Vec<(String, usize)> {
        (self.nodes[*s].2.iter())
            .map(|&c| (self.nodes[c].3.clone(), c))
            .collect()
    }
    fn max_to_move(&self, s: &usize) -> bool {
        self.nodes[*s].0
    }
    fn result(&self, s: &usize) -> u32 {
        match self.nodes[*s].1 {
            v if v > 0 => 2,
            0 => 1,
            _ => 0,
        }
    }
}

struct Node<S> {
    state: S,
    name: String,
    /// Whether MAX made the move into it (the root: whether MAX is to move there).
    for_max: bool,
    n: u32,
    u: u32,
    kids: Vec<Option<usize>>,
}

/// One iteration as the oracle saw it.
#[derive(Debug, PartialEq)]
struct Iter {
    path: Vec<String>,
    expanded: Option<String>,
    result: u32,
    playout: Option<usize>,
    /// (N, U) before and after, root first, U in half-wins.
    updates: Vec<(u32, u32, u32, u32)>,
}

struct Uct<G: OracleGame> {
    game: G,
    nodes: Vec<Node<G::S>>,
    c: f64,
    log: Vec<Iter>,
}

impl<G: OracleGame> Uct<G> {
    fn new(game: G, root: G::S, c: f64) -> Self {
        let kids = vec![None; game.moves(&root).len()];
        let for_max = game.max_to_move(&root);
        Uct {
            game,
            nodes: vec![Node {
                state: root,
                name: String::new(),
                for_max,
                n: 0,
                u: 0,
                kids,
            }],
            c,
            log: Vec::new(),
        }
    }

    fn ucb(&self, parent: usize, child: usize) -> f64 {
        let (p, k) = (&self.nodes[parent], &self.nodes[child]);
        k.u as f64 / (2.0 * k.n as f64) + self.c * ((p.n as f64).ln() / k.n as f64).sqrt()
    }

    /// Iterations until `wanted` or until the tree holds `budget` nodes.
    fn run(&mut self, wanted: u32, budget: usize) -> u32 {
        let mut done = 0;
        while done < wanted && self.nodes.len() < budget {
            self.iteration();
            done += 1;
        }
        done
    }

    fn iteration(&mut self) {
        let mut path = vec![0usize];
        let mut expanded = None;
        loop {
            let at = *path.last().unwrap();
            if self.nodes[at].kids.is_empty() {
                break;
            }
            if let Some(pos) = self.nodes[at].kids.iter().position(Option::is_none) {
                let (name, state) = self.game.moves(&self.nodes[at].state).swap_remove(pos);
                let kids = vec![None; self.game.moves(&state).len()];
                let for_max = self.game.max_to_move(&self.nodes[at].state);
                self.nodes.push(Node {
                    state,
                    name: name.clone(),
                    for_max,
                    n: 0,
                    u: 0,
                    kids,
                });
                let id = self.nodes.len() - 1;
                self.nodes[at].kids[pos] = Some(id);
                path.push(id);
                expanded = Some(name);
                break;
            }
            // Every move has a node: the first largest UCB1.
            let mut best = (0, f64::NEG_INFINITY);
            for (pos, k) in self.nodes[at].kids.iter().enumerate() {
                let score = self.ucb(at, k.unwrap());
                if score > best.1 {
                    best = (pos, score);
                }
            }
            path.push(self.nodes[at].kids[best.0].unwrap());
        }
        let leaf = *path.last().unwrap();
        // A playout by the first move, or a finished game's own result.
        let (result, playout) = if self.nodes[leaf].kids.is_empty() {
            (self.game.result(&self.nodes[leaf].state), None)
        } else {
            let mut s = self.nodes[leaf].state.clone();
            let mut len = 0;
            loop {
                let mut m = self.game.moves(&s);
                if m.is_empty() {
                    break;
                }
                s = m.swap_remove(0).1;
                len += 1;
            }
            (self.game.result(&s), Some(len))
        };
        let mut updates = Vec::new();
        for &id in &path {
            let node = &mut self.nodes[id];
            let reward = if node.for_max { result } else { 2 - result };
            let before = (node.n, node.u);
            node.n += 1;
            node.u += reward;
            updates.push((before.0, before.1, node.n, node.u));
        }
        self.log.push(Iter {
            path: path[1..]
                .iter()
                .map(|&i| self.nodes[i].name.clone())
                .collect(),
            expanded,
            result,
            playout,
            updates,
        });
    }

    /// The most visited root child, the first on a tie.
    fn played(&self) -> usize {
        let kids: Vec<usize> = self.nodes[0].kids.iter().flatten().copied().collect();
        let mut best = kids[0];
        for &k in &kids {
            if self.nodes[k].n > self.nodes[best].n {
                best = k;
            }
        }
        best
    }
}

fn json_of(args: &[&str]) -> Value {
    let (code, out, err) = run_prune(args);
    assert_eq!(code, Some(0), "prune {args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn text_of(args: &[&str]) -> String {
    let (code, out, err) = run_prune(args);
    assert_eq!(code, Some(0), "prune {args:?}: {err}");
    out
}

fn half(u: u32) -> String {
    if u.is_multiple_of(2) {
        (u / 2).to_string()
    } else {
        format!("{}.5", u / 2)
    }
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// `run --json`'s move, iterations and every root child's n, u, mean and UCB1 against the
/// oracle; UCB1 recomputed here from the printed n, u and the root's N as well.
fn check_run_json<G: OracleGame>(uct: &Uct<G>, v: &Value, c: f64, ctx: &str) {
    let root = &uct.nodes[0];
    assert_eq!(v["root"]["n"], json!(root.n), "{ctx}");
    assert_eq!(v["root"]["u_halves"], json!(root.u), "{ctx}");
    let kids: Vec<usize> = root.kids.iter().flatten().copied().collect();
    let got = v["children"].as_array().unwrap();
    assert_eq!(got.len(), kids.len(), "{ctx}");
    for (k, g) in kids.iter().zip(got) {
        let node = &uct.nodes[*k];
        assert_eq!(g["move_name"], json!(node.name), "{ctx}");
        assert_eq!(g["n"], json!(node.n), "{ctx}: {}", node.name);
        assert_eq!(g["u_halves"], json!(node.u), "{ctx}: {}", node.name);
        assert_eq!(g["u"].as_f64().unwrap() * 2.0, node.u as f64, "{ctx}");
        let mean = node.u as f64 / (2.0 * node.n as f64);
        assert_eq!(g["mean"].as_f64().unwrap(), round6(mean), "{ctx}");
        assert_eq!(g["ucb1"].as_f64().unwrap(), round6(uct.ucb(0, *k)), "{ctx}");
        // From the printed figures alone.
        let (n, u) = (g["n"].as_f64().unwrap(), g["u"].as_f64().unwrap());
        let root_n = v["root"]["n"].as_f64().unwrap();
        let again = u / n + c * (root_n.ln() / n).sqrt();
        assert!((g["ucb1"].as_f64().unwrap() - again).abs() < 1e-6, "{ctx}");
    }
    let played = &uct.nodes[uct.played()].name;
    assert_eq!(v["move_name"], json!(played), "{ctx}");
}

const BOARDS: [&str; 4] = ["XX./OO./...", "X../.O./...", ".........", "XO./.X./..O"];

#[test]
fn run_json_agrees_with_an_independent_uct_on_tic_tac_toe() {
    for b in BOARDS {
        for (c_arg, c) in [
            ("sqrt2", std::f64::consts::SQRT_2),
            ("0.5", 0.5),
            ("2", 2.0),
        ] {
            for iterations in [1u32, 7, 60] {
                let mut uct = Uct::new(Ttt, board(b), c);
                let done = uct.run(iterations, usize::MAX);
                let its = iterations.to_string();
                let args = [
                    "run",
                    "--game",
                    "tictactoe",
                    "--board",
                    b,
                    "--algorithm",
                    "mcts",
                    "--iterations",
                    &its,
                    "--c",
                    c_arg,
                    "--playout",
                    "first",
                    "--json",
                ];
                let v = json_of(&args);
                let ctx = format!("{b} C={c_arg} {iterations}");
                assert_eq!(v["iterations"], json!(done), "{ctx}");
                assert_eq!(v["interrupted"], json!(false), "{ctx}");
                check_run_json(&uct, &v, c, &ctx);
            }
        }
    }
}

#[test]
fn run_text_names_the_iterations_the_move_and_every_root_childs_figures() {
    let b = "X../.O./...";
    let mut uct = Uct::new(Ttt, board(b), std::f64::consts::SQRT_2);
    uct.run(40, usize::MAX);
    let out = text_of(&[
        "run",
        "--game",
        "tictactoe",
        "--board",
        b,
        "--algorithm",
        "mcts",
        "--iterations",
        "40",
        "--playout",
        "first",
    ]);
    let first = out.lines().next().unwrap();
    let played = &uct.nodes[uct.played()].name;
    assert!(
        first.ends_with(&format!(": COMPLETE, mcts, 40 iterations, move={played}")),
        "{out}"
    );
    assert!(out.contains("\nC=√2, playout=first, seed=1\n"), "{out}");
    assert!(out.contains("the move played is the most visited"), "{out}");
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
    // Seed 000's counters and its depth and score mean nothing for a sampling search.
    assert!(!out.contains("score="), "{out}");
    assert!(!out.contains("depth="), "{out}");
    assert!(!out.contains("cutoffs="), "{out}");
    let root = &uct.nodes[0];
    assert!(
        out.contains(&format!("root: N={}, U={} ", root.n, half(root.u))),
        "{out}"
    );
    for k in root.kids.iter().flatten() {
        let node = &uct.nodes[*k];
        let row = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(node.name.as_str()))
            .unwrap_or_else(|| panic!("no row for {}: {out}", node.name));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[1], node.n.to_string(), "{row}");
        assert_eq!(cells[2], half(node.u), "{row}");
        assert_eq!(
            cells[3],
            format!("{:.3}", node.u as f64 / (2.0 * node.n as f64)),
            "{row}"
        );
        assert_eq!(cells[4], format!("{:.3}", uct.ucb(0, *k)), "{row}");
        assert_eq!(row.contains("← played"), node.name == *played, "{row}");
    }
}

#[test]
fn a_node_budget_interrupts_the_run_and_the_text_says_after_how_many() {
    for budget in [3u64, 10, 25] {
        let mut uct = Uct::new(Ttt, board("........."), std::f64::consts::SQRT_2);
        let done = uct.run(500, budget as usize);
        assert!(done < 500);
        let bud = budget.to_string();
        let base = [
            "run",
            "--game",
            "tictactoe",
            "--algorithm",
            "mcts",
            "--iterations",
            "500",
            "--playout",
            "first",
            "--budget",
            &bud,
        ];
        let out = text_of(&base);
        assert!(
            (out.lines().next().unwrap())
                .contains(&format!("PARTIAL, mcts, {done} of 500 iterations")),
            "{out}"
        );
        assert!(
            out.contains(&format!(
                "\ninterrupted after {done} of 500 iterations by the node budget ({budget} nodes)\n"
            )),
            "{out}"
        );
        let mut with_json = base.to_vec();
        with_json.push("--json");
        let v = json_of(&with_json);
        assert_eq!(v["interrupted"], json!(true));
        assert_eq!(v["iterations"], json!(done));
        assert_eq!(v["status"], json!("PARTIAL"));
        check_run_json(
            &uct,
            &v,
            std::f64::consts::SQRT_2,
            &format!("budget {budget}"),
        );
    }
}

/// A small graph with a win, a draw and a loss under MIN, written as a file.
fn graph_file(dir: &std::path::Path) -> (std::path::PathBuf, Value) {
    let g = json!({"nodes": [
        {"player": "MAX", "label": "R", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "label": "A", "moves": [{"child": 3}, {"child": 4}]},
        {"player": "MIN", "label": "B", "moves": [{"child": 5}, {"child": 6}]},
        {"player": "MAX", "label": "A1", "score": 3},
        {"player": "MAX", "label": "A2", "score": 0},
        {"player": "MAX", "label": "B1", "score": -2},
        {"player": "MAX", "label": "B2", "score": 5}
    ]});
    let path = dir.join("mcts-graph.json");
    std::fs::write(&path, g.to_string()).unwrap();
    (path, g)
}

#[test]
fn run_json_agrees_with_the_oracle_on_a_graph_file() {
    let dir = std::env::temp_dir().join(format!("prune-mcts-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, g) = graph_file(&dir);
    let file = path.to_str().unwrap();
    for iterations in [1u32, 3, 5, 30] {
        let mut uct = Uct::new(GraphGame::from_json(&g), 0, 1.0);
        uct.run(iterations, usize::MAX);
        let its = iterations.to_string();
        let v = json_of(&[
            "run",
            file,
            "--algorithm",
            "mcts",
            "--iterations",
            &its,
            "--c",
            "1",
            "--playout",
            "first",
            "--json",
        ]);
        check_run_json(&uct, &v, 1.0, &format!("graph {iterations}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_chance_game_reports_how_often_each_outcome_was_drawn() {
    // The coin lesson: two chance nodes under the root. Every visit of a chance node after
    // the one that added it draws one outcome, so the counts add up to its visits less one.
    let v = json_of(&[
        "run",
        "004-chance-coin",
        "--algorithm",
        "mcts",
        "--iterations",
        "400",
        "--json",
    ]);
    let draws = v["draws"].as_array().expect("draw counts on a chance game");
    assert!(!draws.is_empty());
    for d in draws {
        let node = d["node"].as_u64().unwrap();
        let child = (v["children"].as_array().unwrap().iter())
            .find(|c| c["node"].as_u64() == Some(node))
            .expect("the coin's chance nodes are root children");
        let total: u64 = (d["outcomes"].as_array().unwrap().iter())
            .map(|o| o["drawn"].as_u64().unwrap())
            .sum();
        assert_eq!(total + 1, child["n"].as_u64().unwrap(), "{d}");
    }
    // R's outcomes are 1/4 and 3/4: over some 200 draws the likelier one is drawn more.
    let r = draws.iter().find(|d| d["name"] == "R").unwrap();
    let o = r["outcomes"].as_array().unwrap();
    assert_eq!(o[0]["p"], json!("0.25"));
    assert!(o[1]["drawn"].as_u64() > o[0]["drawn"].as_u64(), "{r}");
    let text = text_of(&[
        "run",
        "004-chance-coin",
        "--algorithm",
        "mcts",
        "--iterations",
        "40",
    ]);
    assert!(text.contains("drawn at chance node R"), "{text}");
    // Not a chance game: no draw counts.
    let v = json_of(&[
        "run",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        "5",
        "--json",
    ]);
    assert!(v.get("draws").is_none(), "{v}");
}

/// The tsv of `prune trace` against the oracle's log, row by row.
fn check_trace_tsv<G: OracleGame>(uct: &Uct<G>, tsv: &str, ctx: &str) {
    let mut lines = tsv.lines();
    assert_eq!(
        lines.next(),
        Some("iteration\tpath\texpanded\tresult\tplayout_moves\tupdates")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), uct.log.len(), "{ctx}");
    for (i, (row, it)) in rows.iter().zip(&uct.log).enumerate() {
        let cells: Vec<&str> = row.split('\t').collect();
        assert_eq!(cells[0], (i + 1).to_string(), "{ctx}");
        let path = if it.path.is_empty() {
            "(root)".to_string()
        } else {
            it.path.join(" ")
        };
        assert_eq!(cells[1], path, "{ctx} row {}", i + 1);
        assert_eq!(cells[2], it.expanded.as_deref().unwrap_or("-"), "{ctx}");
        assert_eq!(
            cells[3],
            ["min", "draw", "max"][it.result as usize],
            "{ctx} row {}",
            i + 1
        );
        assert_eq!(
            cells[4],
            it.playout.map_or("-".into(), |l| l.to_string()),
            "{ctx}"
        );
        let updates: Vec<String> = (it.updates.iter())
            .map(|&(n0, u0, n1, u1)| format!("{n0}/{}→{n1}/{}", half(u0), half(u1)))
            .collect();
        assert_eq!(cells[5], updates.join(" · "), "{ctx} row {}", i + 1);
    }
}

#[test]
fn trace_writes_one_row_per_iteration_as_the_oracle_plays_them() {
    for b in BOARDS {
        let mut uct = Uct::new(Ttt, board(b), std::f64::consts::SQRT_2);
        uct.run(30, usize::MAX);
        let tsv = text_of(&[
            "trace",
            "--game",
            "tictactoe",
            "--board",
            b,
            "--algorithm",
            "mcts",
            "--iterations",
            "30",
            "--playout",
            "first",
            "--format",
            "tsv",
        ]);
        check_trace_tsv(&uct, &tsv, b);
        let table = text_of(&[
            "trace",
            "--game",
            "tictactoe",
            "--board",
            b,
            "--algorithm",
            "mcts",
            "--iterations",
            "30",
            "--playout",
            "first",
        ]);
        // A header, one row per iteration, then the run's two summary lines.
        assert_eq!(table.lines().count(), 1 + 30 + 2, "{table}");
        assert!(
            table.lines().next().unwrap().starts_with("iter  path"),
            "{table}"
        );
        let last = &uct.log[29];
        let row = table.lines().nth(30).unwrap();
        assert!(row.trim_start().starts_with("30 "), "{row}");
        let (n0, u0, n1, u1) = last.updates[0];
        assert!(
            row.contains(&format!("{n0}/{}→{n1}/{}", half(u0), half(u1))),
            "{row}"
        );
    }
    let dir = std::env::temp_dir().join(format!("prune-mcts-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, g) = graph_file(&dir);
    let mut uct = Uct::new(GraphGame::from_json(&g), 0, 1.0);
    uct.run(12, usize::MAX);
    let tsv = text_of(&[
        "trace",
        path.to_str().unwrap(),
        "--algorithm",
        "mcts",
        "--iterations",
        "12",
        "--c",
        "1",
        "--playout",
        "first",
        "--format",
        "tsv",
    ]);
    check_trace_tsv(&uct, &tsv, "graph");
    // A finished game reached by selection expands nothing, and the table says why.
    let table = text_of(&[
        "trace",
        path.to_str().unwrap(),
        "--algorithm",
        "mcts",
        "--iterations",
        "12",
        "--c",
        "1",
        "--playout",
        "first",
    ]);
    let known = uct.log.iter().position(|it| it.expanded.is_none()).unwrap();
    let row = table.lines().nth(known + 1).unwrap();
    assert!(row.contains("— (a finished game)"), "{row}");
    assert!(row.contains("(known)"), "{row}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_monte_carlo_trace_gives_the_same_iteration_rows() {
    let dir = std::env::temp_dir().join(format!("prune-mcts-saved-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("run.json");
    let args = [
        "--game",
        "tictactoe",
        "--board",
        "X../.O./...",
        "--algorithm",
        "mcts",
        "--iterations",
        "20",
        "--playout",
        "first",
    ];
    let mut save = vec!["trace"];
    save.extend_from_slice(&args);
    save.extend_from_slice(&["--format", "json", "--out", saved.to_str().unwrap()]);
    text_of(&save);
    let mut live = vec!["trace"];
    live.extend_from_slice(&args);
    live.extend_from_slice(&["--format", "tsv"]);
    let from_saved = text_of(&["trace", saved.to_str().unwrap(), "--format", "tsv"]);
    assert_eq!(from_saved, text_of(&live));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seed_applies_to_a_monte_carlo_run_and_only_there_on_tic_tac_toe() {
    let a = json_of(&[
        "run",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        "50",
        "--seed",
        "7",
        "--json",
    ]);
    assert_eq!(a["seed"], json!(7));
    common::assert_one_line_error(
        &["run", "--game", "tictactoe", "--depth", "2", "--seed", "7"],
        "--seed applies to a uniform tree",
    );
}

/// Minimax over the oracle's reading of a graph file (every value exact).
fn minimax(g: &GraphGame, s: usize) -> i64 {
    let (max, score, kids, _) = &g.nodes[s];
    if kids.is_empty() {
        return *score;
    }
    let values = kids.iter().map(|&k| minimax(g, k));
    if *max {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

#[test]
fn diff_puts_minimax_values_beside_monte_carlo_visit_counts() {
    let dir = std::env::temp_dir().join(format!("prune-mcts-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (path, g) = graph_file(&dir);
    let file = path.to_str().unwrap();
    let game = GraphGame::from_json(&g);
    let v = json_of(&[
        "diff",
        file,
        "--a",
        "depth=2 id=off algorithm=minimax",
        "--b",
        "algorithm=mcts iterations=30 c=1 playout=first",
        "--json",
    ]);
    // Run A: the minimax value of the root and of each root move.
    let root = minimax(&game, 0);
    assert_eq!(v["a"]["value"], json!(root));
    let kids = &game.nodes[0].2;
    let best = kids
        .iter()
        .position(|&k| minimax(&game, k) == root)
        .unwrap();
    assert_eq!(v["a"]["move"], json!(game.nodes[kids[best]].3));
    for (i, &k) in kids.iter().enumerate() {
        let row = &v["a"]["moves"][i];
        assert_eq!(row["move"], json!(game.nodes[k].3));
        assert_eq!(row["value"], json!(minimax(&game, k)));
        assert_eq!(row["bound"], json!("exact"));
    }
    // Run B: each root move's N and U/N after 30 iterations, as the oracle plays them.
    let mut uct = Uct::new(GraphGame::from_json(&g), 0, 1.0);
    uct.run(30, usize::MAX);
    for (i, k) in uct.nodes[0].kids.iter().flatten().enumerate() {
        let node = &uct.nodes[*k];
        let row = &v["b"]["moves"][i];
        assert_eq!(row["move"], json!(node.name));
        assert_eq!(row["n"], json!(node.n));
        assert_eq!(row["u_halves"], json!(node.u));
        assert_eq!(
            row["mean"].as_f64().unwrap(),
            round6(node.u as f64 / (2.0 * node.n as f64))
        );
    }
    let played = uct.nodes[uct.played()].name.clone();
    assert_eq!(v["b"]["move"], json!(played));
    let agree = played == game.nodes[kids[best]].3;
    assert_eq!(v["agree"], json!(agree));
    // The text says the same.
    let text = text_of(&[
        "diff",
        file,
        "--a",
        "depth=2 id=off algorithm=minimax",
        "--b",
        "algorithm=mcts iterations=30 c=1 playout=first",
    ]);
    assert!(
        text.starts_with(&format!("A: minimax, depth 2: value {root}, move ")),
        "{text}"
    );
    let verdict = if agree { "agree" } else { "disagree" };
    assert!(
        text.contains(&format!("the two runs {verdict} on the move")),
        "{text}"
    );
    // Alpha-beta: A returns its exact 0 (α = 0); B's first leaf, -2, is at most α, so B
    // stops there and its -2 is only an upper bound.
    let v = json_of(&[
        "diff",
        file,
        "--a",
        "depth=2 id=off tt=off",
        "--b",
        "algorithm=mcts iterations=30 c=1 playout=first",
        "--json",
    ]);
    assert_eq!(v["a"]["moves"][0]["bound"], json!("exact"));
    assert_eq!(v["a"]["moves"][0]["value"], json!(0));
    assert_eq!(v["a"]["moves"][1]["bound"], json!("upper"));
    assert_eq!(v["a"]["moves"][1]["value"], json!(-2));
    // Two Monte Carlo runs with different C: N and U/N side by side, each as its oracle.
    let v = json_of(&[
        "diff",
        file,
        "--a",
        "algorithm=mcts iterations=25 c=0.5 playout=first",
        "--b",
        "algorithm=mcts iterations=25 c=2 playout=first",
        "--json",
    ]);
    for (side, c) in [("a", 0.5), ("b", 2.0)] {
        let mut uct = Uct::new(GraphGame::from_json(&g), 0, c);
        uct.run(25, usize::MAX);
        for (i, k) in uct.nodes[0].kids.iter().flatten().enumerate() {
            assert_eq!(v[side]["moves"][i]["n"], json!(uct.nodes[*k].n), "{side}");
            assert_eq!(
                v[side]["moves"][i]["u_halves"],
                json!(uct.nodes[*k].u),
                "{side}"
            );
        }
        assert_eq!(v[side]["move"], json!(uct.nodes[uct.played()].name));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_root_and_a_chance_root_are_said_as_they_are() {
    // X has won: every iteration is the root's known result, nothing is expanded.
    let b = "XXX/OO./...";
    let base = [
        "--game",
        "tictactoe",
        "--board",
        b,
        "--algorithm",
        "mcts",
        "--iterations",
        "3",
    ];
    let mut run = vec!["run"];
    run.extend_from_slice(&base);
    let text = text_of(&run);
    assert!(text.contains("move=none"), "{text}");
    assert!(text.contains("the root is a finished game"), "{text}");
    assert!(!text.contains("UCB1"), "{text}");
    let mut trace = vec!["trace"];
    trace.extend_from_slice(&base);
    trace.extend_from_slice(&["--format", "tsv"]);
    let tsv = text_of(&trace);
    // O is to move and X has won: the root counts O's wins, so it gains visits, no wins.
    assert_eq!(
        tsv.lines().skip(1).collect::<Vec<_>>(),
        [
            "1\t(root)\t-\tmax\t-\t0/0→1/0",
            "2\t(root)\t-\tmax\t-\t1/0→2/0",
            "3\t(root)\t-\tmax\t-\t2/0→3/0"
        ]
    );
    // A chance root: its outcomes are drawn every iteration, at their odds; no UCB1 chooses.
    let dir = std::env::temp_dir().join(format!("prune-mcts-chance-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chance-root.json");
    std::fs::write(
        &path,
        json!({"nodes": [
            {"player": "CHANCE", "label": "C", "moves": [{"child": 1, "p": "0.8"}, {"child": 2, "p": "0.2"}]},
            {"player": "MAX", "label": "H", "moves": [{"child": 3}, {"child": 4}]},
            {"player": "MIN", "label": "T", "moves": [{"child": 5}, {"child": 6}]},
            {"player": "MIN", "label": "a", "score": 1},
            {"player": "MIN", "label": "b", "score": -1},
            {"player": "MAX", "label": "c", "score": 1},
            {"player": "MAX", "label": "d", "score": -1}
        ]})
        .to_string(),
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let args = ["run", file, "--algorithm", "mcts", "--iterations", "200"];
    let text = text_of(&args);
    assert!(text.contains("the root is a chance node"), "{text}");
    assert!(!text.contains("← played"), "{text}");
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json_of(&with_json);
    let draws = &v["draws"][0];
    assert_eq!(draws["path"], json!([]));
    let drawn: Vec<u64> = (draws["outcomes"].as_array().unwrap().iter())
        .map(|o| o["drawn"].as_u64().unwrap())
        .collect();
    // The root draws once in every iteration; each draw is one visit of that outcome's node.
    assert_eq!(drawn.iter().sum::<u64>(), 200);
    for (i, c) in v["children"].as_array().unwrap().iter().enumerate() {
        assert_eq!(c["n"].as_u64().unwrap(), drawn[i]);
        assert_eq!(c["ucb1"], Value::Null);
    }
    assert!(drawn[0] > 2 * drawn[1], "{drawn:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--reward score`: a graph whose finished games score 1 and 0 counts a 0 as a loss (the
/// outcome rule reads it as a draw); the half-wins `prune run --json` reports are this file's
/// own UCT's with that reading, and a score outside [0, 1] or a game without graph scores is
/// one line naming the node (or the rule), exit 2.
#[test]
fn the_score_reward_counts_a_graphs_scores_and_refuses_scores_outside_zero_to_one() {
    let dir = std::env::temp_dir().join(format!("prune-mcts-reward-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let g = json!({"nodes": [
        {"player": "MAX", "label": "R", "moves": [{"child": 1}, {"child": 2}]},
        {"player": "MIN", "label": "A", "moves": [{"child": 3}, {"child": 4}]},
        {"player": "MIN", "label": "B", "moves": [{"child": 5}, {"child": 6}]},
        {"player": "MAX", "label": "A1", "score": 1},
        {"player": "MAX", "label": "A2", "score": 0},
        {"player": "MAX", "label": "B1", "score": 0},
        {"player": "MAX", "label": "B2", "score": 1}
    ]});
    let path = dir.join("scores.json");
    std::fs::write(&path, g.to_string()).unwrap();
    let file = path.to_str().unwrap();
    let run = |reward: &str| {
        json_of(&[
            "run",
            file,
            "--algorithm",
            "mcts",
            "--iterations",
            "7",
            "--c",
            "1",
            "--playout",
            "first",
            "--reward",
            reward,
            "--json",
        ])
    };
    // The outcome rule, through this file's oracle on the same graph.
    let mut uct = Uct::new(GraphGame::from_json(&g), 0, 1.0);
    uct.run(7, usize::MAX);
    check_run_json(&uct, &run("outcome"), 1.0, "outcome reward");
    // The score rule: the oracle's graph with every 0 made a loss (-1 read as an outcome)
    // and every 1 a win gives the same half-wins.
    let mut as_outcomes = g.clone();
    for n in as_outcomes["nodes"].as_array_mut().unwrap() {
        if n.get("score") == Some(&json!(0)) {
            n["score"] = json!(-1);
        }
    }
    let mut uct = Uct::new(GraphGame::from_json(&as_outcomes), 0, 1.0);
    uct.run(7, usize::MAX);
    check_run_json(&uct, &run("score"), 1.0, "score reward");
    // A score of 3 is no reward.
    let mut bad = g.clone();
    bad["nodes"][5]["score"] = json!(3);
    std::fs::write(&path, bad.to_string()).unwrap();
    let args = ["run", file, "--algorithm", "mcts", "--reward", "score"];
    common::assert_one_line_error(&args, "node B1 scores 3, outside [0, 1]");
    // The default reads it as an outcome, as before.
    let (code, _, err) = run_prune(&["run", file, "--algorithm", "mcts"]);
    assert_eq!(code, Some(0), "{err}");
    // Tic-tac-toe's games score -1, 0 or 1: outcomes only.
    common::assert_one_line_error(
        &[
            "run",
            "--game",
            "tictactoe",
            "--algorithm",
            "mcts",
            "--reward",
            "score",
        ],
        "--reward score reads an explicit graph's scores",
    );
    common::assert_one_line_error(
        &[
            "run",
            "--game",
            "tictactoe",
            "--algorithm",
            "mcts",
            "--reward",
            "half",
        ],
        "reward 'half' is not outcome or score",
    );
    // A Monte Carlo setting on another search.
    common::assert_one_line_error(
        &["run", "004-abc-tree", "--reward", "score"],
        "--reward are Monte Carlo settings",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
