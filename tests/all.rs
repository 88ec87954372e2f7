//! The integration tests, built as one test binary (`cargo test --profile ci --test all`).
//!
//! Each file under `tests/` stays a file of its own and is a module here, so the test build
//! compiles and links one binary instead of one per file. To add a test file `tests/NAME.rs`,
//! add its two lines below, in alphabetical order:
//!
//! ```text
//! #[path = "NAME.rs"]
//! mod NAME;
//! ```
//!
//! The `#[path]` makes the file resolve its own `mod common;` and `#[path = "common/…"]`
//! declarations from `tests/`, as it did when it was a binary of its own. Run one file's tests
//! with `cargo test --profile ci --test all NAME::`. Its insta snapshots are named
//! `tests/snapshots/all__NAME__SNAPSHOT.snap` (the module path, `all::NAME`, comes first).
//!
//! A file whose tests change the process for everyone (`practice_screen_saving.rs` sets an
//! environment variable) stays a binary of its own, named as a `[[test]]` in `Cargo.toml`.
//! The test `every_test_file_is_built` below fails when a file is neither.

// Each file keeps the `mod common;` (and `#[path = "common/…"]`) lines it had as a binary of its
// own, so that each file is its own module as before and edits to the files merge as before:
// the shared helpers are compiled once per file that declares them.
#![allow(clippy::duplicate_mod)]

#[path = "c4_play.rs"]
mod c4_play;
#[path = "chance.rs"]
mod chance;
#[path = "chance_input.rs"]
mod chance_input;
#[path = "chance_lessons.rs"]
mod chance_lessons;
#[path = "chance_trace.rs"]
mod chance_trace;
#[path = "chart.rs"]
mod chart;
#[path = "check.rs"]
mod check;
#[path = "check_connect4.rs"]
mod check_connect4;
#[path = "check_distinguish.rs"]
mod check_distinguish;
#[path = "check_engines.rs"]
mod check_engines;
#[path = "check_gradescope.rs"]
mod check_gradescope;
#[path = "check_python.rs"]
mod check_python;
#[path = "check_sound.rs"]
mod check_sound;
#[path = "check_watch.rs"]
mod check_watch;
#[path = "cli.rs"]
mod cli;
#[path = "connect4.rs"]
mod connect4;
#[path = "count_deepening.rs"]
mod count_deepening;
#[path = "course.rs"]
mod course;
#[path = "cut_marks.rs"]
mod cut_marks;
#[path = "cut_spellings.rs"]
mod cut_spellings;
#[path = "diff.rs"]
mod diff;
#[path = "export.rs"]
mod export;
#[path = "fixtures_cli.rs"]
mod fixtures_cli;
#[path = "fractions.rs"]
mod fractions;
#[path = "fuzz_practice.rs"]
mod fuzz_practice;
#[path = "game_defaults.rs"]
mod game_defaults;
#[path = "invalid_inputs.rs"]
mod invalid_inputs;
#[path = "io_reliability.rs"]
mod io_reliability;
#[path = "io_streaming.rs"]
mod io_streaming;
#[path = "leaf_map.rs"]
mod leaf_map;
#[path = "leaf_map_cli.rs"]
mod leaf_map_cli;
#[path = "lesson_rounds.rs"]
mod lesson_rounds;
#[path = "lessons.rs"]
mod lessons;
#[path = "maxn.rs"]
mod maxn;
#[path = "maxn_lessons.rs"]
mod maxn_lessons;
#[path = "maxn_outputs.rs"]
mod maxn_outputs;
#[path = "mcts_cli.rs"]
mod mcts_cli;
#[path = "mcts_count.rs"]
mod mcts_count;
#[path = "mcts_gates.rs"]
mod mcts_gates;
#[path = "mcts_input.rs"]
mod mcts_input;
#[path = "mcts_lessons.rs"]
mod mcts_lessons;
#[path = "mcts_oracle.rs"]
mod mcts_oracle;
#[path = "mcts_practice.rs"]
mod mcts_practice;
#[path = "mcts_practice_screen.rs"]
mod mcts_practice_screen;
#[path = "mcts_reward.rs"]
mod mcts_reward;
#[path = "mcts_reward_tui.rs"]
mod mcts_reward_tui;
#[path = "misconceptions.rs"]
mod misconceptions;
#[path = "misconceptions_diagnosis.rs"]
mod misconceptions_diagnosis;
#[path = "module_graph.rs"]
mod module_graph;
#[path = "narration_truth.rs"]
mod narration_truth;
#[path = "negamax.rs"]
mod negamax;
#[path = "oracle.rs"]
mod oracle;
#[path = "practice.rs"]
mod practice;
#[path = "practice_batch.rs"]
mod practice_batch;
#[path = "practice_examples.rs"]
mod practice_examples;
#[path = "practice_families.rs"]
mod practice_families;
#[path = "practice_feedback.rs"]
mod practice_feedback;
#[path = "practice_reliability.rs"]
mod practice_reliability;
#[path = "practice_screen.rs"]
mod practice_screen;
#[path = "practice_truth.rs"]
mod practice_truth;
#[path = "predict_leak.rs"]
mod predict_leak;
#[path = "predict_mcts.rs"]
mod predict_mcts;
#[path = "predict_misconception.rs"]
mod predict_misconception;
#[path = "predict_screen.rs"]
mod predict_screen;
#[path = "predict_walk.rs"]
mod predict_walk;
#[path = "readme.rs"]
mod readme;
#[path = "rerun_end.rs"]
mod rerun_end;
#[path = "review.rs"]
mod review;
#[path = "root_bound.rs"]
mod root_bound;
#[path = "seed_002_cli.rs"]
mod seed_002_cli;
#[path = "seed_002_lessons.rs"]
mod seed_002_lessons;
#[path = "simulate.rs"]
mod simulate;
#[path = "simulate_cursor.rs"]
mod simulate_cursor;
#[path = "simulate_fade.rs"]
mod simulate_fade;
#[path = "simulate_screen.rs"]
mod simulate_screen;
#[path = "size.rs"]
mod size;
#[path = "size_lessons.rs"]
mod size_lessons;
#[path = "store_hardening.rs"]
mod store_hardening;
#[path = "structure.rs"]
mod structure;
#[path = "tictactoe.rs"]
mod tictactoe;
#[path = "tictactoe_names.rs"]
mod tictactoe_names;
#[path = "trace_file.rs"]
mod trace_file;
#[path = "tui_app.rs"]
mod tui_app;
#[path = "tui_chance.rs"]
mod tui_chance;
#[path = "tui_compare_mcts.rs"]
mod tui_compare_mcts;
#[path = "tui_demo.rs"]
mod tui_demo;
#[path = "tui_diff.rs"]
mod tui_diff;
#[path = "tui_growth.rs"]
mod tui_growth;
#[path = "tui_inspector.rs"]
mod tui_inspector;
#[path = "tui_jobs.rs"]
mod tui_jobs;
#[path = "tui_largest.rs"]
mod tui_largest;
#[path = "tui_layout_walk.rs"]
mod tui_layout_walk;
#[path = "tui_leaf_edit.rs"]
mod tui_leaf_edit;
#[path = "tui_maxn.rs"]
mod tui_maxn;
#[path = "tui_mcts.rs"]
mod tui_mcts;
#[path = "tui_misconception.rs"]
mod tui_misconception;
#[path = "tui_picker.rs"]
mod tui_picker;
#[path = "tui_play_until.rs"]
mod tui_play_until;
#[path = "tui_present.rs"]
mod tui_present;
#[path = "tui_prompt.rs"]
mod tui_prompt;
#[path = "tui_quit.rs"]
mod tui_quit;
#[path = "tui_replay.rs"]
mod tui_replay;
#[path = "tui_saved.rs"]
mod tui_saved;
#[path = "tui_seed_002.rs"]
mod tui_seed_002;
#[path = "tui_sizes.rs"]
mod tui_sizes;
#[path = "tui_snapshots.rs"]
mod tui_snapshots;
#[path = "tui_space_snapshots.rs"]
mod tui_space_snapshots;
#[path = "tui_space_walk.rs"]
mod tui_space_walk;
#[path = "tui_weights.rs"]
mod tui_weights;
#[path = "tui_wide_text.rs"]
mod tui_wide_text;
#[path = "uniform_trees.rs"]
mod uniform_trees;
#[path = "why.rs"]
mod why;
#[path = "why_choice.rs"]
mod why_choice;
#[path = "why_tui.rs"]
mod why_tui;

/// Every `tests/*.rs` is a module of this binary or a `[[test]]` of its own in `Cargo.toml`
/// (with `autotests = false`, cargo builds no other file), and every snapshot file carries this
/// binary's prefix (insta would never compare a file named otherwise).
#[test]
fn every_test_file_is_built() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let root = std::fs::read_to_string(tests.join("all.rs")).unwrap();
    let manifest = std::fs::read_to_string(tests.parent().unwrap().join("Cargo.toml")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        let module = format!("#[path = \"{name}\"]\nmod {stem};\n");
        let own = format!("path = \"tests/{name}\"");
        if name != "all.rs" && !root.contains(&module) && !manifest.contains(&own) {
            missing.push(name);
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "tests/{missing:?} are built by nothing: add `#[path = \"NAME.rs\"]` and `mod NAME;` \
         to tests/all.rs"
    );
    let mut misnamed = Vec::new();
    for entry in std::fs::read_dir(tests.join("snapshots")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".snap") && !name.starts_with("all__") {
            misnamed.push(name);
        }
    }
    misnamed.sort();
    assert!(
        misnamed.is_empty(),
        "tests/snapshots/{misnamed:?}: no test compares them; a snapshot of tests/NAME.rs is \
         named all__NAME__SNAPSHOT.snap"
    );
}
