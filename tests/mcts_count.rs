//! `prune count` and `prune bench` on Monte Carlo runs, checked against a UCT written here
//! from seed 004's rules with its own tic-tac-toe (cells, lines, moves as empty squares in
//! order). With `--playout first` a run has no randomness, so every count is exact; with
//! random playouts the counts must still add up.

mod common;

use common::ttt::LINES;

use std::process::Command;

use serde_json::Value;

fn prune(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_prune"))
        .args(args)
        .output()
        .expect("prune runs");
    assert!(
        out.status.success(),
        "prune {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&prune(args)).expect("one JSON object")
}

// ── The oracle ──────────────────────────────────────────────────────────────────────────

/// 'X', 'O' or '.' per square.
type Cells = [u8; 9];

fn cells(text: &str) -> Cells {
    let squares: Vec<u8> = text.bytes().filter(|b| b"XO.".contains(b)).collect();
    squares.try_into().expect("nine squares")
}

fn winner(c: &Cells) -> Option<u8> {
    LINES
        .iter()
        .find(|l| c[l[0]] != b'.' && c[l[0]] == c[l[1]] && c[l[1]] == c[l[2]])
        .map(|l| c[l[0]])
}

fn to_move(c: &Cells) -> u8 {
    let xs = c.iter().filter(|&&s| s == b'X').count();
    let os = c.iter().filter(|&&s| s == b'O').count();
    if xs == os { b'X' } else { b'O' }
}

/// The empty squares in order: move i marks the i-th.
fn moves(c: &Cells) -> Vec<usize> {
    if winner(c).is_some() {
        return Vec::new();
    }
    (0..9).filter(|&s| c[s] == b'.').collect()
}

fn play(c: &Cells, square: usize) -> Cells {
    let mut next = *c;
    next[square] = to_move(c);
    next
}

/// A finished game's result for X in half-wins.
fn result(c: &Cells) -> u32 {
    match winner(c) {
        Some(b'X') => 2,
        Some(_) => 0,
        None => 1,
    }
}

struct Node {
    cells: Cells,
    /// The player whose wins `u` counts: who moved into the node (the root: who moves there).
    counts_for: u8,
    kids: Vec<Option<usize>>,
    depth: u32,
    n: u32,
    u: u32,
}

/// What a run does, as `prune count` and `prune bench` report it.
#[derive(Debug, Default, PartialEq)]
struct Counts {
    iterations: u64,
    nodes: u64,
    playouts: u64,
    playout_moves: u64,
    known: u64,
    /// X wins, O wins, draws.
    results: [u64; 3],
    deepest: u32,
    /// The square played and its visits.
    square: usize,
    visits: u32,
    root_visits: u32,
    /// Events a recorder keeps: iteration, select, expand, playout or known, one backup per
    /// node on the path.
    events: u64,
}

fn node(cells: Cells, counts_for: u8, depth: u32) -> Node {
    Node {
        cells,
        counts_for,
        kids: vec![None; moves(&cells).len()],
        depth,
        n: 0,
        u: 0,
    }
}

/// UCT with first-move playouts from `start` for `iterations` iterations.
fn uct_first(start: &str, iterations: u32, c: f64) -> Counts {
    let root = cells(start);
    let mut tree = vec![node(root, to_move(&root), 0)];
    let mut k = Counts {
        iterations: iterations.into(),
        ..Counts::default()
    };
    for _ in 0..iterations {
        k.events += 1;
        let mut path = vec![0usize];
        let mut at = 0;
        let leaf = loop {
            if tree[at].kids.is_empty() {
                break at;
            }
            if let Some(i) = tree[at].kids.iter().position(Option::is_none) {
                let square = moves(&tree[at].cells)[i];
                let next = play(&tree[at].cells, square);
                let mover = to_move(&tree[at].cells);
                tree.push(node(next, mover, tree[at].depth + 1));
                let id = tree.len() - 1;
                tree[at].kids[i] = Some(id);
                k.events += 1;
                k.deepest = k.deepest.max(tree[id].depth);
                path.push(id);
                break id;
            }
            let ln = f64::from(tree[at].n).ln();
            let mut best = (0, f64::NEG_INFINITY);
            for (i, kid) in tree[at].kids.iter().enumerate() {
                let kid = &tree[kid.expect("every move has a node")];
                let score = f64::from(kid.u) / (2.0 * f64::from(kid.n))
                    + c * (ln / f64::from(kid.n)).sqrt();
                if score > best.1 {
                    best = (i, score);
                }
            }
            k.events += 1;
            at = tree[at].kids[best.0].expect("chosen");
            path.push(at);
        };
        let mut end = tree[leaf].cells;
        if moves(&end).is_empty() {
            k.known += 1;
        } else {
            k.playouts += 1;
            while let Some(&square) = moves(&end).first() {
                end = play(&end, square);
                k.playout_moves += 1;
            }
        }
        k.events += 1;
        let r = result(&end);
        k.results[match r {
            2 => 0,
            0 => 1,
            _ => 2,
        }] += 1;
        for &id in path.iter().rev() {
            let node = &mut tree[id];
            node.n += 1;
            node.u += if node.counts_for == b'X' { r } else { 2 - r };
            k.events += 1;
        }
    }
    k.nodes = tree.len() as u64;
    let kids: Vec<(usize, u32)> = (tree[0].kids.iter().enumerate())
        .filter_map(|(i, kid)| kid.map(|id| (i, tree[id].n)))
        .collect();
    let most = kids
        .iter()
        .map(|k| k.1)
        .max()
        .expect("the root has children");
    let first = kids
        .iter()
        .find(|k| k.1 == most)
        .expect("a most visited child");
    k.square = moves(&root)[first.0];
    k.visits = most;
    k.root_visits = tree[0].n;
    k
}

// ── The checks ──────────────────────────────────────────────────────────────────────────

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

fn count_json(board: &str, iterations: u32, extra: &[&str]) -> Value {
    let n = iterations.to_string();
    let mut args = vec![
        "count",
        "--game",
        "tictactoe",
        "--board",
        board,
        "--algorithm",
        "mcts",
        "--iterations",
        &n,
        "--json",
    ];
    args.extend_from_slice(extra);
    json_of(&args)
}

fn assert_counts(v: &Value, k: &Counts, what: &str) {
    let u = |key: &str| {
        v[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{what}: {key} in {v}"))
    };
    assert_eq!(u("iterations"), k.iterations, "{what}: iterations");
    assert_eq!(u("nodes"), k.nodes, "{what}: nodes");
    assert_eq!(u("playouts"), k.playouts, "{what}: playouts");
    assert_eq!(u("playout_moves"), k.playout_moves, "{what}: playout moves");
    assert_eq!(u("known"), k.known, "{what}: known outcomes");
    assert_eq!(u("deepest"), u64::from(k.deepest), "{what}: deepest node");
    let results = &v["results"];
    assert_eq!(results["x_wins"], k.results[0], "{what}: X wins");
    assert_eq!(results["o_wins"], k.results[1], "{what}: O wins");
    assert_eq!(results["draws"], k.results[2], "{what}: draws");
    assert_eq!(results["total"], k.iterations, "{what}: results total");
    assert_eq!(v["move"], k.square as u64, "{what}: the move played");
    assert_eq!(u("move_visits"), u64::from(k.visits), "{what}: its visits");
    assert_eq!(
        u("root_visits"),
        u64::from(k.root_visits),
        "{what}: the root's"
    );
}

const EMPTY: &str = ".........";
/// O to move: the perspective of every count flips.
const O_TO_MOVE: &str = "X.. / .O. / ..X";

#[test]
fn first_move_playouts_count_what_the_oracle_counts() {
    for (board, iterations) in [(EMPTY, 2000), (O_TO_MOVE, 700), ("XO. / ... / ...", 300)] {
        let oracle = uct_first(board, iterations, std::f64::consts::SQRT_2);
        let v = count_json(board, iterations, &["--playout", "first"]);
        assert_counts(&v, &oracle, board);
        assert_eq!(v["status"], "COMPLETE");
        assert_eq!(v["interrupted"], false);
    }
}

#[test]
fn another_c_changes_the_counts_as_the_oracle_says() {
    let oracle = uct_first(EMPTY, 1000, 0.5);
    let v = count_json(EMPTY, 1000, &["--playout", "first", "--c", "0.5"]);
    assert_counts(&v, &oracle, "C = 0.5");
    // The oracle's own figures differ from the √2 run's, so the option reached the search.
    assert_ne!(oracle, uct_first(EMPTY, 1000, std::f64::consts::SQRT_2));
}

#[test]
fn the_text_form_names_each_count() {
    let oracle = uct_first(EMPTY, 2000, std::f64::consts::SQRT_2);
    let text = prune(&[
        "count",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        "2000",
        "--playout",
        "first",
    ]);
    for line in [
        "iterations: 2,000\n".to_string(),
        format!(
            "tree nodes: {} (the root and {} expanded)\n",
            thousands(oracle.nodes),
            thousands(oracle.nodes - 1)
        ),
        format!(
            "finished games: 2,000 ({} played out, {:.1} moves on average; {} already over at their tree node)\n",
            thousands(oracle.playouts),
            oracle.playout_moves as f64 / oracle.playouts as f64,
            thousands(oracle.known)
        ),
        format!(
            "results: {} X wins, {} O wins, {} draws\n",
            thousands(oracle.results[0]),
            thousands(oracle.results[1]),
            thousands(oracle.results[2])
        ),
        format!("deepest node: {} moves below the root\n", oracle.deepest),
        format!(
            "result: complete, move {}, the most visited ({} of the root's 2,000 visits)\n",
            oracle.square,
            thousands(oracle.visits.into())
        ),
    ] {
        assert!(text.contains(&line), "missing {line:?} in:\n{text}");
    }
    assert!(
        text.contains("2,000 iterations, C = √2, seed 1, first playouts"),
        "{text}"
    );
}

#[test]
fn random_playouts_add_up() {
    for board in [EMPTY, O_TO_MOVE] {
        let v = count_json(board, 3000, &[]);
        let u = |key: &str| v[key].as_u64().unwrap();
        assert_eq!(u("iterations"), 3000);
        // One expansion at most per iteration, and every iteration ends in one finished game.
        assert!(u("nodes") <= 1 + u("iterations"), "{v}");
        assert!(u("nodes") > 1, "{v}");
        assert_eq!(u("playouts") + u("known"), u("iterations"), "{v}");
        let r = &v["results"];
        let sum = ["x_wins", "o_wins", "draws"].map(|k| r[k].as_u64().unwrap());
        assert_eq!(sum.iter().sum::<u64>(), 3000, "{v}");
        let marks = board.matches(['X', 'O']).count() as u64;
        assert!(u("deepest") >= 1 && u("deepest") <= 9 - marks, "{v}");
        assert!(u("move_visits") <= u("root_visits"));
    }
}

#[test]
fn a_node_budget_stops_the_run_and_says_so() {
    // Each iteration of the oracle's run adds a node until the budget of 50 nodes is met.
    let oracle = uct_first(EMPTY, 49, std::f64::consts::SQRT_2);
    assert_eq!(
        oracle.nodes, 50,
        "the first 49 iterations each expand a node"
    );
    let v = count_json(EMPTY, 500, &["--playout", "first", "--budget", "50"]);
    assert_counts(&v, &oracle, "budget 50");
    assert_eq!(v["status"], "PARTIAL");
    assert_eq!(v["interrupted"], true);
}

#[test]
fn bench_reports_iterations_and_what_a_recorded_event_costs() {
    let oracle = uct_first(EMPTY, 1500, std::f64::consts::SQRT_2);
    let v = json_of(&[
        "bench",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        "1500",
        "--playout",
        "first",
        "--runs",
        "1",
        "--json",
    ]);
    assert_eq!(v["unit"], "iterations");
    assert_eq!(v["per_run"], 1500);
    assert_eq!(v["nodes"], oracle.nodes);
    assert_eq!(v["recorded_events"], oracle.events);
    let per = v["events_per_unit"].as_f64().unwrap();
    assert!((per - oracle.events as f64 / 1500.0).abs() < 1e-9, "{v}");
    assert!(v["noop_per_second"].as_f64().unwrap() > 0.0);
    assert!(v["recorder_per_second"].as_f64().unwrap() > 0.0);
    // A recorded event is at least its word; the arenas add the bonuses and moves.
    assert!(v["bytes_per_event"].as_f64().unwrap() >= 8.0, "{v}");

    let text = prune(&[
        "bench",
        "--game",
        "tictactoe",
        "--algorithm",
        "mcts",
        "--iterations",
        "1500",
        "--playout",
        "first",
        "--runs",
        "1",
    ]);
    assert!(text.starts_with("iterations per run: 1500\n"), "{text}");
    assert!(
        text.contains(&format!("tree nodes per run: {}\n", oracle.nodes)),
        "{text}"
    );
    assert!(text.contains(" iterations/s (median of 1)"), "{text}");
    assert!(
        text.contains(&format!(
            "recorded: {} events, {:.1} events/iteration, ",
            oracle.events,
            oracle.events as f64 / 1500.0
        )),
        "{text}"
    );
}

#[test]
fn bench_of_a_search_still_counts_calls() {
    let v = json_of(&["bench", "000-worked-tree", "--runs", "1", "--json"]);
    assert_eq!(v["unit"], "calls");
    assert!(v["nodes"].is_null(), "{v}");
    assert!(v["per_run"].as_u64().unwrap() > 0);
}

// ── Issue 34, the last figures of the seeds: a chance node's sampled outcomes as ratios ──

/// Seed 004 (line 766): an outcome of probability 0.8 should come about four times as often
/// as one of 0.2 over many samples. `prune count` on a Monte Carlo run of a graph with such
/// a chance node prints how often each outcome was drawn, its share, and the ratio beside the
/// probabilities' 4.00; the counts are the run's own draw events (`prune trace --format
/// jsonl`), counted here.
#[test]
fn count_prints_a_chance_nodes_sampled_outcomes_as_ratios() {
    let dir = std::env::temp_dir().join(format!("prune-mc-draws-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lesson = dir.join("draws.json");
    std::fs::write(
        &lesson,
        r#"{"title": "an unfair coin", "graph": {"nodes": [
          {"player": "MAX", "label": "root", "moves": [{"child": 1}, {"child": 2}]},
          {"player": "CHANCE", "label": "coin", "moves": [{"child": 3, "p": "0.8"}, {"child": 4, "p": "0.2"}]},
          {"player": "MIN", "label": "safe", "score": 0},
          {"player": "MIN", "label": "heads", "score": 1},
          {"player": "MIN", "label": "tails", "score": -1}]},
          "runs": [{"name": "mc", "depth": 2, "algorithm": "mcts", "iterations": 2000, "seed": 3}]}"#,
    )
    .unwrap();
    let path = lesson.to_str().unwrap();
    // The draw events, by outcome.
    let events = prune(&["trace", path, "--format", "jsonl"]);
    let mut drawn = [0u64; 2];
    for line in events.lines() {
        let e: Value = serde_json::from_str(line).unwrap();
        if e["event"] == "draw" {
            drawn[e["pos"].as_u64().unwrap() as usize] += 1;
        }
    }
    let total = drawn[0] + drawn[1];
    assert!(total > 100, "the coin is drawn often: {drawn:?}");
    let out = prune(&["count", path]);
    assert!(
        out.contains(&format!(
            "draws at chance node coin: {} in all",
            grouped(total)
        )),
        "{out}"
    );
    let share = |n: u64| format!("{:.3}", n as f64 / total as f64);
    assert!(
        out.contains(&format!(
            "outcome 0 (p = 0.8): drawn {} times, {} of the draws",
            grouped(drawn[0]),
            share(drawn[0])
        )),
        "{out}"
    );
    // 0.8 / 0.2 = 4: the sampled ratio beside it.
    assert!(
        out.contains(&format!(
            "outcome 1 (p = 0.2): drawn {} times, {} of the draws; outcome 0 came {:.2} times as often (the probabilities say 4.00)",
            grouped(drawn[1]),
            share(drawn[1]),
            drawn[0] as f64 / drawn[1] as f64
        )),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// 1234567 as "1,234,567".
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
