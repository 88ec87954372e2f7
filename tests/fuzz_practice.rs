//! The practice readers under mutation: sets, answer files and progress files, mutated from
//! valid ones, are read with a value or a one-line error and never a panic; what loads keeps
//! its invariants (see `fuzz/harness.rs`). `PRUNE_FUZZ_EXECS=N` sets the mutations per seed;
//! each input is read by three readers.

#[path = "../fuzz/harness.rs"]
mod harness;

use harness::{Mutator, mutations};
use prune::practice::{self, Kind, store::Progress};
use prune::rng::Rng;

const TOKENS: [&str; 16] = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "0",
    "-1",
    "18446744073709551615",
    "\"attempts\"",
    "\"correct\"",
    "\"id\"",
    "\"node\"",
    "\u{1b}]0;x\u{7}",
];

#[test]
fn fuzz_practice_files_hold_under_mutation() {
    let dir = std::env::temp_dir().join(format!("prune-fuzz-practice-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut problems = practice::make_set(11, 4, &[], false).unwrap();
    // Seed 002's kinds carry algorithm and aspiration fields in their runs: mutate those too.
    let seed_002 = [Kind::Researched, Kind::NegamaxWindow, Kind::Aspiration];
    problems.extend(practice::make_set(12, 3, &seed_002, false).unwrap());
    let set = practice::set_json(11, problems);
    let good = dir.join("good-set.json");
    std::fs::write(&good, &set).unwrap();
    let key = practice::key_json(&good).unwrap();
    let good = practice::read_set(&good).unwrap();
    let mut progress = Progress::default();
    for (k, right) in [
        (Kind::Window, true),
        (Kind::Flag, false),
        (Kind::Leaves, true),
        (Kind::Aspiration, false),
    ] {
        progress.record(k, right);
    }
    let progress = serde_json::to_string_pretty(&progress).unwrap();
    let work = dir.join("work");
    std::fs::create_dir_all(&work).unwrap();
    let mut m = Mutator(Rng::new(0x5EED));
    let mut runs = 0;
    for seed in [set.as_bytes(), key.as_bytes(), progress.as_bytes()] {
        harness::practice_files(seed, &work, &good);
        for _ in 0..mutations(150) {
            harness::practice_files(&m.mutate(seed, &TOKENS), &work, &good);
            runs += 1;
        }
    }
    assert!(runs >= 450);
    let _ = std::fs::remove_dir_all(&dir);
}
