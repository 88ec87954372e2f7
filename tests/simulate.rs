//! Simulate the algorithm (issue 24, item 4), driven headless: scripted students whose moves
//! come from an alpha-beta (and a minimax) written here, on the generated tree itself, never
//! from prune's trace.

use prune::game::Game;
use prune::game::graph::Graph;
use prune::practice::simulate::{BRANCHING, DEPTH, Exercise, Feedback, Method, Reply, Settings};

const INF: i64 = 1_000_000;

fn typed(v: i64) -> String {
    match v {
        INF => "inf".into(),
        v if v == -INF => "-inf".into(),
        v => v.to_string(),
    }
}

fn sym(v: i64) -> String {
    match v {
        INF => "+∞".into(),
        v if v == -INF => "-∞".into(),
        v => v.to_string(),
    }
}

/// One line a student types, and what the oracle knows about it.
#[derive(Clone, Debug)]
struct Line {
    text: String,
    kind: Kind,
    /// The window of the frame the step is made in, as it stands when the step is asked (the
    /// parent's for a window: the frame whose window the child gets).
    frame: (i64, i64),
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Visit,
    /// The right window, and the window of the parent as it was entered.
    Window {
        parent_entry: (i64, i64),
        right: (i64, i64),
    },
    /// The window at the cut and the skipped children.
    Cut {
        window: (i64, i64),
        skipped: Vec<String>,
    },
    Return,
}

/// The oracle: seed 000's alpha-beta (fail-soft, left to right, cut on α ≥ β), or minimax
/// with no window, written out as the lines a correct student types.
struct Oracle<'a> {
    g: &'a Graph,
    prunes: bool,
    lines: Vec<Line>,
}

impl Oracle<'_> {
    fn leaf(&self, s: u32) -> bool {
        self.g.move_count(s) == 0
    }

    fn search(&mut self, s: u32, mut alpha: i64, mut beta: i64) -> i64 {
        if self.leaf(s) {
            return self.g.score(s).unwrap() as i64;
        }
        let max = self.g.side(s).is_max();
        let entry = (alpha, beta);
        let mut best = if max { -INF } else { INF };
        let n = self.g.move_count(s);
        for i in 0..n {
            let c = self.g.child(s, i);
            self.lines.push(Line {
                text: self.g.name(c),
                kind: Kind::Visit,
                frame: (alpha, beta),
            });
            let child_window = if self.prunes {
                (alpha, beta)
            } else {
                (-INF, INF)
            };
            if !self.leaf(c) && self.prunes {
                self.lines.push(Line {
                    text: format!("{} {}", typed(alpha), typed(beta)),
                    kind: Kind::Window {
                        parent_entry: entry,
                        right: (alpha, beta),
                    },
                    frame: (alpha, beta),
                });
            }
            let v = self.search(c, child_window.0, child_window.1);
            if (max && v > best) || (!max && v < best) {
                best = v;
            }
            if self.prunes {
                if max {
                    alpha = alpha.max(best);
                } else {
                    beta = beta.min(best);
                }
                if alpha >= beta {
                    // Seed 000 counts a cutoff even on the last child, where it skips nothing.
                    let skipped: Vec<String> = (i + 1..n)
                        .map(|k| self.g.name(self.g.child(s, k)))
                        .collect();
                    self.lines.push(Line {
                        text: "cut".into(),
                        kind: Kind::Cut {
                            window: (alpha, beta),
                            skipped,
                        },
                        frame: (alpha, beta),
                    });
                    break;
                }
            }
        }
        self.lines.push(Line {
            text: format!("return {}", typed(best)),
            kind: Kind::Return,
            frame: (alpha, beta),
        });
        best
    }
}

fn oracle(ex: &Exercise) -> Vec<Line> {
    let mut o = Oracle {
        g: ex.graph(),
        prunes: ex.settings.method == Method::AlphaBeta,
        lines: Vec::new(),
    };
    o.search(0, -INF, INF);
    o.lines
}

fn settings(seed: u64, b: u8, d: u8, method: Method) -> Settings {
    Settings {
        seed,
        branching: b,
        depth: d,
        method,
        feedback: Feedback::Step,
        fade: None,
    }
}

const SHAPES: [(u8, u8); 9] = [
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (3, 2),
    (3, 3),
    (4, 2),
    (5, 2),
    (6, 2),
];

/// The scripted correct student scores 100 % on 1,000 generated trees.
#[test]
fn a_correct_student_scores_100_percent_on_1000_trees() {
    let mut trees = 0;
    let mut cuts = 0;
    for k in 0..1000u64 {
        let (b, d) = SHAPES[k as usize % SHAPES.len()];
        let method = if k % 3 == 2 {
            Method::Minimax
        } else {
            Method::AlphaBeta
        };
        let mut ex = Exercise::new(settings(k * 7 + 1, b, d, method)).unwrap();
        let lines = oracle(&ex);
        cuts += lines.iter().filter(|l| l.text == "cut").count();
        for (i, line) in lines.iter().enumerate() {
            match ex.answer(&line.text) {
                Reply::Right { .. } => {}
                other => panic!(
                    "seed {} b {b} d {d} {method:?}: line {i} '{}' got {other:?}",
                    k * 7 + 1,
                    line.text
                ),
            }
        }
        assert!(
            ex.finished(),
            "seed {}: steps left after the oracle's lines",
            k * 7 + 1
        );
        assert_eq!(ex.score(), (lines.len(), lines.len()));
        assert_eq!(ex.percent(), 100);
        trees += 1;
    }
    assert_eq!(trees, 1000);
    // The trees show cutoffs, or the test proves little about them.
    assert!(cuts > 500, "only {cuts} cutoffs in 1,000 trees");
}

/// Every step asked is asked on the state it is made in (issue 34.3): the frame's window on
/// screen is the oracle's window of that frame as it stands, the child that returned last
/// taken in (at a cut decision the closed window, after a leaf's return the narrowed one), on
/// 300 trees; minimax shows no window at all (issue 34.9).
#[test]
fn the_frame_shown_is_the_window_the_step_is_made_in() {
    let mut closed = 0;
    for k in 0..300u64 {
        let (b, d) = SHAPES[k as usize % SHAPES.len()];
        let method = if k % 3 == 2 {
            Method::Minimax
        } else {
            Method::AlphaBeta
        };
        let mut ex = Exercise::new(settings(k * 5 + 2, b, d, method)).unwrap();
        for line in oracle(&ex) {
            let board = ex.board();
            let at = match line.kind {
                Kind::Window { .. } => board.stack.len() - 2,
                _ => board.stack.len() - 1,
            };
            let f = &board.stack[at];
            let shown = f.now.map(|(a, b)| (a as i64, b as i64));
            if method == Method::Minimax {
                assert!(
                    board
                        .stack
                        .iter()
                        .all(|f| f.now.is_none() && f.entered.is_none())
                );
                assert!(board.rows.iter().all(|r| r.window.is_none()));
            } else {
                assert_eq!(
                    shown,
                    Some(line.frame),
                    "seed {} b {b} d {d}: {} at '{}'",
                    k * 5 + 2,
                    f.name,
                    line.text
                );
                closed += usize::from(line.frame.0 >= line.frame.1);
            }
            assert!(matches!(ex.answer(&line.text), Reply::Right { .. }));
        }
    }
    assert!(closed > 100, "{closed} cut decisions");
}

/// The issue's own moves: seed 7, b 3, d 2. At the cut decision after G returned, B's window
/// is (4, 2) (B MIN entered with (4, +∞), G's 2 lowers β), and typing `cut` is right.
#[test]
fn seed_7_shows_bs_closed_window_at_the_cut() {
    let mut ex = Exercise::new(settings(7, 3, 2, Method::AlphaBeta)).unwrap();
    let g = ex.graph();
    let score = |name: &str| {
        let s = (0..g.len() as u32).find(|&s| g.name(s) == name).unwrap();
        g.score(s).unwrap()
    };
    let (d, e, f, leaf_g) = (score("D"), score("E"), score("F"), score("G"));
    // The tree the issue was filed on: A = min(D, E, F) = 4, and G = 2 < 4.
    assert_eq!((d.min(e).min(f), leaf_g), (4, 2));
    for line in ["A", "-inf inf", "D"] {
        assert!(matches!(ex.answer(line), Reply::Right { .. }), "{line}");
    }
    // D returned: A (MIN) has lowered β to D's value.
    let a = ex.board().stack.last().unwrap().clone();
    assert_eq!((a.name.as_str(), a.now), ("A", Some((-1_000_000, d))));
    for line in ["E", "F", "return 4", "B", "4 inf", "G"] {
        assert!(matches!(ex.answer(line), Reply::Right { .. }), "{line}");
    }
    let b = ex.board().stack.last().unwrap().clone();
    assert_eq!((b.name.as_str(), b.now), ("B", Some((4, 2))));
    assert!(matches!(ex.answer("cut"), Reply::Right { .. }));
}

/// A student who never cuts (visits the next child instead) is stopped at the first cutoff,
/// told the window and the skipped children, and the exercise goes on from the right step.
#[test]
fn a_student_who_never_cuts_is_stopped_at_the_first_cutoff() {
    let mut stopped = 0;
    for seed in 1..=200u64 {
        let (b, d) = SHAPES[1 + seed as usize % (SHAPES.len() - 1)];
        let mut ex = Exercise::new(settings(seed, b, d, Method::AlphaBeta)).unwrap();
        let lines = oracle(&ex);
        let Some(first) = lines.iter().position(|l| l.text == "cut") else {
            continue;
        };
        for line in &lines[..first] {
            assert!(matches!(ex.answer(&line.text), Reply::Right { .. }));
        }
        let Kind::Cut { window, skipped } = &lines[first].kind else {
            unreachable!()
        };
        // Past the cutoff this student visits the next child, or returns after the last.
        let instead = skipped.first().unwrap_or(&lines[first + 1].text);
        let Reply::Wrong { correction } = ex.answer(instead) else {
            panic!("seed {seed}: '{instead}' in place of the cutoff was not wrong");
        };
        assert_eq!(correction.step, first);
        assert_eq!(correction.expected, "cut");
        let w = format!("({}, {})", sym(window.0), sym(window.1));
        assert!(
            correction.why.contains(&format!("window is now {w}")),
            "seed {seed}: {} lacks {w}",
            correction.why
        );
        let skips = if skipped.is_empty() {
            "a cutoff, though no child is left to skip".to_string()
        } else {
            format!("skips {} (a cutoff)", skipped.join(", "))
        };
        assert!(
            correction.why.contains(&skips),
            "seed {seed}: {}",
            correction.why
        );
        // Corrected: the rest of the right lines are all right.
        for line in &lines[first + 1..] {
            assert!(
                matches!(ex.answer(&line.text), Reply::Right { .. }),
                "seed {seed}: after the correction '{}'",
                line.text
            );
        }
        assert!(ex.finished());
        assert_eq!(ex.score(), (lines.len() - 1, lines.len()));
        stopped += 1;
    }
    assert!(stopped > 100, "only {stopped} trees had a cutoff");
}

/// A student who passes every child the parent's original window is stopped at the first
/// child whose window a sibling had narrowed, with the right window.
#[test]
fn a_student_who_passes_the_original_window_is_corrected() {
    let mut stopped = 0;
    for seed in 1..=200u64 {
        let (b, d) = [(2, 3), (3, 3), (2, 4)][seed as usize % 3];
        let mut ex = Exercise::new(settings(seed, b, d, Method::AlphaBeta)).unwrap();
        let lines = oracle(&ex);
        let first = lines.iter().position(
            |l| matches!(l.kind, Kind::Window { parent_entry, right } if parent_entry != right),
        );
        let Some(first) = first else { continue };
        for line in &lines[..first] {
            assert!(matches!(ex.answer(&line.text), Reply::Right { .. }));
        }
        let Kind::Window {
            parent_entry,
            right,
        } = lines[first].kind
        else {
            unreachable!()
        };
        let wrong = format!("{} {}", typed(parent_entry.0), typed(parent_entry.1));
        let Reply::Wrong { correction } = ex.answer(&wrong) else {
            panic!("seed {seed}: the parent's original window {wrong} was not wrong");
        };
        assert_eq!(correction.step, first);
        assert_eq!(
            correction.expected,
            format!("{} {}", typed(right.0), typed(right.1))
        );
        let narrowed = if right.0 != parent_entry.0 {
            format!("raised its α to {}", sym(right.0))
        } else {
            format!("lowered its β to {}", sym(right.1))
        };
        assert!(
            correction.why.contains(&narrowed),
            "seed {seed}: {}",
            correction.why
        );
        stopped += 1;
    }
    assert!(stopped > 100, "only {stopped} trees narrowed a window");
}

/// The same settings give the same tree; another seed another one.
#[test]
fn the_seed_gives_the_same_tree_twice() {
    let shape = |ex: &Exercise| {
        let g = ex.graph();
        (0..g.len() as u32)
            .map(|s| (g.name(s), g.score(s), g.move_count(s)))
            .collect::<Vec<_>>()
    };
    let s = settings(42, 3, 2, Method::AlphaBeta);
    let a = Exercise::new(s).unwrap();
    let b = Exercise::new(s).unwrap();
    assert_eq!(shape(&a), shape(&b));
    assert_eq!(a.steps(), b.steps());
    assert_eq!(a.graph().len(), 13);
    let differs = (43..53).any(|seed| {
        shape(&Exercise::new(settings(seed, 3, 2, Method::AlphaBeta)).unwrap()) != shape(&a)
    });
    assert!(differs);
}

/// A line that says no step of the kind asked is a hint, never a graded step; spacing, case
/// and brackets do not matter.
#[test]
fn malformed_lines_are_hints_and_spelling_is_forgiven() {
    let mut ex = Exercise::new(settings(5, 2, 3, Method::AlphaBeta)).unwrap();
    let lines = oracle(&ex);
    for bad in ["", "hello", "Q", "3 4 5", "return", "cut cut"] {
        assert!(matches!(ex.answer(bad), Reply::Hint(_)), "'{bad}'");
    }
    assert_eq!(ex.done(), 0);
    // The first child, typed in lower case after a keyword.
    let first = format!("  VISIT   {}  ", lines[0].text.to_lowercase());
    assert!(matches!(ex.answer(&first), Reply::Right { .. }));
    // Its window, typed with brackets and symbols.
    assert_eq!(lines[1].text, "-inf inf");
    assert!(matches!(ex.answer("5"), Reply::Hint(_)));
    assert!(matches!(ex.answer("( -∞ , +∞ )"), Reply::Right { .. }));
    assert_eq!(ex.score(), (2, 2));
}

/// Feedback at the end: every step is noted, the score counts the same.
#[test]
fn feedback_at_the_end_notes_steps_and_scores_them() {
    let mut s = settings(9, 2, 3, Method::AlphaBeta);
    s.feedback = Feedback::End;
    let mut ex = Exercise::new(s).unwrap();
    let lines = oracle(&ex);
    assert!(matches!(ex.answer("return 99"), Reply::Noted));
    for line in &lines[1..] {
        assert!(matches!(ex.answer(&line.text), Reply::Noted));
    }
    assert!(ex.finished());
    assert_eq!(ex.score(), (lines.len() - 1, lines.len()));
    let mistakes = ex.mistakes();
    assert_eq!(mistakes.len(), 1);
    assert_eq!(mistakes[0].1.expected, format!("visit {}", lines[0].text));
}

/// Settings out of range say why in one line.
#[test]
fn settings_out_of_range_are_refused() {
    for (b, d, says) in [
        (4, 3, "85 nodes"),
        (1, 2, "branching 1 is outside 2..=6"),
        (2, 6, "depth 6 is outside 1..=5"),
        (2, 5, "63 nodes"),
    ] {
        let e = Exercise::new(settings(1, b, d, Method::AlphaBeta))
            .err()
            .unwrap_or_else(|| panic!("b {b} d {d} was accepted"));
        assert!(e.to_string().contains(says), "{e}");
    }
    assert_eq!(*BRANCHING.start(), 2);
    assert_eq!(*DEPTH.end(), 5);
}

/// A finished exercise is added to the progress file; a file written before the field
/// existed is still read.
#[test]
fn the_score_goes_to_the_progress_file_and_old_files_still_read() {
    use prune::practice::store::{Progress, add_simulation};
    let dir = std::env::temp_dir().join(format!("prune-simulate-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("progress.json");
    std::fs::write(
        &path,
        r#"{"attempts":2,"correct":1,"streak":0,"best_streak":1,"by_kind":{"leaves":{"attempts":2,"correct":1}}}"#,
    )
    .unwrap();
    let old = Progress::load_from(&path).unwrap();
    assert_eq!(old.simulate.exercises, 0);
    add_simulation(&path, 28, 27, "prune simulate --seed 7".into()).unwrap();
    add_simulation(&path, 12, 12, "prune simulate --seed 8".into()).unwrap();
    let now = Progress::load_from(&path).unwrap();
    assert_eq!(
        (
            now.simulate.exercises,
            now.simulate.steps,
            now.simulate.right,
            now.simulate.perfect
        ),
        (2, 40, 39, 1)
    );
    assert_eq!(now.simulate.last, "prune simulate --seed 8");
    assert_eq!((now.attempts, now.correct), (2, 1));
    assert!(
        now.summary()
            .contains("Simulate: 2 exercises, 39 of 40 steps right first time, 1 perfect")
    );
    // A file whose counters disagree is refused, naming the field.
    std::fs::write(
        &path,
        r#"{"attempts":0,"correct":0,"streak":0,"best_streak":0,"by_kind":{},"simulate":{"exercises":1,"steps":3,"right":4,"perfect":0}}"#,
    )
    .unwrap();
    let e = Progress::load_from(&path).unwrap_err().to_string();
    assert!(e.contains("simulate: 'right' (4)"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The score rounds to the nearest whole percent (issue 34.15): 7 right of 9 is 77.8 %,
/// shown 78 %, not cut to 77 %.
#[test]
fn the_percentage_rounds_to_the_nearest() {
    let mut ex = Exercise::new(settings(1, 2, 3, Method::AlphaBeta)).unwrap();
    let lines = oracle(&ex);
    assert!(lines.len() >= 9);
    // Two wrong steps (a return where a visit is asked, a window that is not the root's),
    // each corrected by the exercise, then seven right ones.
    for (i, line) in lines.iter().take(9).enumerate() {
        let typed = match line.kind {
            _ if i >= 2 => line.text.as_str(),
            Kind::Window { .. } => "1 2",
            _ => "return 99",
        };
        ex.answer(typed);
    }
    assert_eq!(ex.score(), (7, 9));
    assert_eq!(ex.percent(), 78);
}

/// `prune practice progress` names one exercise in the singular and shows the predict
/// tally, saying how a skipped question counts (issue 34.13, 34.15).
#[test]
fn the_progress_summary_counts_exercises_and_predictions() {
    use prune::practice::store::{Progress, add_prediction, add_simulation};
    let dir = std::env::temp_dir().join(format!("prune-simulate-one-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("progress.json");
    add_simulation(&path, 9, 7, "prune simulate --seed 1".into()).unwrap();
    for right in [true, false, true] {
        add_prediction(&path, right).unwrap();
    }
    let text = Progress::load_from(&path).unwrap().summary();
    assert!(
        text.contains("Simulate: 1 exercise, 7 of 9 steps right first time, 0 perfect"),
        "{text}"
    );
    assert!(text.contains("Predict: 2 of 3 predictions right"), "{text}");
    assert!(
        text.contains("skipped with Esc counts as asked, not right"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
