//! Practice problems whose answers the core computes, and graders that say which node is
//! wrong, why, and which trace step shows the right answer (issue 4).
//!
//! - `chance`: chance-node questions (exact values, intervals, chance cutoffs).
//! - `maxn_facts`: payoff vectors, ties and leaf maps a lesson states; `mcts_facts` the
//!   Monte Carlo figures a lesson states.
//! - `query`: questions about a recorded run (lesson facts and practice answers).
//! - `generate`: reproducible random trees from a seed number (drawn with `crate::rng`);
//!   `params` the choices a reader may fix; `make` problem sets from a seed and the lessons.
//! - `item`: a problem's parts; `problem`: its answer and its grader, which asks each kind
//!   family (`classic` with `root_kinds`, `leaves`, `call_kinds`; `windows`; `chance_kinds`;
//!   `mcts_kinds`, whose problems `mcts_items` makes, seed 004's own among them).
//! - `misconception`: the named wrong variant whose run gives a wrong answer, and where its
//!   trace parts from the right one.
//! - `answer`: the one-line answer forms a learner types and answer files hold.
//! - `batch`: a class's answer files graded at once (totals, a per-item summary, CSV).
//! - `set`: set and answer files; `quiz`: the line quiz.
//! - `render`: the tree as an outline for a terminal; `store`: progress on disk.
//! - `simulate`: the student carries out the search step by step, graded against the run.
//! - `why_choice`: after a predicted step, which "why?" chain explains it: the run's own
//!   against those of the misconception runs that part from it there.
//!
//! Library use (a TUI): `generate(seed, index, kind)` or `lesson_problems()` gives a
//! `Problem`; `Problem::describe()` (or `item.question`, `settings()`, `item.answer_format`)
//! poses it; `Problem::grade(line)` returns a `Verdict` (correct, node, step, why, expected);
//! `Problem::solve_run(i)` gives the recorded run whose trace `step` the verdict cites;
//! `store::Keeper::record` adds a graded answer to the learner's progress file at once
//! (`store::Progress::load` reads it).

pub mod answer;
pub mod batch;
pub mod call_kinds;
pub mod chance;
pub mod chance_kinds;
pub mod check;
pub mod classic;
pub mod diagnose;
pub mod eval_kinds;
pub mod generate;
pub mod item;
pub mod leaves;
pub mod make;
pub mod marks;
pub mod maxn_facts;
pub mod mcts_facts;
pub mod mcts_items;
pub mod mcts_kinds;
pub mod misconception;
pub mod params;
pub mod predict;
pub mod problem;
pub mod query;
pub mod quiz;
pub mod render;
pub mod review;
pub mod root_kinds;
pub mod set;
pub mod simulate;
pub mod size_kinds;
pub mod store;
pub mod why_choice;
pub mod windows;

pub use crate::lesson::facts::Kind;
pub use batch::{GradeFormat, grade_many};
pub use item::{Item, Problem, Verdict};
pub use make::{
    clock_seed, generate, generate_with, lesson_problems, lesson_round, make_set, make_set_with,
    problems_of,
};
pub use params::Params;
pub use quiz::{MAX_ANSWER_LINE, Screen, quiz, quiz_in_terminal, quiz_on, round_closing};
pub use set::{
    MAX_SET_BYTES, SET_FORMAT, Set, grade_files, grade_set, key_json, read_answers, read_set,
    set_json, show_set, trace_item,
};
