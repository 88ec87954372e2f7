//! The checks behind the fuzz targets, in plain Rust so they also run on stable: the fuzz
//! targets (`fuzz_targets/*.rs`, nightly + libFuzzer) and `tests/export.rs` (stable, over the
//! built-in lessons and a deterministic mutator) both include this file.
//!
//! Loading may reject any input, but with an error, never a panic. A lesson that loads must run
//! every preset and a few option combinations to a result whose invariants hold.

#![allow(dead_code)] // each target uses part of it

use prune::export::{self, Format, Passes};
use prune::game::Game;
use prune::lesson::{Lesson, Overrides, RunSetup};
use prune::search::{Algorithm, CutRule, INF, Status};
use prune::trace::Event;

/// Runs are capped at this many admitted calls so one input cannot stall the fuzzer; the cap
/// is itself a budget interruption, which exercises the abort paths.
pub const BUDGET_CAP: u64 = 20_000;

/// Feeds arbitrary bytes to the lesson loader and checks every run of whatever loads.
pub fn load_and_run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lesson = match Lesson::parse("fuzz", text) {
        Ok(lesson) => lesson,
        Err(e) => {
            // Every message must be printable.
            let _ = e.to_string();
            return;
        }
    };
    // The checks below are the explicit graph's (its moves, its oracle); a lesson of another
    // game is fuzzed for its loader only (its runs are checked in tests/tictactoe.rs and
    // tests/uniform_trees.rs, and a full game is too long a run for every mutation).
    if !lesson.spec.game.is_graph() {
        return;
    }
    for run in &lesson.spec.runs {
        let setup = lesson
            .setup(Some(&run.name), &Overrides::default())
            .expect("a preset that passed validation resolves");
        check_run(&lesson, setup, true);
    }
    // A few option combinations, picked by the input so the fuzzer can steer them.
    let seed = data
        .iter()
        .fold(0u32, |h, &b| h.wrapping_mul(31) ^ b as u32);
    for k in 0..4u32 {
        let bits = seed.rotate_left(k * 8);
        let over = Overrides {
            depth: Some(1 + (bits % 12) as u8),
            qlimit: Some(((bits >> 4) % 7) as u8),
            table: Some(bits & (1 << 8) != 0),
            ordering: Some(bits & (1 << 9) != 0),
            deepening: Some(bits & (1 << 10) != 0),
            cut: Some(if bits & (1 << 11) != 0 {
                CutRule::Strict
            } else {
                CutRule::AtLeast
            }),
            algorithm: Some(if bits & (1 << 12) != 0 {
                Algorithm::Minimax
            } else {
                Algorithm::AlphaBeta
            }),
            budget: Some(1 + (bits >> 13) as u64 % BUDGET_CAP),
            // The last combination searches a narrow root window around small scores.
            window: (k == 3).then(|| {
                let lo = (bits >> 16) as i32 % 16 - 8;
                (lo, lo + 1 + (bits >> 24) as i32 % 8)
            }),
            ..Overrides::default()
        };
        if let Ok(setup) = lesson.setup(None, &over) {
            check_run(&lesson, setup, k == 0);
        }
    }
}

/// One run, recorded and plain, and the invariants that tie them together.
pub fn check_run(lesson: &Lesson, mut setup: RunSetup, render: bool) {
    setup.options.budget = setup.options.budget.min(BUDGET_CAP);
    let plain = prune::run::plain(lesson, &setup);
    let recorded = prune::index::record(lesson, &setup);
    let (plain, rec) = match (plain, recorded) {
        (Ok(p), Ok(r)) => (p, r),
        (Err(a), Err(b)) => {
            assert_eq!(a.to_string(), b.to_string(), "recording changed the error");
            return;
        }
        (p, r) => panic!(
            "recording changed success: {p:?} vs {:?}",
            r.map(|r| r.result().clone())
        ),
    };
    let result = rec.result();
    assert_eq!(plain, *result, "recording changed the result");
    assert!(result.restored, "the active path was not restored");
    assert!(result.stats.nodes <= setup.options.budget);

    // A Monte Carlo run has iterations, not passes: it ran as many as asked, or the node
    // budget stopped it (and it says so).
    if let Some(mcts) = &result.mcts {
        assert_eq!(
            mcts.interrupted,
            mcts.iterations < setup.options.mcts.iterations
        );
        return;
    }
    // Passes: all done but possibly the last; the status and committed depth follow them.
    let history = &result.history;
    assert!(!history.is_empty());
    assert!(history[..history.len() - 1].iter().all(|p| p.done));
    let last_done = history.iter().rev().find(|p| p.done);
    match result.status {
        Status::Complete => assert!(history.last().unwrap().done),
        Status::Partial => assert!(!history.last().unwrap().done && last_done.is_some()),
        Status::NoCompletedDepth => assert!(last_done.is_none()),
    }
    assert_eq!(result.depth, last_done.map_or(0, |p| p.depth));

    // Events: every admitted call ends exactly once; candidate lists are real moves.
    let events = &rec.trace.events;
    let enters = events
        .iter()
        .filter(|e| matches!(e, Event::Enter { .. }))
        .count();
    let exits = events
        .iter()
        .filter(|e| matches!(e, Event::Return { .. } | Event::Unwind { .. }))
        .count();
    assert_eq!(enters, exits, "an admitted call did not end exactly once");
    for e in events {
        if let Event::Order { state, start, len } = e {
            let list = &rec.trace.moves[start as usize..start as usize + len as usize];
            let count = lesson.graph.move_count(state);
            assert!(list.iter().all(|&m| (m as usize) < count));
        }
    }
    let tree = rec.tree();
    let rows: Vec<_> = tree.call_nodes().collect();
    assert_eq!(rows.len() as u64, result.stats.nodes);
    assert!(rows.iter().all(|c| c.outcome.is_some()));
    // The trace stands alone: saved and read back, it indexes to the same run.
    let again = prune::index::Recorded::new(
        serde_json::from_str(&rec.trace.to_json()).expect("a saved trace reads back"),
    )
    .expect("a saved trace indexes");
    assert_eq!(
        again.trace, rec.trace,
        "a saved trace changed in the round trip"
    );

    // Alpha-beta proves the minimax value of the root when it lands inside the root window,
    // and a bound on it when it fails low or high (with the full window, always the value).
    let o = setup.options;
    if o.algorithm == Algorithm::AlphaBeta && result.status == Status::Complete {
        let mut reference = setup;
        reference.options.algorithm = Algorithm::Minimax;
        reference.options.deepening = false;
        reference.options.window = (-INF, INF);
        if let Ok(m) = prune::run::plain(lesson, &reference)
            && m.status == Status::Complete
        {
            let (v, truth, (lo, hi)) = (result.score, m.score, o.window);
            if lo < v && v < hi {
                assert_eq!(v, truth, "alpha-beta and minimax disagree inside {lo},{hi}");
            } else if v < lo {
                assert!(truth <= v, "failed low at {v} but the value is {truth}");
            } else if v > hi {
                assert!(truth >= v, "failed high at {v} but the value is {truth}");
            }
        }
    }

    // The exports must render whatever the run did (kept small so fuzzing stays fast).
    if render && rows.len() <= 2_000 {
        for format in [Format::Dot, Format::Md, Format::Jsonl] {
            export::render(Some(lesson), &rec, format, Passes::Last)
                .expect("a recorded run renders");
        }
        export::render(Some(lesson), &rec, Format::Dot, Passes::All).expect("all passes render");
        // The tree may be too large to unfold or have unscored horizon nodes: an error is fine.
        let _ = export::render(Some(lesson), &rec, Format::Sexp, Passes::Last);
    }
}

/// Feeds arbitrary bytes to the s-expression importer; what it accepts must load as a lesson
/// and export back to the same tree.
pub fn import_sexp(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let json = match export::import_text("fuzz", text, None) {
        Ok(json) => json,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let lesson = Lesson::parse("imported", &json).expect("an imported tree is a valid lesson");
    let setup = lesson
        .setup(None, &Overrides::default())
        .expect("the imported preset resolves");
    check_run(&lesson, setup, false);
    let rec = prune::index::record(&lesson, &setup).expect("an imported tree runs");
    let again = export::render(Some(&lesson), &rec, Format::Sexp, Passes::Last)
        .expect("an imported tree exports");
    let before = export::sexp::parse("fuzz", text).expect("it imported, so it parses");
    let after = export::sexp::parse("export", &again).expect("the export parses");
    assert_eq!(before, after, "import -> export changed the tree");
}

/// A small deterministic mutator: byte flips, deletions, duplications and dictionary tokens.
pub struct Mutator(pub prune::rng::Rng);

impl Mutator {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    pub fn mutate(&mut self, input: &[u8], tokens: &[&str]) -> Vec<u8> {
        let mut out = input.to_vec();
        for _ in 0..1 + self.next() % 4 {
            let at = if out.is_empty() {
                0
            } else {
                (self.next() % out.len() as u64) as usize
            };
            match self.next() % 5 {
                0 if !out.is_empty() => out[at] ^= 1 << (self.next() % 8),
                1 if !out.is_empty() => {
                    let end = (at + 1 + (self.next() % 16) as usize).min(out.len());
                    out.drain(at..end);
                }
                2 => {
                    let token = tokens[(self.next() % tokens.len() as u64) as usize];
                    out.splice(at..at, token.bytes());
                }
                3 if !out.is_empty() => {
                    let end = (at + 1 + (self.next() % 32) as usize).min(out.len());
                    let copy = out[at..end].to_vec();
                    out.splice(at..at, copy);
                }
                _ => {
                    let digit = b'0' + (self.next() % 10) as u8;
                    out.insert(at, digit);
                }
            }
        }
        out
    }
}

/// Mutations per seed; `PRUNE_FUZZ_EXECS=1000000 cargo test --release --test all fuzz_`
/// turns these tests into a long stable-toolchain fuzz run (no nightly, no libFuzzer).
pub fn mutations(default: usize) -> usize {
    std::env::var("PRUNE_FUZZ_EXECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The same bytes as a practice set, an answer file and a progress file, each written to
/// `dir`: every reader answers with a value or an error (one line), never a panic. A set that
/// loads grades its own key as all correct; answers that load are graded against `good` (the
/// problems of a valid set); a progress file that loads can be summed up.
pub fn practice_files(data: &[u8], dir: &std::path::Path, good: &[prune::practice::Problem]) {
    use prune::practice::{self, store::Progress};
    let one_line = |e: &prune::error::Error| {
        let text = e.to_string();
        assert!(
            !text.is_empty() && !text.contains('\n'),
            "not one line: {text:?}"
        );
    };
    let set = dir.join("set.json");
    std::fs::write(&set, data).unwrap();
    match practice::key_json(&set) {
        Ok(key) => {
            let keyfile = dir.join("key.json");
            std::fs::write(&keyfile, key).unwrap();
            let graded = practice::grade_files(&set, &keyfile, true).expect("a set grades its key");
            let v: serde_json::Value = serde_json::from_str(&graded).unwrap();
            assert_eq!(v["correct"], v["total"], "a set's own key is all correct");
        }
        Err(e) => one_line(&e),
    }
    let answers = dir.join("answers.json");
    std::fs::write(&answers, data).unwrap();
    match practice::read_answers(&answers) {
        Ok(given) => match practice::grade_set(good, &given) {
            Ok(verdicts) => assert!(verdicts.len() <= good.len()),
            Err(e) => one_line(&e),
        },
        Err(e) => one_line(&e),
    }
    let progress = dir.join("progress.json");
    std::fs::write(&progress, data).unwrap();
    match Progress::load_from(&progress) {
        Ok(p) => {
            let summary = p.summary();
            assert!(!summary.is_empty());
        }
        Err(e) => one_line(&e),
    }
}
